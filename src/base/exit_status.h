/* SPDX-License-Identifier: MIT */
/*
 * exit_status: abstat's exit statuses (abstat(1) EXIT STATUS), at the
 * base so that an engine below the commands (src/engine's session) may
 * return them as they are without the command line's messages (msg.h,
 * which includes this); and the status of a -errno from below.
 */
#ifndef ABSTAT_EXIT_STATUS_H
#define ABSTAT_EXIT_STATUS_H

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

/* The exit status of rc, 0 or -errno from below the commands: EXIT_OK;
 * EXIT_IO when out of memory and EXIT_USAGE for an output file that
 * exists without --force or is held (hold.h), in every command
 * (abstat(1)); otherwise the command's status for what failed. Prints
 * nothing. */
int exit_status_of(int rc, int otherwise);

#endif
