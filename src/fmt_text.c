// SPDX-License-Identifier: MIT
/*
 * fmt_text: the compare table as plain text (<= 80 columns) and as mail
 * (<= 72 columns, ASCII, no tabs, no colour), plus the cell and number
 * formatting the other table formats share. Columns are sized to their
 * contents; a row too wide for the limit prints its name on a line of its
 * own and the numbers indented below it, so nothing is ever cut or
 * re-wrapped by a mail client.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"

bool fmt_colour(FILE *out)
{
	return isatty(fileno(out)) && !getenv("NO_COLOR");
}

void fmt_value(double v, char *buf, size_t len)
{
	static const char suffix[] = "kMGTPE";
	double a = fabs(v);
	int k = -1;

	if (a == 0) {
		snprintf(buf, len, "0");
		return;
	}
	if (a < 1e5) {
		snprintf(buf, len, a >= 100 ? "%.0f" : a >= 1e-3 ? "%.4g" :
							     "%.2e", v);
		return;
	}
	while (a >= 999.95 && k < 5) {
		a /= 1000;
		v /= 1000;
		k++;
	}
	snprintf(buf, len, "%.4g%c", v, suffix[k]);
}

void fmt_pct(double frac, char *buf, size_t len)
{
	double x = frac * 100;

	snprintf(buf, len, fabs(x) < 99.95 ? "%+.1f%%" : "%+.0f%%", x);
}

static void fmt_ci(double lo, double hi, char *buf, size_t len)
{
	char x[24], y[24];

	fmt_pct(lo, x, sizeof(x));
	fmt_pct(hi, y, sizeof(y));
	/* drop the '%' signs: the column head says it is a percentage */
	x[strlen(x) - 1] = '\0';
	y[strlen(y) - 1] = '\0';
	snprintf(buf, len, "[%.12s,%.12s]", x, y);
}

enum fmt_view fmt_view(const struct compare_model *m)
{
	if (m->n_bench <= 1)
		return FMT_VIEW_SINGLE;
	return m->n_rows == m->n_bench ? FMT_VIEW_SUITE : FMT_VIEW_GROUPS;
}

static bool fmt_one_metric(const struct compare_model *m)
{
	for (size_t r = 1; r < m->n_rows; r++)
		if (strcmp(m->rows[r].metric, m->rows[0].metric))
			return false;
	return true;
}

const char *fmt_center_head(const struct compare_model *m)
{
	if (fmt_view(m) == FMT_VIEW_SUITE && fmt_one_metric(m))
		return m->rows[0].metric;
	return m->center == CENTER_MEAN ? "mean" : "median";
}

/* "+-" of one side: half-width of the median CI (the wider half), or the
 * SD with --center mean, as a percentage of the center. */
static void fmt_spread(const struct compare_model *m,
		       const struct compare_stat *st, char *buf, size_t len)
{
	double w = m->center == CENTER_MEAN ?
			   st->sd :
			   fmax(st->median_hi - st->median,
				st->median - st->median_lo);
	double x;

	if (st->center == 0) {
		snprintf(buf, len, "-");
		return;
	}
	x = w / fabs(st->center) * 100;
	snprintf(buf, len, x < 99.95 ? "+-%.1f%%" : "+-%.0f%%", x);
}

static const char *fmt_side_state(const struct compare_stat *st)
{
	if (!st->present)
		return "<missing>";
	if (!st->supported)
		return "<not supported>";
	if (!st->n)
		return "<not counted>";
	return NULL;
}

static void fmt_name(const struct compare_model *m,
		     const struct compare_row *r, char *buf, size_t len)
{
	const char *star = "";

	for (size_t s = 0; s < m->n_sides; s++)
		if (r->stat[s].scaled)
			star = "*";
	switch (fmt_view(m)) {
	case FMT_VIEW_SUITE:
		if (fmt_one_metric(m))
			snprintf(buf, len, "%s%s", r->bench, star);
		else
			snprintf(buf, len, "%s %s%s", r->bench, r->metric,
				 star);
		break;
	case FMT_VIEW_GROUPS:
		snprintf(buf, len, "  %s%s", r->metric, star);
		break;
	default:
		snprintf(buf, len, "%s%s", r->metric, star);
	}
}

void fmt_row_cells(const struct compare_model *m, const struct compare_row *r,
		   size_t s, struct fmt_cells *c)
{
	const struct compare_stat *a = &r->stat[0], *b = &r->stat[s];
	const struct compare_delta *d = &r->delta[s];
	const char *sa = fmt_side_state(a), *sb = fmt_side_state(b);

	memset(c, 0, sizeof(*c));
	fmt_name(m, r, c->name, sizeof(c->name));
	if (sa || sb) {
		c->special = true;
		if (sa && sb && !strcmp(sa, sb))
			snprintf(c->msg, sizeof(c->msg), "%s", sa);
		else
			snprintf(c->msg, sizeof(c->msg), "%s on %s",
				 sa ? sa : sb, m->labels[sa ? 0 : s]);
		c->reason = sa ? a->reason : b->reason;
		return;
	}
	fmt_value(a->center, c->ca, sizeof(c->ca));
	fmt_value(b->center, c->cb, sizeof(c->cb));
	fmt_spread(m, a, c->pa, sizeof(c->pa));
	fmt_spread(m, b, c->pb, sizeof(c->pb));
	snprintf(c->n, sizeof(c->n), "%zu/%zu", a->n, b->n);
	switch (d->verdict) {
	case VERDICT_SIGNIFICANT:
		fmt_pct(d->delta, c->delta, sizeof(c->delta));
		c->sign = d->regression ? -1 : 1;
		break;
	case VERDICT_NOT_SIGNIFICANT:
		snprintf(c->delta, sizeof(c->delta), "~");
		break;
	case VERDICT_TOO_FEW_RUNS:
		fmt_pct(d->delta, c->delta + 1, sizeof(c->delta) - 2);
		c->delta[0] = '(';
		strcat(c->delta, ")");
		snprintf(c->msg, sizeof(c->msg), "need >= %d runs",
			 COMPARE_MIN_RUNS);
		return;
	default:
		snprintf(c->delta, sizeof(c->delta), "?");
		snprintf(c->msg, sizeof(c->msg), "%s",
			 d->why ? d->why : "undetermined");
		return;
	}
	if (d->exact)
		snprintf(c->ci, sizeof(c->ci), "exact");
	else
		fmt_ci(d->lo, d->hi, c->ci, sizeof(c->ci));
	if (d->has_p)
		snprintf(c->p, sizeof(c->p), "%.3f", d->p_holm);
	else
		snprintf(c->p, sizeof(c->p), "-");
}

void fmt_title(const struct compare_model *m, char *buf, size_t len)
{
	char what[96], runs[64], boots[64] = "";
	bool same = true, multi = false;

	for (size_t s = 1; s < m->n_sides; s++)
		same &= m->runs[s] == m->runs[0];
	for (size_t s = 0; s < m->n_sides; s++)
		multi |= m->files[s] > 1;
	if (fmt_view(m) == FMT_VIEW_SINGLE)
		snprintf(what, sizeof(what), "%s", m->rows[0].bench);
	else
		snprintf(what, sizeof(what), "%zu benchmarks", m->n_bench);
	if (same) {
		snprintf(runs, sizeof(runs), "%zu runs/side", m->runs[0]);
	} else {
		size_t k = (size_t)snprintf(runs, sizeof(runs), "runs ");

		for (size_t s = 0; s < m->n_sides && k < sizeof(runs); s++)
			k += (size_t)snprintf(runs + k, sizeof(runs) - k,
					      "%s%zu", s ? "/" : "",
					      m->runs[s]);
	}
	if (multi) {
		size_t k = (size_t)snprintf(boots, sizeof(boots), ", boots ");

		for (size_t s = 0; s < m->n_sides && k < sizeof(boots); s++)
			k += (size_t)snprintf(boots + k, sizeof(boots) - k,
					      "%s%zu", s ? "/" : "",
					      m->files[s]);
	}
	snprintf(buf, len, "abstat compare: %s, %s%s%s%s, %s", what, runs,
		 boots, m->cpus ? ", CPU " : "", m->cpus ? m->cpus : "",
		 m->user_only ? "user-only" : "user+kernel");
}

void fmt_footer(const struct compare_model *m, char *buf, size_t len)
{
	bool small = false, exact = false, multi = false, scaled = false;
	size_t k;

	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 0; s < m->n_sides; s++) {
			const struct compare_stat *st = &m->rows[r].stat[s];

			small |= st->n && st->ci_level < 0.95;
			scaled |= st->scaled;
			exact |= s && m->rows[r].delta[s].exact &&
				 m->rows[r].delta[s].has_delta;
		}
	for (size_t s = 0; s < m->n_sides; s++)
		multi |= m->files[s] > 1;
	k = (size_t)snprintf(buf, len,
		"Mann-Whitney U, alpha %g, Holm over %zu test%s (p shown corrected); ~ not significant. +- is %s. Delta CI: bootstrap, %u resamples, seed %llu.",
		m->alpha, m->n_tests, m->n_tests == 1 ? "" : "s",
		m->center == CENTER_MEAN ? "the SD" :
					   "the 95% CI of the median",
		m->resamples, (unsigned long long)m->seed);
	if (small && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" With fewer than 6 runs +- is the range (coverage below 95%%).");
	if (exact && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" exact: identical values in every run, no test needed.");
	if (scaled && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" *: multiplexed, scaled by enabled/running time.");
	if (k < len)
		snprintf(buf + k, len - k, "%s", multi ?
			" Several boots per side: the delta CI resamples boots, then runs, so it includes boot-to-boot variation." :
			" One boot per side: the CIs cannot include boot-to-boot variation.");
}

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

/* One line, cut to width with "..." when longer. */
void fmt_text_line(FILE *out, int width, const char *s)
{
	int n = (int)strlen(s);

	if (n <= width)
		fprintf(out, "%s\n", s);
	else
		fprintf(out, "%.*s...\n", width - 3, s);
}

static void fmt_env(const struct compare_model *m, FILE *out, int width)
{
	char buf[1024], info[512] = "";
	size_t ki = 0;
	bool any = false;

	for (size_t i = 0; i < m->n_env; i++) {
		const struct env_diff *d = &m->env[i];
		size_t k;

		if (d->kind == ENV_DIFF_INFO) {
			if (ki < sizeof(info))
				ki += (size_t)snprintf(info + ki,
						       sizeof(info) - ki,
						       "%s%s", ki ? ", " : "",
						       d->key);
			continue;
		}
		k = (size_t)snprintf(buf, sizeof(buf), "%s: ", d->key);
		for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++)
			k += (size_t)snprintf(buf + k, sizeof(buf) - k, "%s%s",
					      s ? " -> " : "",
					      d->values && d->values[s] ?
						      d->values[s] : "?");
		fmt_text_line(out, width, buf);
		any = true;
	}
	if (ki) {
		snprintf(buf, sizeof(buf), "also differs: %s", info);
		fmt_text_line(out, width, buf);
	} else if (!any) {
		fmt_text_line(out, width, "environment: no recorded difference");
	}
	if (m->forced) {
		snprintf(buf, sizeof(buf), "FORCED: %s", m->forced_note);
		fmt_text_line(out, width, buf);
	}
}

enum { C_NAME, C_CA, C_PA, C_CB, C_PB, C_DELTA, C_CI, C_P, C_N, C_MAX };

static const char *fmt_cell(const struct fmt_cells *c, int i)
{
	const char *v[C_MAX] = { c->name, c->ca, c->pa, c->cb, c->pb,
				 c->delta, c->ci, c->p, c->n };

	return v[i];
}

struct fmt_table {
	int w[C_MAX];
	bool show_n;
	int total;
};

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
			if ((i == C_CI || i == C_P) && c.msg[0])
				continue;
			t->w[i] = (int)fmax(t->w[i],
					    (double)strlen(fmt_cell(&c, i)));
		}
		if (m->rows[r].stat[0].n != m->runs[0] ||
		    m->rows[r].stat[s].n != m->runs[s])
			t->show_n = true;
	}
	t->total = 2; /* the wider gaps before C_CB and C_DELTA */
	for (int i = 0; i < (t->show_n ? C_MAX : C_N); i++)
		t->total += t->w[i] + (i ? 1 : 0);
}

/* Numbers of one row from column C_CA on (name printed by the caller). */
static void fmt_numbers(const struct fmt_table *t, const struct fmt_cells *c,
			bool colour, FILE *out)
{
	for (int i = C_CA; i < (t->show_n ? C_MAX : C_N); i++) {
		if ((i == C_CI) && c->msg[0]) {
			fprintf(out, " %s", c->msg);
			break;
		}
		if (i == C_CB || i == C_DELTA)
			fputc(' ', out);
		if (i == C_DELTA && colour && c->sign)
			fprintf(out, " \033[%dm%*s\033[0m",
				c->sign > 0 ? 32 : 31, t->w[i], c->delta);
		else
			fprintf(out, " %*s", t->w[i], fmt_cell(c, i));
	}
	fputc('\n', out);
}

static void fmt_pair(const struct compare_model *m, size_t s, FILE *out,
		     int width, bool colour)
{
	const char *head[C_MAX] = {
		fmt_view(m) == FMT_VIEW_SUITE ? "benchmark" : "metric",
		fmt_center_head(m),
		m->center == CENTER_MEAN ? "SD" : "95%CI",
		fmt_center_head(m),
		m->center == CENTER_MEAN ? "SD" : "95%CI",
		"delta", "95% CI", "p", "n",
	};
	const char *last_reason = NULL, *last_bench = NULL;
	struct fmt_table t;
	bool split;
	int indent, wa, wb;

	fmt_measure(m, s, head, &t);
	/* widen the centre columns for the labels while the table fits */
	for (int i = 0; i < 2; i++) {
		int want = (int)strlen(m->labels[i ? s : 0]);
		int *w = &t.w[i ? C_CB : C_CA];
		int have = *w + 1 + t.w[i ? C_PB : C_PA];

		if (want > have && t.total + want - have <= width) {
			t.total += want - have;
			*w += want - have;
		}
	}
	split = t.total > width;
	indent = split ? 1 : t.w[C_NAME];
	wa = t.w[C_CA] + 1 + t.w[C_PA];
	wb = t.w[C_CB] + 1 + t.w[C_PB];
	/* labels centred-right over their two columns */
	fprintf(out, "%*s %*.*s  %*.*s\n", indent, "", wa, wa, m->labels[0],
		wb, wb, m->labels[s]);
	fprintf(out, "%-*s", indent, split ? "" : head[C_NAME]);
	for (int i = C_CA; i < (t.show_n ? C_MAX : C_N); i++)
		fprintf(out, "%s %*s", i == C_CB || i == C_DELTA ? " " : "",
			t.w[i], head[i]);
	fputc('\n', out);
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		struct fmt_cells c;
		char buf[256];

		if (fmt_view(m) == FMT_VIEW_GROUPS &&
		    (!last_bench || strcmp(last_bench, row->bench))) {
			fmt_text_line(out, width, row->bench);
			last_bench = row->bench;
		}
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
}

/* Within/between-boot spread, only when some side has several boots. */
static void fmt_boots(const struct compare_model *m, FILE *out, int width)
{
	char buf[256], cell[40];
	size_t k;
	int cw = 16;

	for (size_t s = 0; s < m->n_sides; s++)
		if (m->files[s] > 1)
			goto print;
	return;
print:
	fputc('\n', out);
	fmt_text_line(out, width,
		 "boot-to-boot spread, SD as % of center (within / between):");
	k = (size_t)snprintf(buf, sizeof(buf), "%-16s", "metric");
	for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, " %*.*s", cw,
				      cw, m->labels[s]);
	fmt_text_line(out, width, buf);
	for (size_t r = 0; r < m->n_rows; r++) {
		struct fmt_cells c;

		fmt_row_cells(m, &m->rows[r], 1, &c);
		if (c.special)
			continue;
		k = (size_t)snprintf(buf, sizeof(buf), "%-16.16s",
				     c.name[0] == ' ' ? c.name + 2 : c.name);
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

void fmt_text(const struct compare_model *m, FILE *out, int width,
	      bool colour)
{
	char buf[1024];

	fmt_title(m, buf, sizeof(buf));
	fmt_wrap(out, buf, width, "");
	fmt_env(m, out, width);
	for (size_t s = 1; s < m->n_sides; s++) {
		fputc('\n', out);
		if (m->n_sides > 2) {
			snprintf(buf, sizeof(buf), "%s vs %s:", m->labels[0],
				 m->labels[s]);
			fmt_text_line(out, width, buf);
		}
		fmt_pair(m, s, out, width, colour);
	}
	fmt_boots(m, out, width);
	fputc('\n', out);
	fmt_footer(m, buf, sizeof(buf));
	fmt_wrap(out, buf, width, "");
}
