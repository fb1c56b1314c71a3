// SPDX-License-Identifier: MIT
/*
 * cmd_versus: `abstat versus 'A' 'B' ...`. Same boot, several commands, runs interleaved (A B A B ..., or a
 * seeded random order per round) so that drift and noise hit every side
 * alike; then the compare table at once. Block-sequential A-then-B runs
 * show phantom 5-8% effects on noisy machines: interleaving removes them.
 * The sides are different commands by design (two builds, two workloads:
 * -w once per side), so their binaries and arguments are not refused as
 * environment differences. Every run is journaled, with -o next to the
 * results, else in the state directory (versus_state_dir), so a refusal
 * or a crash loses nothing.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd_entry.h"
#include "commands.h"
#include "escape.h"
#include "msg.h"
#include "result_keys.h"
#include "session.h"

/* splitmix64 (Steele, Lea, Flood 2014): a small seeded generator. */
static uint64_t versus_next(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static struct plan_item *versus_plan(const struct config *cfg, size_t n,
				     size_t *n_plan)
{
	size_t per = cfg->measure.warmup + cfg->measure.repeat, k = 0;
	struct plan_item *plan = calloc(per * n, sizeof(*plan));
	size_t *order = calloc(n, sizeof(*order));
	uint64_t seed = cfg->seed_set ? cfg->seed : 1;

	if (!plan || !order) {
		free(plan);
		free(order);
		return NULL;
	}
	for (size_t round = 0; round < per; round++) {
		for (size_t i = 0; i < n; i++)
			order[i] = i;
		if (cfg->order == ORDER_RANDOM) /* Fisher-Yates */
			for (size_t i = n - 1; i > 0; i--) {
				size_t j = versus_next(&seed) % (i + 1);
				size_t t = order[i];

				order[i] = order[j];
				order[j] = t;
			}
		for (size_t i = 0; i < n; i++)
			plan[k++] = (struct plan_item){
				.result = order[i],
				.bench = 0,
				.warmup = round < cfg->measure.warmup,
			};
	}
	free(order);
	*n_plan = k;
	return plan;
}

/* Side labels: -n "old,new" or A, B, C... */
static char **versus_labels(const struct config *cfg, size_t n)
{
	char **labels = calloc(n, sizeof(*labels));
	char *list = cfg->measure.label ? strdup(cfg->measure.label) : NULL;
	char *save = NULL, *tok = list ? strtok_r(list, ",", &save) : NULL;

	for (size_t i = 0; labels && i < n; i++) {
		char def[16];

		snprintf(def, sizeof(def), "%c", (int)('A' + i % 26));
		labels[i] = strdup(tok ? tok : def);
		tok = tok ? strtok_r(NULL, ",", &save) : NULL;
	}
	free(list);
	return labels;
}

/* The benchmark name: --bench, else the programs' common name ("spin",
 * looked through env, taskset and the other wrappers: bench_name),
 * else "command". */
static char *versus_name(const struct config *cfg)
{
	const char *w = cfg->measure.wrapper;
	char *base;

	if (cfg->import.bench)
		return strdup(cfg->import.bench);
	base = bench_name(cfg->measure.targets[0].argv, w);
	for (size_t i = 1; base && i < cfg->measure.n_targets; i++) {
		char *b = bench_name(cfg->measure.targets[i].argv, w);

		if (!b || strcmp(b, base)) {
			free(base);
			base = b ? strdup("command") : NULL;
		}
		free(b);
	}
	return base;
}

/* A side as the user gave it: the command, or "-w NAME[:ARGS]". */
static void versus_side_text(const struct target *t, char *buf, size_t len)
{
	size_t k;

	if (!t->builtin) {
		snprintf(buf, len, "%s", t->name);
		return;
	}
	k = (size_t)snprintf(buf, len, "-w %s", t->workload);
	for (char **a = t->argv + 1; *a && k < len; a++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s",
				      a == t->argv + 1 ? ":" : " ", *a);
}

/* Text tables say which command each side ran (the compare header only
 * knows the benchmark name); machine formats stay pure. */
static void versus_print_sides(const struct config *cfg, char **labels,
			       size_t n, FILE *out)
{
	int width = cfg->format == FMT_MAIL ? FMT_MAIL_WIDTH : FMT_TEXT_WIDTH;

	if (cfg->format != FMT_TEXT && cfg->format != FMT_MAIL)
		return;
	for (size_t i = 0; i < n; i++) {
		char raw[512], line[2048]; /* \xHH: 4 bytes a byte of raw */
		size_t len;

		len = (size_t)snprintf(raw, sizeof(raw), "%s%s: ",
				       i ? "       " : "versus ", labels[i]);
		if (len < sizeof(raw))
			versus_side_text(&cfg->measure.targets[i], raw + len,
					 sizeof(raw) - len);
		/* the command as given: controls escaped, as everywhere */
		escape_str(raw, line, sizeof(line));
		len = strlen(line);
		if (len > (size_t)width && fmt_cut(out, width)) {
			/* cut at a word where one ends in the last third */
			size_t cut = (size_t)width - 4;

			while (cut > (size_t)width * 2 / 3 && line[cut] != ' ')
				cut--;
			if (line[cut] != ' ')
				cut = (size_t)width - 3;
			memcpy(line + cut, line[cut] == ' ' ? " ..." : "...",
			       line[cut] == ' ' ? 5 : 4);
		}
		fprintf(out, "%s\n", line);
	}
}

/* "-o PREFIX" saves PREFIX-LABEL.json per side. */
static char *versus_path(const char *prefix, const char *label)
{
	size_t len = strlen(prefix) + strlen(label) + 8;
	char *p = malloc(len);

	if (!p)
		return NULL;
	snprintf(p, len, "%s-%s.json", prefix, label);
	for (char *c = p + strlen(prefix) + 1; *c; c++)
		if (*c == '/' || *c == ' ')
			*c = '_';
	return p;
}

/* Where runs are journaled without -o: $XDG_STATE_HOME/abstat, else
 * ~/.local/state/abstat (XDG Base Directory), made 0700 when missing.
 * 0 or -errno. */
static int versus_state_dir(char *buf, size_t len)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	int n;

	if (xdg && xdg[0] == '/')
		n = snprintf(buf, len, "%s/abstat", xdg);
	else if (home && home[0] == '/')
		n = snprintf(buf, len, "%s/.local/state/abstat", home);
	else
		return -ENOENT;
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	for (char *p = buf + 1;; p++) {
		char c = *p;

		if (c && c != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0700) < 0 && errno != EEXIST)
			return -errno;
		*p = c;
		if (!c)
			break;
	}
	return access(buf, W_OK | X_OK) < 0 ? -errno : 0;
}

/* Without -o: "<state dir>/versus-<UTC time>-<session id>", the prefix of
 * each side's journal; NULL (and a warning) when there is no such place.
 * The session id (64 random bits, session.c) makes it unique: a pid is
 * not, two PID namespaces both have a pid 1. */
static char *versus_state_prefix(const char *id)
{
	char dir[4096], stamp[32], *p;
	time_t t = time(NULL);
	struct tm tm;
	int rc = versus_state_dir(dir, sizeof(dir));

	if (rc < 0) {
		msg_warn("versus: no state directory to journal the runs in ($XDG_STATE_HOME/abstat or ~/.local/state/abstat: %s); only -o PREFIX would keep them",
			 strerror(-rc));
		return NULL;
	}
	gmtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
	if (asprintf(&p, "%s/versus-%s-%s", dir, stamp, id) < 0)
		return NULL;
	return p;
}

/* Every side has a measured run that succeeded. */
static bool versus_has_runs(struct result **res, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bool any = false;

		for (size_t r = 0; r < res[i]->bench[0].n_runs && !any; r++)
			any = !res[i]->bench[0].runs[r].warmup &&
			      res[i]->bench[0].runs[r].status == RUN_OK;
		if (!any)
			return false;
	}
	return true;
}

/* Without -o: the journals go once the table is printed (written,
 * flushed and closed without error: nothing to recover), else each stays
 * and is named with the command that recovers it. */
static void versus_journals_done(struct journal **jr, char **labels,
				 size_t n, bool printed)
{
	for (size_t i = 0; i < n; i++) {
		if (!jr[i])
			continue;
		if (printed) {
			journal_discard(jr[i]);
		} else {
			msg_notice("side %s: its runs are kept in %s; 'abstat recover %s -o %s.json' makes a result of them",
				   labels[i], journal_path(jr[i]),
				   journal_path(jr[i]), labels[i]);
			journal_abandon(jr[i]);
		}
		jr[i] = NULL;
	}
}

/* config.versus of side i's result: which side of the session it is
 * (its index, label and command), so that compare of the saved files
 * later shows what A and B were and refuses a side that pools both.
 * 0 or -ENOMEM. */
static int versus_identity(struct result *r, size_t i, const char *label,
			   char *const *argv)
{
	json_t *a = json_array();

	for (size_t k = 0; a && argv[k]; k++)
		json_array_append_new(a, json_string(argv[k]));
	if (!a || json_object_set_new(r->config, RK_VERSUS,
			json_pack("{s:I, s:s, s:o}", "side", (json_int_t)i,
				  RK_LABEL, label, RK_ARGV, a)))
		return -ENOMEM;
	return 0;
}

/* A result per side, and its journal at paths[i] where there is one;
 * an exit status. */
static int versus_results(const struct config *cfg, struct session *s,
			  char **labels, char **paths, struct result **res,
			  struct journal **jr, size_t n)
{
	char err[512];

	for (size_t i = 0; i < n; i++) {
		/* One benchmark seen from every side: one name for all, so
		 * compare pairs them; the label says which side is which. */
		struct target t = cfg->measure.targets[i];
		int rc;

		t.name = versus_name(cfg);
		res[i] = t.name ? session_result(s, labels[i], &t, 1) : NULL;
		free(t.name);
		if (!res[i] || versus_identity(res[i], i, labels[i], t.argv))
			return EXIT_IO;
		if (!paths[i])
			continue;
		rc = journal_open(paths[i], res[i], cfg->force, &jr[i], err,
				  sizeof(err));
		if (rc) {
			msg_error("%s", err);
			return rc == -EBUSY || rc == -EEXIST ? EXIT_USAGE :
							      EXIT_IO;
		}
		session_signal_kept(journal_path(jr[i]));
	}
	return EXIT_OK;
}

static int cmd_versus(const struct config *cfg)
{
	size_t n = cfg->measure.n_targets, n_plan = 0;
	struct result **res = calloc(n, sizeof(*res));
	struct journal **jr = calloc(n, sizeof(*jr));
	struct side *sides = calloc(n, sizeof(*sides));
	char **labels = versus_labels(cfg, n);
	char **paths = calloc(n, sizeof(*paths));
	struct plan_item *plan = versus_plan(cfg, n, &n_plan);
	char *state = NULL;
	const char *prefix = cfg->output;
	struct session_input in = cmd_session_input(cfg);
	struct session s;
	int rc = EXIT_IO, crc = EXIT_OK;
	bool printed = false;

	memset(&s, 0, sizeof(s));
	if (!res || !jr || !sides || !labels || !paths || !plan)
		goto out;
	for (size_t i = 0; cfg->output && i < n; i++) {
		paths[i] = versus_path(prefix, labels[i]);
		rc = paths[i] ? session_check_output(&in, paths[i]) : EXIT_IO;
		if (rc)
			goto out;
	}
	rc = session_open(&s, &in);
	if (rc)
		goto out;
	if (!cfg->output) {
		state = versus_state_prefix(s.id);
		prefix = state;
	}
	for (size_t i = 0; prefix && !cfg->output && i < n; i++) {
		paths[i] = versus_path(prefix, labels[i]);
		if (!paths[i]) {
			rc = EXIT_IO;
			goto out;
		}
	}
	rc = versus_results(cfg, &s, labels, paths, res, jr, n);
	if (rc)
		goto out;
	rc = session_measure(&s, res, jr, plan, n_plan);
	for (size_t i = 0; i < n; i++) {
		sides[i].label = labels[i];
		sides[i].files = &res[i];
		sides[i].n_files = 1;
	}
	if (versus_has_runs(res, n)) {
		versus_print_sides(cfg, labels, n, stdout);
		crc = cmd_compare_sides(cfg, sides, n, stdout);
		/* printed: the table reached its reader, not only stdio */
		printed = (crc == EXIT_OK || crc == EXIT_REGRESSION) &&
			  cmd_stdout_reached();
	} else if (!rc) {
		crc = cmd_check_sides("versus", sides, n);
	}
	if (!cfg->output)
		versus_journals_done(jr, labels, n, printed && !rc);
	for (size_t i = 0; cfg->output && i < n && paths[i]; i++) {
		int src = session_save(&s, res[i], jr[i], paths[i], NULL);

		jr[i] = NULL;
		if (src && !rc)
			rc = src;
	}
	if (!rc)
		rc = crc;
out:
	for (size_t i = 0; i < n; i++) {
		/* left when set-up failed: no run in them yet */
		if (jr && jr[i] && !cfg->output)
			journal_discard(jr[i]);
		else if (jr && jr[i])
			journal_abandon(jr[i]);
		if (res)
			result_free(res[i]);
		if (labels)
			free(labels[i]);
		if (paths)
			free(paths[i]);
	}
	session_close(&s);
	free(res);
	free(jr);
	free(sides);
	free(labels);
	free(paths);
	free(plan);
	free(state);
	return rc;
}

static const struct cli_use versus_opts[] = {
	MEASURE_OPTS_HEAD, MEASURE_OPTS_READ
	{ OPT_OUTPUT, "PREFIX", "save PREFIX-LABEL.json per side (without\n"
				"-o runs are journaled, see abstat-versus(1))",
	  NULL },
	MEASURE_OPTS_TAIL,
	{ OPT_WORKLOAD, "W", "one side: a built-in workload NAME[:ARGS],\n"
			     "once per side, before the commands", NULL },
	MODEL_OPTS, USE(OPT_FORMAT), USE(OPT_ORDER),
	USE_HELP(OPT_SEED, "--order random's seed, and the bootstrap's"),
	USE(OPT_SHELL),
	USE_HELP(OPT_BENCH, "name the benchmark NAME (default: the\n"
			    "sides' program, looked through env, taskset\n"
			    "...)"),
	USE(OPT_WRAPPER), USE(OPT_ALLOW_ENV_DIFF), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS),
	USE(OPT_COLOR), END,
};

const struct cmd_entry cmd_entry_versus = {
	.name = "versus",
	.summary = "run commands interleaved (ABAB...) and compare at once",
	.run = cmd_versus,
	.flags = CMD_MEASURES | CMD_SESSION | CMD_INTERLEAVED,
	.in_order = true,
	.usage = "abstat versus [OPTIONS] [-w WORKLOAD...] "
		 "['COMMAND A' 'COMMAND B'...]",
	.intro = "  two sides or more: every -w, then every command\n",
	.opts = versus_opts,
	.operands = cli_versus_operands,
};
