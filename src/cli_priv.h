/* SPDX-License-Identifier: MIT */
/*
 * cli_priv: what cli.c, cli_help.c and cli_targets.c share (not an API;
 * src/cli.h is).
 */
#ifndef ABSTAT_CLI_PRIV_H
#define ABSTAT_CLI_PRIV_H

#include <getopt.h>

#include "cli.h"

struct cmd_entry {
	const char *name;
	enum command cmd;
	const struct option *options;
	const char *shortopts;
	const char *usage;
};

/* 'abstat COMMAND --help' and 'abstat --help', on stdout. */
void cli_print_help(const struct cmd_entry *e);
void cli_print_main_help(void);

/* Checks that need the whole command line; builds cfg->targets. */
int cli_validate(struct config *cfg, int argc, char **argv);

#endif
