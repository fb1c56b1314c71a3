// SPDX-License-Identifier: MIT
/*
 * fmt_wide: the compare table of three sides or more as text and mail,
 * one column group per side (mmtests compare-kernels style): the
 * baseline's center and cv, then per other side its center and its delta
 * against the baseline with a significance marker ('*' significant, 's'
 * a difference of two sessions only, '~' not, '?' no verdict possible;
 * none on secondary rows). The groups that
 * do not fit the width go to further blocks, each repeating the baseline
 * (a mail reader never re-wraps a line); a name too wide for the block
 * goes on a line of its own. Cells are those of fmt_row_cells(); the
 * intervals and p-values are in csv and json.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"

#define WIDE_GAP 2 /* blanks before each side's group */

struct wide_table {
	int wn;         /* name column */
	int wc0, wcv;   /* baseline: center, cv */
	int *wc, *wd;   /* per side: center, delta with its marker */
};

/* The marker after a delta: the verdict in one character ('s' for a
 * difference between two sessions, never the '*' of a verdict). */
static char wide_marker(const struct compare_model *m,
			const struct compare_row *r, size_t s)
{
	(void)m;
	switch (r->delta[s].verdict) {
	case VERDICT_SIGNIFICANT:
		return '*';
	case VERDICT_SESSION:
		return 's';
	case VERDICT_NOT_SIGNIFICANT:
		return '~';
	case VERDICT_SECONDARY:
		return ' ';
	default:
		return '?';
	}
}

/* Side s's two cells of row r: center (or its state) and delta. */
static void wide_cells(const struct compare_model *m,
		       const struct compare_row *r, size_t s, char *c,
		       size_t cl, char *d, size_t dl)
{
	const struct compare_stat *st = &r->stat[s];
	struct fmt_cells fc;

	*c = *d = '\0';
	if (!st->present) {
		snprintf(c, cl, "missing");
		return;
	}
	if (!st->supported || !st->n) {
		snprintf(c, cl, "%s", st->supported ? "n/c" : "n/s");
		return;
	}
	fmt_row_cells(m, r, s, &fc);
	snprintf(c, cl, "%s", fc.cb);
	snprintf(d, dl, "%s%c", fc.delta, fc.delta[0] && strcmp(fc.delta, "?") ?
					      wide_marker(m, r, s) : ' ');
}

/* The baseline is unusable on this row: the whole row is a message. */
static bool wide_special(const struct compare_model *m,
			 const struct compare_row *r, struct fmt_cells *c)
{
	fmt_row_cells(m, r, 1, c);
	return !r->stat[0].present || !r->stat[0].supported || !r->stat[0].n;
}

static void wide_geomean_cell(const struct compare_model *m, size_t s,
			      char *d, size_t dl)
{
	const struct compare_geomean *g = &m->geomean[s];

	if (!g->has)
		snprintf(d, dl, "? ");
	else {
		fmt_pct(g->delta, d, dl);
		strcat(d, " ");
	}
}

static void wide_measure(const struct compare_model *m, struct wide_table *t)
{
	char c[32], d[32];

	t->wn = (int)strlen(fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" :
							    "metric");
	t->wc0 = t->wcv = (int)strlen(fmt_center_head(m));
	t->wcv = 2;
	for (size_t s = 1; s < m->n_sides; s++) {
		t->wc[s] = (int)strlen(fmt_center_head(m));
		t->wd[s] = (int)strlen("delta");
	}
	if (m->geomean)
		t->wn = (int)fmax(t->wn, strlen("geomean"));
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		struct fmt_cells fc;
		bool special;

		if (fmt_row_show(m, row) != FMT_ROW_SHOWN)
			continue;
		special = wide_special(m, row, &fc);

		t->wn = (int)fmax(t->wn, strlen(fc.name));
		if (special)
			continue;
		t->wc0 = (int)fmax(t->wc0, strlen(fc.ca));
		t->wcv = (int)fmax(t->wcv, strlen(fc.pa));
		for (size_t s = 1; s < m->n_sides; s++) {
			wide_cells(m, row, s, c, sizeof(c), d, sizeof(d));
			t->wc[s] = (int)fmax(t->wc[s], strlen(c));
			t->wd[s] = (int)fmax(t->wd[s], strlen(d));
		}
	}
	for (size_t s = 1; m->geomean && s < m->n_sides; s++) {
		wide_geomean_cell(m, s, d, sizeof(d));
		t->wd[s] = (int)fmax(t->wd[s], strlen(d));
	}
}

static int wide_group(const struct wide_table *t, size_t s)
{
	return WIDE_GAP + t->wc[s] + 1 + t->wd[s];
}

/* Trailing blanks off, then the newline. */
static void wide_end(FILE *out, char *line)
{
	size_t n = strlen(line);

	while (n && line[n - 1] == ' ')
		line[--n] = '\0';
	fprintf(out, "%s\n", line);
}

/* Sides first..last (inclusive) with the baseline, in one block. */
static void wide_block(const struct compare_model *m,
		       const struct wide_table *t, size_t first, size_t last,
		       int width, FILE *out)
{
	int base = t->wc0 + 1 + t->wcv, total = t->wn + 1 + base;
	const char *last_bench = NULL, *last_reason = NULL;
	bool last_primary = true, split;
	char line[1024], lab[512], c[32], d[32];
	int indent, k;

	for (size_t s = first; s <= last; s++)
		total += wide_group(t, s);
	split = total > width;
	indent = split ? 0 : t->wn;
	k = snprintf(line, sizeof(line), "%*s %*s", indent, "", base,
		     fmt_label_fit(m, 0, base, lab, sizeof(lab)));
	for (size_t s = first; s <= last && k < (int)sizeof(line); s++) {
		int g = wide_group(t, s) - WIDE_GAP;

		k += snprintf(line + k, sizeof(line) - (size_t)k, "%*s%*s",
			      WIDE_GAP, "", g,
			      fmt_label_fit(m, s, g, lab, sizeof(lab)));
	}
	wide_end(out, line);
	k = snprintf(line, sizeof(line), "%-*s %*s %*s", indent,
		     split ? "" : fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" :
								 "metric",
		     t->wc0, fmt_center_head(m), t->wcv, "cv");
	for (size_t s = first; s <= last && k < (int)sizeof(line); s++)
		k += snprintf(line + k, sizeof(line) - (size_t)k,
			      "%*s%*s %-*s", WIDE_GAP, "", t->wc[s],
			      fmt_center_head(m), t->wd[s], "delta");
	wide_end(out, line);
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		struct fmt_cells fc;

		if (fmt_row_show(m, row) != FMT_ROW_SHOWN)
			continue;
		fmt_row_heads(m, row, &last_bench, &last_primary,
			      "no verdict", width, out);
		if (wide_special(m, row, &fc)) {
			snprintf(line, sizeof(line), "%-*s %s", t->wn,
				 fc.name, fmt_stat_state(&row->stat[0]));
			fmt_text_line(out, width, line);
			if (row->stat[0].reason &&
			    (!last_reason ||
			     strcmp(last_reason, row->stat[0].reason))) {
				snprintf(line, sizeof(line), "%*s (%s)",
					 (int)fmin(t->wn, 8), "",
					 row->stat[0].reason);
				fmt_text_line(out, width, line);
				last_reason = row->stat[0].reason;
			}
			continue;
		}
		if (split)
			fprintf(out, "%s\n", fc.name);
		k = snprintf(line, sizeof(line), "%-*s %*s %*s", indent,
			     split ? "" : fc.name, t->wc0, fc.ca, t->wcv,
			     fc.pa);
		for (size_t s = first; s <= last && k < (int)sizeof(line);
		     s++) {
			wide_cells(m, row, s, c, sizeof(c), d, sizeof(d));
			k += snprintf(line + k, sizeof(line) - (size_t)k,
				      "%*s%*s %*s", WIDE_GAP, "", t->wc[s], c,
				      t->wd[s], d);
		}
		wide_end(out, line);
	}
	if (!m->geomean)
		return;
	k = snprintf(line, sizeof(line), "%-*s %*s", indent,
		     split ? "" : "geomean", base, "");
	if (split)
		fprintf(out, "geomean\n");
	for (size_t s = first; s <= last && k < (int)sizeof(line); s++) {
		wide_geomean_cell(m, s, d, sizeof(d));
		k += snprintf(line + k, sizeof(line) - (size_t)k,
			      "%*s%*s %*s", WIDE_GAP, "", t->wc[s], "",
			      t->wd[s], d);
	}
	wide_end(out, line);
}

/* Some label is longer than its column group (wide_label cut it). */
static bool wide_cut(const struct compare_model *m, const struct wide_table *t)
{
	char lab[512];
	bool cut = (int)strlen(fmt_label(m, 0, lab, sizeof(lab))) >
		   t->wc0 + 1 + t->wcv;

	for (size_t s = 1; s < m->n_sides; s++)
		cut |= (int)strlen(fmt_label(m, s, lab, sizeof(lab))) >
		       wide_group(t, s) - WIDE_GAP;
	return cut;
}

void fmt_wide(const struct compare_model *m, FILE *out, int width)
{
	struct wide_table t = { 0 };
	size_t first = 1;

	t.wc = calloc(m->n_sides, sizeof(*t.wc));
	t.wd = calloc(m->n_sides, sizeof(*t.wd));
	if (!t.wc || !t.wd) {
		free(t.wc);
		free(t.wd);
		return;
	}
	wide_measure(m, &t);
	while (first < m->n_sides) {
		int used = t.wn + 1 + t.wc0 + 1 + t.wcv;
		size_t last = first;

		/* as many sides as fit, at least one */
		used += wide_group(&t, first);
		while (last + 1 < m->n_sides &&
		       used + wide_group(&t, last + 1) <= width)
			used += wide_group(&t, ++last);
		if (first > 1)
			fputc('\n', out);
		wide_block(m, &t, first, last, width, out);
		first = last + 1;
	}
	fmt_rows_left_out(m, FMT_ROW_UNCOUNTED, out, width);
	fmt_rows_left_out(m, FMT_ROW_ZERO, out, width);
	if (wide_cut(m, &t))
		fmt_legend(m, out, width);
	free(t.wc);
	free(t.wd);
}
