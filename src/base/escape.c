// SPDX-License-Identifier: MIT
/* escape: control characters, C1 too, shown as \xHH (escape.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"

size_t escape_control(const char *s)
{
	unsigned char c = (unsigned char)s[0];

	if (c && (c < 0x20 || c == 0x7f))
		return 1;
	if (c == 0xc2 && (unsigned char)s[1] >= 0x80 &&
	    (unsigned char)s[1] <= 0x9f)
		return 2;
	return 0;
}

bool escape_needed(const char *s)
{
	for (; s && *s; s++)
		if (escape_control(s))
			return true;
	return false;
}

size_t escape_str(const char *s, char *buf, size_t len)
{
	size_t need = 0, k = 0;
	bool full = !len;

	while (s && *s) {
		size_t n = escape_control(s), w = n ? 4 * n : 1;

		need += w;
		full |= k + w >= len;
		if (!full && n)
			for (size_t i = 0; i < n; i++)
				k += (size_t)snprintf(buf + k, len - k, "\\x%02x",
						      (unsigned char)s[i]);
		else if (!full)
			buf[k++] = *s;
		s += n ? n : 1; /* full: keep counting; write no more */
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

static bool escape_shell_plain(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_@%+=:,./-", *s))
			return false;
	return true;
}

size_t escape_shell_append(const char *s, char *buf, size_t len)
{
	size_t k = strnlen(buf, len);
	bool plain = escape_shell_plain(s);

	/* One byte at a time, as it fits; the length needed counts on. */
#define escape_put(c)                 \
	do {                          \
		if (k + 1 < len)      \
			buf[k] = (c); \
		k++;                  \
	} while (0)
	if (!plain)
		escape_put('\'');
	for (; *s; s++) {
		if (!plain && *s == '\'') {
			for (const char *q = "'\\''"; *q; q++)
				escape_put(*q);
			continue;
		}
		escape_put(*s);
	}
	if (!plain)
		escape_put('\'');
#undef escape_put
	if (len)
		buf[k < len ? k : len - 1] = '\0';
	return k;
}
