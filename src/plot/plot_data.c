// SPDX-License-Identifier: MIT
/*
 * plot_data: the data file of the delta chart, written from the compare
 * model (compare.h): plot never recomputes a statistic, and the fields
 * every data writer shares. The columns are documented in abstat-plot(1),
 * PLOT DATA FILES; the script is plots/delta.gp (the scaling chart's data:
 * plot_scaling.c).
 *
 * A data file is gnuplot "index" blocks (separated by two blank lines);
 * every line starts with a number, so no user string can begin a line and
 * be taken for a comment.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "escape.h"
#include "plot_data.h"

void plot_put_str(FILE *f, const char *s, bool ascii)
{
	if (!s || !*s) {
		fputc('-', f);
		return;
	}
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		size_t ctl = escape_control(s); /* C1 too */

		if (ctl) {
			s += ctl - 1;
			c = ' ';
		} else if (c == '"')
			c = PLOT_QUOTE;
		else if (ascii && c > 0x7f)
			c = '?';
		fputc(c, f);
	}
}

void plot_put_num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, "\t%.6g", v);
	else
		fputs("\tNaN", f);
}

void plot_put_field(FILE *f, const char *s, bool ascii)
{
	fputc('\t', f);
	plot_put_str(f, s, ascii);
}

void plot_put_machine(FILE *f, const json_t *machine, bool ascii)
{
	char line[1024], first[PLOT_MACHINE_COLS + 1];
	size_t cut;

	if (!machine) {
		fputs("\t-\t-", f);
		return;
	}
	compare_machine_line(machine, line, sizeof(line));
	cut = strlen(line);
	if (cut > PLOT_MACHINE_COLS) {
		/* the last space that leaves the first line short enough,
		 * else a cut inside the word */
		for (cut = PLOT_MACHINE_COLS; cut && line[cut] != ' '; cut--)
			;
		if (!cut)
			cut = PLOT_MACHINE_COLS;
	}
	snprintf(first, sizeof(first), "%.*s", (int)cut, line);
	plot_put_field(f, first, ascii);
	plot_put_field(f, line + cut + (line[cut] == ' '), ascii);
}

unsigned plot_side_copies(const struct side *side)
{
	const struct result *r = side->n_files ? side->files[0] : NULL;

	return r && r->n_bench ? r->bench[0].copies : 0;
}

void plot_name_list(const char *const *names, size_t n, char *buf,
		    size_t len)
{
	size_t k = 0, used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		bool seen = !names[i];

		for (size_t q = 0; q < i && !seen; q++)
			seen = names[q] && !strcmp(names[q], names[i]);
		if (seen)
			continue;
		if (k++ < 3 && used < len)
			used += snprintf(buf + used, len - used, "%s%s",
					 k > 1 ? ", " : "", names[i]);
	}
	if (k > 3)
		snprintf(buf, len, "%zu benchmarks", k);
}

/* The kept rows' benchmarks (plot_name_list). 0 or -ENOMEM. */
static int plot_bench_list(const struct compare_model *m, const bool *keep,
			   char *buf, size_t len)
{
	const char **names = calloc(m->n_rows + 1, sizeof(*names));

	if (!names)
		return -ENOMEM;
	for (size_t r = 0; r < m->n_rows; r++)
		names[r] = keep[r] ? m->rows[r].bench : NULL;
	plot_name_list(names, m->n_rows, buf, len);
	free(names);
	return 0;
}

/* The value column of a delta bar: "+3.7% *", "-0.2% ~", "+1.0% n<4". */
static void plot_delta_note(const struct compare_model *m,
			    const struct compare_row *row, size_t s, char *buf,
			    size_t len)
{
	const struct compare_delta *d = &row->delta[s];
	const char *word = compare_verdict_word(m, row, s);
	double pct = d->delta * 100;
	const char *mark;

	switch (d->verdict) {
	case VERDICT_TOO_FEW_RUNS:
		mark = "n<4";
		break;
	case VERDICT_SIGNIFICANT:
		mark = "*";
		break;
	case VERDICT_SESSION:
		mark = "session";
		break;
	case VERDICT_NOT_SIGNIFICANT:
	case VERDICT_TOO_FEW_BOOTS:
		mark = word;
		break;
	case VERDICT_SECONDARY:
		mark = "(secondary)";
		break;
	default:
		mark = "?";
		break;
	}
	if (!d->has_delta || d->absolute)
		snprintf(buf, len, d->has_delta ? "%+g (abs)" : "n/a",
			 d->delta);
	else
		snprintf(buf, len, fabs(pct) < 1 ? "%+.2f%% %s" : "%+.1f%% %s",
			 pct, mark);
}

/* How the kept rows' metrics differ: more than one metric (many),
 * primary and secondary rows both (mixed), the better direction of most
 * rows (higher) and whether some row has the other one (odd). */
struct plot_delta_kinds {
	bool many, mixed, higher, odd;
	const struct compare_row *one; /* the one metric, or NULL */
};

static void plot_delta_metrics(const struct compare_model *m,
			       const bool *keep, struct plot_delta_kinds *k)
{
	const struct compare_row *first = NULL;
	size_t prim = 0, sec = 0, hi = 0;

	memset(k, 0, sizeof(*k));
	for (size_t r = 0; r < m->n_rows; r++) {
		if (!keep[r])
			continue;
		if (!first)
			first = &m->rows[r];
		else if (strcmp(m->rows[r].metric, first->metric))
			k->many = true;
		prim += m->rows[r].primary;
		sec += !m->rows[r].primary;
		hi += m->rows[r].higher_is_better;
	}
	k->mixed = prim && sec;
	k->higher = hi * 2 > prim + sec;
	k->odd = hi && hi != prim + sec;
	k->one = k->many ? NULL : first;
}

/* A bar's name: the benchmark when every bar has one metric (the title
 * names it), else the metric, "(higher is better)" or "(lower ...)"
 * when its direction is not the title's, "[primary]" for the tested row
 * among secondary ones. */
static const char *plot_row_name(const struct compare_model *m,
				 const struct compare_row *row,
				 const struct plot_delta_kinds *k, char *buf,
				 size_t len)
{
	bool bench = m->n_bench > 1;

	if (!k->many && bench && !row->modelled && !row->emulated)
		return row->bench;
	/* [m]: a model's count (the kernel lab's cache model); [e]: the
	 * emulator's (the x86_64 lab's instruction counter) */
	if (!k->many && bench) {
		snprintf(buf, len, "%s %s", row->bench,
			 row->modelled ? "[m]" : "[e]");
		return buf;
	}
	snprintf(buf, len, "%s%s%s%s%s%s", bench ? row->bench : "",
		 bench ? " " : "", row->metric,
		 row->modelled ? "[m]" : row->emulated ? "[e]" : "",
		 row->higher_is_better == k->higher ? "" :
		 row->higher_is_better ? " (higher is better)" :
					 " (lower is better)",
		 k->mixed && row->primary ? " [primary]" : "");
	return buf;
}

static void plot_delta_rows(const struct compare_model *m, const bool *keep,
			    FILE *f, bool ascii)
{
	struct plot_delta_kinds k;

	plot_delta_metrics(m, keep, &k);
	for (size_t s = 1; s < m->n_sides; s++) {
		size_t pos = 0;

		fputs("\n\n", f);
		for (size_t r = 0; r < m->n_rows; r++) {
			const struct compare_row *row = &m->rows[r];
			const struct compare_delta *d = &row->delta[s];
			char name[256], note[64];
			bool ok = d->has_delta && !d->absolute;

			if (!keep[r])
				continue;
			plot_delta_note(m, row, s, note, sizeof(note));
			fprintf(f, "%zu", pos++);
			plot_put_field(f, plot_row_name(m, row, &k, name,
							sizeof(name)), ascii);
			plot_put_num(f, ok ? d->delta * 100 : NAN);
			plot_put_num(f, ok ? d->lo * 100 : NAN);
			plot_put_num(f, ok ? d->hi * 100 : NAN);
			fprintf(f, "\t%d", row->primary &&
					   compare_verdict_changes(d->verdict));
			plot_put_field(f, note, ascii);
			fputc('\n', f);
		}
	}
}

/* Sides block: "i<TAB>label", side 0 the baseline. */
static void plot_sides_block(const struct compare_model *m, FILE *f,
			     bool ascii)
{
	fputs("\n\n", f);
	for (size_t s = 0; s < m->n_sides; s++) {
		fprintf(f, "%zu", s);
		plot_put_field(f, m->labels[s], ascii);
		fputc('\n', f);
	}
}

int plot_data_delta(const struct compare_model *m, FILE *f, bool ascii,
		    char *err, size_t len)
{
	double lo = 0, hi = 0;
	size_t kept = 0, n = m->n_sides;
	char title[768], sub[160], xlab[320], list[256];
	struct plot_delta_kinds k;
	bool *keep = calloc(m->n_rows + 1, sizeof(*keep));

	if (!keep)
		return err_nomem(err, len);
	for (size_t r = 0; r < m->n_rows; r++) {
		for (size_t s = 1; s < n; s++) {
			const struct compare_delta *d = &m->rows[r].delta[s];

			if (!d->has_delta || d->absolute)
				continue;
			keep[r] = true;
			lo = fmin(lo, fmin(d->lo, d->delta) * 100);
			hi = fmax(hi, fmax(d->hi, d->delta) * 100);
		}
		/* Rows without a relative delta (not supported, not
		 * counted, a zero baseline's absolute change) are left out:
		 * 'abstat compare' shows them. */
		kept += keep[r];
	}
	if (!kept) {
		free(keep);
		snprintf(err, len, "no row has a delta to draw (not supported, not counted or zero baseline); 'abstat compare' shows why");
		return -EINVAL;
	}
	if (kept * (n - 1) > PLOT_MAX_BARS) {
		/* the png is 30 pixels a bar: cairo gives up near 2000 */
		free(keep);
		snprintf(err, len, "the delta chart would have %zu bars, more than the %d that fit; choose rows with --metric, or fewer benchmarks or sides",
			 kept * (n - 1), PLOT_MAX_BARS);
		return -EINVAL;
	}
	if (plot_bench_list(m, keep, list, sizeof(list))) {
		free(keep);
		return -ENOMEM;
	}
	plot_delta_metrics(m, keep, &k);
	/* the metric and its better direction: the title names the metric
	 * when the bars share one, the subtitle the direction of most bars
	 * (the others are marked in their names) */
	snprintf(title, sizeof(title), "%s: %s%schange vs %s", list,
		 k.one ? k.one->metric : "", k.one ? " " : "", m->labels[0]);
	snprintf(sub, sizeof(sub),
		 "%s is better%s; %s change, %g%% CI; %s p < %g (Holm)",
		 k.higher ? "higher" : "lower", k.odd ? " unless marked" : "",
		 m->center == CENTER_MEAN ? "mean" : "median",
		 (1 - m->alpha) * 100,
		 m->design == DESIGN_SESSIONS ? "session:" : "*", m->alpha);
	snprintf(xlab, sizeof(xlab), "change vs %s (%%)", m->labels[0]);
	fputs("0", f);
	plot_put_field(f, title, ascii);
	plot_put_field(f, sub, ascii);
	plot_put_field(f, xlab, ascii);
	fprintf(f, "\t%zu\t%zu", kept, n);
	plot_put_num(f, lo);
	plot_put_num(f, hi);
	plot_put_machine(f, m->machine, ascii);
	fputc('\n', f);
	plot_sides_block(m, f, ascii);
	plot_delta_rows(m, keep, f, ascii);
	free(keep);
	return 0;
}
