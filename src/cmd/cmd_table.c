// SPDX-License-Identifier: MIT
/*
 * cmd_table: every command (cmd_table[], commands.h says how to add one):
 * its name, its function, its usage line and the options it takes in
 * --help order, each an entry of cli_opts[] (src/cli/cli_opts.c) with the help,
 * value word or fixed values the command says differently.
 */
#include <stddef.h>

#include "cli_priv.h"
#include "commands.h"
#include "import.h"

static const struct cli_values formats_single = {
	(const char *const[]){ "text", "json", "csv", "benchstat", NULL }, true
};

#define USE(id) { id, NULL, NULL, NULL }
#define USE_HELP(id, help) { id, NULL, help, NULL }
#define USE_VALUES(id, values) { id, NULL, NULL, values }
#define END USE(OPT_HELP)

/* run and versus measure alike (-o, between them, says what it saves) */
#define MEASURE_OPTS_HEAD                                                     \
	USE(OPT_EVENTS), USE(OPT_REPEAT), USE(OPT_WARMUP), USE(OPT_CPU),      \
	USE(OPT_NO_PIN), USE(OPT_CPUSET), USE(OPT_LAUNCHER_CPU),              \
	USE(OPT_COPIES), USE(OPT_NAME), USE(OPT_BACKEND), USE(OPT_TIMEOUT),   \
	USE(OPT_USER_ONLY), USE(OPT_SHOW_OUTPUT)
#define MEASURE_OPTS_TAIL                                                     \
	USE(OPT_FORCE), USE(OPT_IGNORE_FAILURE), USE(OPT_ALLOW_MULTIPLEX),    \
	USE(OPT_QUIET), USE(OPT_USER), USE(OPT_KEEP_ENV), USE(OPT_OPS)

/* versus, compare and plot build the compare model alike */
#define MODEL_OPTS                                                            \
	USE(OPT_ALPHA), USE(OPT_PRIMARY), USE(OPT_DETAIL), USE(OPT_METRIC),   \
	USE(OPT_CENTER), USE(OPT_FAIL_ON_REGRESSION),                         \
	USE(OPT_WITHIN_SESSION), USE(OPT_RESAMPLES)

/* compare and plot read saved results alike */
#define READ_OPTS                                                             \
	USE_HELP(OPT_FORCE_COMPARE, NULL), USE(OPT_ALLOW_ENV_DIFF),           \
	USE_HELP(OPT_SEED, "bootstrap seed"), USE(OPT_POOL_HOSTS),             \
	USE(OPT_ALLOW_MIXED)

static const struct cli_use run_opts[] = {
	MEASURE_OPTS_HEAD, USE(OPT_OUTPUT), USE(OPT_RESUME),
	USE_HELP(OPT_ALLOW_ENV_DIFF, "with --resume: environment keys that may\n"
				     "differ from FILE's (comma list)"),
	MEASURE_OPTS_TAIL,
	USE_VALUES(OPT_FORMAT, &formats_single), USE(OPT_WORKLOAD),
	USE(OPT_SUITE), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS), USE(OPT_COLOR),
	USE(OPT_SCORE), USE(OPT_PARSER), USE(OPT_KEEP_OUTPUT),
	USE(OPT_SETUP), USE(OPT_CLEANUP), USE(OPT_PREPARE), USE(OPT_CONCLUDE),
	USE(OPT_PARAM_SCAN), USE(OPT_PARAM_LIST), USE(OPT_OVERSUBSCRIBE),
	USE(OPT_SUITE_FILE), END,
};

static const struct cli_use versus_opts[] = {
	MEASURE_OPTS_HEAD,
	{ OPT_OUTPUT, "PREFIX", "save PREFIX-LABEL.json per side (without\n"
				"-o runs are journaled, see abstat-versus(1))",
	  NULL },
	MEASURE_OPTS_TAIL,
	{ OPT_WORKLOAD, "W", "one side: a built-in workload NAME[:ARGS],\n"
			     "once per side, before the commands", NULL },
	MODEL_OPTS, USE(OPT_FORMAT), USE(OPT_ORDER),
	USE_HELP(OPT_SEED, "--order random's seed, and the bootstrap's"),
	USE(OPT_SHELL),
	USE(OPT_ALLOW_ENV_DIFF), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS),
	USE(OPT_COLOR), END,
};

static const struct cli_use compare_opts[] = {
	MODEL_OPTS, USE(OPT_DETECT), USE(OPT_FORMAT),
	USE_HELP(OPT_EVENTS, "counter rows to show"),
	READ_OPTS, USE_HELP(OPT_QUIET, "no warnings"), USE(OPT_BASELINE),
	USE(OPT_TIME_UNIT), USE(OPT_BY), USE(OPT_COLOR), USE(OPT_WHERE), END,
};

static const struct cli_use profile_opts[] = {
	MEASURE_OPTS_HEAD,
	USE_HELP(OPT_OUTPUT, "save the result with its profile (JSON)"),
	MEASURE_OPTS_TAIL, USE(OPT_FREQ), USE(OPT_SAMPLE_EVENT),
	USE(OPT_CALL_GRAPH),
	USE_VALUES(OPT_FORMAT, &formats_single), USE(OPT_WORKLOAD),
	USE(OPT_SUITE), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS), USE(OPT_COLOR),
	END,
};

static const struct cli_use show_opts[] = {
	USE_VALUES(OPT_FORMAT, &formats_single), USE(OPT_DETAIL),
	USE_HELP(OPT_METRIC, "only these metrics"),
	USE_HELP(OPT_EVENTS, "only these events"), USE(OPT_TIME_UNIT),
	USE(OPT_COLOR), USE_HELP(OPT_SCORE, "re-read a score from the kept output"),
	USE(OPT_PARSER), END,
};

static const struct cli_use plot_opts[] = {
	{ OPT_OUTPUT, "OUT", ".png, .svg, .txt (ASCII, for mail),\n"
			     ".gp (script and data to edit)", NULL },
	USE(OPT_KIND), MODEL_OPTS, USE_HELP(OPT_EVENTS, "counters to plot"),
	READ_OPTS, USE_HELP(OPT_FORCE, "overwrite OUT"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

static const struct cli_use list_opts[] = {
	USE(OPT_BACKEND), USE(OPT_ENCODE),
	USE_HELP(OPT_USER_ONLY, "encode for user space only"), END,
};

static const struct cli_use doctor_opts[] = {
	USE_HELP(OPT_CPU, "CPUs that will run the workload"),
	USE_HELP(OPT_USER_ONLY, "checks for user-space counting"),
	USE(OPT_BACKEND), USE(OPT_CLEAN_CGROUPS), END,
};

static const struct cli_use recover_opts[] = {
	USE_HELP(OPT_OUTPUT, "the result to write"),
	USE_HELP(OPT_FORCE, "overwrite an existing file"), END,
};

static const struct cli_use flame_opts[] = {
	{ OPT_OUTPUT, "OUT", ".svg, .folded or .txt ('-': stdout)", NULL },
	USE(OPT_FLAME_FORMAT), USE(OPT_IMPORT), USE(OPT_EXCLUDE),
	USE(OPT_KERNEL), USE(OPT_USER_FRAMES), USE(OPT_DIFF),
	USE_HELP(OPT_FORCE, "overwrite OUT"), END,
};

static const struct cli_use import_opts[] = {
	{ OPT_OUTPUT, "RESULT", "the result to write", NULL },
	USE_HELP(OPT_NAME, "label of the result (default: the source)"),
	USE(OPT_BENCH),
	USE_HELP(OPT_FORCE, "overwrite an existing file"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

static const struct cli_use boots_opts[] = {
	USE(OPT_BOOTS_K), USE(OPT_BOOTS_ORDER),
	USE_HELP(OPT_SEED, "--order random's seed (default: the time)"),
	USE(OPT_METHOD), USE(OPT_NEXT), USE(OPT_CMDLINE_A), USE(OPT_CMDLINE_B),
	USE(OPT_INITRD_A), USE(OPT_INITRD_B), USE(OPT_RELEASE_A),
	USE(OPT_RELEASE_B), USE(OPT_BOOT_LIMIT), USE(OPT_ON_MISMATCH),
	USE(OPT_DRY_RUN), USE(OPT_NO_CHECK), USE(OPT_UNIT_DIR),
	USE(OPT_PLOT_OUT),
	USE_HELP(OPT_FORMAT, "report: the table's format"),
	USE_HELP(OPT_PRIMARY, "report: the tested row of each benchmark"),
	USE_HELP(OPT_FORCE, "init: replace a plan; install: a unit;\nreport --plot: an existing chart"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

static const struct cli_use bisect_opts[] = {
	USE(OPT_GOOD), USE(OPT_BAD), USE(OPT_REPO), USE(OPT_BUILD),
	USE(OPT_MEASURE),
	{ OPT_OUTPUT, "REPORT", "write the report (JSON): every step, the\n"
				"first bad commit, the mail summary", NULL },
	USE_HELP(OPT_FORCE, "overwrite REPORT"),
	USE_HELP(OPT_REPEAT, "runs a side each round of a step"),
	USE(OPT_MAX_RUNS), USE(OPT_WARMUP), USE(OPT_EVENTS), USE(OPT_CPU),
	USE(OPT_NO_PIN), USE(OPT_TIMEOUT), USE(OPT_USER_ONLY), USE(OPT_ALPHA),
	USE(OPT_PRIMARY), USE(OPT_SEED), USE(OPT_QUIET),
	USE(OPT_PROGRESS), END,
};

static const struct cli_use no_opts[] = { END };

static const struct cmd_entry cmd_entries[] = {
	{ "run", CMD_RUN, cmd_run, true,
	  "abstat run [OPTIONS] (-- CMD [ARG...] | -w W[,...] | "
	  "-s SUITE | -S FILE)", NULL, run_opts, NULL },
	{ "versus", CMD_VERSUS, cmd_versus, true,
	  "abstat versus [OPTIONS] [-w WORKLOAD...] ['COMMAND A' 'COMMAND B'...]",
	  "  two sides or more: every -w, then every command\n",
	  versus_opts, NULL },
	{ "compare", CMD_COMPARE, cmd_compare, false,
	  "abstat compare [OPTIONS] BASE OTHER [OTHER...]",
	  "  BASE and OTHER are result files, or FILE,FILE... (several\n"
	  "  boots of one side), optionally LABEL=FILE[,FILE...]; a DIR\n"
	  "  or a 'GLOB' stands for its *.json files\n",
	  compare_opts, NULL },
	{ "show", CMD_SHOW, cmd_show, false, "abstat show [OPTIONS] FILE",
	  NULL, show_opts, NULL },
	{ "plot", CMD_PLOT, cmd_plot, false,
	  "abstat plot [OPTIONS] FILE... -o OUT.{png,svg,txt,gp}", NULL,
	  plot_opts, NULL },
	{ "list", CMD_LIST, cmd_list, false,
	  "abstat list [OPTIONS] [PATTERN]", NULL, list_opts, NULL },
	{ "doctor", CMD_DOCTOR, cmd_doctor, false,
	  "abstat doctor [-C CPU] [--user-only] [--clean-cgroups]", NULL,
	  doctor_opts, NULL },
	{ "workloads", CMD_WORKLOADS, cmd_workloads, true, "abstat workloads",
	  NULL, no_opts, NULL },
	{ "recover", CMD_RECOVER, cmd_recover, false,
	  "abstat recover JOURNAL -o FILE [--force]", NULL, recover_opts,
	  NULL },
	{ "flame", CMD_FLAME, cmd_flame, false,
	  "abstat flame [OPTIONS] FILE [FILE] -o OUT.{svg,folded,txt}",
	  "  FILE: a result of abstat profile (FILE,FILE...: one side), or\n"
	  "  with --import a profile made elsewhere; two: differential\n",
	  flame_opts, NULL },
	{ "import", CMD_IMPORT, cmd_import, false,
	  "abstat import SOURCE FILE... -o RESULT",
	  IMPORT_HELP,
	  import_opts, NULL },
	{ "profile", CMD_PROFILE, cmd_profile, true,
	  "abstat profile [OPTIONS] (-- COMMAND [ARG...] | -w WORKLOAD[,...] | "
	  "-s SUITE) -o FILE", NULL, profile_opts, NULL },
	{ "boots", CMD_BOOTS, cmd_boots, false,
	  "abstat boots (init DIR LABEL=KERNEL LABEL=KERNEL [OPTIONS] -- "
	  "RUN-ARGS | step|status|report|install|uninstall DIR)",
	  "  an unattended plan of K boots per side, interleaved: init checks\n"
	  "  the kernels, initrds, tools and command lines, then writes\n"
	  "  DIR/plan.json (DIR and its files root's alone); step, once per\n"
	  "  boot (install: a systemd unit after multi-user.target), one at a\n"
	  "  time (DIR/plan.lock), checks the running kernel, runs doctor and\n"
	  "  abstat run RUN-ARGS into DIR, then boots the next kernel; status\n"
	  "  and report read DIR\n",
	  boots_opts, cmd_boots_args },
	{ "bisect", CMD_BISECT, cmd_bisect, true,
	  "abstat bisect --good REV --bad REV --build 'CMD' [OPTIONS] "
	  "(-- COMMAND [ARG...] | --measure 'CMD')",
	  "  git bisect decided by measurement: each commit is built and\n"
	  "  COMMAND measured interleaved against the good and bad ends;\n"
	  "  good, bad, or more runs, or skipped with the reason. With\n"
	  "  --measure (kernels) each side's boots are its result files\n",
	  bisect_opts, NULL },
	{ NULL, CMD_NONE, NULL, false, NULL, NULL, NULL, NULL },
};

const struct cmd_entry *const cmd_table = cmd_entries;
