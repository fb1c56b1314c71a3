// SPDX-License-Identifier: MIT
/*
 * bisect_say: the engine's words (its report's lines, its diagnostics)
 * through the sink of its input (struct bisect_input); it never prints.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "bisect.h"

static void bisect_vsay(const struct bisect_state *st, enum bisect_level level,
			const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));
static void bisect_vsay(const struct bisect_state *st, enum bisect_level level,
			const char *fmt, va_list ap)
{
	const struct bisect_sink *k = &st->in->sink;
	char *text;

	if (vasprintf(&text, fmt, ap) < 0)
		return;
	if (k->say)
		k->say(k->ctx, level, text);
	free(text);
}

void bisect_say(const struct bisect_state *st, enum bisect_level level,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bisect_vsay(st, level, fmt, ap);
	va_end(ap);
}

int bisect_usage(const struct bisect_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	bisect_vsay(st, BISECT_SAY_ERROR, fmt, ap);
	va_end(ap);
	return BISECT_USAGE;
}
