// SPDX-License-Identifier: MIT
/*
 * session_say: the session's words (session_priv.h), each one line
 * through the sink of its input (struct sink, session_input.h):
 * the command that gave it prints them, and honours -q there. The
 * session itself prints no message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "session_priv.h"

void session_error(const struct sink *k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sink_vsay(k, SAY_ERROR, fmt, ap);
	va_end(ap);
}

int session_usage(const struct sink *k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sink_vsay(k, SAY_ERROR, fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

void session_warn(struct session *s, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	progress_clear(&s->progress); /* the warning starts its own line */
	sink_say(&s->in.sink, SAY_WARN, "%s", buf);
	json_array_append_new(s->warnings, json_string(buf));
}
