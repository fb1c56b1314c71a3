// SPDX-License-Identifier: MIT
/*
 * cli: argv -> const struct config. One table of every option (name,
 * short form, value, default, help: cli_opts[]) and, per command, the
 * options it takes in --help order, with the fixed values of an option;
 * getopt's tables, the defaults, --help and 'abstat --complete' for the
 * bash completion (cli_help.c) are made from them. Every number parsed
 * strictly (whole string, range); every error one line and -EINVAL. The
 * checks that need the whole command line, and the targets built from
 * it, are in cli_targets.c.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"
#include "flame.h"
#include "msg.h"
#include "score.h"
#include "workloads.h"

static const struct cli_values formats = { format_names, false };
static const struct cli_values formats_single = {
	(const char *const[]){ "text", "json", "csv", "benchstat", NULL }, true
};
static const struct cli_values suites = { workloads_suites, false };
static const struct cli_values backends = {
	(const char *const[]){ "perf", "papi", NULL }, true
};
static const struct cli_values orders = {
	(const char *const[]){ "alternate", "random", NULL }, true
};
static const struct cli_values centers = {
	(const char *const[]){ "median", "mean", NULL }, true
};
/* --progress, --color: auto is the default (enum term_when's order) */
static const struct cli_values whens = {
	(const char *const[]){ "never", "auto", "always", NULL }, false
};
static const struct cli_values time_units = {
	(const char *const[]){ "ns", "us", "ms", "s", NULL }, false
};
static const struct cli_values bys = {
	(const char *const[]){ "host", NULL }, false
};
/* and "auto", the default, left out of --help */
static const struct cli_values call_graphs = {
	(const char *const[]){ "fp", "dwarf", NULL }, true
};
static const struct cli_values parsers = { score_parsers, false };
/* --launcher-cpu, in enum launcher_cpu's order after auto */
static const struct cli_values launcher_cpus = {
	(const char *const[]){ "same", "any", NULL }, false
};
static const struct cli_values kinds = {
	(const char *const[]){ "delta", "runs", "scaling", "dist", NULL }, false
};
/* flame: the imports (flame.h) and the outputs, in the order of
 * cmd_flame.c's enum flame_fmt */
static const struct cli_values imports = { flame_import_names, false };
static const struct cli_values flame_formats = {
	(const char *const[]){ "svg", "folded", "text", "mail", NULL }, false
};

const struct cli_opt cli_opts[OPT_COUNT] = {
	[OPT_EVENTS] = { "events", 'e', "LIST", NULL, false,
			 "events, perf syntax: a,pmu/t=v/,sys:tp,{a,b}:u" },
	[OPT_REPEAT] = { "repeat", 'r', "N", "10", true, "measured runs" },
	[OPT_WARMUP] = { "warmup", 0, "N", "1", true,
			 "warm-up runs, kept out of statistics" },
	[OPT_CPU] = { "cpu", 'C', "LIST", NULL, false,
		      "CPUs to pin to (taskset syntax; default: one\n"
		      "online CPU other than 0)" },
	[OPT_NO_PIN] = { "no-pin", 0, NULL, NULL, false, "do not pin" },
	[OPT_CPUSET] = { "cpuset", 0, NULL, NULL, false,
			 "run inside an exclusive cpuset cgroup" },
	[OPT_COPIES] = { "copies", 0, "N", "1", false,
			 "N simultaneous copies, one per CPU of -C" },
	[OPT_NAME] = { "name", 'n', "LABEL", NULL, false,
		       "label of the result (default: kernel release)" },
	[OPT_BACKEND] = { "backend", 0, "B", NULL, false, NULL, &backends },
	[OPT_TIMEOUT] = { "timeout", 0, "SEC", NULL, false,
			  "kill a run or hook after SEC seconds\n"
			  "(a hook: 600 without)" },
	[OPT_USER_ONLY] = { "user-only", 0, NULL, NULL, false,
			    "count user space only (recorded)" },
	[OPT_SHOW_OUTPUT] = { "show-output", 0, NULL, NULL, false,
			      "let the workload's output through" },
	[OPT_OUTPUT] = { "output", 'o', "FILE", NULL, false,
			 "save the result (JSON)" },
	[OPT_FORCE] = { "force", 0, NULL, NULL, false,
			"overwrite an existing output file" },
	[OPT_FORMAT] = { "format", 0, "FMT", NULL, false, NULL, &formats },
	[OPT_IGNORE_FAILURE] = { "ignore-failure", 'i', NULL, NULL, false,
				 "go on after a failed run" },
	[OPT_ALLOW_MULTIPLEX] = { "allow-multiplex", 0, NULL, NULL, false,
				  "scale multiplexed counters (flagged)" },
	[OPT_QUIET] = { "quiet", 'q', NULL, NULL, false,
			"no warnings or progress" },
	[OPT_USER] = { "user", 0, "USER", NULL, false,
		       "run the workload as USER (abstat as root)" },
	[OPT_SEED] = { "seed", 0, "N", NULL, false,
		       "random seed (--order random, bootstrap)" },
	[OPT_OPS] = { "ops", 0, "N", NULL, false,
		      "operations per run of an external command" },
	[OPT_WORKLOAD] = { "workload", 'w', "LIST", NULL, false,
			   "built-in workloads, NAME[:ARGS],..." },
	[OPT_SUITE] = { "suite", 's', "NAME", NULL, false, NULL, &suites },
	[OPT_ORDER] = { "order", 0, "O", NULL, false, NULL, &orders },
	[OPT_SHELL] = { "shell", 0, NULL, NULL, false,
			"run each command with /bin/sh -c" },
	[OPT_ALPHA] = { "alpha", 0, "A", "0.05", true, "significance level" },
	[OPT_DETAIL] = { "detail", 0, NULL, NULL, false,
			 "per-counter rows for suites" },
	[OPT_METRIC] = { "metric", 0, "LIST", NULL, false,
			 "rows to show (metric names)" },
	[OPT_CENTER] = { "center", 0, "C", NULL, false, NULL, &centers },
	[OPT_FORCE_COMPARE] = { "force-compare", 0, NULL, NULL, false,
				"compare events whose encodings differ" },
	[OPT_ALLOW_ENV_DIFF] = { "allow-env-diff", 0, "KEYS", NULL, false,
				 "let these env keys differ" },
	[OPT_FAIL_ON_REGRESSION] = { "fail-on-regression", 0, "PCT", NULL,
				     false,
				     "exit 1 on a significant regression\n"
				     "beyond PCT percent" },
	[OPT_WITHIN_SESSION] = { "within-session", 0, NULL, NULL, false,
				 "let --fail-on-regression act on a\n"
				 "verdict within one session per side" },
	[OPT_PRIMARY] = { "primary", 0, "METRIC", NULL, false,
			  "the tested row of each benchmark\n"
			  "(default: CPU time per op)" },
	[OPT_RESAMPLES] = { "resamples", 0, "N", "10000", true,
			    "bootstrap resamples" },
	[OPT_KIND] = { "kind", 0, "K", NULL, false, NULL, &kinds },
	[OPT_ENCODE] = { "encode", 0, NULL, NULL, false,
			 "show each event's encoding" },
	[OPT_KEEP_ENV] = { "keep-env", 0, NULL, NULL, false,
			   "with --user: keep abstat's environment\n"
			   "(default: a clean one for USER)" },
	[OPT_CLEAN_CGROUPS] = { "clean-cgroups", 0, NULL, NULL, false,
				"remove the stale abstat cgroups" },
	[OPT_BASELINE] = { "baseline", 0, "LABEL", NULL, false,
			   "the side the others are compared with\n"
			   "(default: the first)" },
	[OPT_TIME_UNIT] = { "time-unit", 0, "U", NULL, false,
			    "time rows in ns, us, ms or s (default:\n"
			    "chosen per row)",
			    &time_units },
	[OPT_BY] = { "by", 0, "KEY", NULL, false, "host: one table per host",
		     &bys },
	[OPT_POOL_HOSTS] = { "pool-hosts", 0, NULL, NULL, false,
			     "let one side pool several hosts' files" },
	[OPT_FREQ] = { "freq", 0, "HZ", "999", true,
		       "samples per second" },
	[OPT_SAMPLE_EVENT] = { "sample-event", 0, "EV", NULL, false,
			       "event to sample (default: cycles where\n"
			       "it samples, else cpu-clock)" },
	[OPT_WHERE] = { "where", 0, "N", "10", true,
			"profiles: the N functions whose self\n"
			"share changed most (0: none)" },
	[OPT_CALL_GRAPH] = { "call-graph", 0, "CG", NULL, false,
			     NULL, &call_graphs },
	[OPT_SCORE] = { "score", 0, "DEF", NULL, false,
			"a score from the output:\n"
			"NAME[:UNIT][:higher|lower]=REGEX" },
	[OPT_PARSER] = { "parser", 0, "TOOL", NULL, false, NULL, &parsers },
	[OPT_KEEP_OUTPUT] = { "keep-output", 0, NULL, NULL, false,
			      "keep each run's output in the result" },
	[OPT_SETUP] = { "setup", 0, "CMD", NULL, false,
			"run CMD once before each benchmark" },
	[OPT_CLEANUP] = { "cleanup", 0, "CMD", NULL, false,
			  "run CMD once after each benchmark" },
	[OPT_PREPARE] = { "prepare", 0, "CMD", NULL, false,
			  "run CMD before every run" },
	[OPT_CONCLUDE] = { "conclude", 0, "CMD", NULL, false,
			   "run CMD after every run" },
	[OPT_PARAM_SCAN] = { "parameter-scan", 'P', "NAME", NULL, false,
			     "then LO HI [STEP]: one benchmark per\n"
			     "value, {NAME} in the command and hooks" },
	[OPT_PARAM_LIST] = { "parameter-list", 'L', "NAME", NULL, false,
			     "then A,B,...: one benchmark per value" },
	[OPT_OVERSUBSCRIBE] = { "oversubscribe", 0, NULL, NULL, false,
				"allow more --copies than CPUs (they\n"
				"share CPUs round-robin; recorded)" },
	[OPT_SUITE_FILE] = { "suite-file", 'S', "FILE", NULL, false,
			     "the benchmarks of a suite file\n"
			     "(abstat-run(1))" },
	[OPT_LAUNCHER_CPU] = { "launcher-cpu", 0, "WHERE", NULL, false,
			       "same: abstat waits on the workload's CPU\n"
			       "(one copy, one CPU; not profile), any:\n"
			       "where the scheduler puts it",
			       &launcher_cpus },
	[OPT_VERSION] = { "version", 'V', NULL, NULL, false,
			  "print the version" },
	[OPT_HELP] = { "help", 'h', NULL, NULL, false, "this help" },
	[OPT_PROGRESS] = { "progress", 0, "WHEN", "auto", false,
			   "progress line on stderr: never, auto\n"
			   "(a terminal, no -q), always", &whens },
	[OPT_COLOR] = { "color", 0, "WHEN", "auto", false,
			"colour: never, auto (a terminal, NO_COLOR\n"
			"unset or empty, TERM not dumb), always",
			&whens },
	[OPT_IMPORT] = { "import", 0, "KIND", NULL, false,
			 NULL, &imports },
	[OPT_FLAME_FORMAT] = { "format", 0, "FMT", NULL, false,
			       NULL, &flame_formats },
	[OPT_EXCLUDE] = { "exclude", 0, "REGEX", NULL, false,
			  "drop the stacks with a frame matching REGEX" },
	[OPT_KERNEL] = { "kernel", 0, NULL, NULL, false,
			 "only samples in the kernel, kernel frames" },
	[OPT_USER_FRAMES] = { "user", 0, NULL, NULL, false,
			      "only samples in user space" },
	[OPT_DIFF] = { "diff", 0, NULL, NULL, false,
		       "differential of two sides (A B)" },
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
	USE(OPT_QUIET), USE(OPT_USER), USE(OPT_KEEP_ENV), USE(OPT_SEED),       \
	USE(OPT_OPS)

/* versus, compare and plot build the compare model alike */
#define MODEL_OPTS                                                            \
	USE(OPT_ALPHA), USE(OPT_PRIMARY), USE(OPT_DETAIL), USE(OPT_METRIC),   \
	USE(OPT_CENTER), USE(OPT_FAIL_ON_REGRESSION),                         \
	USE(OPT_WITHIN_SESSION), USE(OPT_RESAMPLES)

/* compare and plot read saved results alike */
#define READ_OPTS                                                             \
	USE_HELP(OPT_FORCE_COMPARE, NULL), USE(OPT_ALLOW_ENV_DIFF),           \
	USE_HELP(OPT_SEED, "bootstrap seed"), USE(OPT_POOL_HOSTS)

static const struct cli_use run_opts[] = {
	MEASURE_OPTS_HEAD, USE(OPT_OUTPUT), MEASURE_OPTS_TAIL,
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
	MODEL_OPTS, USE(OPT_FORMAT), USE(OPT_ORDER), USE(OPT_SHELL),
	USE(OPT_ALLOW_ENV_DIFF), USE(OPT_TIME_UNIT), USE(OPT_PROGRESS),
	USE(OPT_COLOR), END,
};

static const struct cli_use compare_opts[] = {
	MODEL_OPTS, USE(OPT_FORMAT), USE_HELP(OPT_EVENTS, "counter rows to show"),
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
	USE_HELP(OPT_FORCE, "overwrite an existing file"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

static const struct cli_use no_opts[] = { END };

const struct cmd_entry cli_cmds[] = {
	{ "run", CMD_RUN, true,
	  "abstat run [OPTIONS] (-- CMD [ARG...] | -w W[,...] | "
	  "-s SUITE | -S FILE)", NULL, run_opts },
	{ "versus", CMD_VERSUS, true,
	  "abstat versus [OPTIONS] [-w WORKLOAD...] ['COMMAND A' 'COMMAND B'...]",
	  "  two sides or more: every -w, then every command\n",
	  versus_opts },
	{ "compare", CMD_COMPARE, false,
	  "abstat compare [OPTIONS] BASE OTHER [OTHER...]",
	  "  BASE and OTHER are result files, or FILE,FILE... (several\n"
	  "  boots of one side), optionally LABEL=FILE[,FILE...]; a DIR\n"
	  "  or a 'GLOB' stands for its *.json files\n",
	  compare_opts },
	{ "show", CMD_SHOW, false, "abstat show [OPTIONS] FILE", NULL,
	  show_opts },
	{ "plot", CMD_PLOT, false,
	  "abstat plot [OPTIONS] FILE... -o OUT.{png,svg,txt,gp}", NULL,
	  plot_opts },
	{ "list", CMD_LIST, false, "abstat list [OPTIONS] [PATTERN]", NULL,
	  list_opts },
	{ "doctor", CMD_DOCTOR, false, "abstat doctor [-C CPU] [--user-only] [--clean-cgroups]",
	  NULL, doctor_opts },
	{ "workloads", CMD_WORKLOADS, true, "abstat workloads", NULL,
	  no_opts },
	{ "recover", CMD_RECOVER, false,
	  "abstat recover JOURNAL -o FILE [--force]", NULL, recover_opts },
	{ "flame", CMD_FLAME, false,
	  "abstat flame [OPTIONS] FILE [FILE] -o OUT.{svg,folded,txt}",
	  "  FILE: a result of abstat profile (FILE,FILE...: one side), or\n"
	  "  with --import a profile made elsewhere; two: differential\n",
	  flame_opts },
	{ "import", CMD_IMPORT, false,
	  "abstat import SOURCE FILE... -o RESULT",
	  "  SOURCE: hyperfine (--export-json), pyperf (JSON), gobench\n"
	  "  (go test -bench output), perf-stat (perf stat -o F --append:\n"
	  "  its default, -x, or -j output)\n",
	  import_opts },
	{ "profile", CMD_PROFILE, true,
	  "abstat profile [OPTIONS] (-- COMMAND [ARG...] | -w WORKLOAD[,...] | "
	  "-s SUITE) -o FILE", NULL, profile_opts },
	{ NULL, CMD_NONE, false, NULL, NULL, NULL },
};

int cli_usage(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	msg_error("%s", buf);
	return -EINVAL;
}

int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (*end)
		return -EINVAL;
	if (errno == ERANGE || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

int cli_parse_double(const char *s, double min, double max, double *out)
{
	char *end;
	double v;

	if (!s || !*s || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtod(s, &end);
	if (*end || isnan(v) || isinf(v))
		return -EINVAL;
	if (errno == ERANGE || v < min || v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

static int cli_number(const char *opt, const char *s, uint64_t min,
		      uint64_t max, uint64_t *out)
{
	int rc = cli_parse_u64(s, min, max, out);

	if (rc == -EINVAL)
		return cli_usage("%s: '%s' is not a whole number", opt, s);
	if (rc == -ERANGE)
		return cli_usage("%s: %s is out of range (%" PRIu64
				 " to %" PRIu64 ")",
				 opt, s, min, max);
	return 0;
}

static int cli_real(const char *opt, const char *s, double min, double max,
		    double *out)
{
	int rc = cli_parse_double(s, min, max, out);

	if (rc == -EINVAL)
		return cli_usage("%s: '%s' is not a number", opt, s);
	if (rc == -ERANGE)
		return cli_usage("%s: %s is out of range (%g to %g)", opt, s,
				 min, max);
	return 0;
}

/* Index of s in the values of option c, or -1 after one error line
 * naming them. */
static int cli_choice(enum cli_opt_id c, const char *s)
{
	const struct cli_values *v = cli_opts[c].values;
	char list[256];

	for (int i = 0; v->names[i]; i++)
		if (!strcmp(s, v->names[i]))
			return i;
	cli_values_join(v, ", ", " or ", false, list, sizeof(list));
	cli_usage("--%s: '%s' is not %s", cli_opts[c].name, s, list);
	return -1;
}

/* A comma list with an empty item ("", ",", "a,,b", "a,"): nothing to
 * measure there, so a usage error rather than a silent no-op. */
static bool cli_list_empty(const char *list)
{
	size_t n = strlen(list);

	return !n || list[0] == ',' || list[n - 1] == ',' || strstr(list, ",,");
}

/* -w may be given more than once: the lists are joined in order (for
 * versus, each workload is one side). */
static int cli_workload_add(struct config *cfg, const char *arg)
{
	char *joined;

	if (cli_list_empty(arg))
		return cli_usage("-w: empty workload name in '%s'; expected -w NAME[:ARGS][,NAME[:ARGS]...]",
				 arg);
	if (asprintf(&joined, "%s%s%s", cfg->workloads ? cfg->workloads : "",
		     cfg->workloads ? "," : "", arg) < 0)
		return -ENOMEM;
	free(cfg->workloads);
	cfg->workloads = joined;
	return 0;
}

/* -e may be given more than once: the lists are appended, as perf does. */
static int cli_events_add(struct config *cfg, const char *arg)
{
	char *joined;

	if (!cfg->events) {
		cfg->events = arg;
		return 0;
	}
	if (asprintf(&joined, "%s,%s", cfg->events, arg) < 0)
		return -ENOMEM;
	free(cfg->events_joined);
	cfg->events = cfg->events_joined = joined;
	return 0;
}

static int cli_option(struct config *cfg, enum cli_opt_id c, const char *arg)
{
	char list[256];
	uint64_t u;
	int i;

	switch (c) {
	case OPT_EVENTS:
		if (cli_list_empty(arg))
			return cli_usage("-e: empty event name in '%s'; expected -e EVENT[,EVENT...]",
					 arg);
		return cli_events_add(cfg, arg);
	case OPT_REPEAT:
		if (cli_number("-r", arg, 1, 100000, &u))
			return -EINVAL;
		cfg->repeat = u;
		return 0;
	case OPT_WARMUP:
		if (cli_number("--warmup", arg, 0, 10000, &u))
			return -EINVAL;
		cfg->warmup = u;
		return 0;
	case OPT_CPU:
		cfg->cpu_list = arg;
		return 0;
	case OPT_NO_PIN:
		cfg->no_pin = true;
		return 0;
	case OPT_CPUSET:
		cfg->cpuset = true;
		return 0;
	case OPT_COPIES:
		if (strchr(arg, ','))
			return cli_run_copies(cfg, arg);
		if (cli_number("--copies", arg, 1, CPU_LIST_MAX, &u))
			return -EINVAL;
		cfg->copies = u;
		return 0;
	case OPT_NAME:
		cfg->label = arg;
		return 0;
	case OPT_BACKEND:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->backend = i;
		return 0;
	case OPT_TIMEOUT:
		return cli_real("--timeout", arg, 0.001, 86400 * 7,
				&cfg->timeout_s);
	case OPT_USER_ONLY:
		cfg->user_only = true;
		return 0;
	case OPT_SHOW_OUTPUT:
		cfg->show_output = true;
		return 0;
	case OPT_OUTPUT:
		if (!*arg)
			return cli_usage("-o: empty file name");
		cfg->output = arg;
		return 0;
	case OPT_FORCE:
		cfg->force = true;
		return 0;
	case OPT_FORMAT:
		i = format_find(arg);
		if (i < 0) {
			cli_values_join(&formats, ", ", ", ", false, list,
					sizeof(list));
			return cli_usage("--format: '%s' is not one of %s", arg,
					 list);
		}
		cfg->format = i;
		return 0;
	case OPT_IGNORE_FAILURE:
		cfg->ignore_failure = true;
		return 0;
	case OPT_ALLOW_MULTIPLEX:
		cfg->allow_multiplex = true;
		return 0;
	case OPT_QUIET:
		cfg->quiet = true;
		return 0;
	case OPT_USER:
		cfg->run_user = arg;
		return 0;
	case OPT_OPS:
		if (cli_number("--ops", arg, 1, UINT64_MAX, &cfg->ops))
			return -EINVAL;
		cfg->has_ops = true;
		return 0;
	case OPT_WORKLOAD:
		return cli_workload_add(cfg, arg);
	case OPT_SUITE:
		if (!*arg)
			return cli_usage("-s: empty suite name; expected -s SUITE (syscalls, vm, sched, fs, all)");
		cfg->suite = arg;
		return 0;
	case OPT_ORDER:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->order = i;
		return 0;
	case OPT_SEED:
		if (cli_number("--seed", arg, 0, UINT64_MAX, &cfg->seed))
			return -EINVAL;
		cfg->seed_set = true;
		return 0;
	case OPT_SHELL:
		cfg->shell = true;
		return 0;
	case OPT_ALPHA:
		return cli_real("--alpha", arg, 1e-6, 0.5, &cfg->alpha);
	case OPT_DETAIL:
		cfg->detail = true;
		return 0;
	case OPT_METRIC:
		if (!arg[strspn(arg, ",")])
			return cli_usage("--metric: the list is empty; give METRIC[,METRIC...] (abstat show FILE lists them)");
		cfg->metrics = arg;
		return 0;
	case OPT_CENTER:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->center = i;
		return 0;
	case OPT_FORCE_COMPARE:
		cfg->force_compare = true;
		return 0;
	case OPT_ALLOW_ENV_DIFF:
		cfg->allow_env_diff = arg;
		return 0;
	case OPT_FAIL_ON_REGRESSION:
		return cli_real("--fail-on-regression", arg, 0, 1e6,
				&cfg->fail_on_regression_pct);
	case OPT_WITHIN_SESSION:
		cfg->within_session = true;
		return 0;
	case OPT_PRIMARY:
		if (!*arg)
			return cli_usage("--primary needs a metric name, e.g. --primary task-clock/op (abstat show FILE lists them)");
		cfg->primary = arg;
		return 0;
	case OPT_RESAMPLES:
		if (cli_number("--resamples", arg, 100, 10000000, &u))
			return -EINVAL;
		cfg->resamples = u;
		return 0;
	case OPT_KIND:
		if (!strcmp(arg, "auto")) {
			cfg->plot_kind = PLOT_AUTO;
			return 0;
		}
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->plot_kind = PLOT_DELTA + i;
		return 0;
	case OPT_ENCODE:
		cfg->encode = true;
		return 0;
	case OPT_BASELINE:
		if (!*arg)
			return cli_usage("--baseline needs a side's label, e.g. --baseline k47");
		cfg->baseline = arg;
		return 0;
	case OPT_TIME_UNIT:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->time_unit = TIME_UNIT_NS + i;
		return 0;
	case OPT_BY:
		if (cli_choice(c, arg) < 0)
			return -EINVAL;
		cfg->by_host = true;
		return 0;
	case OPT_POOL_HOSTS:
		cfg->pool_hosts = true;
		return 0;
	case OPT_KEEP_ENV:
		cfg->keep_env = true;
		return 0;
	case OPT_CLEAN_CGROUPS:
		cfg->clean_cgroups = true;
		return 0;
	case OPT_PROGRESS:
	case OPT_COLOR:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		*(c == OPT_COLOR ? &cfg->colour : &cfg->progress) = i;
		return 0;
	case OPT_IMPORT:
		cfg->flame_import = cli_choice(c, arg);
		return cfg->flame_import < 0 ? -EINVAL : 0;
	case OPT_FLAME_FORMAT:
		cfg->flame_format = cli_choice(c, arg);
		return cfg->flame_format < 0 ? -EINVAL : 0;
	case OPT_EXCLUDE:
		if (!*arg)
			return cli_usage("--exclude: empty regex; give --exclude REGEX (e.g. --exclude idle)");
		cfg->exclude = arg;
		return 0;
	case OPT_KERNEL:
		cfg->kernel_frames = true;
		return 0;
	case OPT_USER_FRAMES:
		cfg->user_frames = true;
		return 0;
	case OPT_DIFF:
		cfg->diff = true;
		return 0;
	case OPT_FREQ:
		if (cli_number("--freq", arg, 1, 100000, &u))
			return -EINVAL;
		cfg->freq = u;
		return 0;
	case OPT_SAMPLE_EVENT:
		if (!*arg || strchr(arg, ','))
			return cli_usage("--sample-event: give one event, e.g. --sample-event cpu-clock");
		cfg->sample_event = arg;
		return 0;
	case OPT_CALL_GRAPH:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->call_graph_dwarf = i == 1;
		return 0;
	case OPT_LAUNCHER_CPU:
		i = cli_choice(c, arg);
		if (i < 0)
			return -EINVAL;
		cfg->launcher_cpu = LAUNCHER_CPU_SAME + i;
		return 0;
	case OPT_WHERE:
		if (cli_number("--where", arg, 0, 10000, &u))
			return -EINVAL;
		cfg->where = u;
		return 0;
	case OPT_SCORE:
	case OPT_PARSER:
	case OPT_KEEP_OUTPUT:
	case OPT_SETUP:
	case OPT_CLEANUP:
	case OPT_PREPARE:
	case OPT_CONCLUDE:
	case OPT_OVERSUBSCRIBE:
	case OPT_SUITE_FILE:
		return cli_run_option(cfg, c, arg);
	case OPT_PARAM_SCAN:
	case OPT_PARAM_LIST:
		return -EINVAL; /* cli_run_scan, from cli_parse */
	case OPT_VERSION:
	case OPT_HELP:
	case OPT_COUNT:
		break;
	}
	return -EINVAL;
}

/* Every default of the table, parsed as if given. */
static int cli_defaults(struct config *cfg, const char *argv0)
{
	int rc = 0;

	memset(cfg, 0, sizeof(*cfg));
	cfg->argv0 = argv0;
	cfg->fail_on_regression_pct = -1; /* off */
	cfg->flame_import = cfg->flame_format = -1;
	for (int i = 0; i < OPT_COUNT && !rc; i++)
		if (cli_opts[i].def)
			rc = cli_option(cfg, (enum cli_opt_id)i,
					cli_opts[i].def);
	return rc;
}

/* getopt's values: the short form where there is one, else CLI_VAL + id. */
#define CLI_VAL 256
#define CLI_MAX_OPTS 48

static void cli_getopt_tables(const struct cmd_entry *e, struct option *lo,
			      char *so, size_t so_len)
{
	size_t n = 0, k = 0;

	if (e->in_order)
		so[k++] = '+';
	for (const struct cli_use *u = e->opts;; u++) {
		const struct cli_opt *o = &cli_opts[u->id];

		lo[n++] = (struct option){ o->name,
					   o->arg ? required_argument :
						    no_argument,
					   NULL,
					   o->short_name ? o->short_name :
							   CLI_VAL + (int)u->id };
		if (o->short_name && k + 3 < so_len) {
			so[k++] = o->short_name;
			if (o->arg)
				so[k++] = ':';
		}
		if (u->id == OPT_HELP)
			break;
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	so[k] = '\0';
}

/* The option a getopt value stands for in e. */
static enum cli_opt_id cli_opt_of(const struct cmd_entry *e, int c)
{
	if (c >= CLI_VAL)
		return (enum cli_opt_id)(c - CLI_VAL);
	for (const struct cli_use *u = e->opts;; u++) {
		if (cli_opts[u->id].short_name == c)
			return u->id;
		if (u->id == OPT_HELP)
			break;
	}
	return OPT_COUNT;
}

/* s is option id's short or long form. */
static bool cli_is(const char *s, enum cli_opt_id id)
{
	const struct cli_opt *o = &cli_opts[id];

	if (s[0] != '-')
		return false;
	if (s[1] == '-')
		return !strcmp(s + 2, o->name);
	return o->short_name && s[1] == o->short_name && !s[2];
}

/* The command named name, or NULL after one error line. */
static const struct cmd_entry *cli_command(const char *name)
{
	char list[256];
	size_t k = 0;

	for (const struct cmd_entry *e = cli_cmds; e->name; e++)
		if (!strcmp(name, e->name))
			return e;
	list[0] = '\0';
	for (const struct cmd_entry *e = cli_cmds; e->name; e++)
		if (k < sizeof(list))
			k += snprintf(list + k, sizeof(list) - k, "%s%s",
				      k ? ", " : "", e->name);
	cli_usage("unknown command '%s'; commands: %s", name, list);
	return NULL;
}

int cli_parse(int argc, char **argv, struct config *cfg, bool *done)
{
	struct option lo[CLI_MAX_OPTS];
	const struct cmd_entry *e = NULL;
	char so[2 * CLI_MAX_OPTS + 2];
	enum cli_opt_id id;
	int c, rc;

	*done = false;
	rc = cli_defaults(cfg, argv[0]);
	if (rc)
		return rc;
	if (argc < 2)
		return cli_usage("no command given; usage: abstat COMMAND [OPTIONS] (try 'abstat --help')");
	if (cli_is(argv[1], OPT_HELP) || !strcmp(argv[1], "help")) {
		cli_print_main_help();
		*done = true;
		return 0;
	}
	if (cli_is(argv[1], OPT_VERSION)) {
		printf("abstat %s\n", ABSTAT_VERSION);
		*done = true;
		return 0;
	}
	if (!strcmp(argv[1], "--complete")) {
		if (argc > 3)
			return cli_usage("--complete: usage: abstat --complete [COMMAND]");
		if (argc == 3 && !(e = cli_command(argv[2])))
			return -EINVAL;
		cli_print_complete(e);
		*done = true;
		return 0;
	}
	e = cli_command(argv[1]);
	if (!e)
		return -EINVAL;
	cfg->cmd = e->cmd;
	cli_getopt_tables(e, lo, so, sizeof(so));
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?' || c == ':') {
			if (optopt && optopt < CLI_VAL)
				return cli_usage("%s: unknown option or missing value for '-%c'; see 'abstat %s --help'",
						 e->name, optopt, e->name);
			return cli_usage("%s: unknown option or missing value for '%s'; see 'abstat %s --help'",
					 e->name, argv[optind - 1], e->name);
		}
		id = cli_opt_of(e, c);
		if (id == OPT_HELP) {
			cli_print_help(e);
			*done = true;
			return 0;
		}
		if (id == OPT_PARAM_SCAN || id == OPT_PARAM_LIST)
			rc = cli_run_scan(cfg, id, optarg, argc, argv, &optind);
		else
			rc = cli_option(cfg, id, optarg);
		if (rc)
			return rc;
	}
	msg_set_quiet(cfg->quiet);
	return cli_validate(cfg, argc - optind, argv + optind);
}
