/* SPDX-License-Identifier: MIT */
/*
 * cli_priv: what cli.c, cli_help.c and cli_targets.c share (not an API;
 * src/cli.h is).
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
	OPT_FAIL_ON_REGRESSION, OPT_RESAMPLES, OPT_KIND, OPT_ENCODE, OPT_HELP,
	OPT_COUNT
};

/*
 * One option: its long name, short form (0: none), the word --help shows
 * for its value (NULL: it takes none), its default (parsed like a value
 * given on the command line, before the command line; NULL: none) and its
 * help text ('\n' continues it on the next line; with show_default the
 * text ends in " (default DEF)"). --help, the getopt tables and the
 * defaults all come from here; man/abstat.bash-completion is held equal
 * to --help by tests/cli/091-install.sh.
 */
struct cli_opt {
	const char *name;
	char short_name;
	const char *arg;
	const char *def;
	bool show_default;
	const char *help;
};

extern const struct cli_opt cli_opts[OPT_COUNT];

/* An option of one command, in --help order; arg and help replace the
 * table's where the command says it differently (NULL: the table's). */
struct cli_use {
	enum cli_opt_id id;
	const char *arg;
	const char *help;
};

struct cmd_entry {
	const char *name;
	enum command cmd;
	bool in_order;              /* options end at the first operand */
	const char *usage;
	const char *intro;          /* lines between usage and options */
	const struct cli_use *opts; /* ends with OPT_HELP */
};

/* 'abstat COMMAND --help' and 'abstat --help', on stdout. */
void cli_print_help(const struct cmd_entry *e);
void cli_print_main_help(void);

/* Checks that need the whole command line; builds cfg->targets. 0, or
 * -EINVAL after one error line, or -ENOMEM. */
int cli_validate(struct config *cfg, int argc, char **argv);

/* Prints "abstat: error: ..." and returns -EINVAL. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
