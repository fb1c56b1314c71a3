// SPDX-License-Identifier: MIT
/*
 * cli: argv -> const struct config. One option table per command; every
 * number parsed strictly (whole string, range); every error one line and
 * EXIT_USAGE.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "launcher.h"
#include "msg.h"
#include "workloads.h"

enum long_only {
	OPT_WARMUP = 256,
	OPT_NO_PIN,
	OPT_CPUSET,
	OPT_COPIES,
	OPT_BACKEND,
	OPT_TIMEOUT,
	OPT_USER_ONLY,
	OPT_SHOW_OUTPUT,
	OPT_FORCE,
	OPT_FORMAT,
	OPT_ALLOW_MULTIPLEX,
	OPT_USER,
	OPT_OPS,
	OPT_ORDER,
	OPT_SEED,
	OPT_SHELL,
	OPT_ALPHA,
	OPT_DETAIL,
	OPT_METRIC,
	OPT_CENTER,
	OPT_FORCE_COMPARE,
	OPT_ALLOW_ENV_DIFF,
	OPT_FAIL_ON_REGRESSION,
	OPT_RESAMPLES,
	OPT_KIND,
	OPT_ENCODE,
	OPT_HELP,
	OPT_VERSION,
};

#define O_HELP { "help", no_argument, NULL, 'h' }
#define O_END { NULL, 0, NULL, 0 }

#define RUN_OPTS                                                              \
	{ "events", required_argument, NULL, 'e' },                          \
	{ "repeat", required_argument, NULL, 'r' },                          \
	{ "warmup", required_argument, NULL, OPT_WARMUP },                   \
	{ "cpu", required_argument, NULL, 'C' },                             \
	{ "no-pin", no_argument, NULL, OPT_NO_PIN },                         \
	{ "cpuset", no_argument, NULL, OPT_CPUSET },                         \
	{ "copies", required_argument, NULL, OPT_COPIES },                   \
	{ "name", required_argument, NULL, 'n' },                            \
	{ "backend", required_argument, NULL, OPT_BACKEND },                 \
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },                 \
	{ "user-only", no_argument, NULL, OPT_USER_ONLY },                   \
	{ "show-output", no_argument, NULL, OPT_SHOW_OUTPUT },               \
	{ "output", required_argument, NULL, 'o' },                          \
	{ "force", no_argument, NULL, OPT_FORCE },                           \
	{ "format", required_argument, NULL, OPT_FORMAT },                   \
	{ "ignore-failure", no_argument, NULL, 'i' },                        \
	{ "allow-multiplex", no_argument, NULL, OPT_ALLOW_MULTIPLEX },       \
	{ "quiet", no_argument, NULL, 'q' },                                 \
	{ "user", required_argument, NULL, OPT_USER },                       \
	{ "seed", required_argument, NULL, OPT_SEED }

#define COMPARE_OPTS                                                          \
	{ "alpha", required_argument, NULL, OPT_ALPHA },                     \
	{ "detail", no_argument, NULL, OPT_DETAIL },                         \
	{ "metric", required_argument, NULL, OPT_METRIC },                   \
	{ "center", required_argument, NULL, OPT_CENTER },                   \
	{ "fail-on-regression", required_argument, NULL,                     \
	  OPT_FAIL_ON_REGRESSION },                                          \
	{ "resamples", required_argument, NULL, OPT_RESAMPLES }

static const struct option run_options[] = {
	RUN_OPTS,
	{ "ops", required_argument, NULL, OPT_OPS },
	{ "workload", required_argument, NULL, 'w' },
	{ "suite", required_argument, NULL, 's' },
	O_HELP,
	O_END,
};

static const struct option versus_options[] = {
	RUN_OPTS,
	COMPARE_OPTS,
	{ "order", required_argument, NULL, OPT_ORDER },
	{ "shell", no_argument, NULL, OPT_SHELL },
	{ "ops", required_argument, NULL, OPT_OPS },
	O_HELP,
	O_END,
};

static const struct option compare_options[] = {
	COMPARE_OPTS,
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "events", required_argument, NULL, 'e' },
	{ "force-compare", no_argument, NULL, OPT_FORCE_COMPARE },
	{ "allow-env-diff", required_argument, NULL, OPT_ALLOW_ENV_DIFF },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "quiet", no_argument, NULL, 'q' },
	O_HELP,
	O_END,
};

static const struct option show_options[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "detail", no_argument, NULL, OPT_DETAIL },
	{ "metric", required_argument, NULL, OPT_METRIC },
	{ "events", required_argument, NULL, 'e' },
	O_HELP,
	O_END,
};

static const struct option plot_options[] = {
	COMPARE_OPTS,
	{ "kind", required_argument, NULL, OPT_KIND },
	{ "output", required_argument, NULL, 'o' },
	{ "events", required_argument, NULL, 'e' },
	{ "force-compare", no_argument, NULL, OPT_FORCE_COMPARE },
	{ "allow-env-diff", required_argument, NULL, OPT_ALLOW_ENV_DIFF },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "quiet", no_argument, NULL, 'q' },
	O_HELP,
	O_END,
};

static const struct option list_options[] = {
	{ "backend", required_argument, NULL, OPT_BACKEND },
	{ "encode", no_argument, NULL, OPT_ENCODE },
	{ "user-only", no_argument, NULL, OPT_USER_ONLY },
	O_HELP,
	O_END,
};

static const struct option doctor_options[] = {
	{ "cpu", required_argument, NULL, 'C' },
	{ "user-only", no_argument, NULL, OPT_USER_ONLY },
	{ "backend", required_argument, NULL, OPT_BACKEND },
	O_HELP,
	O_END,
};

static const struct option recover_options[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "force", no_argument, NULL, OPT_FORCE },
	O_HELP,
	O_END,
};

static const struct option none_options[] = {
	O_HELP,
	O_END,
};

struct cmd_entry {
	const char *name;
	enum command cmd;
	const struct option *options;
	const char *shortopts;
	const char *usage;
};

static const struct cmd_entry cmd_table[] = {
	{ "run", CMD_RUN, run_options, "+e:r:C:n:o:iqw:s:h",
	  "abstat run [OPTIONS] (-- COMMAND [ARG...] | -w WORKLOAD[,...] | "
	  "-s SUITE)" },
	{ "versus", CMD_VERSUS, versus_options, "+e:r:C:n:o:iqh",
	  "abstat versus [OPTIONS] 'COMMAND A' 'COMMAND B' [...]" },
	{ "compare", CMD_COMPARE, compare_options, "e:qh",
	  "abstat compare [OPTIONS] BASE OTHER [OTHER...]" },
	{ "show", CMD_SHOW, show_options, "e:h", "abstat show [OPTIONS] FILE" },
	{ "plot", CMD_PLOT, plot_options, "o:e:qh",
	  "abstat plot [OPTIONS] FILE... -o OUT.{png,svg,txt,gp}" },
	{ "list", CMD_LIST, list_options, "h", "abstat list [OPTIONS] [PATTERN]" },
	{ "doctor", CMD_DOCTOR, doctor_options, "C:h",
	  "abstat doctor [-C CPU] [--user-only]" },
	{ "workloads", CMD_WORKLOADS, none_options, "+h", "abstat workloads" },
	{ "recover", CMD_RECOVER, recover_options, "o:h",
	  "abstat recover JOURNAL -o FILE [--force]" },
};

static const char main_help[] =
	"usage: abstat COMMAND [OPTIONS] [ARGS]\n"
	"Measure a workload with hardware and software counters, pinned,\n"
	"many times; compare results with deltas, CIs and significance.\n"
	"\n"
	"commands:\n"
	"  run        measure a command or built-in workloads; -o saves\n"
	"  versus     run commands interleaved (ABAB...) and compare at once\n"
	"  compare    delta table from saved results (first is the baseline)\n"
	"  show       one saved result as a table\n"
	"  plot       gnuplot charts: delta, runs, scaling (.png .svg .txt .gp)\n"
	"  list       events this machine can count, and why not\n"
	"  doctor     what will make results noisy or wrong, and the fix\n"
	"  workloads  the built-in workloads and suites\n"
	"  recover    turn a journal left by a crash into a result\n"
	"\n"
	"'abstat COMMAND --help' lists a command's options; see abstat(1).\n"
	"  -h, --help      this help\n"
	"  -V, --version   print the version\n";

static const char run_help[] =
	"  -e, --events LIST     events (perf/libpfm4 names, :u :k modifiers)\n"
	"  -r, --repeat N        measured runs (default 10)\n"
	"      --warmup N        warm-up runs, kept out of statistics (default 1)\n"
	"  -C, --cpu LIST        CPUs to pin to (taskset syntax; default: one\n"
	"                        online CPU other than 0)\n"
	"      --no-pin          do not pin\n"
	"      --cpuset          run inside an exclusive cpuset cgroup\n"
	"      --copies N        N simultaneous copies, one per CPU of -C\n"
	"  -n, --name LABEL      label of the result (default: kernel release)\n"
	"      --backend B       perf (default) or papi\n"
	"      --timeout SEC     kill a run after SEC seconds\n"
	"      --user-only       count user space only (recorded)\n"
	"      --show-output     let the workload's output through\n"
	"  -o, --output FILE     save the result (JSON)\n"
	"      --force           overwrite an existing output file\n"
	"      --format FMT      text, mail, markdown, csv, json, benchstat\n"
	"  -i, --ignore-failure  go on after a failed run\n"
	"      --allow-multiplex scale multiplexed counters (flagged)\n"
	"  -q, --quiet           no warnings or progress\n"
	"      --user USER       run the workload as USER (abstat as root)\n"
	"      --seed N          random seed (--order random, bootstrap)\n"
	"      --ops N           operations per run of an external command\n";

static const char compare_help[] =
	"      --alpha A         significance level (default 0.05)\n"
	"      --detail          per-counter rows for suites\n"
	"      --metric LIST     rows to show (metric names)\n"
	"      --center C        median (default) or mean\n"
	"      --fail-on-regression PCT  exit 1 on a significant regression\n"
	"                        beyond PCT percent\n"
	"      --resamples N     bootstrap resamples (default 10000)\n";

static void cli_print_help(const struct cmd_entry *e)
{
	printf("usage: %s\n", e->usage);
	switch (e->cmd) {
	case CMD_RUN:
		fputs(run_help, stdout);
		fputs("  -w, --workload LIST   built-in workloads, NAME[:ARGS],...\n"
		      "  -s, --suite NAME      syscalls, vm, sched, fs, all\n",
		      stdout);
		break;
	case CMD_VERSUS:
		fputs(run_help, stdout);
		fputs(compare_help, stdout);
		fputs("      --order O         alternate (default) or random\n"
		      "      --shell           run each command with /bin/sh -c\n",
		      stdout);
		break;
	case CMD_COMPARE:
		fputs("  BASE and OTHER are result files, or FILE,FILE... (several\n"
		      "  boots of one side), optionally LABEL=FILE[,FILE...]\n",
		      stdout);
		fputs(compare_help, stdout);
		fputs("      --format FMT      text, mail, markdown, csv, json, benchstat\n"
		      "  -e, --events LIST     counter rows to show\n"
		      "      --force-compare   compare events whose encodings differ\n"
		      "      --allow-env-diff KEYS  let these env keys differ\n"
		      "      --seed N          bootstrap seed\n"
		      "  -q, --quiet           no warnings\n",
		      stdout);
		break;
	case CMD_SHOW:
		fputs("      --format FMT      text (default), json, csv\n"
		      "      --detail          per-counter rows for suites\n"
		      "      --metric LIST     only these metrics\n"
		      "  -e, --events LIST     only these events\n",
		      stdout);
		break;
	case CMD_PLOT:
		fputs("  -o, --output OUT      .png, .svg, .txt (ASCII, for mail),\n"
		      "                        .gp (script and data to edit)\n"
		      "      --kind K          delta, runs, scaling\n",
		      stdout);
		fputs(compare_help, stdout);
		fputs("  -e, --events LIST     counters to plot\n"
		      "      --force-compare   compare events whose encodings differ\n"
		      "      --allow-env-diff KEYS  let these env keys differ\n"
		      "      --seed N          bootstrap seed\n"
		      "      --force           overwrite OUT\n"
		      "  -q, --quiet           no warnings\n",
		      stdout);
		break;
	case CMD_LIST:
		fputs("      --backend B       perf (default) or papi\n"
		      "      --encode          show each event's encoding\n"
		      "      --user-only       encode for user space only\n",
		      stdout);
		break;
	case CMD_DOCTOR:
		fputs("  -C, --cpu LIST        CPUs that will run the workload\n"
		      "      --user-only       checks for user-space counting\n"
		      "      --backend B       perf (default) or papi\n",
		      stdout);
		break;
	case CMD_RECOVER:
		fputs("  -o, --output FILE     the result to write\n"
		      "      --force           overwrite an existing file\n",
		      stdout);
		break;
	default:
		break;
	}
	printf("  -h, --help            this help\nSee abstat(1).\n");
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
		return msg_usage("%s: '%s' is not a whole number", opt, s);
	if (rc == -ERANGE)
		return msg_usage("%s: %s is out of range (%" PRIu64
				 " to %" PRIu64 ")",
				 opt, s, min, max);
	return 0;
}

static int cli_real(const char *opt, const char *s, double min, double max,
		    double *out)
{
	int rc = cli_parse_double(s, min, max, out);

	if (rc == -EINVAL)
		return msg_usage("%s: '%s' is not a number", opt, s);
	if (rc == -ERANGE)
		return msg_usage("%s: %s is out of range (%g to %g)", opt, s,
				 min, max);
	return 0;
}

static const char *const format_names[] = {
	[FMT_TEXT] = "text",         [FMT_MAIL] = "mail",
	[FMT_MARKDOWN] = "markdown", [FMT_CSV] = "csv",
	[FMT_JSON] = "json",         [FMT_BENCHSTAT] = "benchstat",
};

const char *cli_format_name(enum out_format f)
{
	return format_names[f];
}

/* Index of s in names (n entries), or -1. */
static int cli_choice(const char *s, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(s, names[i]))
			return (int)i;
	return -1;
}

void cli_free_words(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

int cli_split_words(const char *s, char ***argv_out)
{
	size_t cap = 8, n = 0, len = strlen(s);
	char **argv = calloc(cap, sizeof(*argv));
	char *word = malloc(len + 1);

	if (!argv || !word)
		goto err_nomem;
	while (*s) {
		size_t w = 0;
		bool any = false;

		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (!*s)
			break;
		while (*s && *s != ' ' && *s != '\t' && *s != '\n') {
			char q = *s;

			any = true;
			if (q == '\'' || q == '"') {
				s++;
				while (*s && *s != q) {
					if (q == '"' && *s == '\\' && s[1])
						s++;
					word[w++] = *s++;
				}
				if (!*s)
					goto err_quote;
				s++;
			} else if (q == '\\' && s[1]) {
				word[w++] = s[1];
				s += 2;
			} else {
				word[w++] = *s++;
			}
		}
		if (!any)
			continue;
		word[w] = '\0';
		if (n + 2 > cap) {
			char **p = realloc(argv, (cap *= 2) * sizeof(*argv));

			if (!p)
				goto err_nomem;
			argv = p;
		}
		argv[n] = strdup(word);
		if (!argv[n++])
			goto err_nomem;
		argv[n] = NULL;
	}
	free(word);
	*argv_out = argv;
	return 0;
err_quote:
	free(word);
	cli_free_words(argv);
	return -EINVAL;
err_nomem:
	free(word);
	cli_free_words(argv);
	return -ENOMEM;
}

static char *cli_basename(const char *path)
{
	const char *slash = strrchr(path, '/');

	return strdup(slash ? slash + 1 : path);
}

/* Look an external command up in PATH once, before measuring. */
static int cli_resolve(char **argv)
{
	char path[4096];
	int rc = launcher_resolve(argv[0], path, sizeof(path));

	if (rc < 0)
		return msg_usage("%s: %s", argv[0],
				 rc == -ENOENT ? "command not found" :
						 strerror(-rc));
	if (strcmp(path, argv[0])) {
		char *p = strdup(path);

		if (!p)
			return EXIT_USAGE;
		free(argv[0]);
		argv[0] = p;
	}
	return 0;
}

static int cli_add_target(struct config *cfg, char *name, char **argv,
			  const char *workload)
{
	struct target *t = realloc(cfg->targets,
				   (cfg->n_targets + 1) * sizeof(*t));

	if (!t)
		return -ENOMEM;
	cfg->targets = t;
	t = &t[cfg->n_targets++];
	t->name = name;
	t->argv = argv;
	t->builtin = workload != NULL;
	t->workload = workload ? strdup(workload) : NULL;
	return 0;
}

/* One "NAME[:ARGS]" of -w. */
static int cli_workload_target(struct config *cfg, const char *spec)
{
	char path[4096], **args = NULL, **argv;
	const char *colon = strchr(spec, ':');
	char *name = colon ? strndup(spec, colon - spec) : strdup(spec);
	size_t n = 0;

	if (!name)
		return -ENOMEM;
	if (!workloads_find(name)) {
		msg_error("-w: unknown workload '%s'; 'abstat workloads' lists them",
			  name);
		goto err;
	}
	if (workloads_path(name, path, sizeof(path)) < 0) {
		msg_error("-w: workload '%s' is not built or installed; run 'make' or set ABSTAT_WORKLOAD_DIR",
			  name);
		goto err;
	}
	if (colon && cli_split_words(colon + 1, &args) < 0) {
		msg_error("-w: %s: unbalanced quotes in arguments '%s'", name,
			  colon + 1);
		goto err;
	}
	while (args && args[n])
		n++;
	argv = calloc(n + 2, sizeof(*argv));
	if (!argv)
		goto err;
	argv[0] = strdup(path);
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = args[i];
	free(args);
	if (cli_add_target(cfg, name, argv, name) < 0)
		goto err;
	return 0;
err:
	free(name);
	cli_free_words(args);
	return EXIT_USAGE;
}

static int cli_workload_targets(struct config *cfg)
{
	char *list, *save = NULL, *tok;
	int rc = 0;

	if (cfg->suite) {
		bool known = false;

		for (const char *const *s = workloads_suites; *s; s++)
			known |= !strcmp(*s, cfg->suite);
		if (!known)
			return msg_usage("-s: unknown suite '%s'; 'abstat workloads' lists the suites",
					 cfg->suite);
		for (size_t i = 0; i < workloads_count() && !rc; i++)
			if (workloads_in_suite(workloads_get(i), cfg->suite))
				rc = cli_workload_target(cfg,
							 workloads_get(i)->name);
		return rc;
	}
	list = strdup(cfg->workloads);
	if (!list)
		return EXIT_USAGE;
	for (tok = strtok_r(list, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		rc = cli_workload_target(cfg, tok);
	free(list);
	return rc;
}

static int cli_command_targets(struct config *cfg, int argc, char **argv)
{
	char **copy;

	if (argc <= 0)
		return msg_usage("run: no command given; usage: abstat run [OPTIONS] -- COMMAND [ARG...] (or -w WORKLOAD, -s SUITE)");
	copy = calloc(argc + 1, sizeof(*copy));
	if (!copy)
		return EXIT_USAGE;
	for (int i = 0; i < argc; i++)
		copy[i] = strdup(argv[i]);
	if (cli_resolve(copy)) {
		cli_free_words(copy);
		return EXIT_USAGE;
	}
	if (cli_add_target(cfg, cli_basename(argv[0]), copy, NULL) < 0)
		return EXIT_USAGE;
	return 0;
}

static int cli_versus_targets(struct config *cfg, int argc, char **argv)
{
	if (argc < 2)
		return msg_usage("versus: needs at least two commands; usage: abstat versus [OPTIONS] 'COMMAND A' 'COMMAND B'");
	for (int i = 0; i < argc; i++) {
		char **words;

		if (cfg->shell) {
			words = calloc(4, sizeof(*words));
			if (!words)
				return EXIT_USAGE;
			words[0] = strdup("/bin/sh");
			words[1] = strdup("-c");
			words[2] = strdup(argv[i]);
		} else if (cli_split_words(argv[i], &words) < 0) {
			return msg_usage("versus: unbalanced quotes in '%s'",
					 argv[i]);
		} else if (!words[0]) {
			cli_free_words(words);
			return msg_usage("versus: command %d is empty", i + 1);
		}
		if (cli_resolve(words)) {
			cli_free_words(words);
			return EXIT_USAGE;
		}
		if (cli_add_target(cfg, strdup(argv[i]), words, NULL) < 0)
			return EXIT_USAGE;
	}
	return 0;
}

static int cli_cpus(struct config *cfg)
{
	struct cpu_list online;
	size_t bad = 0;
	char buf[256];

	if (!cfg->cpu_list)
		return 0;
	if (cpu_list_parse(cfg->cpu_list, &cfg->cpus, &bad) < 0)
		return msg_usage("-C: bad CPU list '%s' at character %zu; expected taskset syntax such as 1 or 0-3,6",
				 cfg->cpu_list, bad + 1);
	if (cpu_online("", &online) < 0)
		return 0;
	for (size_t i = 0; i < cfg->cpus.n; i++)
		if (!cpu_list_has(&online, cfg->cpus.cpu[i])) {
			cpu_list_format(&online, buf, sizeof(buf));
			return msg_usage("-C: CPU %d is offline or does not exist (online: %s)",
					 cfg->cpus.cpu[i], buf);
		}
	return 0;
}

static int cli_option(struct config *cfg, int c, const char *arg)
{
	static const char *const backends[] = { "perf", "papi" };
	static const char *const orders[] = { "alternate", "random" };
	static const char *const centers[] = { "median", "mean" };
	static const char *const kinds[] = { "auto", "delta", "runs",
					     "scaling" };
	uint64_t u;
	int i;

	switch (c) {
	case 'e':
		if (!*arg)
			return msg_usage("-e: empty event list");
		cfg->events = arg;
		return 0;
	case 'r':
		if (cli_number("-r", arg, 1, 100000, &u))
			return EXIT_USAGE;
		cfg->repeat = u;
		return 0;
	case OPT_WARMUP:
		if (cli_number("--warmup", arg, 0, 10000, &u))
			return EXIT_USAGE;
		cfg->warmup = u;
		return 0;
	case 'C':
		cfg->cpu_list = arg;
		return 0;
	case OPT_NO_PIN:
		cfg->no_pin = true;
		return 0;
	case OPT_CPUSET:
		cfg->cpuset = true;
		return 0;
	case OPT_COPIES:
		if (cli_number("--copies", arg, 1, CPU_LIST_MAX, &u))
			return EXIT_USAGE;
		cfg->copies = u;
		return 0;
	case 'n':
		cfg->label = arg;
		return 0;
	case OPT_BACKEND:
		i = cli_choice(arg, backends, 2);
		if (i < 0)
			return msg_usage("--backend: '%s' is not perf or papi",
					 arg);
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
	case 'o':
		if (!*arg)
			return msg_usage("-o: empty file name");
		cfg->output = arg;
		return 0;
	case OPT_FORCE:
		cfg->force = true;
		return 0;
	case OPT_FORMAT:
		i = cli_choice(arg, format_names, 6);
		if (i < 0)
			return msg_usage("--format: '%s' is not one of text, mail, markdown, csv, json, benchstat",
					 arg);
		cfg->format = i;
		return 0;
	case 'i':
		cfg->ignore_failure = true;
		return 0;
	case OPT_ALLOW_MULTIPLEX:
		cfg->allow_multiplex = true;
		return 0;
	case 'q':
		cfg->quiet = true;
		return 0;
	case OPT_USER:
		cfg->run_user = arg;
		return 0;
	case OPT_OPS:
		if (cli_number("--ops", arg, 1, UINT64_MAX, &cfg->ops))
			return EXIT_USAGE;
		cfg->has_ops = true;
		return 0;
	case 'w':
		cfg->workloads = arg;
		return 0;
	case 's':
		cfg->suite = arg;
		return 0;
	case OPT_ORDER:
		i = cli_choice(arg, orders, 2);
		if (i < 0)
			return msg_usage("--order: '%s' is not alternate or random",
					 arg);
		cfg->order = i;
		return 0;
	case OPT_SEED:
		if (cli_number("--seed", arg, 0, UINT64_MAX, &cfg->seed))
			return EXIT_USAGE;
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
		cfg->metrics = arg;
		return 0;
	case OPT_CENTER:
		i = cli_choice(arg, centers, 2);
		if (i < 0)
			return msg_usage("--center: '%s' is not median or mean",
					 arg);
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
	case OPT_RESAMPLES:
		if (cli_number("--resamples", arg, 100, 10000000, &u))
			return EXIT_USAGE;
		cfg->resamples = u;
		return 0;
	case OPT_KIND:
		i = cli_choice(arg, kinds, 4);
		if (i < 0)
			return msg_usage("--kind: '%s' is not delta, runs or scaling",
					 arg);
		cfg->plot_kind = i;
		return 0;
	case OPT_ENCODE:
		cfg->encode = true;
		return 0;
	}
	return EXIT_USAGE;
}

static void cli_defaults(struct config *cfg, const char *argv0)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->argv0 = argv0;
	cfg->repeat = 10;
	cfg->warmup = 1;
	cfg->copies = 1;
	cfg->alpha = 0.05;
	cfg->fail_on_regression_pct = -1;
	cfg->resamples = 10000;
}

/* Checks that need the whole command line. */
static int cli_validate(struct config *cfg, int argc, char **argv)
{
	bool measures = cfg->cmd == CMD_RUN || cfg->cmd == CMD_VERSUS;

	if (cli_cpus(cfg))
		return EXIT_USAGE;
	if (measures && cfg->no_pin && cfg->cpu_list)
		return msg_usage("--no-pin and -C contradict each other; give one");
	if (measures && cfg->no_pin && cfg->cpuset)
		return msg_usage("--cpuset needs pinning; drop --no-pin");
	if (measures && cfg->copies > 1 && cfg->cpus.n &&
	    cfg->cpus.n < cfg->copies)
		return msg_usage("--copies %u needs %u CPUs in -C (got %zu)",
				 cfg->copies, cfg->copies, cfg->cpus.n);
	if (measures && cfg->copies > 1 && cfg->no_pin)
		return msg_usage("--copies pins each copy to its own CPU; drop --no-pin");
	if (measures && getenv("LIBPFM_FORCE_PMU"))
		return msg_usage("LIBPFM_FORCE_PMU is set: libpfm4 would invent a PMU this machine does not have; unset it (it is only for 'abstat list --encode')");

	switch (cfg->cmd) {
	case CMD_RUN:
		if (cfg->workloads && cfg->suite)
			return msg_usage("run: give -w or -s, not both");
		if ((cfg->workloads || cfg->suite) && argc > 0)
			return msg_usage("run: give -w/-s or -- COMMAND, not both");
		if ((cfg->workloads || cfg->suite) && cfg->has_ops)
			return msg_usage("--ops is for external commands; built-in workloads report their own");
		if (cfg->workloads || cfg->suite)
			return cli_workload_targets(cfg);
		return cli_command_targets(cfg, argc, argv);
	case CMD_VERSUS:
		return cli_versus_targets(cfg, argc, argv);
	case CMD_COMPARE:
		if (argc < 2)
			return msg_usage("compare: needs a baseline and at least one other result; usage: abstat compare [OPTIONS] BASE OTHER");
		break;
	case CMD_SHOW:
		if (argc != 1)
			return msg_usage("show: needs exactly one result file; usage: abstat show FILE");
		break;
	case CMD_PLOT:
		if (argc < 1)
			return msg_usage("plot: needs at least one result file; usage: abstat plot FILE... -o OUT.png");
		if (!cfg->output)
			return msg_usage("plot: -o OUT is required (.png, .svg, .txt or .gp)");
		break;
	case CMD_RECOVER:
		if (argc != 1)
			return msg_usage("recover: needs exactly one journal; usage: abstat recover JOURNAL -o FILE");
		if (!cfg->output)
			return msg_usage("recover: -o FILE is required");
		break;
	case CMD_LIST:
		if (argc > 1)
			return msg_usage("list: takes at most one PATTERN");
		cfg->pattern = argc ? argv[0] : NULL;
		return 0;
	case CMD_DOCTOR:
	case CMD_WORKLOADS:
		if (argc > 0)
			return msg_usage("%s: unexpected argument '%s'",
					 cfg->cmd == CMD_DOCTOR ? "doctor" :
								  "workloads",
					 argv[0]);
		return 0;
	default:
		break;
	}
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

int cli_parse(int argc, char **argv, struct config *cfg)
{
	const struct cmd_entry *e = NULL;
	int c, rc;

	cli_defaults(cfg, argv[0]);
	if (argc < 2)
		return msg_usage("no command given; usage: abstat COMMAND [OPTIONS] (try 'abstat --help')");
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		fputs(main_help, stdout);
		return -1;
	}
	if (!strcmp(argv[1], "-V") || !strcmp(argv[1], "--version")) {
		printf("abstat %s\n", ABSTAT_VERSION);
		return -1;
	}
	for (size_t i = 0; i < sizeof(cmd_table) / sizeof(cmd_table[0]); i++)
		if (!strcmp(argv[1], cmd_table[i].name))
			e = &cmd_table[i];
	if (!e)
		return msg_usage("unknown command '%s'; commands: run, versus, compare, show, plot, list, doctor, workloads, recover",
				 argv[1]);
	cfg->cmd = e->cmd;
	argc--;
	argv++;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, e->shortopts, e->options,
				NULL)) != -1) {
		if (c == 'h') {
			cli_print_help(e);
			return -1;
		}
		if (c == '?' || c == ':') {
			if (optopt)
				return msg_usage("%s: unknown option or missing value for '-%c'; see 'abstat %s --help'",
						 e->name, optopt, e->name);
			return msg_usage("%s: unknown option or missing value for '%s'; see 'abstat %s --help'",
					 e->name, argv[optind - 1], e->name);
		}
		rc = cli_option(cfg, c, optarg);
		if (rc)
			return rc;
	}
	msg_set_quiet(cfg->quiet);
	return cli_validate(cfg, argc - optind, argv + optind);
}

void cli_free(struct config *cfg)
{
	for (size_t i = 0; i < cfg->n_targets; i++) {
		free(cfg->targets[i].name);
		free(cfg->targets[i].workload);
		cli_free_words(cfg->targets[i].argv);
	}
	free(cfg->targets);
	cfg->targets = NULL;
	cfg->n_targets = 0;
}
