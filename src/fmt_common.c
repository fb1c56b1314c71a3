// SPDX-License-Identifier: MIT
/*
 * fmt_common: what the table formats share: number and percentage
 * formatting, the cells of a row, the title and the footer, so text, mail
 * and markdown say the same thing in the same words.
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
			" Several boots per side: the delta CI resamples boots, then runs, so it includes boot-to-boot variation; a row is significant only when that CI excludes 0 too." :
			" One boot per side: the CIs cannot include boot-to-boot variation.");
}
