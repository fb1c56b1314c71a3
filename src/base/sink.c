// SPDX-License-Identifier: MIT
/*
 * sink: an engine's words to its command (sink.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "sink.h"

void sink_vsay(const struct sink *k, enum say_level level, const char *fmt,
	       va_list ap)
{
	char *text;

	if (!k || !k->say || vasprintf(&text, fmt, ap) < 0)
		return;
	k->say(k->ctx, level, text);
	free(text);
}

void sink_say(const struct sink *k, enum say_level level, const char *fmt,
	      ...)
{
	va_list ap;

	va_start(ap, fmt);
	sink_vsay(k, level, fmt, ap);
	va_end(ap);
}
