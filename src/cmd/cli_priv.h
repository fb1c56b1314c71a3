/* SPDX-License-Identifier: MIT */
/*
 * cli_priv: what cli.c, cli_help.c and cli_targets.c share (not an API;
 * src/cmd/cli.h is).
 */
#ifndef ABSTAT_CLI_PRIV_H
#define ABSTAT_CLI_PRIV_H

#include <getopt.h>
#include <stdbool.h>

#include "cli.h"

/* Every option, once (cli_opts[] in cli.c). */
enum cli_opt_id {
	OPT_EVENTS, OPT_REPEAT, OPT_WARMUP, OPT_CPU, OPT_NO_PIN, OPT_CPUSET,
	OPT_COPIES, OPT_NAME, OPT_BACKEND, OPT_TIMEOUT, OPT_USER_ONLY,
	OPT_SHOW_OUTPUT, OPT_OUTPUT, OPT_FORCE, OPT_FORMAT, OPT_IGNORE_FAILURE,
	OPT_ALLOW_MULTIPLEX, OPT_QUIET, OPT_USER, OPT_SEED, OPT_OPS,
	OPT_WORKLOAD, OPT_SUITE, OPT_ORDER, OPT_SHELL, OPT_ALPHA, OPT_DETAIL,
	OPT_METRIC, OPT_CENTER, OPT_FORCE_COMPARE, OPT_ALLOW_ENV_DIFF,
	OPT_FAIL_ON_REGRESSION, OPT_WITHIN_SESSION, OPT_PRIMARY, OPT_RESAMPLES,
	OPT_KIND, OPT_ENCODE, OPT_KEEP_ENV, OPT_CLEAN_CGROUPS, OPT_VERSION,
	OPT_PROGRESS, OPT_COLOR,
	OPT_BASELINE, OPT_TIME_UNIT, OPT_BY, OPT_POOL_HOSTS,
	OPT_FREQ, OPT_SAMPLE_EVENT, OPT_WHERE, OPT_CALL_GRAPH,
	OPT_SCORE, OPT_PARSER, OPT_KEEP_OUTPUT, OPT_SETUP, OPT_CLEANUP,
	OPT_PREPARE, OPT_CONCLUDE, OPT_PARAM_SCAN, OPT_PARAM_LIST,
	OPT_OVERSUBSCRIBE, OPT_SUITE_FILE, OPT_LAUNCHER_CPU,
	OPT_HELP,
	/* flame */
	OPT_IMPORT, OPT_FLAME_FORMAT, OPT_EXCLUDE, OPT_KERNEL, OPT_USER_FRAMES,
	OPT_DIFF,
	OPT_COUNT
};

/* The fixed values of an option (NULL-terminated names), and whether
 * --help marks the first as the default. */
struct cli_values {
	const char *const *names;
	bool first_default;
};

/*
 * One option: its long name, short form (0: none), the word --help shows
 * for its value (NULL: it takes none), its default (parsed like a value
 * given on the command line, before the command line; NULL: none), its
 * help text ('\n' continues it on the next line; with show_default the
 * text ends in " (default DEF)"; NULL: its values, listed) and its fixed
 * values (NULL: any). --help, the getopt tables, the defaults and the
 * bash completion ('abstat --complete CMD', man/abstat.bash-completion)
 * all come from here.
 */
struct cli_opt {
	const char *name;
	char short_name;
	const char *arg;
	const char *def;
	bool show_default;
	const char *help;
	const struct cli_values *values;
};

extern const struct cli_opt cli_opts[OPT_COUNT];

/* An option of one command, in --help order; arg, help and values
 * replace the table's where the command says it differently (NULL: the
 * table's). */
struct cli_use {
	enum cli_opt_id id;
	const char *arg;
	const char *help;
	const struct cli_values *values;
};

struct cmd_entry {
	const char *name;
	enum command cmd;
	bool in_order;              /* options end at the first operand */
	const char *usage;
	const char *intro;          /* lines between usage and options */
	const struct cli_use *opts; /* ends with OPT_HELP */
};

/* Every command, in --help order; the last has a NULL name. */
extern const struct cmd_entry cli_cmds[];

/* 'abstat COMMAND --help' and 'abstat --help', on stdout. */
void cli_print_help(const struct cmd_entry *e);
void cli_print_main_help(void);
/* 'abstat --complete [COMMAND]' (abstat(1)), on stdout: without e the
 * commands, one a line, then the top-level options; with e its options,
 * one a line in --help order: LONG SHORT ARG [VALUE...], '-' for no
 * short form or no value. */
void cli_print_complete(const struct cmd_entry *e);
/* The values joined by sep, the last by last; with mark the first is
 * "NAME (default)". Truncated to len. */
void cli_values_join(const struct cli_values *v, const char *sep,
		     const char *last, bool mark, char *buf, size_t len);

/* Checks that need the whole command line; builds cfg->targets. 0, or
 * -EINVAL after one error line, or -ENOMEM. */
int cli_validate(struct config *cfg, int argc, char **argv);

/* cli_run.c: the run options for scores and hooks (--score, --parser,
 * --keep-output, --setup, --cleanup, --prepare, --conclude). */
int cli_run_option(struct config *cfg, enum cli_opt_id c, const char *arg);
/* Their checks against the rest of the command line. */
int cli_run_validate(const struct config *cfg);
/* -P NAME LO HI [STEP] and -L NAME A,B,...: the values after NAME are
 * the next words of argv (*optind moves past them). */
int cli_run_scan(struct config *cfg, enum cli_opt_id c, const char *name,
		 int argc, char **argv, int *optind);
/* --copies 1,2,4: a scan of the copies (cfg->copies: the most). */
int cli_run_copies(struct config *cfg, const char *list);
/* One target per combination of the scanned values (after the targets
 * are built). 0, -EINVAL after one error line, or -ENOMEM. */
int cli_run_expand(struct config *cfg);
/* run -S FILE: one target per line of the suite file (cli_suite.h). */
int cli_run_suite_targets(struct config *cfg);

/* Prints "abstat: error: ..." and returns -EINVAL. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
