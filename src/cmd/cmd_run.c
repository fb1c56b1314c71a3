// SPDX-License-Identifier: MIT
/*
 * cmd_run: `abstat run`, measure one command or built-in workloads (the
 * session driver, session.c), print the table (report.c), save the result
 * through a journal (journal.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_entry.h"
#include "commands.h"
#include "escape.h"
#include "journal.h"
#include "msg.h"
#include "report.h"
#include "session.h"
#include "trace.h"

/* --resume: cfg for the resumed session in *c (its output the result
 * resumed, which it replaces), rs read. EXIT_OK or a status. */
static int run_resume(const struct config *cfg, struct config *c,
		      struct session_resume *rs)
{
	struct session_input in = cmd_session_input(cfg);
	int rc = session_resume_open(cfg->measure.resume, &in.sink, rs);

	if (rc)
		return rc;
	if (cfg->output && strcmp(cfg->output, rs->output))
		return msg_usage("--resume: -o %s is not %s, the result it resumes; drop -o",
				 cfg->output, rs->output);
	*c = *cfg;
	c->output = rs->output;
	c->force = true;
	return EXIT_OK;
}

/* After an interrupted session: the command that measures the rest, its
 * own words with --resume (once), into line. */
static void run_rest(const struct config *cfg, char *line, size_t len)
{
	size_t n;

	snprintf(line, len, "abstat run");
	if (!cfg->measure.resume) {
		n = strlen(line);
		snprintf(line + n, len - n, " --resume ");
		escape_shell_append(cfg->output, line, len);
	}
	for (size_t i = 0; i < cfg->n_words; i++) {
		n = strlen(line);
		snprintf(line + n, len - n, " ");
		escape_shell_append(cfg->words[i], line, len);
	}
}

/* Each benchmark's warm-ups, then its runs, in order. */
static struct plan_item *run_plan(const struct config *cfg, size_t *n)
{
	const struct measure_opts *m = &cfg->measure;
	size_t per = m->warmup + m->repeat;
	struct plan_item *plan = calloc(m->n_targets * per + 1,
					sizeof(*plan));

	*n = 0;
	for (size_t b = 0; plan && b < m->n_targets; b++)
		for (size_t k = 0; k < per; k++)
			plan[(*n)++] = (struct plan_item){
				.bench = b, .warmup = k < m->warmup
			};
	return plan;
}

/* The journal of -o, after the session to resume is checked. */
static int run_journal(const struct config *cfg, struct session *s,
		       struct session_resume *rs, struct result *r,
		       struct journal **j)
{
	char err[512];
	int rc = rs->old ? session_resume_check(s, rs, r) : EXIT_OK;

	if (!rc && rs->old)
		rc = session_resume_hold(rs);
	if (rc || !cfg->output)
		return rc;
	/* a journal resumed is replaced only once the new one holds its
	 * runs (session_resume_apply) */
	if (rs->journal)
		rc = journal_open_over(cfg->output, r, j, err, sizeof(err));
	else
		rc = journal_open(cfg->output, r, cfg->force, j, err,
				  sizeof(err));
	if (rc) {
		msg_error("%s", err);
		/* taken (a live or earlier session, not a file): the command
		 * line must change */
		return rc == -EBUSY || rc == -EEXIST ? EXIT_USAGE : EXIT_IO;
	}
	session_signal_kept(journal_path(*j));
	trace_mark("journal opened");
	return EXIT_OK;
}

int cmd_run_session(const struct config *cfg)
{
	const struct measure_opts *m = &cfg->measure;
	struct session_input in;
	struct session s = { 0 };
	struct session_resume rs = { 0 };
	struct config resumed = { 0 };
	struct result *r = NULL;
	struct journal *j = NULL;
	struct plan_item *plan = NULL;
	size_t n_plan = 0;
	int rc, save_rc;

	rc = cmd_report_format(cfg);
	if (!rc && m->resume) {
		rc = run_resume(cfg, &resumed, &rs);
		if (!rc)
			cfg = &resumed;
	}
	in = cmd_session_input(cfg);
	if (!rc && cfg->output)
		rc = session_check_output(&in, cfg->output);
	if (rc)
		goto out_resume;
	plan = run_plan(cfg, &n_plan);
	if (!plan) {
		rc = EXIT_IO;
		goto out_resume;
	}
	rc = session_open(&s, &in);
	if (rc)
		goto out;
	r = session_result(&s, NULL, m->targets, m->n_targets);
	if (!r) {
		rc = EXIT_IO;
		goto out;
	}
	rc = run_journal(cfg, &s, &rs, r, &j);
	if (!rc && rs.old)
		rc = session_resume_apply(&s, &rs, r, j, plan, &n_plan);
	if (rc)
		goto out;
	rc = session_measure(&s, &r, &j, plan, n_plan);
	/* Stopped (a failed hook or run, said on stderr) before any run
	 * was measured: no table of empty rows. */
	if (rc && !result_measured(r))
		;
	else if (cfg->format == FMT_BENCHSTAT)
		fmt_benchstat_result(r, cfg->model.metrics, NULL, stdout);
	else
		report_result(&(const struct report_opts){
				      .format = cfg->format,
				      .metrics = cfg->model.metrics,
				      .time_unit = cfg->time_unit,
				      .all_rows = cfg->model.all_rows,
				      .asked = cfg->measure.events },
			      r, stdout);
	fflush(stdout);
	if (rc == EXIT_INTERRUPTED && !cfg->output)
		msg_notice("interrupted: %zu measured run%s finished, in the table only (no -o FILE to keep them)",
			   result_measured(r), result_measured(r) == 1 ? "" : "s");
	if (cfg->output) {
		char rest[8192];

		run_rest(cfg, rest, sizeof(rest));
		save_rc = session_save(&s, r, j, cfg->output,
				       rc == EXIT_INTERRUPTED ? rest : NULL);
		j = NULL;
		if (save_rc && !rc)
			rc = save_rc;
	}
out:
	if (j)
		journal_abandon(j);
	result_free(r);
	session_close(&s);
	free(plan);
out_resume:
	session_resume_close(&rs);
	return rc;
}

static int cmd_run(const struct config *cfg)
{
	return cmd_run_session(cfg);
}

static const struct cli_use run_opts[] = {
	MEASURE_OPTS_HEAD, MEASURE_OPTS_READ USE(OPT_OUTPUT), USE(OPT_RESUME),
	USE_HELP(OPT_ALLOW_ENV_DIFF, "with --resume: environment keys that may\n"
				     "differ from FILE's (comma list)"),
	MEASURE_OPTS_TAIL,
	USE_VALUES(OPT_FORMAT, &cmd_formats_single), USE(OPT_WORKLOAD),
	USE(OPT_SUITE), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS), USE(OPT_COLOR),
	USE(OPT_PARAM_SCAN), USE(OPT_PARAM_LIST),
	USE_HELP(OPT_BENCH, "name the benchmark NAME (default: its\n"
			    "program, looked through env, taskset ...)"),
	USE(OPT_WRAPPER),
	USE(OPT_SUITE_FILE), USE(OPT_ALL_ROWS), END,
};

const struct cmd_entry cmd_entry_run = {
	.name = "run",
	.summary = "measure a command or built-in workloads; -o saves",
	.run = cmd_run,
	.flags = CMD_MEASURES | CMD_SESSION | CMD_SCANS,
	.in_order = true,
	.usage = "abstat run [OPTIONS] (-- CMD [ARG...] | -w W[,...] | "
		 "-s SUITE | -S FILE)",
	.opts = run_opts,
	.operands = cli_run_operands,
};
