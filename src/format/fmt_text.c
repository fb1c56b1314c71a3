// SPDX-License-Identifier: MIT
/*
 * fmt_text: the compare table as plain text (<= 80 columns) and as mail
 * (<= 72 columns, ASCII, no tabs, no colour); cells and numbers come from
 * fmt_common.c. Columns are sized to their
 * contents; a row too wide for the limit prints its name on a line of its
 * own and the numbers indented below it, so nothing is ever cut or
 * re-wrapped by a mail client.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "format.h"

/* Print s word-wrapped to width (s has no newlines). */
static void fmt_wrap(FILE *out, const char *s, int width, const char *indent)
{
	int col = 0, il = (int)strlen(indent);

	while (*s) {
		int w = (int)strcspn(s, " ");

		if (col && col + 1 + w > width) {
			fputc('\n', out);
			col = 0;
		}
		if (!col) {
			fputs(indent, out);
			col = il;
		} else {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", w, s);
		col += w;
		s += w;
		while (*s == ' ')
			s++;
	}
	if (col)
		fputc('\n', out);
}

enum { C_NAME, C_CA, C_PA, C_CB, C_PB, C_DELTA, C_CI, C_P, C_V, C_N,
       C_MAX };

static const char *fmt_cell(const struct fmt_cells *c, int i)
{
	const char *v[C_MAX] = { c->name, c->ca, c->pa, c->cb, c->pb,
				 c->delta, c->ci, c->p, c->verdict, c->n };

	return v[i];
}

struct fmt_table {
	int w[C_MAX];
	bool show_n;
	bool no_cv;  /* the cv columns left out so that rows fit */
	int total;
};

static bool fmt_hidden(const struct fmt_table *t, int i)
{
	return t->no_cv && (i == C_PA || i == C_PB);
}

static void fmt_measure(const struct compare_model *m, size_t s,
			const char *const *head, struct fmt_table *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < C_MAX; i++)
		t->w[i] = (int)strlen(head[i]);
	for (size_t r = 0; r < m->n_rows; r++) {
		struct fmt_cells c;

		fmt_row_cells(m, &m->rows[r], s, &c);
		t->w[C_NAME] = (int)fmax(t->w[C_NAME], (double)strlen(c.name));
		if (c.special)
			continue;
		for (int i = 1; i < C_MAX; i++) {
			if ((i == C_CI || i == C_P || i == C_V) && c.msg[0])
				continue;
			t->w[i] = (int)fmax(t->w[i],
					    (double)strlen(fmt_cell(&c, i)));
		}
		if (m->rows[r].stat[0].n != m->runs[0] ||
		    m->rows[r].stat[s].n != m->runs[s])
			t->show_n = true;
	}
	if (m->geomean) {
		struct fmt_cells c;

		fmt_geomean_cells(m, s, &c);
		t->w[C_NAME] = (int)fmax(t->w[C_NAME], (double)strlen(c.name));
		t->w[C_DELTA] = (int)fmax(t->w[C_DELTA],
					  (double)strlen(c.delta));
		t->w[C_CI] = (int)fmax(t->w[C_CI], (double)strlen(c.ci));
	}
	t->total = 2; /* the wider gaps before C_CB and C_DELTA */
	for (int i = 0; i < (t->show_n ? C_MAX : C_N); i++)
		t->total += t->w[i] + (i ? 1 : 0);
}

/* Numbers of one row from column C_CA on (name printed by the caller). */
static void fmt_numbers(const struct fmt_table *t, const struct fmt_cells *c,
			bool colour, FILE *out)
{
	int n = t->show_n ? C_MAX : C_N, last = n - 1;

	/* no trailing blanks: the last non-empty cell ends the line */
	while (last > C_CA && !fmt_cell(c, last)[0] && !(c->msg[0] &&
							  last <= C_CI))
		last--;
	for (int i = C_CA; i <= last; i++) {
		if (fmt_hidden(t, i))
			continue;
		if ((i == C_CI) && c->msg[0]) {
			fprintf(out, " %s", c->msg);
			break;
		}
		if (i == C_CB || i == C_DELTA)
			fputc(' ', out);
		if (i == C_DELTA && colour && c->sign)
			fprintf(out, " \033[%dm%*s\033[0m",
				c->sign > 0 ? 32 : 31, t->w[i], c->delta);
		else if (i == C_V)
			fprintf(out, " %-*s", i == last ? 0 : t->w[i],
				fmt_cell(c, i));
		else
			fprintf(out, " %*s", t->w[i], fmt_cell(c, i));
	}
	fputc('\n', out);
}

/* The geomean's row; a reason that would run past the width goes on a
 * line of its own under a "?" (mail's 72 columns, long metric names). */
static void fmt_geomean_row(const struct compare_model *m, size_t s,
			    const struct fmt_table *t, bool split,
			    int indent, int width, FILE *out)
{
	struct fmt_cells c;
	char why[sizeof(c.msg) + 16] = "";
	char *line = NULL;
	size_t len = 0;
	FILE *mem;

	fmt_geomean_cells(m, s, &c);
	mem = c.msg[0] ? open_memstream(&line, &len) : NULL;
	if (mem) {
		fmt_numbers(t, &c, false, mem);
		fclose(mem);
		if (indent + (int)len - 1 > width) {
			snprintf(why, sizeof(why), "%*s(geomean: %s)", indent,
				 "", c.msg);
			c.msg[0] = '\0';
		}
		free(line);
	}
	if (split)
		fprintf(out, "%s\n%*s", c.name, indent, "");
	else
		fprintf(out, "%-*s", indent, c.name);
	fmt_numbers(t, &c, false, out);
	if (why[0])
		fmt_text_line(out, width, why);
}

static void fmt_pair_table(const struct compare_model *m, size_t s,
			   FILE *out, int width, bool colour,
			   const char *ci_head)
{
	const char *head[C_MAX] = {
		fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" : "metric",
		fmt_center_head(m), "cv", fmt_center_head(m), "cv",
		"delta", ci_head, "p", "verdict", "n",
	};
	const char *last_reason = NULL, *last_bench = NULL;
	bool last_primary = true;
	char la[512], lb[512], fa[512], fb[512];
	struct fmt_table t;
	bool split;
	int indent, wa, wb;

	fmt_label(m, 0, la, sizeof(la));
	fmt_label(m, s, lb, sizeof(lb));
	fmt_measure(m, s, head, &t);
	/* widen the centre columns for the labels while the table fits */
	for (int i = 0; i < 2; i++) {
		int want = (int)strlen(i ? lb : la);
		int *w = &t.w[i ? C_CB : C_CA];
		int have = *w + 1 + t.w[i ? C_PB : C_PA];

		if (want > have && t.total + want - have <= width) {
			t.total += want - have;
			*w += want - have;
		}
	}
	/* too wide: first leave the cv columns out, then split rows */
	if (t.total > width) {
		t.no_cv = true;
		t.total -= t.w[C_PA] + t.w[C_PB] + 2;
		/* the room the cv columns left: the labels' first (a label
		 * is cut only when the width needs it) */
		for (int i = 0; i < 2; i++) {
			int want = (int)strlen(i ? lb : la);
			int *w = &t.w[i ? C_CB : C_CA];

			if (want > *w && t.total + want - *w <= width) {
				t.total += want - *w;
				*w = want;
			}
		}
	}
	split = t.total > width;
	indent = split ? 1 : t.w[C_NAME];
	wa = t.w[C_CA] + (t.no_cv ? 0 : 1 + t.w[C_PA]);
	wb = t.w[C_CB] + (t.no_cv ? 0 : 1 + t.w[C_PB]);
	/* labels right-aligned over their two columns, a long one keeping
	 * its end (the legend under the table has them in full) */
	fprintf(out, "%*s %*s  %*s\n", indent, "", wa,
		fmt_label_fit(m, 0, wa, fa, sizeof(fa)), wb,
		fmt_label_fit(m, s, wb, fb, sizeof(fb)));
	fprintf(out, "%-*s", indent, split ? "" : head[C_NAME]);
	for (int i = C_CA; i < (t.show_n ? C_MAX : C_N); i++)
		if (!fmt_hidden(&t, i))
			fprintf(out, "%s %*s",
				i == C_CB || i == C_DELTA ? " " : "", t.w[i],
				head[i]);
	fputc('\n', out);
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		struct fmt_cells c;
		char buf[256];

		fmt_row_heads(m, row, &last_bench, &last_primary,
			      "unadjusted p, no verdict", width, out);
		fmt_row_cells(m, row, s, &c);
		if (c.special) {
			snprintf(buf, sizeof(buf), "%-*s %s", t.w[C_NAME],
				 c.name, c.msg);
			fmt_text_line(out, width, buf);
			if (c.reason && (!last_reason ||
					 strcmp(last_reason, c.reason))) {
				snprintf(buf, sizeof(buf), "%*s (%s)",
					 (int)fmin(t.w[C_NAME], 8), "",
					 c.reason);
				fmt_text_line(out, width, buf);
				last_reason = c.reason;
			}
			continue;
		}
		if (split)
			fprintf(out, "%s\n%*s", c.name, indent, "");
		else
			fprintf(out, "%-*s", indent, c.name);
		fmt_numbers(&t, &c, colour, out);
	}
	if (m->geomean)
		fmt_geomean_row(m, s, &t, split, indent, width, out);
	if ((int)strlen(la) > wa || (int)strlen(lb) > wb)
		fmt_legend(m, out, width);
	if (t.no_cv)
		fmt_text_line(out, width,
			      "(cv left out to fit the width: csv and json have it)");
}

static void fmt_pair(const struct compare_model *m, size_t s, FILE *out,
		     int width, bool colour)
{
	char ci_head[24];

	snprintf(ci_head, sizeof(ci_head), "%g%% CI", (1 - m->alpha) * 100);
	fmt_pair_table(m, s, out, width, colour, ci_head);
}

/* Row r's cells and its name in the spread table (the delta table's
 * indent of two dropped); NULL for a row without numbers. */
static const char *fmt_boots_row(const struct compare_model *m, size_t r,
				 struct fmt_cells *c)
{
	fmt_row_cells(m, &m->rows[r], 1, c);
	if (c->special)
		return NULL;
	return c->name[0] == ' ' ? c->name + 2 : c->name;
}

/* The spread table's name column: the longest row name, at least 16,
 * at most what leaves the sides' columns the width (a longer name goes
 * on a line of its own, as in the delta table). */
static int fmt_boots_name_width(const struct compare_model *m, int width,
				int cw, int indent)
{
	int w = 16, most = width - (int)m->n_sides * (cw + 1);

	for (size_t r = 0; r < m->n_rows; r++) {
		struct fmt_cells c;
		const char *name = fmt_boots_row(m, r, &c);

		if (!name)
			continue;
		if ((int)strlen(name) + indent > w)
			w = (int)strlen(name) + indent;
	}
	return w < most ? w : most;
}

/* Within/between-boot spread, only when some side has several boots;
 * with several benchmarks each has its heading, as in the delta table. */
static void fmt_boots(const struct compare_model *m, FILE *out, int width)
{
	char buf[512], cell[40], lab[512];
	const char *last_bench = NULL;
	bool several, other = false, multi = false;
	int cw = 16, nw, indent;
	size_t k;

	for (size_t s = 0; s < m->n_sides; s++)
		if (m->boots[s] > 1)
			goto print;
	return;
print:
	fputc('\n', out);
	fmt_text_line(out, width,
		 "boot-to-boot spread, SD as % of center (within / between):");
	/* headings when the benchmarks differ and one has several rows
	 * (one row each: the row is named by its benchmark) */
	for (size_t r = 1; r < m->n_rows; r++) {
		other |= strcmp(m->rows[r].bench, m->rows[0].bench) != 0;
		multi |= strcmp(m->rows[r].bench, m->rows[r - 1].bench) == 0;
	}
	several = other && multi;
	indent = several ? 2 : 0;
	nw = fmt_boots_name_width(m, width, cw, indent);
	k = (size_t)snprintf(buf, sizeof(buf), "%-*s", nw, "metric");
	for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, " %*s", cw,
				      fmt_label_fit(m, s, cw, lab, sizeof(lab)));
	fmt_text_line(out, width, buf);
	for (size_t r = 0; r < m->n_rows; r++) {
		struct fmt_cells c;
		const char *name = fmt_boots_row(m, r, &c);

		if (!name)
			continue;
		if (several && (!last_bench ||
				strcmp(last_bench, m->rows[r].bench))) {
			fmt_text_line(out, width, m->rows[r].bench);
			last_bench = m->rows[r].bench;
		}
		if ((int)strlen(name) + indent > nw) {
			snprintf(buf, sizeof(buf), "%*s%s", indent, "", name);
			fmt_text_line(out, width, buf);
			name = "";
		}
		k = (size_t)snprintf(buf, sizeof(buf), "%*s%-*s", indent, "",
				     nw - indent, name);
		for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++) {
			const struct compare_stat *st = &m->rows[r].stat[s];

			if (st->n_groups > 1)
				snprintf(cell, sizeof(cell), "%.1f%% / %.1f%%",
					 st->within_boot_rel * 100,
					 st->between_boot_rel * 100);
			else
				snprintf(cell, sizeof(cell), "one boot");
			k += (size_t)snprintf(buf + k, sizeof(buf) - k,
					      " %*s", cw, cell);
		}
		fmt_text_line(out, width, buf);
	}
}

/* What each tested primary row could detect (fmt_power_line). */
static void fmt_power(const struct compare_model *m, FILE *out, int width)
{
	char buf[512];

	if (!fmt_power_any(m))
		return;
	fputc('\n', out);
	fmt_power_head(m, buf, sizeof(buf));
	fmt_wrap(out, buf, width, "");
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			if (fmt_power_line(m, &m->rows[r], s, buf,
					   sizeof(buf)))
				fmt_wrap(out, buf, width, "  ");
}

void fmt_text(const struct compare_model *m, FILE *out, int width,
	      bool colour)
{
	char buf[2048];

	fmt_title(m, buf, sizeof(buf));
	fmt_wrap(out, buf, width, "");
	fmt_env(m, out, width, false);
	if (m->n_sides > 2) {
		fputc('\n', out);
		fmt_wide(m, out, width);
	}
	for (size_t s = 1; m->n_sides == 2 && s < m->n_sides; s++) {
		fputc('\n', out);
		fmt_pair(m, s, out, width, colour);
	}
	fmt_boots(m, out, width);
	fmt_power(m, out, width);
	fmt_geomean_note(m, m->n_sides > 2, buf, sizeof(buf));
	if (buf[0]) {
		fputc('\n', out);
		fmt_wrap(out, buf, width, "");
	}
	fputc('\n', out);
	fmt_footer(m, m->n_sides == 2, buf, sizeof(buf));
	if (m->n_sides > 2) {
		char lab[512], all[2560];

		snprintf(all, sizeof(all), "Per side: its %s and its delta against %s, marked %s, ~ not significant, ? no verdict (too few runs or boots); the intervals and p-values are in --format csv and json. %s",
			 fmt_center_head(m), fmt_label(m, 0, lab, sizeof(lab)),
			 m->design == DESIGN_SESSIONS ?
				 "s a difference between these sessions only (not a verdict)" :
				 "* significant",
			 buf);
		fmt_wrap(out, all, width, "");
		return;
	}
	fmt_wrap(out, buf, width, "");
}
