// SPDX-License-Identifier: MIT
/* msg: one-line diagnostics on stderr (see msg.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "msg.h"

static bool msg_quiet;

void msg_set_quiet(bool quiet)
{
	msg_quiet = quiet;
}

bool msg_colour(void)
{
	return isatty(STDERR_FILENO) && !getenv("NO_COLOR");
}

static void msg_vprint(const char *kind, const char *colour, const char *fmt,
		       va_list ap)
{
	bool c = kind && msg_colour();

	fputs("abstat: ", stderr);
	if (kind)
		fprintf(stderr, "%s%s:%s ", c ? colour : "", kind,
			c ? "\033[0m" : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void msg_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_vprint("error", "\033[1;31m", fmt, ap);
	va_end(ap);
}

int msg_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_vprint("error", "\033[1;31m", fmt, ap);
	va_end(ap);
	return EXIT_USAGE;
}

void msg_warn(const char *fmt, ...)
{
	va_list ap;

	if (msg_quiet)
		return;
	va_start(ap, fmt);
	msg_vprint("warning", "\033[1;33m", fmt, ap);
	va_end(ap);
}

void msg_notice(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	msg_vprint(NULL, NULL, fmt, ap);
	va_end(ap);
}

void msg_info(const char *fmt, ...)
{
	va_list ap;

	if (msg_quiet)
		return;
	va_start(ap, fmt);
	msg_vprint(NULL, NULL, fmt, ap);
	va_end(ap);
}
