// SPDX-License-Identifier: MIT
/*
 * cmd_common: what several command files share (commands.h): options of
 * the model built from the command line, reading sides, building the
 * compare model with its one error line and warnings, the regression
 * warnings, the check of a single result's --format, and whether stdout
 * got what was printed.
 */
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"
#include "report.h"
#include "result_keys.h"

/* The error stdout had when cmd_stdout_reached flushed it (0: none), for
 * cmd_close_stdout's message: the stream keeps only that it failed. */
static int cmd_stdout_errno;

bool cmd_stdout_reached(void)
{
	int fd;

	errno = 0;
	if (fflush(stdout) || ferror(stdout)) {
		cmd_stdout_errno = errno;
		return false;
	}
	fd = dup(STDOUT_FILENO);
	if (fd < 0 || close(fd)) {
		cmd_stdout_errno = errno;
		return false;
	}
	return true;
}

/*
 * Every command's results go to stdout through stdio: a full disk or
 * /dev/full shows only in the buffered write at the end, so the stream's
 * error flag and fclose are checked here, once, for every command. A
 * table that did not reach its reader is an output that could not be
 * written (EXIT_IO); a status already worse than "printed" stays.
 */
int cmd_close_stdout(int rc)
{
	int bad = ferror(stdout), e = 0;

	errno = 0;
	if (fflush(stdout))
		bad = 1, e = errno;
	if (fclose(stdout) && !e)
		bad = 1, e = errno;
	if (!e)
		e = cmd_stdout_errno;
	/* a command that failed has said why (list says so itself) */
	if (!bad || (rc != EXIT_OK && rc != EXIT_REGRESSION))
		return rc;
	msg_error("cannot write to standard output: %s",
		  e ? strerror(e) : "write error");
	return EXIT_IO;
}

#define MEASURE_ID_X(id) id,
const enum cli_opt_id cmd_measure_ids[] = {
	MEASURE_READ_IDS(MEASURE_ID_X) OPT_COUNT
};

const struct cli_values cmd_formats_single = {
	(const char *const[]){ "text", "json", "csv", "benchstat", NULL }, true
};

void cmd_compare_opts(const struct config *cfg, struct compare_opts *o)
{
	bool measures = cfg->cmd->flags & CMD_SESSION;

	*o = (struct compare_opts){
		.alpha = cfg->model.alpha,
		.detect = cfg->model.detect,
		.allow_mixed = cfg->model.allow_mixed,
		.assume_boots = cfg->model.assume_boots,
		.center = cfg->model.center,
		.seed = cfg->seed_set ? cfg->seed : COMPARE_DEFAULT_SEED,
		.resamples = cfg->model.resamples,
		/* benchstat's lines carry every metric (B/op, allocs/op,
		 * MB/s): benchstat itself picks what to show */
		.detail = cfg->model.detail || cfg->format == FMT_BENCHSTAT,
		.metrics = cfg->model.metrics,
		.all_rows = cfg->model.all_rows,
		/* in run and versus -e is what to count: every row stays */
		.events = measures ? NULL : cfg->measure.events,
		.force_compare = cfg->model.force_compare,
		.allow_env_diff = cfg->model.allow_env_diff,
		.primary = cfg->model.primary,
		/* versus measures different commands on purpose */
		.commands_differ = cfg->cmd->flags & CMD_INTERLEAVED,
		.time_unit = cfg->time_unit,
	};
}

/* Results that did not finish (partial, interrupted) are compared all the
 * same, on the runs they hold. */
static void cmd_warn_partial(const struct side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct result *r = sides[s].files[f];

			if (r->status && strcmp(r->status, "complete"))
				msg_warn("%s is %s %s result; only its finished runs are compared",
					 r->path ? r->path : "?",
					 strchr("aeiou", r->status[0]) ? "an" : "a",
					 r->status);
		}
}

int cmd_check_sides(const char *who, const struct side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct result *r = sides[s].files[f];

			if (result_measured(r))
				continue;
			if (r->path)
				msg_error("%s: %s holds no measured run that succeeded (status %s); nothing to compare",
					  who, r->path, r->status ? r->status : "?");
			else
				msg_error("%s: side %s has no measured run that succeeded; nothing to compare",
					  who, sides[s].label ? sides[s].label : "?");
			return EXIT_USAGE;
		}
	return 0;
}

/* FILE is missing: a session that was stopped or crashed leaves its
 * journal, FILE.journal (run -o FILE) or FILE-LABEL.json.journal (versus
 * -o FILE): name it and the commands that go on from it, after who.
 * true when one was named (commands.h). */
bool cmd_journal_hint(const char *who, const char *file)
{
	char pat[4096];
	struct stat st;
	glob_t g;
	bool found = false;

	snprintf(pat, sizeof(pat), "%s.journal", file);
	if (!stat(pat, &st)) {
		msg_error("%s: %s does not exist, but its journal %s does (a session that was stopped or crashed); go on with it: abstat run --resume %s and the session's arguments, or make a result of it: abstat recover %s -o %s",
			  who, file, pat, pat, pat, file);
		return true;
	}
	snprintf(pat, sizeof(pat), "%s-*.json.journal", file);
	if (glob(pat, 0, NULL, &g))
		return false;
	if (g.gl_pathc) {
		size_t n = strlen(g.gl_pathv[0]) - strlen(".journal");

		msg_error("%s: %s does not exist, but %zu journal%s of a versus session do (%s%s); turn each into a result with: abstat recover %s -o %.*s",
			  who, file, g.gl_pathc, g.gl_pathc == 1 ? "" : "s",
			  g.gl_pathv[0], g.gl_pathc > 1 ? ", ..." : "",
			  g.gl_pathv[0], (int)n, g.gl_pathv[0]);
		found = true;
	}
	globfree(&g);
	return found;
}

/* side_read found no file: the first operand that is missing and has a
 * journal beside it ("LABEL=" and ",FILE" lists looked into). */
static bool cmd_sides_hint(char *const *specs, size_t n_specs,
			   const char *who)
{
	char path[4096];

	for (size_t i = 0; i < n_specs; i++) {
		const char *f = specs[i], *eq = strchr(f, '=');

		for (f = eq ? eq + 1 : f; *f;) {
			size_t n = strcspn(f, ",");

			snprintf(path, sizeof(path), "%.*s", (int)n, f);
			if (access(path, F_OK) && cmd_journal_hint(who, path))
				return true;
			f += n + (f[n] == ',');
		}
	}
	return false;
}

int cmd_read_sides(const struct config *cfg, const char *who,
		   struct side **sides, size_t *n)
{
	return cmd_read_specs(cfg, who, cfg->files, cfg->n_files, sides, n);
}

int cmd_read_specs(const struct config *cfg, const char *who,
		   char *const *specs, size_t n_specs, struct side **sides,
		   size_t *n)
{
	char err[512];
	int rc = side_read(specs, n_specs, sides, n, err, sizeof(err));

	if (rc) {
		cmd_warn_partial(*sides, *n);
		if (rc != -ENOENT || !cmd_sides_hint(specs, n_specs, who))
			msg_error("%s: %s", who, err);
		return cmd_status(rc, EXIT_USAGE);
	}
	rc = cmd_check_sides(who, *sides, *n);
	if (!rc)
		cmd_warn_partial(*sides, *n);
	if (!rc && !cfg->model.pool_hosts && !cfg->model.by_host &&
	    side_check_hosts(*sides, *n, err, sizeof(err))) {
		msg_error("%s: %s", who, err);
		rc = EXIT_USAGE;
	}
	if (!rc && !cfg->model.allow_mixed &&
	    side_check_mixed(*sides, *n, err, sizeof(err))) {
		msg_error("%s: %s", who, err);
		rc = EXIT_USAGE;
	}
	if (!rc && side_hint_pool(*sides, *n, err, sizeof(err)))
		msg_warn("%s: %s", who, err);
	return rc;
}

enum time_unit cmd_source_time_unit(const struct result *r)
{
	static const char *const names[] = { "ns", "us", "ms", "s" };
	const char *u = result_imported_str(r, RK_TIME_UNIT);

	for (size_t i = 0; u && i < sizeof(names) / sizeof(*names); i++)
		if (!strcmp(u, names[i]))
			return (enum time_unit)(TIME_UNIT_NS + i);
	return TIME_UNIT_AUTO;
}

/* Without --time-unit, the one unit every file's source prints its times
 * in (cmd_source_time_unit), else TIME_UNIT_AUTO. */
static enum time_unit cmd_sides_time_unit(enum time_unit given,
					  const struct side *sides, size_t n)
{
	enum time_unit u = TIME_UNIT_AUTO;

	if (given != TIME_UNIT_AUTO)
		return given;
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			enum time_unit fu = cmd_source_time_unit(
				sides[s].files[f]);

			if (fu == TIME_UNIT_AUTO || (u && fu != u))
				return TIME_UNIT_AUTO;
			u = fu;
		}
	return u;
}

/* A file given on two sides (compare a.json a.json): its runs compared
 * with themselves, every delta 0 by construction; said once. */
static void cmd_same_file_warn(const char *who, const struct side *sides,
			       size_t n)
{
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const char *p = sides[s].files[f]->path;
			struct stat a, b;

			if (!p || stat(p, &a))
				continue;
			for (size_t t = s + 1; t < n; t++)
				for (size_t g = 0; g < sides[t].n_files; g++) {
					const char *q = sides[t].files[g]->path;

					if (q && !stat(q, &b) &&
					    a.st_dev == b.st_dev &&
					    a.st_ino == b.st_ino) {
						msg_warn("%s: %s is on two sides: its runs are compared with themselves, every delta 0 by construction; give each side its own files",
							 who, p);
						return;
					}
				}
		}
}

int cmd_compare_build(const char *who, const struct compare_opts *o,
		      const struct side *sides, size_t n,
		      struct compare_model **m)
{
	struct compare_opts oo = *o;
	char err[4096];
	int rc;

	oo.time_unit = cmd_sides_time_unit(o->time_unit, sides, n);
	rc = compare_build(&oo, sides, n, m, err, sizeof(err));
	if (!rc)
		cmd_same_file_warn(who, sides, n);

	if (rc) {
		msg_error("%s: %s", who, err);
		return cmd_status(rc, EXIT_USAGE);
	}
	for (size_t i = 0; i < (*m)->n_warnings; i++)
		msg_warn("%s", (*m)->warnings[i]);
	if ((*m)->forced)
		msg_warn("%s", (*m)->forced_note);
	return 0;
}

bool cmd_compare_regressions(const struct compare_model *m, double pct,
			     bool sessions)
{
	bool any = false;

	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++) {
			const struct compare_row *row = &m->rows[r];
			const struct compare_delta *d = &row->delta[s];
			bool acts = compare_regressed(m, row, s, pct, sessions);
			char what[64];

			if (!acts && !compare_regressed(m, row, s, pct, true))
				continue;
			if (d->absolute)
				snprintf(what, sizeof(what), "%+g", d->delta);
			else
				snprintf(what, sizeof(what), "%+.1f%%",
					 d->delta * 100);
			if (acts)
				msg_warn("regression beyond %g%s: %s %s on %s %s",
					 pct, d->absolute ? "" : "%", row->bench,
					 row->metric, m->labels[s], what);
			else
				msg_warn("%s %s on %s %s is a regression within these two sessions only (one per side): not acted on; measure 3 or more per side, or add --within-session",
					 row->bench, row->metric, m->labels[s],
					 what);
			any |= acts;
		}
	return any;
}

int cmd_report_format(const struct config *cfg)
{
	if (report_format_ok(cfg->format) || cfg->format == FMT_BENCHSTAT)
		return EXIT_OK;
	return msg_usage("--format %s is for compare and versus; a single result prints as text, json, csv or benchstat",
			 format_name(cfg->format));
}
