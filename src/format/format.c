// SPDX-License-Identifier: MIT
/*
 * format: the one place that picks an output format for the compare model
 * (format.h), from a table of {name, print}. compare builds the model and
 * knows no format; each format file prints and knows no other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "where.h"

/* Text and mail: the heading of a --by host table, the table, the where
 * table of profiled sides after it (compare_model.where). */
static void format_text_all(const struct compare_model *m, FILE *out,
			    int width, bool colour)
{
	fmt_host_head(m, out, false);
	fmt_text(m, out, width, colour);
	if (m->where)
		where_print(m, m->where, width, out);
}

/* Mail must be plain ASCII whatever the labels and environment strings
 * hold: print into memory, then replace anything else with '?'. */
static void format_mail(const struct compare_model *m, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem) {
		format_text_all(m, out, FMT_MAIL_WIDTH, false);
		return;
	}
	format_text_all(m, mem, FMT_MAIL_WIDTH, false);
	fclose(mem);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		fputc(c == '\n' || (c >= 0x20 && c < 0x7f) ? c : '?', out);
	}
	free(buf);
}

static void format_text(const struct compare_model *m, FILE *out)
{
	format_text_all(m, out, FMT_TEXT_WIDTH, fmt_colour(out));
}

/* Every format, in enum order: its --format value and what prints it
 * (the rows of FORMATS, format.h). */
#define FORMAT_ROW_(id, name, print) [FMT_##id] = { name, print },
static const struct format {
	char name[12];
	void (*print)(const struct compare_model *m, FILE *out);
} formats[FMT_COUNT] = { FORMATS(FORMAT_ROW_) };

/* The table's names, for the command line's lists of values. */
#define FORMAT_NAME_(id, name, print) [FMT_##id] = name,
const char *const format_names[FMT_COUNT + 1] = { FORMATS(FORMAT_NAME_) };

const char *format_name(enum out_format f)
{
	return formats[f].name;
}

int format_find(const char *s)
{
	for (int i = 0; i < FMT_COUNT; i++)
		if (!strcmp(s, formats[i].name))
			return i;
	return -1;
}

void format_print(enum out_format f, const struct compare_model *m,
		  FILE *out)
{
	formats[(unsigned)f < FMT_COUNT ? f : FMT_TEXT].print(m, out);
}
