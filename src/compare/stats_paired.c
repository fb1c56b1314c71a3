// SPDX-License-Identifier: MIT
/*
 * stats_paired: Wilcoxon's signed-rank test of paired differences, and
 * the Hodges-Lehmann interval of their center that the same ranks imply
 * (Hollander and Wolfe, Nonparametric Statistical Methods, 2nd ed., 3.1
 * to 3.3). Pure: arrays in, numbers out.
 *
 * Test: zero differences are dropped (Wilcoxon's own rule, scipy's
 * zero_method "wilcox"), |d| ranked with average ranks for ties, T+ the
 * sum of the positive differences' ranks. Up to
 * STATS_SIGNED_RANK_EXACT_MAX nonzero differences, the exact null law
 * given the ranks, ties included (every sign equally likely: counts of
 * the subsets of the ranks by their sum, in doubled ranks, which are
 * whole), p = min(1, 2 min(P(T+ <= t), P(T+ >= t))): with few pairs and
 * many ties (counts that differ by a page fault) the normal law would
 * call 5 pairs of +1 significant (p 0.037, exactly 0.0625); above, the
 * normal approximation with the tie correction sum(t^3 - t) / 48 and
 * the continuity correction 0.5. Interval: the Walsh averages (d_i + d_j) / 2,
 * i <= j, of all n differences, from the (k+1)-th smallest to the
 * (k+1)-th largest, k the largest count with P(T+ <= k) <= (1 - level) / 2
 * (exact law up to the same n, else its normal approximation).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "stats.h"

/* P(Z <= z) and its inverse, by bisection (enough for a critical count) */
static double stats_phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2));
}

static double stats_phi_inv(double p)
{
	double lo = -40, hi = 40;

	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (stats_phi(mid) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* counts[s], s = 0..n(n+1)/2: subsets of 1..n whose sum is s (exact in
 * a double up to n = 50: at most 2^50); NULL without memory */
static double *stats_sr_counts(size_t n)
{
	size_t max = n * (n + 1) / 2;
	double *c = calloc(max + 1, sizeof(*c));

	if (!c)
		return NULL;
	c[0] = 1;
	for (size_t r = 1; r <= n; r++)
		for (size_t s = r * (r + 1) / 2; s >= r; s--)
			c[s] += c[s - r];
	return c;
}

static int stats_cmp_abs(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);

	return (x > y) - (x < y);
}

/* The exact two-sided p of T+ (doubled: t2) given the doubled ranks
 * r2[0..n): the counts of the subsets of r2 by their sum. NAN without
 * memory. */
static double stats_sr_exact_p(const long *r2, size_t n, long t2)
{
	long max = 0;
	double *c, le = 0, ge = 0, total = 0;

	for (size_t i = 0; i < n; i++)
		max += r2[i];
	c = calloc((size_t)max + 1, sizeof(*c));
	if (!c)
		return NAN;
	c[0] = 1;
	for (size_t i = 0, top = 0; i < n; i++) {
		top += (size_t)r2[i];
		for (size_t s = top; s >= (size_t)r2[i]; s--)
			c[s] += c[s - (size_t)r2[i]];
	}
	for (long s = 0; s <= max; s++) {
		total += c[s];
		le += s <= t2 ? c[s] : 0;
		ge += s >= t2 ? c[s] : 0;
	}
	free(c);
	return fmin(1, 2 * fmin(le, ge) / total);
}

/* The test of the nz nonzero differences d (sorted by |d| here). */
static int stats_sr_test(double *d, size_t nz, struct stats_paired *out)
{
	double tplus = 0, ties = 0, mean, var, z;
	long *r2 = malloc(nz * sizeof(*r2)), t2 = 0;
	size_t i, j;

	qsort(d, nz, sizeof(*d), stats_cmp_abs);
	for (i = 0; i < nz; i = j) {
		double t;

		for (j = i + 1; j < nz && fabs(d[j]) == fabs(d[i]); j++)
			;
		t = (double)(j - i);
		for (size_t k = i; k < j; k++) {
			if (r2)
				r2[k] = (long)(i + 1 + j); /* twice the rank */
			if (d[k] > 0) {
				tplus += (double)(i + 1 + j) / 2;
				t2 += (long)(i + 1 + j);
			}
		}
		ties += t * t * t - t;
	}
	out->t_plus = tplus;
	out->exact_p = nz <= STATS_SIGNED_RANK_EXACT_MAX;
	if (out->exact_p) {
		out->p = r2 ? stats_sr_exact_p(r2, nz, t2) : NAN;
		free(r2);
		return isnan(out->p) ? -ENOMEM : 0;
	}
	free(r2);
	mean = (double)nz * (double)(nz + 1) / 4;
	var = (double)nz * (double)(nz + 1) * (double)(2 * nz + 1) / 24 -
	      ties / 48;
	if (var <= 0) {
		out->p = 1;
		return 0;
	}
	z = (fabs(tplus - mean) - 0.5) / sqrt(var);
	out->p = z <= 0 ? 1 : fmin(1, 2 * stats_phi(-z));
	return 0;
}

/* k for the interval of n differences at level: the largest count with
 * P(T+ <= k) <= (1 - level) / 2, or -1 when none is (n too small) */
static long stats_sr_crit(size_t n, double level)
{
	double half = (1 - level) / 2;

	if (n <= STATS_SIGNED_RANK_EXACT_MAX) {
		double *c = stats_sr_counts(n), cum = 0;
		long k = -1;

		if (!c)
			return -2;
		for (size_t s = 0; s <= n * (n + 1) / 2; s++) {
			cum += c[s] / ldexp(1, (int)n);
			if (cum > half)
				break;
			k = (long)s;
		}
		free(c);
		return k;
	}
	return (long)floor((double)n * (double)(n + 1) / 4 +
			   stats_phi_inv(half) *
				   sqrt((double)n * (double)(n + 1) *
					(double)(2 * n + 1) / 24));
}

/* The Hodges-Lehmann estimate and interval of d[0..n). */
static int stats_sr_interval(const double *d, size_t n, double level,
			     struct stats_paired *out)
{
	size_t m = n * (n + 1) / 2, w = 0;
	double *walsh = malloc(m * sizeof(*walsh));
	long k = stats_sr_crit(n, level);

	if (!walsh || k < -1) {
		free(walsh);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = i; j < n; j++)
			walsh[w++] = (d[i] + d[j]) / 2;
	if (k < 0)
		k = 0; /* no count reaches the level: the whole range */
	out->lo = stats_select(walsh, m, (size_t)k);
	out->hi = stats_select(walsh, m, m - 1 - (size_t)k);
	out->estimate = m % 2 ? stats_select(walsh, m, m / 2) :
				(stats_select(walsh, m, m / 2 - 1) +
				 stats_select(walsh, m, m / 2)) / 2;
	free(walsh);
	return 0;
}

int stats_signed_rank(const double *d, size_t n, double level,
		      struct stats_paired *out)
{
	double *nz;
	size_t k = 0;
	int rc;

	if (!n || n > STATS_SIGNED_RANK_MAX || !(level > 0 && level < 1))
		return -EINVAL;
	for (size_t i = 0; i < n; i++)
		if (!isfinite(d[i]))
			return -EINVAL;
	nz = malloc(n * sizeof(*nz));
	if (!nz)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (d[i] != 0)
			nz[k++] = d[i];
	out->n = n;
	out->n_nonzero = k;
	if (!k) {
		/* every pair equal: no evidence of a difference */
		out->p = 1;
		out->t_plus = 0;
		out->exact_p = true;
		rc = 0;
	} else {
		rc = stats_sr_test(nz, k, out);
	}
	free(nz);
	return rc ? rc : stats_sr_interval(d, n, level, out);
}
