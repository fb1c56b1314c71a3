/* SPDX-License-Identifier: MIT */
/*
 * sink: where an engine's words go. The engines below the commands
 * (src/engine's session, src/boots, src/bisect) print nothing; they say
 * each line through the sink their command gave them, at a level, and
 * the command prints it as abstat's messages (cmd_say: -q honoured
 * there) or as its report on stdout.
 */
#ifndef ABSTAT_SINK_H
#define ABSTAT_SINK_H

#include <stdarg.h>

enum say_level {
	SAY_OUT,    /* text for stdout, as it is (its newlines) */
	SAY_INFO,   /* "saved FILE", "resuming ..." (-q: quiet) */
	SAY_NOTICE, /* what the user must not miss, even under -q */
	SAY_WARN,   /* (-q: quiet) */
	SAY_ERROR,  /* "what; what to do", one line */
};

struct sink {
	void (*say)(void *ctx, enum say_level level, const char *text);
	void *ctx;
};

/* fmt's text at level through k (nothing without a say). */
void sink_vsay(const struct sink *k, enum say_level level, const char *fmt,
	       va_list ap) __attribute__((format(printf, 3, 0)));
void sink_say(const struct sink *k, enum say_level level, const char *fmt,
	      ...) __attribute__((format(printf, 3, 4)));

#endif
