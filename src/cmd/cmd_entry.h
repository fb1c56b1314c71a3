/* SPDX-License-Identifier: MIT */
/*
 * cmd_entry: what a command's file needs to define its entry, const
 * struct cmd_entry cmd_entry_NAME (cli.h): the option ids and cli_use
 * (cli_priv.h), the USE macros its option list is written with, and the
 * groups of options several commands take alike. commands.h says how to
 * add a command.
 */
#ifndef ABSTAT_CMD_ENTRY_H
#define ABSTAT_CMD_ENTRY_H

#include "cli_priv.h"

/* An option as the table has it, or with this command's help, value
 * word or fixed values; END closes every list (--help). */
#define USE(id) { id, NULL, NULL, NULL }
#define USE_HELP(id, help) { id, NULL, help, NULL }
#define USE_VALUES(id, values) { id, NULL, NULL, values }
#define END USE(OPT_HELP)

/* --format of run, show and profile: one result (cmd_common.c) */
extern const struct cli_values cmd_formats_single;

/* run, versus, profile and bisect measure alike (-o, between them, says
 * what it saves) */
#define MEASURE_OPTS_HEAD                                                     \
	USE(OPT_REPEAT), USE(OPT_WARMUP), USE(OPT_CPU),                       \
	USE(OPT_NO_PIN), USE(OPT_CPUSET), USE(OPT_LAUNCHER_CPU),              \
	USE(OPT_NAME), USE(OPT_BACKEND), USE(OPT_TIMEOUT),                    \
	USE(OPT_USER_ONLY), USE(OPT_SHOW_OUTPUT)
#define MEASURE_OPTS_TAIL                                                     \
	USE(OPT_FORCE), USE(OPT_IGNORE_FAILURE), USE(OPT_ALLOW_MULTIPLEX),    \
	USE(OPT_QUIET), USE(OPT_USER), USE(OPT_KEEP_ENV)

/*
 * What a run counts and reads, the same in every command that measures
 * (run, versus, profile, bisect; boots' steps run abstat run): events,
 * copies, the operation count, the benchmark's own scores, the hooks
 * around it. One list: MEASURE_READ_IDS(X) calls X(id) on each;
 * cmd_measure_ids[] (cmd_common.c) is the same list for the unit test
 * that holds every CMD_MEASURES command to it (test_cli_parse.c).
 */
#define MEASURE_READ_IDS(X)                                                   \
	X(OPT_EVENTS) X(OPT_COPIES) X(OPT_OVERSUBSCRIBE) X(OPT_OPS)           \
	X(OPT_OPS_FROM) X(OPT_SCORE) X(OPT_PARSER) X(OPT_KEEP_OUTPUT)         \
	X(OPT_SETUP) X(OPT_CLEANUP) X(OPT_PREPARE) X(OPT_CONCLUDE)
#define MEASURE_USE_X(id) USE(id),
#define MEASURE_OPTS_READ MEASURE_READ_IDS(MEASURE_USE_X)
/* MEASURE_READ_IDS as ids, ending with OPT_COUNT */
extern const enum cli_opt_id cmd_measure_ids[];

/* versus, compare and plot build the compare model alike */
#define MODEL_OPTS                                                            \
	USE(OPT_ALPHA), USE(OPT_PRIMARY), USE(OPT_DETAIL), USE(OPT_METRIC),   \
	USE(OPT_ALL_ROWS),                                                    \
	USE(OPT_CENTER), USE(OPT_FAIL_ON_REGRESSION),                         \
	USE(OPT_WITHIN_SESSION), USE(OPT_RESAMPLES)

/* compare and plot read saved results alike */
#define READ_OPTS                                                             \
	USE_HELP(OPT_FORCE_COMPARE, NULL), USE(OPT_ALLOW_ENV_DIFF),           \
	USE_HELP(OPT_SEED, "bootstrap seed"), USE(OPT_POOL_HOSTS),             \
	USE(OPT_ALLOW_MIXED), USE(OPT_ASSUME_BOOTS)

#endif
