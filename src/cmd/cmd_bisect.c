// SPDX-License-Identifier: MIT
/*
 * cmd_bisect: `abstat bisect --good REV --bad REV --build CMD -- COMMAND`,
 * git bisect decided by measurement. The command's part: the options
 * into the engine's input (struct bisect_input, src/bisect/bisect.h),
 * the engine's words to the messages and stdout, and the session driver
 * (src/engine) lent to it for measuring COMMAND in several work trees;
 * the bisect itself is src/bisect's (bisect_run.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"
#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"
#include "session.h"

#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(BISECT_OK, EXIT_OK) && SAME(BISECT_FAILED, EXIT_FAILED) &&
	       SAME(BISECT_USAGE, EXIT_USAGE) &&
	       SAME(BISECT_WORKLOAD, EXIT_WORKLOAD) &&
	       SAME(BISECT_IO, EXIT_IO) &&
	       SAME(BISECT_INTERRUPTED, EXIT_INTERRUPTED),
	       "the bisect engine's statuses are the exit statuses");
#undef SAME


/* One session of the engine's: what it measures (the command line's
 * measure options, its targets the sides), whether its sink is quiet
 * (-q, or the environment's warnings said at an earlier session), the
 * session, the targets. */
struct bisect_cmd_session {
	struct measure_opts m;
	bool quiet;
	struct session s;
	struct target t[BISECT_SIDES_MAX];
	struct result *res[BISECT_SIDES_MAX];
	size_t n;
};

static int bisect_cmd_open(void *ctx, char **const *argvs, const char *name,
			   size_t n, const char *dir, bool quiet,
			   void **session, struct result **res)
{
	static const char *const labels[] = { "A", "B", "C" };
	const struct config *cfg = ctx;
	struct bisect_cmd_session *bs = calloc(1, sizeof(*bs));
	struct session_input in;
	int rc;

	*session = bs;
	if (!bs)
		return EXIT_IO;
	in = cmd_session_input(cfg);
	bs->m = cfg->measure;
	bs->n = n;
	for (size_t i = 0; i < n; i++)
		bs->t[i] = (struct target){ .name = (char *)name,
					    .argv = argvs[i] };
	bs->m.targets = bs->t;
	bs->m.n_targets = n;
	bs->m.workdir = dir;
	in.measure = &bs->m;
	in.sink.ctx = &bs->quiet;
	bs->quiet = cfg->quiet || quiet;
	rc = session_open(&bs->s, &in);
	bs->quiet = cfg->quiet;
	for (size_t i = 0; !rc && i < n; i++) {
		res[i] = bs->res[i] = session_result(&bs->s, labels[i],
						     &bs->t[i], 1);
		if (!res[i])
			rc = EXIT_IO;
	}
	return rc;
}

static int bisect_cmd_round(void *ctx, void *session,
			    const struct bisect_run *runs, size_t n_runs)
{
	struct bisect_cmd_session *bs = session;
	struct plan_item *plan = calloc(n_runs ? n_runs : 1, sizeof(*plan));
	struct journal *jr[BISECT_SIDES_MAX] = { NULL };
	int rc;

	(void)ctx;
	if (!plan)
		return EXIT_IO;
	for (size_t i = 0; i < n_runs; i++)
		plan[i] = (struct plan_item){ .result = runs[i].side,
					      .warmup = runs[i].warmup };
	rc = session_measure(&bs->s, bs->res, jr, plan, n_runs);
	free(plan);
	return rc;
}

static void bisect_cmd_close(void *ctx, void *session)
{
	struct bisect_cmd_session *bs = session;

	(void)ctx;
	session_close(&bs->s);
	for (size_t i = 0; i < bs->n; i++)
		result_free(bs->res[i]);
	free(bs);
}

static int cmd_bisect(const struct config *cfg)
{
	struct bisect_input in = {
		.repo = cfg->bisect.repo,
		.good = cfg->bisect.good,
		.bad = cfg->bisect.bad,
		.build = cfg->bisect.build_cmd,
		.measure = cfg->bisect.measure_cmd,
		.argv = cfg->files,
		.argc = cfg->n_files,
		.report = cfg->output,
		.force = cfg->force,
		.repeat = cfg->measure.repeat,
		.warmup = cfg->measure.warmup,
		.max_runs = cfg->bisect.max_runs,
		.sink = { .say = cmd_say, .ctx = (void *)&cfg->quiet },
		.sessions = { .open = bisect_cmd_open,
			      .round = bisect_cmd_round,
			      .close = bisect_cmd_close,
			      .ctx = (void *)cfg },
	};

	cmd_compare_opts(cfg, &in.model);
	return bisect_run(&in);
}

static const struct cli_use bisect_opts[] = {
	USE(OPT_GOOD), USE(OPT_BAD), USE(OPT_REPO), USE(OPT_BUILD),
	USE(OPT_MEASURE),
	{ OPT_OUTPUT, "REPORT", "write the report (JSON): every step, the\n"
				"first bad commit, the mail summary", NULL },
	USE_HELP(OPT_FORCE, "overwrite REPORT"),
	USE_HELP(OPT_REPEAT, "runs a side each round of a step"),
	USE(OPT_MAX_RUNS), USE(OPT_WARMUP), MEASURE_OPTS_READ USE(OPT_CPU),
	USE(OPT_NO_PIN), USE(OPT_TIMEOUT), USE(OPT_USER_ONLY), USE(OPT_ALPHA),
	USE(OPT_PRIMARY), USE(OPT_SEED), USE(OPT_QUIET),
	USE(OPT_PROGRESS), END,
};

/* --good, --bad and --build, and what to measure: -- COMMAND or
 * --measure. */
static int cmd_bisect_operands(struct config *cfg, int argc, char **argv)
{
	if (!cfg->bisect.good || !cfg->bisect.bad || !cfg->bisect.build_cmd)
		return cli_usage("bisect: --good REV, --bad REV and --build 'CMD' are required; usage: abstat bisect --good REV --bad REV --build 'make' -- COMMAND");
	if (argc < 1 && !cfg->bisect.measure_cmd)
		return cli_usage("bisect: no command to measure; give it after --, e.g. -- ./prog ARGS (or --measure 'CMD')");
	if (argc && cfg->bisect.measure_cmd)
		return cli_usage("bisect: --measure and a COMMAND after --: give one (--measure measures each side itself)");
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

const struct cmd_entry cmd_entry_bisect = {
	.name = "bisect",
	.summary = "git bisect by measurement: which commit made it slower",
	.run = cmd_bisect,
	.flags = CMD_MEASURES | CMD_INTERLEAVED,
	.in_order = true,
	.usage = "abstat bisect --good REV --bad REV --build 'CMD' [OPTIONS] "
		 "(-- COMMAND [ARG...] | --measure 'CMD')",
	.intro = "  git bisect decided by measurement: each commit is built and\n"
		 "  COMMAND measured interleaved against the good and bad ends;\n"
		 "  good, bad, or more runs, or skipped with the reason. With\n"
		 "  --measure (kernels) each side's boots are its result files\n",
	.opts = bisect_opts,
	.operands = cmd_bisect_operands,
};
