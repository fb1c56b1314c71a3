// SPDX-License-Identifier: MIT
/*
 * cmd_compare_where: compare's output when the sides hold profiles
 * (abstat profile): the model's table, then the where table
 * (compare_where.h), --where N rows per side.
 */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "where.h"
#include "msg.h"

/* The model, then the where table of profiled sides (compare_where.h):
 * after the table in text, mail and markdown, a "where" key in json. */
int cmd_compare_where(const struct config *cfg,
			     const struct side *sides, size_t n,
			     const struct compare_model *m, FILE *out)
{
	enum out_format f = cfg->format;
	struct where_table *t = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	json_t *doc;

	if (where_build(m, sides, n, cfg->where, &t) < 0) {
		msg_error("compare: out of memory");
		return EXIT_IO;
	}
	if (!t || (f != FMT_TEXT && f != FMT_MAIL && f != FMT_JSON &&
		   f != FMT_MARKDOWN)) {
		format_print(f, m, out);
		where_free(t);
		return EXIT_OK;
	}
	if (f != FMT_JSON) {
		format_print(f, m, out);
		if (f == FMT_MARKDOWN)
			fputs("\n```\n", out);
		where_print(m, t, f == FMT_MAIL ? FMT_MAIL_WIDTH :
						  FMT_TEXT_WIDTH, out);
		if (f == FMT_MARKDOWN)
			fputs("```\n", out);
		where_free(t);
		return EXIT_OK;
	}
	/* json: the model's document with the rows added */
	mem = open_memstream(&buf, &len);
	if (!mem) {
		where_free(t);
		return EXIT_IO;
	}
	format_print(f, m, mem);
	fclose(mem);
	doc = json_loads(buf, JSON_DECODE_ANY, NULL);
	if (json_is_object(doc)) {
		json_object_set_new(doc, "where", where_json(m, t));
		json_dumpf(doc, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
					     JSON_REAL_PRECISION(10));
		fputc('\n', out);
	} else {
		fputs(buf, out);
	}
	json_decref(doc);
	free(buf);
	where_free(t);
	return EXIT_OK;
}

