// SPDX-License-Identifier: MIT
/* msg: one-line diagnostics on stderr (see msg.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "escape.h"
#include "msg.h"
#include "term.h"

static bool msg_quiet;

void msg_set_quiet(bool quiet)
{
	msg_quiet = quiet;
}

bool msg_colour(void)
{
	return term_colour(STDERR_FILENO);
}

__attribute__((format(printf, 3, 0)))
static void msg_vprint(const char *kind, const char *colour, const char *fmt,
		       va_list ap)
{
	char text[4096], shown[sizeof(text) * 4];
	bool c = kind && msg_colour();

	/* one line whatever the arguments hold (file names, labels, the
	 * workload's stderr): their control characters escaped */
	vsnprintf(text, sizeof(text), fmt, ap);
	escape_str(text, shown, sizeof(shown));
	fputs("abstat: ", stderr);
	if (kind)
		fprintf(stderr, "%s%s:%s ", c ? colour : "", kind,
			c ? "\033[0m" : "");
	fputs(shown, stderr);
	fputc('\n', stderr);
}

#define MSG_RED "\033[1;31m"
#define MSG_YELLOW "\033[1;33m"

/* The body of each message function below: fmt and its arguments as a
 * kind of message, unless quietable and -q. */
#define MSG_PRINT(kind, colour, quietable)                                    \
	do {                                                                  \
		va_list ap;                                                   \
									      \
		if ((quietable) && msg_quiet)                                 \
			break;                                                \
		va_start(ap, fmt);                                            \
		msg_vprint(kind, colour, fmt, ap);                            \
		va_end(ap);                                                   \
	} while (0)

void msg_error(const char *fmt, ...)
{
	MSG_PRINT("error", MSG_RED, false);
}

int msg_usage(const char *fmt, ...)
{
	MSG_PRINT("error", MSG_RED, false);
	return EXIT_USAGE;
}

void msg_warn(const char *fmt, ...)
{
	MSG_PRINT("warning", MSG_YELLOW, true);
}

void msg_notice(const char *fmt, ...)
{
	MSG_PRINT(NULL, NULL, false);
}

void msg_info(const char *fmt, ...)
{
	MSG_PRINT(NULL, NULL, true);
}
