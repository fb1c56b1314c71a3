// SPDX-License-Identifier: MIT
/* term: the colour rule and the terminal's width (term.h). The --color
 * setting is the one piece of process state here: colour is asked for
 * by the message printer (msg.c) as well as by the tables, and messages
 * have no config to read it from. */
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "term.h"

static enum term_when term_colour_when = TERM_AUTO;

void term_colour_set(enum term_when when)
{
	term_colour_when = when;
}

bool term_colour(int fd)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (term_colour_when != TERM_AUTO)
		return term_colour_when == TERM_ALWAYS;
	if (!isatty(fd))
		return false;
	if (no && *no)
		return false;
	return !term || strcmp(term, "dumb") != 0;
}

int term_width(int fd)
{
	struct winsize ws;
	const char *cols = getenv("COLUMNS");
	char *end;
	long n;

	if (!ioctl(fd, TIOCGWINSZ, &ws) && ws.ws_col > 0)
		return ws.ws_col;
	if (cols && *cols) {
		n = strtol(cols, &end, 10);
		if (!*end && n > 0 && n < 10000)
			return (int)n;
	}
	return 80;
}
