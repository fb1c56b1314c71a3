// SPDX-License-Identifier: MIT
/*
 * cli: argv -> const struct config. One option table per command; every
 * number parsed strictly (whole string, range); every error one line and
 * EXIT_USAGE. The help texts are in cli_help.c; the checks that need the
 * whole command line, and the targets built from it, in cli_targets.c.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"
#include "msg.h"

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

/* Index of s in names (n entries), or -1. */
static int cli_choice(const char *s, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(s, names[i]))
			return (int)i;
	return -1;
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
		i = format_find(arg);
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

int cli_parse(int argc, char **argv, struct config *cfg)
{
	const struct cmd_entry *e = NULL;
	int c, rc;

	cli_defaults(cfg, argv[0]);
	if (argc < 2)
		return msg_usage("no command given; usage: abstat COMMAND [OPTIONS] (try 'abstat --help')");
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		cli_print_main_help();
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
