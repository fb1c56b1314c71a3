// SPDX-License-Identifier: MIT
/*
 * cmd_table: every command, one line each in COMMANDS, in the order of
 * 'abstat --help'. A command is its file, src/cmd/cmd_NAME.c, which
 * defines const struct cmd_entry cmd_entry_NAME (its name, summary,
 * function, usage, options and operands: cli.h); this line declares it
 * and puts it in the table, from which --help, getopt's tables, the bash
 * completion ('abstat --complete') and the tests' lists of commands
 * (tests/lib.sh's abstat_commands) are made. commands.h says how to add
 * one.
 */
#include <stddef.h>

#include "commands.h"

#define COMMANDS(X)   \
	X(run)         \
	X(versus)      \
	X(profile)     \
	X(compare)     \
	X(show)        \
	X(plot)        \
	X(flame)       \
	X(list)        \
	X(doctor)      \
	X(workloads)   \
	X(recover)     \
	X(boots)       \
	X(bisect)      \
	X(import)      \
	/* the end of the list */

#define CMD_EXTERN(name) extern const struct cmd_entry cmd_entry_##name;
#define CMD_ROW(name) &cmd_entry_##name,

COMMANDS(CMD_EXTERN)

static const struct cmd_entry *const cmd_entries[] = { COMMANDS(CMD_ROW) NULL };

const struct cmd_entry *const *const cmd_table = cmd_entries;
