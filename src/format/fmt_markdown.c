// SPDX-License-Identifier: MIT
/* fmt_markdown: the compare table as GitHub-flavoured Markdown: the title
 * and environment as a list, one pipe table per comparison, the footer as
 * a paragraph, the where table of profiled sides as text in a fence.
 * Cells are those of the text table (fmt_row_cells). */
#include <ctype.h>
#include <string.h>

#include "escape.h"
#include "format.h"
#include "where.h"

/* s as markdown text: control characters escaped (escape.h), markup
 * backslashed (fmt_md_special). Labels, names, cells, title, footer. */
static void fmt_md_str(FILE *out, const char *raw)
{
	char buf[4096];
	const char *s = buf;

	escape_str(raw, buf, sizeof(buf));
	for (; *s; s++) {
		if (fmt_md_special(*s) ||
		    (*s == '\\' && ispunct((unsigned char)s[1])))
			fputc('\\', out);
		fputc(*s, out);
	}
}

static void fmt_md_cells(FILE *out, const char *const *cell, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		fputs(" | ", out);
		fmt_md_str(out, cell[i]);
	}
	fputs(" |\n", out);
}

/* A row's name as a cell (with its benchmark in the groups view). */
static void fmt_md_name(const struct compare_model *m,
			const struct compare_row *row, const char *name,
			FILE *out)
{
	fputs("| ", out);
	if (fmt_view(m) == FMT_VIEW_GROUPS) {
		fmt_md_str(out, row->bench);
		fputc(' ', out);
	}
	fmt_md_str(out, name[0] == ' ' ? name + 2 : name);
}

/* One side's four cells of a wide row: its center, delta, interval and
 * verdict, or its state alone ("<not supported>"). */
static void fmt_md_wide_side(FILE *out, const char *state,
			     const struct fmt_cells *c, bool primary)
{
	const char *cell[4] = { state ? state : c->cb, "", "", "" };

	if (!state) {
		cell[1] = c->delta;
		cell[2] = c->msg[0] ? c->msg : c->ci;
		cell[3] = primary ? c->verdict : "(secondary)";
	}
	for (size_t i = 0; i < 4; i++) {
		fputs(" | ", out);
		fmt_md_str(out, cell[i]);
	}
}

/* Three sides or more: one table, the baseline's center and cv, then per
 * side its center, delta, interval and verdict. */
static void fmt_md_wide(const struct compare_model *m, FILE *out)
{
	fputs("\n| ", out);
	fputs(fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" : "metric", out);
	fputs(" | ", out);
	fmt_md_str(out, m->labels[0]);
	fprintf(out, " %s | cv |", fmt_center_head(m));
	for (size_t s = 1; s < m->n_sides; s++) {
		fputc(' ', out);
		fmt_md_str(out, m->labels[s]);
		fprintf(out, " %s | delta | %g%% CI | verdict |",
			fmt_center_head(m), (1 - m->alpha) * 100);
	}
	fputs("\n|---|--:|--:|", out);
	for (size_t s = 1; s < m->n_sides; s++)
		fputs("--:|--:|--:|:--|", out);
	fputc('\n', out);
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		struct fmt_cells c;
		const char *st = fmt_stat_state(&row->stat[0]);

		if (fmt_row_show(m, row) != FMT_ROW_SHOWN)
			continue;
		fmt_row_cells(m, row, 1, &c);
		fmt_md_name(m, row, c.name, out);
		if (st) {
			fputs(" | ", out);
			fmt_md_str(out, st);
			fputs(" | ", out);
			for (size_t s = 1; s < m->n_sides; s++)
				fmt_md_wide_side(out, "", &c, false);
			fputs(" |\n", out);
			continue;
		}
		fputs(" | ", out);
		fmt_md_str(out, c.ca);
		fputs(" | ", out);
		fmt_md_str(out, c.pa);
		for (size_t s = 1; s < m->n_sides; s++) {
			const char *ss = fmt_stat_state(&row->stat[s]);

			fmt_row_cells(m, row, s, &c);
			fmt_md_wide_side(out, ss, &c, row->primary);
		}
		fputs(" |\n", out);
	}
	if (!m->geomean)
		return;
	fputs("| geomean | | |", out);
	for (size_t s = 1; s < m->n_sides; s++) {
		struct fmt_cells c;

		fmt_geomean_cells(m, s, &c);
		fprintf(out, " | %s | %s | |", c.delta,
			c.msg[0] ? c.msg : c.ci);
	}
	fputc('\n', out);
}

/* The rows the table left out (fmt_row_show), as a paragraph under it. */
static void fmt_md_left_out(const struct compare_model *m, FILE *out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		return;
	fmt_rows_left_out(m, FMT_ROW_UNCOUNTED, mem, FMT_TEXT_WIDTH);
	fmt_rows_left_out(m, FMT_ROW_ZERO, mem, FMT_TEXT_WIDTH);
	fclose(mem);
	if (len)
		fputc('\n', out);
	/* a line each, its break kept (two blanks: markdown's <br>) */
	for (char *l = text, *nl; l && *l; l = nl + 1) {
		nl = strchr(l, '\n');
		if (!nl)
			break;
		*nl = '\0';
		fmt_md_str(out, l);
		fputs("  \n", out);
	}
	free(text);
}

void fmt_markdown(const struct compare_model *m, FILE *out)
{
	char buf[2048];

	fmt_host_head(m, out, true);
	fmt_title(m, buf, sizeof(buf));
	fputs("**", out);
	fmt_md_str(out, buf);
	fputs("**\n\n", out);
	fmt_env(m, out, FMT_TEXT_WIDTH, true);
	if (m->n_sides > 2)
		fmt_md_wide(m, out);
	for (size_t s = 1; m->n_sides == 2 && s < m->n_sides; s++) {
		const char *pm = "cv";

		fputs("\n| ", out);
		fputs(fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" : "metric",
		      out);
		fputs(" | ", out);
		fmt_md_str(out, m->labels[0]);
		fprintf(out, " %s | %s | ", fmt_center_head(m), pm);
		fmt_md_str(out, m->labels[s]);
		fprintf(out, " %s | %s | delta | %g%% CI | p | verdict | n |\n",
			fmt_center_head(m), pm, (1 - m->alpha) * 100);
		fputs("|---|--:|--:|--:|--:|--:|--:|--:|:--|--:|\n", out);
		for (size_t r = 0; r < m->n_rows; r++) {
			struct fmt_cells c;
			const char *name;

			if (fmt_row_show(m, &m->rows[r]) != FMT_ROW_SHOWN)
				continue;
			fmt_row_cells(m, &m->rows[r], s, &c);
			name = c.name[0] == ' ' ? c.name + 2 : c.name;
			fputs("| ", out);
			if (fmt_view(m) == FMT_VIEW_GROUPS) {
				fmt_md_str(out, m->rows[r].bench);
				fputc(' ', out);
			}
			fmt_md_str(out, name);
			if (c.special) {
				fmt_md_cells(out, (const char *const[]){
					c.msg, "", "", "", "", "", "", "", ""
				}, 9);
				continue;
			}
			fmt_md_cells(out, (const char *const[]){
				c.ca, c.pa, c.cb, c.pb, c.delta,
				c.msg[0] ? c.msg : c.ci, c.msg[0] ? "" : c.p,
				m->rows[r].primary ? c.verdict : "(secondary)",
				c.n
			}, 9);
		}
		if (m->geomean) {
			struct fmt_cells c;

			fmt_geomean_cells(m, s, &c);
			fprintf(out, "| geomean |  |  |  |  | %s | %s | %s |  |  |\n",
				c.delta, c.msg[0] ? c.msg : c.ci, c.p);
		}
	}
	fmt_md_left_out(m, out);
	fmt_geomean_note(m, false, buf, sizeof(buf));
	if (buf[0])
		fprintf(out, "\n%s\n", buf);
	fmt_footer(m, true, buf, sizeof(buf));
	fputc('\n', out);
	fmt_md_str(out, buf);
	fputc('\n', out);
	/* the where table of profiled sides, as text in a fence */
	if (m->where) {
		fputs("\n```\n", out);
		where_print(m, m->where, FMT_TEXT_WIDTH, out);
		fputs("```\n", out);
	}
}
