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
#include "session_input.h" /* struct suite_entry */

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
