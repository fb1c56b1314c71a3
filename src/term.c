// SPDX-License-Identifier: MIT
/* term: the colour rule (term.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "term.h"

bool term_colour(int fd)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	if (!isatty(fd))
		return false;
	if (no && *no)
		return false;
	return !term || strcmp(term, "dumb") != 0;
}
