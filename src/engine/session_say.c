// SPDX-License-Identifier: MIT
/*
 * session_say: the session's words (session_priv.h), each one line
 * through the sink of its input (struct session_sink, session_input.h):
 * the command that gave it prints them, and honours -q there. The
 * session itself prints no message.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "session_priv.h"

static void session_vsay(const struct session_sink *k,
			 enum session_level level, const char *fmt,
			 va_list ap) __attribute__((format(printf, 3, 0)));
static void session_vsay(const struct session_sink *k,
			 enum session_level level, const char *fmt,
			 va_list ap)
{
	char *text;

	if (!k->say || vasprintf(&text, fmt, ap) < 0)
		return;
	k->say(k->ctx, level, text);
	free(text);
}

void session_say(const struct session_sink *k, enum session_level level,
		 const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	session_vsay(k, level, fmt, ap);
	va_end(ap);
}

void session_error(const struct session_sink *k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	session_vsay(k, SESSION_SAY_ERROR, fmt, ap);
	va_end(ap);
}

int session_usage(const struct session_sink *k, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	session_vsay(k, SESSION_SAY_ERROR, fmt, ap);
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
	session_say(&s->in.sink, SESSION_SAY_WARN, "%s", buf);
	json_array_append_new(s->warnings, json_string(buf));
}
