// SPDX-License-Identifier: MIT
/*
 * compare_geomean: the geomean row of a suite. For each non-baseline
 * side, the geometric mean over the benchmarks of the ratios
 * center(side) / center(baseline) of their primary rows (Fleming and
 * Wallace, "How not to lie with statistics: the correct way to summarize
 * benchmark results", CACM 29(3), 1986: ratios are summarised by their
 * geometric mean). Its interval is the delta method on the log ratios
 * (Casella and Berger, Statistical Inference, 2nd ed., 5.5.4): each
 * benchmark's log ratio l_i has the standard error its own interval
 * implies, se_i = (log(1 + hi_i) - log(1 + lo_i)) / (2 z), the
 * benchmarks are independent, so mean(l) has se sqrt(sum se_i^2) / k
 * and the interval is exp(mean(l) +- z se) - 1, z the normal quantile
 * at 1 - alpha / 2. A benchmark missing on either side (or with no
 * measured run there) is left out and counted: the mean is over the
 * benchmarks both sides have. A summary, never a test: no verdict, no
 * exit status.
 *
 * With several boots a side the benchmarks are not independent: they
 * share each boot's offset (a kernel booted slow is slow in all of them),
 * and the delta method's interval covered the true change only 85% of
 * the time at 95% (issue 29). There the boot is the unit, as in each
 * benchmark's own test: each boot's geometric mean over the benchmarks
 * (the mean of its log centers), then Welch t on those per side, the
 * interval exp(lo), exp(hi) - 1. It needs every boot to have every
 * benchmark in the mean; without, the delta method, said so.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "stats.h"

/* The standard normal quantile, as Student's t with very many degrees of
 * freedom. */
static double geomean_z(double alpha)
{
	return stats_t_quantile(1 - alpha / 2, 1e9);
}

static void geomean_side(const struct compare_model *m, size_t s,
			 struct compare_geomean *g)
{
	double z = geomean_z(m->alpha), sum = 0, var = 0, se;
	int dir = -1;

	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		const struct compare_delta *d = &row->delta[s];
		double l, h;

		if (!row->primary)
			continue;
		if (r && m->rows[r - 1].primary && row->bench &&
		    m->rows[r - 1].bench &&
		    !strcmp(m->rows[r - 1].bench, row->bench)) {
			g->why = "several primary rows a benchmark";
			return;
		}
		if (row->stat && (!row->stat[0].present ||
				  !row->stat[s].present || !row->stat[0].n ||
				  !row->stat[s].n)) {
			g->left_out++;
			continue;
		}
		if (!d->has_delta || d->absolute || (!d->has_p && !d->exact)) {
			g->why = "a delta without interval";
			return;
		}
		if (dir >= 0 && dir != row->higher_is_better) {
			g->why = "mixed better directions";
			return;
		}
		dir = row->higher_is_better;
		l = log1p(d->delta);
		h = (log1p(d->hi) - log1p(d->lo)) / (2 * z);
		sum += l;
		var += h * h;
		g->n++;
	}
	if (g->n < 2) {
		g->why = "< 2 benchmarks";
		return;
	}
	sum /= (double)g->n;
	se = sqrt(var) / (double)g->n;
	g->delta = expm1(sum);
	g->lo = expm1(sum - z * se);
	g->hi = expm1(sum + z * se);
	g->has = isfinite(g->delta) && isfinite(g->lo) && isfinite(g->hi);
	if (!g->has)
		g->why = "not finite";
}

/* The boots' log geomeans of side s over the rows of g (the primary
 * rows with a delta on side t): into x (m->boots[s]), false when a boot
 * lacks one of them. */
static bool geomean_boot_logs(const struct compare_model *m, size_t s,
			      size_t t, double *x)
{
	size_t k = 0;

	for (size_t f = 0; f < m->boots[s]; f++)
		x[f] = 0;
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		const struct compare_stat *st = &row->stat[s];

		if (!row->primary || !row->delta[t].has_delta)
			continue;
		if (st->n_groups != m->boots[s] || !st->boot_center)
			return false;
		for (size_t f = 0; f < m->boots[s]; f++) {
			if (st->boot_center[f] <= 0)
				return false;
			x[f] += log(st->boot_center[f]);
		}
		k++;
	}
	for (size_t f = 0; k && f < m->boots[s]; f++)
		x[f] /= (double)k;
	return k > 0;
}

/* With boots: Welch t on the boots' log geomeans (see the top). false:
 * the delta method's interval stays. */
static bool geomean_boots(const struct compare_model *m, size_t s,
			  struct compare_geomean *g)
{
	size_t na = m->boots[0], nb = m->boots[s];
	double *x = malloc((na + nb) * sizeof(*x));
	struct stats_welch w;
	bool ok = false;

	if (x && na >= 2 && nb >= 2 && geomean_boot_logs(m, 0, s, x) &&
	    geomean_boot_logs(m, s, s, x + na) &&
	    !stats_welch(x, na, x + na, nb, 1 - m->alpha, &w) &&
	    isfinite(w.lo) && isfinite(w.hi)) {
		g->lo = expm1(w.lo);
		g->hi = expm1(w.hi);
		g->boots = ok = true;
	}
	free(x);
	return ok;
}

int compare_geomean(struct compare_model *m)
{
	if (m->n_bench < 2 || m->n_sides < 2)
		return 0;
	m->geomean = calloc(m->n_sides, sizeof(*m->geomean));
	if (!m->geomean)
		return -ENOMEM;
	for (size_t s = 1; s < m->n_sides; s++) {
		struct compare_geomean *g = &m->geomean[s];

		geomean_side(m, s, g);
		if (g->has && m->design == DESIGN_BOOTS && !geomean_boots(m, s, g))
			g->why_method = "a boot lacks a benchmark: the delta method";
	}
	return 0;
}
