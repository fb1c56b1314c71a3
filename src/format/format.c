// SPDX-License-Identifier: MIT
/*
 * format: the one place that picks an output format for the compare model
 * (format.h). compare builds the model and knows no format; each format
 * file prints and knows no other.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

const char *const format_names[FMT_COUNT + 1] = {
	[FMT_TEXT] = "text",         [FMT_MAIL] = "mail",
	[FMT_MARKDOWN] = "markdown", [FMT_CSV] = "csv",
	[FMT_JSON] = "json",         [FMT_BENCHSTAT] = "benchstat",
};

const char *format_name(enum out_format f)
{
	return format_names[f];
}

int format_find(const char *s)
{
	for (int i = 0; i < FMT_COUNT; i++)
		if (!strcmp(s, format_names[i]))
			return i;
	return -1;
}

/* Mail must be plain ASCII whatever the labels and environment strings
 * hold: print into memory, then replace anything else with '?'. */
static void format_mail(const struct compare_model *m, FILE *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem) {
		fmt_text(m, out, FMT_MAIL_WIDTH, false);
		return;
	}
	fmt_text(m, mem, FMT_MAIL_WIDTH, false);
	fclose(mem);
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		fputc(c == '\n' || (c >= 0x20 && c < 0x7f) ? c : '?', out);
	}
	free(buf);
}

void format_print(enum out_format f, const struct compare_model *m,
		  FILE *out)
{
	switch (f) {
	case FMT_MAIL:
		format_mail(m, out);
		break;
	case FMT_MARKDOWN:
		fmt_markdown(m, out);
		break;
	case FMT_CSV:
		fmt_csv(m, out);
		break;
	case FMT_JSON:
		fmt_json(m, out);
		break;
	case FMT_BENCHSTAT:
		fmt_benchstat(m, out);
		break;
	default:
		fmt_text(m, out, FMT_TEXT_WIDTH, fmt_colour(out));
		break;
	}
}
