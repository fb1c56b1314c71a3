// SPDX-License-Identifier: MIT
/* escape: control characters shown as \xHH (escape.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

static bool escape_byte(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

bool escape_needed(const char *s)
{
	for (; s && *s; s++)
		if (escape_byte((unsigned char)*s))
			return true;
	return false;
}

size_t escape_str(const char *s, char *buf, size_t len)
{
	size_t need = 0, k = 0;
	bool full = !len;

	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t w = escape_byte(c) ? 4 : 1;

		need += w;
		full |= k + w >= len;
		if (full)
			continue; /* keep counting; write no more */
		if (w == 4)
			k += (size_t)snprintf(buf + k, len - k, "\\x%02x", c);
		else
			buf[k++] = (char)c;
	}
	if (len)
		buf[k < len ? k : len - 1] = '\0';
	return need;
}

char *escape_dup(const char *s)
{
	size_t n;
	char *d;

	if (!s)
		return NULL;
	n = escape_str(s, NULL, 0) + 1;
	d = malloc(n);
	if (d)
		escape_str(s, d, n);
	return d;
}

int escape_inplace(char **s)
{
	char *d;

	if (!*s || !escape_needed(*s))
		return 0;
	d = escape_dup(*s);
	if (!d)
		return -ENOMEM;
	free(*s);
	*s = d;
	return 0;
}
