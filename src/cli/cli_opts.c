// SPDX-License-Identifier: MIT
/*
 * cli_opts: every option, once (cli_opts[]): its name, short form, value
 * word, default and help (cli_help.c prints them), its fixed values, and
 * what it sets in struct config: a kind, the field (offsetof), the
 * bounds of a number, the base of a choice, as git's OPT_BOOL and
 * OPT_INTEGER say it (cli_priv.h, struct cli_opt). cli_option() (cli.c)
 * does what the kind says; the few options that a table cannot say
 * (lists that add up, a value that names a scan) have a set function
 * here or in cli_run.c.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"
#include "flame.h"
#include "score.h"
#include "workloads.h"

static const struct cli_values formats = { format_names, false };
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
/* boots: --order, --method, --on-mismatch (enum boots_method's order) */
static const struct cli_values boot_orders = {
	(const char *const[]){ "abab", "random", NULL }, true
};
static const struct cli_values methods = {
	(const char *const[]){ "kexec", "grub", "cmd", NULL }, true
};
static const struct cli_values mismatches = {
	(const char *const[]){ "retry", "stop", NULL }, true
};
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
	if (asprintf(&joined, "%s%s%s", cfg->measure.workloads ? cfg->measure.workloads : "",
		     cfg->measure.workloads ? "," : "", arg) < 0)
		return -ENOMEM;
	free(cfg->measure.workloads);
	cfg->measure.workloads = joined;
	return 0;
}

/* -e may be given more than once: the lists are appended, as perf does. */
static int cli_events_add(struct config *cfg, const char *arg)
{
	char *joined;

	if (!cfg->measure.events) {
		cfg->measure.events = arg;
		return 0;
	}
	if (asprintf(&joined, "%s,%s", cfg->measure.events, arg) < 0)
		return -ENOMEM;
	free(cfg->measure.events_joined);
	cfg->measure.events = cfg->measure.events_joined = joined;
	return 0;
}

static int cli_set_events(struct config *cfg, const struct cli_opt *o,
			  const char *arg)
{
	if (cli_list_empty(arg))
		return cli_usage("-e: empty event name in '%s'; expected -e EVENT[,EVENT...]",
				 arg);
	return cli_events_add(cfg, arg);
}

static int cli_set_workload(struct config *cfg, const struct cli_opt *o,
			    const char *arg)
{
	return cli_workload_add(cfg, arg);
}

static int cli_set_copies(struct config *cfg, const struct cli_opt *o,
			  const char *arg)
{
	uint64_t u;

	if (strchr(arg, ','))
		return cli_run_copies(cfg, arg);
	if (cli_number("--copies", arg, 1, CPU_LIST_MAX, &u))
		return -EINVAL;
	cfg->measure.copies = u;
	return 0;
}

static int cli_set_format(struct config *cfg, const struct cli_opt *o,
			  const char *arg)
{
	char list[256];
	int i = format_find(arg);

	if (i < 0) {
		cli_values_join(o->values, ", ", ", ", false, list,
				sizeof(list));
		return cli_usage("--format: '%s' is not one of %s", arg, list);
	}
	cfg->format = i;
	return 0;
}

static int cli_set_metric(struct config *cfg, const struct cli_opt *o,
			  const char *arg)
{
	if (!arg[strspn(arg, ",")])
		return cli_usage("--metric: the list is empty; give METRIC[,METRIC...] (abstat show FILE lists them)");
	cfg->model.metrics = arg;
	return 0;
}

/* --detect PCT: a change in percent, "2" or "2%" */
static int cli_set_detect(struct config *cfg, const struct cli_opt *o,
			  const char *arg)
{
	char buf[64];
	size_t n = strlen(arg);
	double v;

	(void)o;
	if (n && n < sizeof(buf) && arg[n - 1] == '%')
		n--;
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, arg, n);
	buf[n] = '\0';
	if (cli_real("--detect", buf, 0.001, 1000, &v))
		return -EINVAL;
	cfg->model.detect = v / 100;
	return 0;
}

/* plot --kind: auto, the default, is left out of --help */
static int cli_set_kind(struct config *cfg, const struct cli_opt *o,
			const char *arg)
{
	int i;

	if (!strcmp(arg, "auto")) {
		cfg->plot.kind = PLOT_AUTO;
		return 0;
	}
	i = cli_choice(o, arg);
	if (i < 0)
		return -EINVAL;
	cfg->plot.kind = PLOT_DELTA + i;
	return 0;
}

static int cli_set_sample_event(struct config *cfg, const struct cli_opt *o,
				const char *arg)
{
	if (!*arg || strchr(arg, ','))
		return cli_usage("--sample-event: give one event, e.g. --sample-event cpu-clock");
	cfg->profile.sample_event = arg;
	return 0;
}

const struct cli_opt cli_opts[OPT_COUNT] = {
	[OPT_EVENTS] = { "events", 'e', "LIST", NULL, false,
			 "events, perf syntax: a,pmu/t=v/,sys:tp,{a,b}:u",
		CLI_CALL(cli_set_events), .complete = "EVENTS" },
	[OPT_REPEAT] = { "repeat", 'r', "N", "10", true, "measured runs",
		CLI_UINT(measure.repeat, 1, 100000) },
	[OPT_WARMUP] = { "warmup", 0, "N", "1", true,
			 "warm-up runs, kept out of statistics",
		CLI_UINT(measure.warmup, 0, 10000) },
	[OPT_CPU] = { "cpu", 'C', "LIST", NULL, false,
		      "CPUs to pin to (taskset syntax; default: one\n"
		      "online CPU other than 0)",
		CLI_STRING(measure.cpu_list), .complete = "CPUS" },
	[OPT_NO_PIN] = { "no-pin", 0, NULL, NULL, false, "do not pin",
		CLI_BOOL(measure.no_pin) },
	[OPT_CPUSET] = { "cpuset", 0, NULL, NULL, false,
			 "run inside an exclusive cpuset cgroup",
		CLI_BOOL(measure.cpuset) },
	[OPT_COPIES] = { "copies", 0, "N", "1", false,
			 "N simultaneous copies, one per CPU of -C",
		CLI_CALL(cli_set_copies) },
	[OPT_NAME] = { "name", 'n', "LABEL", NULL, false,
		       "label of the result (default: kernel release)",
		CLI_STRING(measure.label) },
	[OPT_BACKEND] = { "backend", 0, "B", NULL, false, NULL, &backends,
		CLI_ENUM(measure.backend, BACKEND_PERF) },
	[OPT_TIMEOUT] = { "timeout", 0, "SEC", NULL, false,
			  "kill a run or hook after SEC seconds\n"
			  "(a hook: 600 without)",
		CLI_DOUBLE(measure.timeout_s, 0.001, 86400 * 7) },
	[OPT_USER_ONLY] = { "user-only", 0, NULL, NULL, false,
			    "count user space only (recorded)",
		CLI_BOOL(measure.user_only) },
	[OPT_SHOW_OUTPUT] = { "show-output", 0, NULL, NULL, false,
			      "let the workload's output through",
		CLI_BOOL(measure.show_output) },
	[OPT_OUTPUT] = { "output", 'o', "FILE", NULL, false,
			 "save the result (JSON)",
		CLI_STRING_NONEMPTY(output, "-o: empty file name") },
	[OPT_RESUME] = { "resume", 0, "FILE", NULL, false,
			 "go on with an interrupted session: the runs\n"
			 "FILE (its result or journal) lacks, into FILE;\n"
			 "give the same arguments (abstat-run(1))",
		CLI_STRING_NONEMPTY(measure.resume, "--resume: empty file name") },
	[OPT_FORCE] = { "force", 0, NULL, NULL, false,
			"overwrite an existing output file",
		CLI_BOOL(force) },
	[OPT_FORMAT] = { "format", 0, "FMT", NULL, false, NULL, &formats,
		CLI_CALL(cli_set_format) },
	[OPT_IGNORE_FAILURE] = { "ignore-failure", 'i', NULL, NULL, false,
				 "go on after a failed run",
		CLI_BOOL(measure.ignore_failure) },
	[OPT_ALLOW_MULTIPLEX] = { "allow-multiplex", 0, NULL, NULL, false,
				  "scale multiplexed counters (flagged)",
		CLI_BOOL(measure.allow_multiplex) },
	[OPT_QUIET] = { "quiet", 'q', NULL, NULL, false,
			"no warnings or progress",
		CLI_BOOL(quiet) },
	[OPT_USER] = { "user", 0, "USER", NULL, false,
		       "run the workload as USER (abstat as root)",
		CLI_STRING(measure.run_user) },
	[OPT_SEED] = { "seed", 0, "N", NULL, false,
		       "random seed (--order random, bootstrap)",
		CLI_UINT_FLAG(seed, 0, UINT64_MAX, seed_set) },
	[OPT_OPS] = { "ops", 0, "N", NULL, false,
		      "operations per run of an external command",
		CLI_UINT_FLAG(measure.ops, 1, UINT64_MAX, measure.has_ops) },
	[OPT_WRAPPER] = { "wrapper", 0, "PROG", NULL, false,
			  "a program that runs the benchmark (as env,\n"
			  "taskset, nice do): named after what it runs",
		CLI_STRING_NONEMPTY(measure.wrapper, "--wrapper: empty program; give --wrapper PROG, the program that runs the benchmark (e.g. --wrapper ./sc)") },
	[OPT_OPS_FROM] = { "ops-from", 0, "SCORE", NULL, false,
			   "each run's operations: the value of SCORE\n"
			   "(--score or --parser) in its output",
		CLI_STRING_NONEMPTY(measure.ops_from, "--ops-from: empty name; give --ops-from SCORE, a score of --score or --parser (e.g. --ops-from loops)") },
	[OPT_WORKLOAD] = { "workload", 'w', "LIST", NULL, false,
			   "built-in workloads, NAME[:ARGS],...",
		CLI_CALL(cli_set_workload), .complete = "WORKLOADS" },
	[OPT_SUITE] = { "suite", 's', "NAME", NULL, false, NULL, &suites,
		CLI_STRING_NONEMPTY(measure.suite, "-s: empty suite name; expected -s SUITE (syscalls, vm, sched, fs, all)") },
	[OPT_ORDER] = { "order", 0, "O", NULL, false, NULL, &orders,
		CLI_ENUM(order, ORDER_ALTERNATE) },
	[OPT_SHELL] = { "shell", 0, NULL, NULL, false,
			"run each command with /bin/sh -c",
		CLI_BOOL(measure.shell) },
	[OPT_ALPHA] = { "alpha", 0, "A", "0.05", true, "significance level",
		CLI_DOUBLE(model.alpha, 1e-6, 0.5) },
	[OPT_DETAIL] = { "detail", 0, NULL, NULL, false,
			 "per-counter rows for suites",
		CLI_BOOL(model.detail) },
	[OPT_ALL_ROWS] = { "all-rows", 0, NULL, NULL, false,
			   "keep rows no side counted and rows zero in\n"
			   "every run (left out and named by default)",
		CLI_BOOL(model.all_rows) },
	[OPT_METRIC] = { "metric", 0, "LIST", NULL, false,
			 "rows to show (metric names)",
		CLI_CALL(cli_set_metric), .complete = "METRICS" },
	[OPT_CENTER] = { "center", 0, "C", NULL, false, NULL, &centers,
		CLI_ENUM(model.center, CENTER_MEDIAN) },
	[OPT_FORCE_COMPARE] = { "force-compare", 0, NULL, NULL, false,
				"compare events whose encodings differ",
		CLI_BOOL(model.force_compare) },
	[OPT_ALLOW_ENV_DIFF] = { "allow-env-diff", 0, "KEYS", NULL, false,
				 "let these env keys differ",
		CLI_STRING(model.allow_env_diff) },
	[OPT_FAIL_ON_REGRESSION] = { "fail-on-regression", 0, "PCT", NULL,
				     false,
				     "exit 1 on a significant regression\n"
				     "beyond PCT percent",
		CLI_DOUBLE(model.fail_on_regression_pct, 0, 1e6) },
	[OPT_DETECT] = { "detect", 0, "PCT", NULL, false,
			 "the boots (runs) a side needs to detect\n"
			 "a change of PCT percent (80% power)",
		CLI_CALL(cli_set_detect) },
	[OPT_WITHIN_SESSION] = { "within-session", 0, NULL, NULL, false,
				 "let --fail-on-regression act on a\n"
				 "verdict within one session per side",
		CLI_BOOL(model.within_session) },
	[OPT_PRIMARY] = { "primary", 0, "METRIC", NULL, false,
			  "the tested row of each benchmark\n"
			  "(default: CPU time per op)",
		CLI_STRING_NONEMPTY(model.primary, "--primary needs a metric name, e.g. --primary task-clock/op (abstat show FILE lists them)"), .complete = "METRIC" },
	[OPT_RESAMPLES] = { "resamples", 0, "N", "10000", true,
			    "bootstrap resamples",
		CLI_UINT(model.resamples, 100, 10000000) },
	[OPT_KIND] = { "kind", 0, "K", NULL, false, NULL, &kinds,
		CLI_CALL(cli_set_kind) },
	[OPT_ENCODE] = { "encode", 0, NULL, NULL, false,
			 "show each event's encoding",
		CLI_BOOL(list.encode) },
	[OPT_KEEP_ENV] = { "keep-env", 0, NULL, NULL, false,
			   "with --user: keep abstat's environment\n"
			   "(default: a clean one for USER)",
		CLI_BOOL(measure.keep_env) },
	[OPT_CLEAN_CGROUPS] = { "clean-cgroups", 0, NULL, NULL, false,
				"remove the stale abstat cgroups",
		CLI_BOOL(doctor.clean_cgroups) },
	[OPT_BASELINE] = { "baseline", 0, "LABEL", NULL, false,
			   "the side the others are compared with\n"
			   "(default: the first)",
		CLI_STRING_NONEMPTY(model.baseline, "--baseline needs a side's label, e.g. --baseline k47") },
	[OPT_TIME_UNIT] = { "time-unit", 0, "U", NULL, false,
			    "time rows in ns, us, ms or s (default:\n"
			    "chosen per row)",
			    &time_units,
		CLI_ENUM(time_unit, TIME_UNIT_NS) },
	[OPT_BY] = { "by", 0, "KEY", NULL, false, "host: one table per host",
		     &bys,
		CLI_ENUM(model.by_host, true) },
	[OPT_POOL_HOSTS] = { "pool-hosts", 0, NULL, NULL, false,
			     "let one side pool several hosts' files",
		CLI_BOOL(model.pool_hosts) },
	[OPT_ALLOW_MIXED] = { "allow-mixed", 0, NULL, NULL, false,
			      "let one side pool files of several kernel\n"
			      "releases, command lines or arguments",
		CLI_BOOL(model.allow_mixed) },
	[OPT_ASSUME_BOOTS] = { "assume-boots", 0, NULL, NULL, false,
			       "take each file that records no boot\n"
			       "(no kernel.boot_id or boot_time) as a boot\n"
			       "of its own",
		CLI_BOOL(model.assume_boots) },
	[OPT_FREQ] = { "freq", 0, "HZ", "999", true,
		       "samples per second",
		CLI_UINT(profile.freq, 1, 100000) },
	[OPT_SAMPLE_EVENT] = { "sample-event", 0, "EV", NULL, false,
			       "event to sample (default: cycles where\n"
			       "it samples, else cpu-clock)",
		CLI_CALL(cli_set_sample_event) },
	[OPT_WHERE] = { "where", 0, "N", "10", true,
			"profiles: the N functions whose self\n"
			"share changed most (0: none)",
		CLI_UINT(model.where, 0, 10000) },
	[OPT_CALL_GRAPH] = { "call-graph", 0, "CG", NULL, false,
			     NULL, &call_graphs,
		CLI_ENUM(profile.call_graph_dwarf, false) },
	[OPT_SCORE] = { "score", 0, "DEF", NULL, false,
			"a score from the output:\n"
			"NAME[:UNIT][:higher|lower]=REGEX",
		CLI_CALL(cli_run_score) },
	[OPT_PARSER] = { "parser", 0, "TOOL", NULL, false, NULL, &parsers,
		CLI_CALL(cli_run_parser) },
	[OPT_KEEP_OUTPUT] = { "keep-output", 0, NULL, NULL, false,
			      "keep each run's output in the result",
		CLI_BOOL(measure.keep_output) },
	[OPT_SETUP] = { "setup", 0, "CMD", NULL, false,
			"run CMD once before each benchmark",
		CLI_CALL_FIELD(cli_run_hook, measure.setup) },
	[OPT_CLEANUP] = { "cleanup", 0, "CMD", NULL, false,
			  "run CMD once after each benchmark",
		CLI_CALL_FIELD(cli_run_hook, measure.cleanup) },
	[OPT_PREPARE] = { "prepare", 0, "CMD", NULL, false,
			  "run CMD before every run",
		CLI_CALL_FIELD(cli_run_hook, measure.prepare) },
	[OPT_CONCLUDE] = { "conclude", 0, "CMD", NULL, false,
			   "run CMD after every run",
		CLI_CALL_FIELD(cli_run_hook, measure.conclude) },
	[OPT_PARAM_SCAN] = { "parameter-scan", 'P', "NAME", NULL, false,
			     "then LO HI [STEP]: one benchmark per\n"
			     "value, {NAME} in the command and hooks",
		.kind = CLI_SCAN },
	[OPT_PARAM_LIST] = { "parameter-list", 'L', "NAME", NULL, false,
			     "then A,B,...: one benchmark per value",
		.kind = CLI_SCAN },
	[OPT_OVERSUBSCRIBE] = { "oversubscribe", 0, NULL, NULL, false,
				"allow more --copies than CPUs (they\n"
				"share CPUs round-robin; recorded)",
		CLI_BOOL(measure.oversubscribe) },
	[OPT_SUITE_FILE] = { "suite-file", 'S', "FILE", NULL, false,
			     "the benchmarks of a suite file\n"
			     "(abstat-run(1))",
		CLI_STRING_NONEMPTY(measure.suite_file, "-S: empty file name; expected -S FILE") },
	[OPT_LAUNCHER_CPU] = { "launcher-cpu", 0, "WHERE", NULL, false,
			       "same: abstat waits on the workload's CPU\n"
			       "(one copy, one CPU; not profile), any:\n"
			       "where the scheduler puts it",
			       &launcher_cpus,
		CLI_ENUM(measure.launcher_cpu, LAUNCHER_CPU_SAME) },
	[OPT_VERSION] = { .name = "version", .short_name = 'V',
			  .help = "print the version" },
	[OPT_HELP] = { .name = "help", .short_name = 'h',
		       .help = "this help" },
	[OPT_PROGRESS] = { "progress", 0, "WHEN", "auto", false,
			   "progress line on stderr: never, auto\n"
			   "(a terminal, no -q), always", &whens,
		CLI_ENUM(progress, TERM_NEVER) },
	[OPT_COLOR] = { "color", 0, "WHEN", "auto", false,
			"colour: never, auto (a terminal, NO_COLOR\n"
			"unset or empty, TERM not dumb), always",
			&whens,
		CLI_ENUM(colour, TERM_NEVER) },
	[OPT_IMPORT] = { "import", 0, "KIND", NULL, false,
			 NULL, &imports,
		CLI_ENUM(flame.import, 0) },
	[OPT_BENCH] = { "bench", 0, "NAME", NULL, false,
			"name the benchmark NAME (one benchmark)",
		CLI_STRING_NONEMPTY(import.bench, "--bench: empty name; give --bench NAME, as abstat run names it (the command's basename)") },
	[OPT_FLAME_FORMAT] = { "format", 0, "FMT", NULL, false,
			       NULL, &flame_formats,
		CLI_ENUM(flame.format, 0) },
	[OPT_EXCLUDE] = { "exclude", 0, "REGEX", NULL, false,
			  "drop the stacks with a frame matching REGEX",
		CLI_STRING_NONEMPTY(flame.exclude, "--exclude: empty regex; give --exclude REGEX (e.g. --exclude idle)") },
	[OPT_KERNEL] = { "kernel", 0, NULL, NULL, false,
			 "only samples in the kernel, kernel frames",
		CLI_BOOL(flame.kernel) },
	[OPT_USER_FRAMES] = { "user", 0, NULL, NULL, false,
			      "only samples in user space",
		CLI_BOOL(flame.user) },
	[OPT_DIFF] = { "diff", 0, NULL, NULL, false,
		       "differential of two sides (A B)",
		CLI_BOOL(flame.diff) },
	[OPT_BOOTS_K] = { "boots", 'k', "K", "3", true, "boots per side",
		CLI_UINT(boots.k, 1, BOOTS_K_MAX) },
	[OPT_BOOTS_ORDER] = { "order", 0, "O", NULL, false,
			      "abab: A B A B ...; random: K of each\n"
			      "shuffled with --seed",
			      &boot_orders,
		CLI_ENUM(order, ORDER_ALTERNATE) },
	[OPT_METHOD] = { "method", 0, "M", NULL, false,
			 "how the next kernel boots: kexec (-l, -e),\n"
			 "grub (grub-reboot KERNEL, reboot), cmd\n"
			 "(--next)",
			 &methods,
		CLI_ENUM(boots.method, BOOTS_KEXEC) },
	[OPT_NEXT] = { "next", 0, "CMD", NULL, false,
		       "--method cmd: sh -c CMD boots the next kernel\n"
		       "($ABSTAT_BOOTS_KERNEL and others)",
		CLI_STRING_NONEMPTY(boots.next, "--next: empty command; give --next 'COMMAND' (it boots $ABSTAT_BOOTS_KERNEL)") },
	[OPT_CMDLINE_A] = { "cmdline-a", 0, "ARGS", NULL, false,
			    "side A's kernel command line",
		CLI_STRING(boots.cmdline[0]) },
	[OPT_CMDLINE_B] = { "cmdline-b", 0, "ARGS", NULL, false,
			    "side B's kernel command line",
		CLI_STRING(boots.cmdline[1]) },
	[OPT_INITRD_A] = { "initrd-a", 0, "FILE", NULL, false,
			   "side A's initrd (kexec)",
		CLI_STRING_NONEMPTY(boots.initrd[0], "--initrd-a: empty file name") },
	[OPT_INITRD_B] = { "initrd-b", 0, "FILE", NULL, false,
			   "side B's initrd (kexec)",
		CLI_STRING_NONEMPTY(boots.initrd[1], "--initrd-b: empty file name") },
	[OPT_RELEASE_A] = { "release-a", 0, "REL", NULL, false,
			    "what uname -r says on side A (default:\n"
			    "from /boot/vmlinuz-REL)",
		CLI_STRING_NONEMPTY(boots.release[0], "--release-a: empty release; give what uname -r says on kernel A") },
	[OPT_RELEASE_B] = { "release-b", 0, "REL", NULL, false,
			    "what uname -r says on side B",
		CLI_STRING_NONEMPTY(boots.release[1], "--release-b: empty release; give what uname -r says on kernel B") },
	[OPT_BOOT_LIMIT] = { "limit", 0, "SEC", "1800", true,
			     "a boot's time for its result (a hang or\n"
			     "panic past it: failed, the plan goes on)",
		CLI_UINT(boots.limit_s, 1, BOOTS_LIMIT_MAX) },
	[OPT_ON_MISMATCH] = { "on-mismatch", 0, "WHAT", NULL, false,
			      "another kernel than planned is running:\n"
			      "retry (that boot once more, then failed)\n"
			      "or stop the plan",
			      &mismatches,
		CLI_ENUM(boots.mismatch, BOOTS_RETRY) },
	[OPT_DRY_RUN] = { "dry-run", 0, NULL, NULL, false,
			  "print the commands instead of running them",
		CLI_BOOL(boots.dry_run) },
	[OPT_NO_CHECK] = { "no-check", 0, NULL, NULL, false,
			   "init: skip the checks before a reboot (a\n"
			   "plan for another machine: step --dry-run\n"
			   "checks it there)",
		CLI_BOOL(boots.no_check) },
	[OPT_UNIT_DIR] = { "unit-dir", 0, "DIR", "/etc/systemd/system", true,
			   "where install writes the systemd unit",
		CLI_STRING_NONEMPTY(boots.unit_dir, "--unit-dir: empty directory") },
	[OPT_PLOT_OUT] = { "plot", 0, "OUT", NULL, false,
			   "report: the chart too (abstat plot's -o)",
		CLI_STRING_NONEMPTY(boots.plot, "--plot: empty file name; give --plot OUT.png (or .svg, .txt)") },
	[OPT_GOOD] = { "good", 0, "REV", NULL, false,
		       "a commit where it was fast (the baseline)",
		CLI_STRING_NONEMPTY(bisect.good, "--good: empty revision; give --good REV (a commit, tag or branch)") },
	[OPT_BAD] = { "bad", 0, "REV", NULL, false,
		      "a later commit where it is slow",
		CLI_STRING_NONEMPTY(bisect.bad, "--bad: empty revision; give --bad REV (a commit, tag or branch)") },
	[OPT_REPO] = { "repo", 0, "DIR", NULL, false,
		       "the git work tree (default: the current one)",
		CLI_STRING_NONEMPTY(bisect.repo, "--repo: empty directory") },
	[OPT_BUILD] = { "build", 0, "CMD", NULL, false,
			"sh -c CMD builds a commit in its work tree\n"
			"(failure or exit 125: skip the commit)",
		CLI_STRING_NONEMPTY(bisect.build_cmd, "--build: empty command; give --build 'make' (run by /bin/sh in the work tree)") },
	[OPT_MAX_RUNS] = { "max-runs", 0, "N", "60", true,
			   "a side's runs at a step before it is skipped\n"
			   "as not decided (-r more each round; result\n"
			   "files, boots, with --measure)",
		CLI_UINT(bisect.max_runs, 1, 100000) },
	[OPT_MEASURE] = { "measure", 0, "CMD", NULL, false,
			  "sh -c CMD measures a side instead of COMMAND:\n"
			  "result files (a boot each) in $ABSTAT_BISECT_OUT",
		CLI_STRING_NONEMPTY(bisect.measure_cmd, "--measure: empty command; give --measure 'CMD' (run by /bin/sh in the work tree; it writes result files into $ABSTAT_BISECT_OUT)") },
};
