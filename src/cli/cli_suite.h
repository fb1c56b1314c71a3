/* SPDX-License-Identifier: MIT */
/*
 * cli_suite: a suite file (abstat run -S FILE, abstat-run(1)): one benchmark
 * per line, written as KEY=VALUE words with shell quoting ('...', "...",
 * \), '#' starting a comment line, blank lines ignored:
 *
 *   name=NAME (cmd='COMMAND ARG...' | workload='NAME[:ARGS]')
 *   [score='DEF']... [parser=TOOL]...
 *   [setup='CMD'] [cleanup='CMD'] [prepare='CMD'] [conclude='CMD']
 *
 * name and one of cmd or workload (a built-in workload, as -w) once
 * each (cmd is split into words again, without a shell); score and parser any number of times; a hook once. Parsed
 * strictly: every error is "FILE:LINE: what". Pure: text in, entries out.
 */
#ifndef ABSTAT_CLI_SUITE_H
#define ABSTAT_CLI_SUITE_H

#include <stddef.h>

#include "result.h"

enum suite_hook { SUITE_SETUP, SUITE_CLEANUP, SUITE_PREPARE, SUITE_CONCLUDE,
		  SUITE_N_HOOKS };

struct suite_entry {
	char *name;
	char **argv;        /* NULL-terminated; argv[0] as written */
	char *workload;     /* workload=NAME[:ARGS] instead of cmd, or NULL */
	struct score_def *scores;
	size_t n_scores;
	char *hooks[SUITE_N_HOOKS]; /* NULL: the command line's */
	int line;
};

struct suite {
	struct suite_entry *e;
	size_t n;
};

/* Parse text (the file's contents; file names it in messages). 0, or
 * -EINVAL with "FILE:LINE: what" in err, or -ENOMEM. */
int cli_suite_parse(const char *text, const char *file, struct suite *out,
		char *err, size_t len);
void cli_suite_free(struct suite *s);

#endif
