// SPDX-License-Identifier: MIT
/*
 * fmt_wrap: the formats' word wrap. Text is escaped (escape.h), then
 * broken at spaces within a width, a prefix before the first line and
 * another before the rest; a word longer than a line is folded over
 * several, never cut; in markdown its specials are escaped
 * (fmt_md_special). fmt_env.c wraps the environment's entries with it,
 * and fmt_text_wrap (format.h) is it for plain text.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "fmt_wrap.h"
#include "format.h"

/* CommonMark lets any ASCII punctuation be backslashed; these are the
 * ones that act inside a table cell or paragraph: '|' splits a cell, '<'
 * opens HTML (GitHub drops "<not supported>"), '*', '_' and '`' start
 * emphasis and code, '&' starts an entity. A '\\' escapes only what
 * follows it when that is punctuation (so "\\x0a", escape.h's form of a
 * newline, stays as it is): fmt_md_str backslashes that one. */
bool fmt_md_special(char c)
{
	return c && strchr("`*_<|&", c);
}

void fmt_wrap_put(const struct fmt_wrap *o, const char *s, int n)
{
	for (int i = 0; i < n; i++) {
		if (o->md && fmt_md_special(s[i]))
			fputc('\\', o->out);
		fputc(s[i], o->out);
	}
}

/* Print s word-wrapped (at spaces) within o->width, o->first before the
 * first line and o->cont before the others; a word too long for a line
 * is folded over several. A '|' escaped in markdown counts one column
 * (a rendered table cell never holds it). */
void fmt_wrap(const struct fmt_wrap *o, const char *raw)
{
	char shown[8192];
	const char *s = shown;
	int col = (int)strlen(o->first), cl = (int)strlen(o->cont);
	bool start = true; /* nothing on this line after its prefix */

	/* keys, values and labels come from files: escaped (escape.h) */
	escape_str(raw, shown, sizeof(shown));
	fputs(o->first, o->out);
	while (*s) {
		int w = (int)strcspn(s, " ");

		if (!start && col + 1 + w > o->width) {
			fprintf(o->out, "\n%s", o->cont);
			col = cl;
			start = true;
		}
		if (!start) {
			fputc(' ', o->out);
			col++;
		}
		while (col + w > o->width && o->width - col > 0) {
			int room = o->width - col;

			fmt_wrap_put(o, s, room);
			fprintf(o->out, "\n%s", o->cont);
			col = cl;
			s += room;
			w -= room;
		}
		fmt_wrap_put(o, s, w);
		col += w;
		start = false;
		s += w;
		while (*s == ' ')
			s++;
	}
	fputc('\n', o->out);
}

void fmt_text_wrap(FILE *out, int width, const char *first,
		   const char *cont, const char *raw)
{
	const struct fmt_wrap o = { out, width, first, cont, false };

	fmt_wrap(&o, raw);
}
