// SPDX-License-Identifier: MIT
/*
 * bisect_say: the engine's words (its report's lines, its diagnostics)
 * through the sink of its input (struct bisect_input); it never prints.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "bisect.h"

void bisect_say(const struct bisect_state *st, enum say_level level,
		const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sink_vsay(&st->in->sink, level, fmt, ap);
	va_end(ap);
}

int bisect_usage(const struct bisect_state *st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sink_vsay(&st->in->sink, SAY_ERROR, fmt, ap);
	va_end(ap);
	return BISECT_USAGE;
}
