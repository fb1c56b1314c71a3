/* SPDX-License-Identifier: MIT */
/*
 * msg: every diagnostic abstat prints goes through here, on stderr, one line
 * each: "abstat: error: ...", "abstat: warning: ...", "abstat: ...".
 * Library-like code returns 0 or -errno with a reason in a caller's err
 * buffer; only the layers above the libraries (src/cli, src/boots, src/engine,
 * src/cmd) include this, as tests/cli/095-layering.sh checks.
 */
#ifndef ABSTAT_MSG_H
#define ABSTAT_MSG_H

#include <stdbool.h>

/* Exit statuses, documented in abstat(1) EXIT STATUS. */
enum exit_status {
	EXIT_OK = 0,
	EXIT_REGRESSION = 1, /* compare --fail-on-regression; doctor FAIL */
	EXIT_FAILED = 1,     /* run, versus: every measured run failed (-i) */
	EXIT_USAGE = 2,      /* bad command line or bad input file */
	EXIT_COUNTERS = 3,   /* counters cannot be opened (permission, backend) */
	EXIT_WORKLOAD = 4,   /* the workload failed (exit, signal, timeout) */
	EXIT_IO = 5,         /* a file could not be written */
	EXIT_NOPLOT = 6,     /* gnuplot missing: script and data written */
	EXIT_SETUID = 7,     /* installed setuid or setgid: refused */
	EXIT_INTERRUPTED = 130,
};

void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "abstat: ..." even under -q: what the user must not miss (where an
 * interrupted result was saved). */
void msg_notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "abstat: error: ...", returns EXIT_USAGE. */
int msg_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The exit status of rc, 0 or -errno from below the commands: EXIT_OK;
 * EXIT_IO when out of memory and EXIT_USAGE for an output file that
 * exists without --force or is held (hold.h), in every command
 * (abstat(1)); otherwise the command's status for what failed. Prints
 * nothing. */
int msg_status(int rc, int otherwise);

/* -q: silence msg_warn and msg_info (errors always print). */
void msg_set_quiet(bool quiet);
/* Colour on stderr only when it is a TTY and NO_COLOR is unset. */
bool msg_colour(void);

#endif
