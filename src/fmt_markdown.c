// SPDX-License-Identifier: MIT
/* fmt_markdown: the compare table as GitHub-flavoured Markdown: the title
 * and environment as a list, one pipe table per comparison, the footer as
 * a paragraph. Cells are those of the text table (fmt_row_cells). */
#include <string.h>

#include "escape.h"
#include "format.h"

/* Pipes in user strings (labels, benchmark names) would split cells. */
/* s as a markdown cell: control characters escaped (escape.h), '|'
 * backslashed */
static void fmt_md_str(FILE *out, const char *raw)
{
	char buf[4096];
	const char *s = buf;

	escape_str(raw, buf, sizeof(buf));
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', out);
		fputc(*s, out);
	}
}

void fmt_markdown(const struct compare_model *m, FILE *out)
{
	char buf[2048];

	fmt_title(m, buf, sizeof(buf));
	fprintf(out, "**%s**\n\n", buf);
	fmt_env(m, out, FMT_TEXT_WIDTH, true);
	for (size_t s = 1; s < m->n_sides; s++) {
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

			fmt_row_cells(m, &m->rows[r], s, &c);
			name = c.name[0] == ' ' ? c.name + 2 : c.name;
			fputs("| ", out);
			if (fmt_view(m) == FMT_VIEW_GROUPS) {
				fmt_md_str(out, m->rows[r].bench);
				fputc(' ', out);
			}
			fmt_md_str(out, name);
			if (c.special) {
				fprintf(out, " | %s |  |  |  |  |  |  |  |  |\n",
					c.msg);
				continue;
			}
			fprintf(out, " | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				c.ca, c.pa, c.cb, c.pb, c.delta,
				c.msg[0] ? c.msg : c.ci, c.msg[0] ? "" : c.p,
				m->rows[r].primary ? c.verdict : "(secondary)",
				c.n);
		}
	}
	fmt_footer(m, buf, sizeof(buf));
	fprintf(out, "\n%s\n", buf);
}
