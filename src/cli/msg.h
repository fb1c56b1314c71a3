/* SPDX-License-Identifier: MIT */
/*
 * msg: every diagnostic abstat prints goes through here, on stderr, one line
 * each: "abstat: error: ...", "abstat: warning: ...", "abstat: ...".
 * Library-like code returns 0 or -errno with a reason in a caller's err
 * buffer, and an engine says what it says through a sink its command
 * gives it; only the top layers (src/cli, src/cmd) include this, as
 * tests/cli/095-layering.sh checks. The exit statuses are exit_status.h's.
 */
#ifndef ABSTAT_MSG_H
#define ABSTAT_MSG_H

#include <stdbool.h>

#include "exit_status.h" /* enum exit_status */

void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "abstat: ..." even under -q: what the user must not miss (where an
 * interrupted result was saved). */
void msg_notice(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Prints "abstat: error: ...", returns EXIT_USAGE. */
int msg_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* -q: silence msg_warn and msg_info (errors always print). */
void msg_set_quiet(bool quiet);
/* Colour on stderr only when it is a TTY and NO_COLOR is unset. */
bool msg_colour(void);

#endif
