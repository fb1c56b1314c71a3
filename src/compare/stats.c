// SPDX-License-Identifier: MIT
/*
 * stats: pure statistics for abstat (no I/O). Sources are cited next to
 * each formula; nothing here knows about results or events.
 */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int stats_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static bool stats_all_finite(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isfinite(v[i]))
			return false;
	return true;
}

double stats_median_sorted(const double *s, size_t n)
{
	if (!n)
		return NAN;
	if (n % 2)
		return s[n / 2];
	return (s[n / 2 - 1] + s[n / 2]) / 2;
}

double stats_median(const double *v, size_t n)
{
	double *s, m;

	if (!n)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), stats_cmp_double);
	m = stats_median_sorted(s, n);
	free(s);
	return m;
}

/*
 * Distribution-free CI of the median from order statistics: with B the
 * number of observations below the true median, B ~ Binomial(n, 1/2), and
 * [x(k+1), x(n-k)] (1-based) covers the median with probability
 * 1 - 2 P(B <= k) (Conover, Practical Nonparametric Statistics, 3rd ed.,
 * section 3.2; Hahn and Meeker, Statistical Intervals, table A.15). We take
 * the narrowest such interval that still reaches conf; for n < 6 even
 * [min, max] does not reach 95% (1 - 2/2^n), so it is returned with its
 * real, lower coverage.
 */
double stats_median_ci(const double *s, size_t n, double conf, double *lo,
		       double *hi)
{
	double pk = 0, term, cov, best = 0;
	size_t k, best_k = 0;

	if (!n) {
		*lo = *hi = NAN;
		return 0;
	}
	term = pow(0.5, (double)n); /* P(B = 0) */
	for (k = 0; 2 * k + 1 <= n; k++) {
		pk += term;               /* P(B <= k) */
		cov = 1 - 2 * pk;
		if (k == 0)
			best = cov;
		if (cov < conf)
			break;
		best_k = k;
		best = cov;
		term = term * (double)(n - k) / (double)(k + 1);
	}
	*lo = s[best_k];
	*hi = s[n - 1 - best_k];
	return best < 0 ? 0 : best;
}

/* Mean and SD of values near DBL_MAX (scores of 1e308), whose sum or
 * squares overflow: each taken over the largest magnitude first, so both
 * stay finite (a mean "inf" of finite values is a wrong value). s: v
 * sorted. */
static void stats_scaled_moments(const double *v, const double *s, size_t n,
				 struct stats_summary *out)
{
	double m = fmax(fabs(s[0]), fabs(s[n - 1])), sum = 0, ss = 0, mean;

	for (size_t i = 0; i < n; i++)
		sum += v[i] / m;
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] / m - mean) * (v[i] / m - mean);
	out->mean = mean * m;
	out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) * m : 0;
	if (!isfinite(out->sd))
		out->sd = DBL_MAX; /* a spread beyond a double: the largest */
}

int stats_summarize(const double *v, size_t n, double level,
		    struct stats_summary *out)
{
	double *s, sum = 0, ss = 0;

	memset(out, 0, sizeof(*out));
	if (!n || !stats_all_finite(v, n))
		return -EINVAL;
	s = malloc(n * sizeof(*s));
	if (!s)
		return -ENOMEM;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), stats_cmp_double);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	out->n = n;
	out->mean = sum / (double)n;
	/* Two-pass sample variance (n - 1): numerically safe for counts
	 * around 1e12 where the one-pass sum of squares is not. */
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - out->mean) * (v[i] - out->mean);
	out->sd = n > 1 ? sqrt(ss / (double)(n - 1)) : 0;
	if (!isfinite(out->mean) || !isfinite(out->sd))
		stats_scaled_moments(v, s, n, out);
	out->min = s[0];
	out->max = s[n - 1];
	out->all_equal = s[0] == s[n - 1];
	if (out->all_equal) {
		/* the sum of n equal values over n can miss the value in its
		 * last bit: their mean is the value, their SD 0 (not 7e-21) */
		out->mean = s[0];
		out->sd = 0;
	}
	out->median = stats_median_sorted(s, n);
	out->ci_level = stats_median_ci(s, n, level, &out->median_lo,
					&out->median_hi);
	free(s);
	return 0;
}

struct stats_ranked {
	double v;
	int side;
};

static int stats_cmp_ranked(const void *a, const void *b)
{
	return stats_cmp_double(&((const struct stats_ranked *)a)->v,
				&((const struct stats_ranked *)b)->v);
}

/*
 * Exact null distribution of U without ties, by the recursion on the
 * largest of the i + j observations (Mann and Whitney 1947, eq. 2): it
 * belongs to sample a with probability i / (i + j) and then beats all j
 * values of b, so P_ij(u) = i/(i+j) P_{i-1,j}(u - j) + j/(i+j) P_{i,j-1}(u).
 * Working in probabilities keeps every term non-negative (no
 * cancellation). Writes P_{na,nb}(0..na*nb) into dist.
 */
static int stats_mwu_dist(size_t na, size_t nb, double *dist)
{
	size_t w = na * nb + 1;
	double *prev = calloc((nb + 1) * w, sizeof(double));
	double *cur = calloc((nb + 1) * w, sizeof(double));

	if (!prev || !cur) {
		free(prev);
		free(cur);
		return -ENOMEM;
	}
	for (size_t i = 0; i <= na; i++) {
		for (size_t j = 0; j <= nb; j++) {
			double *c = cur + j * w;

			memset(c, 0, w * sizeof(double));
			if (!i || !j) {
				c[0] = 1;
				continue;
			}
			double pa = (double)i / (double)(i + j);
			double *pp = prev + j * w, *cl = cur + (j - 1) * w;

			for (size_t u = 0; u <= i * j; u++)
				c[u] = (u >= j ? pa * pp[u - j] : 0) +
				       (1 - pa) * cl[u];
		}
		double *t = prev;
		prev = cur;
		cur = t;
	}
	memcpy(dist, prev + nb * w, w * sizeof(double));
	free(prev);
	free(cur);
	return 0;
}

/*
 * Exact permutation distribution of the rank sum of a sample of k values
 * drawn without replacement from n values with doubled (integer) average
 * ranks r2[0..n): ways[j][s] counts the j-subsets of the values seen so
 * far whose doubled ranks sum to s (the knapsack recursion, in doubles:
 * C(100, 50) ~ 1e29 is exact to 16 digits). Used with ties, where the
 * closed recursion above does not hold. Returns the two-sided p of the
 * observed doubled sum obs2, min(1, 2 min(P(S <= obs), P(S >= obs))), as
 * for the untied case; NAN on allocation failure.
 */
static double stats_mwu_tied_p(const long *r2, size_t n, size_t k, long obs2)
{
	long max = 0;
	double *ways, total = 0, le = 0, ge = 0;

	for (size_t i = 0; i < n; i++)
		max += r2[i];
	ways = calloc((k + 1) * (size_t)(max + 1), sizeof(double));
	if (!ways)
		return NAN;
#define W(j, s) ways[(size_t)(j) * (size_t)(max + 1) + (size_t)(s)]
	W(0, 0) = 1;
	for (size_t i = 0; i < n; i++)
		for (size_t j = (i + 1 < k ? i + 1 : k); j >= 1; j--)
			for (long s2 = max; s2 >= r2[i]; s2--)
				W(j, s2) += W(j - 1, s2 - r2[i]);
	for (long s2 = 0; s2 <= max; s2++) {
		total += W(k, s2);
		if (s2 <= obs2)
			le += W(k, s2);
		if (s2 >= obs2)
			ge += W(k, s2);
	}
#undef W
	free(ways);
	return fmin(1, 2 * fmin(le, ge) / total);
}

/*
 * Mann-Whitney U (Wilcoxon rank-sum), two-sided. U_a = R_a - na(na+1)/2
 * with average ranks for ties. Exact: p = min(1, 2 min(P(U <= u),
 * P(U >= u))) as R's wilcox.test does, from the exact permutation law of
 * the rank sum given the ties when there are any (Mehta and Patel's
 * network idea in its simplest, knapsack, form). Otherwise the normal approximation
 * with tie correction, sigma^2 = na nb / 12 ((N + 1) - sum(t^3 - t) /
 * (N (N - 1))), and continuity correction 0.5 (Hollander and Wolfe,
 * Nonparametric Statistical Methods, 2nd ed., 4.1). All values tied:
 * sigma = 0, no evidence of a difference, p = 1.
 */
int stats_mann_whitney(const double *a, size_t na, const double *b,
		       size_t nb, double *p, double *u, bool *exact)
{
	size_t n = na + nb, i, j;
	struct stats_ranked *r;
	double ra = 0, ties = 0;
	long *r2, obs2 = 0;

	if (!na || !nb || !stats_all_finite(a, na) || !stats_all_finite(b, nb))
		return -EINVAL;
	r = malloc(n * sizeof(*r));
	r2 = malloc(n * sizeof(*r2));
	if (!r || !r2) {
		free(r);
		free(r2);
		return -ENOMEM;
	}
	for (i = 0; i < na; i++)
		r[i] = (struct stats_ranked){ a[i], 0 };
	for (i = 0; i < nb; i++)
		r[na + i] = (struct stats_ranked){ b[i], 1 };
	qsort(r, n, sizeof(*r), stats_cmp_ranked);
	for (i = 0; i < n; i = j) {
		double t, rank;

		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		t = (double)(j - i);
		rank = (double)(i + 1 + j) / 2; /* average of i+1 .. j */
		for (size_t k = i; k < j; k++) {
			r2[k] = (long)(i + 1 + j); /* twice the average rank */
			if (!r[k].side) {
				ra += rank;
				obs2 += r2[k];
			}
		}
		ties += t * t * t - t;
	}
	free(r);
	*u = ra - (double)na * (double)(na + 1) / 2;
	*exact = na <= STATS_MWU_EXACT_MAX && nb <= STATS_MWU_EXACT_MAX;
	if (*exact && ties != 0) {
		/* the rank sums of a and of b determine each other: the
		 * smaller side keeps the recursion small; p is symmetric */
		long all2 = (long)(n * (n + 1));
		double pt = na <= nb ?
				    stats_mwu_tied_p(r2, n, na, obs2) :
				    stats_mwu_tied_p(r2, n, nb, all2 - obs2);

		free(r2);
		if (isnan(pt))
			return -ENOMEM;
		*p = pt;
		return 0;
	}
	free(r2);
	if (*exact) {
		size_t w = na * nb + 1, ui = (size_t)llround(*u);
		double *d = malloc(w * sizeof(*d)), le = 0, ge = 0;
		int rc;

		if (!d)
			return -ENOMEM;
		rc = stats_mwu_dist(na, nb, d);
		if (rc) {
			free(d);
			return rc;
		}
		for (i = 0; i < w; i++) {
			if (i <= ui)
				le += d[i];
			if (i >= ui)
				ge += d[i];
		}
		free(d);
		*p = fmin(1, 2 * fmin(le, ge));
		return 0;
	}
	double mu = (double)na * (double)nb / 2, dn = (double)n;
	double var = (double)na * (double)nb / 12 *
		     ((dn + 1) - ties / (dn * (dn - 1)));
	double z;

	if (var <= 0) {
		*p = 1;
		return 0;
	}
	z = (fabs(*u - mu) - 0.5) / sqrt(var);
	*p = z <= 0 ? 1 : fmin(1, erfc(z / sqrt(2)));
	return 0;
}

/*
 * Holm (1979) step-down: with p sorted ascending p(1) <= ... <= p(m),
 * adj(k) = max over j <= k of min(1, (m - j + 1) p(j)).
 */
int stats_holm(const double *p, size_t n, double *adj)
{
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx));
	double *tmp = malloc((n ? n : 1) * sizeof(*tmp)), run = 0;

	if (!idx || !tmp) {
		free(idx);
		free(tmp);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	/* insertion sort of indices by p: n is a table's row count */
	for (size_t i = 1; i < n; i++)
		for (size_t k = i; k > 0 && p[idx[k]] < p[idx[k - 1]]; k--) {
			size_t t = idx[k];

			idx[k] = idx[k - 1];
			idx[k - 1] = t;
		}
	for (size_t k = 0; k < n; k++) {
		double a = fmin(1, (double)(n - k) * p[idx[k]]);

		run = fmax(run, a);
		tmp[idx[k]] = run;
	}
	memcpy(adj, tmp, n * sizeof(*adj));
	free(idx);
	free(tmp);
	return 0;
}

/* splitmix64 (Steele, Lea and Flood 2014) expands the seed into the
 * xoshiro256** state (Blackman and Vigna 2018), as its authors advise. */
void stats_rng_seed(struct stats_rng *r, uint64_t seed)
{
	for (int i = 0; i < 4; i++) {
		uint64_t z = (seed += UINT64_C(0x9e3779b97f4a7c15));

		z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
		z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
		r->s[i] = z ^ (z >> 31);
	}
}

static uint64_t stats_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

uint64_t stats_rng_next(struct stats_rng *r)
{
	uint64_t *s = r->s, out = stats_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = stats_rotl(s[3], 45);
	return out;
}

/* Rejection sampling: drop the top partial block so every residue is
 * equally likely. */
uint64_t stats_rng_below(struct stats_rng *r, uint64_t n)
{
	uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;

	do
		x = stats_rng_next(r);
	while (x >= lim);
	return x % n;
}

static size_t stats_groups_total(const struct stats_groups *g)
{
	size_t t = 0;

	for (size_t i = 0; i < g->n_groups; i++)
		t += g->len[i];
	return t;
}

long stats_outliers(const double *v, size_t n, double zmax, bool *flags)
{
	double *dev, med, mad, scale;
	long count = 0;

	if (!n)
		return 0;
	dev = malloc(n * sizeof(*dev));
	if (!dev)
		return -ENOMEM;
	med = stats_median(v, n);
	for (size_t i = 0; i < n; i++)
		dev[i] = fabs(v[i] - med);
	mad = stats_median(dev, n);
	/* Iglewicz and Hoaglin (1993), "How to Detect and Handle Outliers":
	 * M = 0.6745 (x - median) / MAD; when MAD is 0, 1.253314 * mean
	 * absolute deviation estimates the same scale. */
	if (mad > 0) {
		scale = mad / 0.6745;
	} else {
		double s = 0;

		for (size_t i = 0; i < n; i++)
			s += dev[i];
		scale = 1.253314 * s / (double)n;
	}
	for (size_t i = 0; i < n; i++) {
		bool o = scale > 0 && dev[i] / scale > zmax;

		if (flags)
			flags[i] = o;
		count += o;
	}
	free(dev);
	return count;
}

/* Average ranks (1-based) of v into rk. */
static int stats_ranks(const double *v, size_t n, double *rk)
{
	struct stats_ranked *r = malloc(n * sizeof(*r));
	size_t i, j;

	if (!r)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		r[i] = (struct stats_ranked){ v[i], (int)i };
	qsort(r, n, sizeof(*r), stats_cmp_ranked);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && r[j].v == r[i].v; j++)
			;
		for (size_t k = i; k < j; k++)
			rk[r[k].side] = (double)(i + 1 + j) / 2;
	}
	free(r);
	return 0;
}

/* Spearman's rho = Pearson correlation of the ranks (valid with ties when
 * average ranks are used, Kendall and Gibbons, Rank Correlation Methods). */
double stats_spearman_index(const double *v, size_t n)
{
	double *rk, mr = ((double)n + 1) / 2, sxy = 0, sxx = 0, syy = 0;

	if (n < 3)
		return 0;
	rk = malloc(n * sizeof(*rk));
	if (!rk || stats_ranks(v, n, rk)) {
		free(rk);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		double x = (double)(i + 1) - mr, y = rk[i] - mr;

		sxy += x * y;
		sxx += x * x;
		syy += y * y;
	}
	free(rk);
	return syy > 0 ? sxy / sqrt(sxx * syy) : 0;
}

/* Within: sqrt(sum_g sum_i (x - mean_g)^2 / (N - G)), the pooled SD of a
 * one-way ANOVA. Between: sample SD of the groups' medians. */
int stats_boot_spread(const struct stats_groups *g, double *within_sd,
		      double *between_sd)
{
	size_t off = 0, total = stats_groups_total(g);
	double ss = 0, *med = malloc((g->n_groups + 1) * sizeof(*med));
	struct stats_summary s;

	if (!med)
		return -ENOMEM;
	for (size_t i = 0; i < g->n_groups; i++) {
		const double *x = g->v + off;
		double m = 0;

		for (size_t k = 0; k < g->len[i]; k++)
			m += x[k];
		m /= g->len[i] ? (double)g->len[i] : 1;
		for (size_t k = 0; k < g->len[i]; k++)
			ss += (x[k] - m) * (x[k] - m);
		med[i] = stats_median(x, g->len[i]);
		off += g->len[i];
	}
	*within_sd = total > g->n_groups ?
			     sqrt(ss / (double)(total - g->n_groups)) : 0;
	*between_sd = 0;
	if (g->n_groups > 1 && !stats_summarize(med, g->n_groups, 0.95, &s))
		*between_sd = s.sd;
	free(med);
	return 0;
}
