// SPDX-License-Identifier: MIT
/*
 * stats_boot: the bootstrap CI of a ratio of medians (or means), and the
 * selection it needs. compare bootstraps every printed row with 10000
 * resamples, so this is the hot loop of `abstat compare`.
 *
 * One group per side and the median (the default): a resample of n values
 * drawn with replacement from the sorted values s[0..n) has the median
 * s[I(k)] (n odd, k = (n+1)/2) or (s[I(k)] + s[I(k+1)]) / 2 (n even,
 * k = n/2), where I(r) is the r-th smallest of n indices drawn uniformly
 * from 0..n-1 (s is sorted, so order statistics of indices are order
 * statistics of values). Those indices have a closed-form law (Maritz and
 * Jarrett 1978; Efron 1979, "Bootstrap methods: another look at the
 * jackknife", section 3), with p_i = (i+1)/n and C(i) the number of
 * indices <= i, C(i) ~ Binomial(n, p_i):
 *   P(I(k) <= i) = P(C(i) >= k)
 *   P(I(k) <= i, I(k+1) > j) = P(C(i) = C(j) = k)
 *                            = choose(n, k) p_i^k (1 - p_j)^(n-k), i <= j
 * so I(k) is drawn by inverting its CDF (one uniform, one binary search)
 * and, for even n, I(k+1) given I(k) = i from its conditional survival
 *   P(I(k+1) > j | I(k) = i) = choose(n, k) (p_i^k - p_{i-1}^k)
 *                              (1 - p_j)^(n-k) / P(I(k) = i),  j >= i.
 * This draws exactly the medians that resampling n values and taking
 * their median would (same distribution), in O(log n) per resample
 * instead of O(n) draws plus a sort.
 *
 * Several groups (boots) or the mean: resample the values as such, with a
 * selection (Hoare's FIND, O(n) expected) instead of a sort for the median.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

static int stats_boot_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Hoare's FIND (CACM algorithm 65): afterwards a[k] is the k-th smallest,
 * a[0..k) <= a[k] <= a(k..n). Median-of-three pivot; no recursion. */
double stats_select(double *a, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (hi > lo) {
		size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		double x, t;

		/* order a[lo], a[mid], a[hi]; the middle one is the pivot */
		if (a[mid] < a[lo]) {
			t = a[mid]; a[mid] = a[lo]; a[lo] = t;
		}
		if (a[hi] < a[lo]) {
			t = a[hi]; a[hi] = a[lo]; a[lo] = t;
		}
		if (a[hi] < a[mid]) {
			t = a[hi]; a[hi] = a[mid]; a[mid] = t;
		}
		x = a[mid];
		while (i <= j) {
			while (a[i] < x)
				i++;
			while (x < a[j])
				j--;
			if (i <= j) {
				t = a[i]; a[i] = a[j]; a[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			break;
	}
	return a[k];
}

/* Median of a[0..n), n > 0, reordering a. */
static double stats_select_median(double *a, size_t n)
{
	double hi = stats_select(a, n, n / 2), lo;

	if (n % 2)
		return hi;
	lo = a[0];
	for (size_t i = 1; i < n / 2; i++)
		lo = a[i] > lo ? a[i] : lo;
	return (lo + hi) / 2;
}

/* Uniform double in [0, 1) from the top 53 bits. */
static double stats_boot_unif(struct stats_rng *r)
{
	return (double)(stats_rng_next(r) >> 11) * 0x1.0p-53;
}

/* P(Binomial(n, p) >= k) into *ge and P(... <= k-1) into *lt, 1 <= k <= n.
 * The smaller tail is summed from k (or k-1) away from the mode, where the
 * terms only shrink, and the other is its complement, so both keep their
 * relative precision where they are small. lck = log choose(n, k). */
static void stats_binom_tails(size_t n, size_t k, double p, double lck,
			      double *ge, double *lt)
{
	double sum = 0, t, r = p / (1 - p);

	if (p >= 1) {
		*ge = 1;
		*lt = 0;
		return;
	}
	if ((double)k > (double)n * p) {
		t = exp(lck + (double)k * log(p) + (double)(n - k) * log1p(-p));
		for (size_t m = k; m <= n && t > 0; m++) {
			sum += t;
			if (t < sum * 1e-18)
				break;
			t *= (double)(n - m) / (double)(m + 1) * r;
		}
		*ge = sum > 1 ? 1 : sum;
		*lt = 1 - *ge;
		return;
	}
	/* choose(n, k-1) = choose(n, k) k / (n-k+1) */
	t = exp(lck + log((double)k / (double)(n - k + 1)) +
		(double)(k - 1) * log(p) + (double)(n - k + 1) * log1p(-p));
	for (size_t m = k - 1;; m--) {
		sum += t;
		if (!m || t < sum * 1e-18 || t <= 0)
			break;
		t *= (double)m / (double)(n - m + 1) / r;
	}
	*lt = sum > 1 ? 1 : sum;
	*ge = 1 - *lt;
}

/* P(I(k) = i), from whichever tail keeps precision. */
static double stats_median_boot_pmf(const struct stats_median_boot *mb,
				    size_t i)
{
	double f0 = i ? mb->cdf[i - 1] : 0, s0 = i ? mb->sf[i - 1] : 1;

	if (mb->cdf[i] <= 0.5)
		return mb->cdf[i] - f0;
	return s0 - mb->sf[i];
}

void stats_median_boot_free(struct stats_median_boot *mb)
{
	free(mb->s);
	free(mb->cdf);
	free(mb->sf);
	free(mb->lsurv);
	free(mb->lc);
	free(mb->guide);
	memset(mb, 0, sizeof(*mb));
}

int stats_median_boot_init(struct stats_median_boot *mb, const double *v,
			   size_t n)
{
	double nd = (double)n;

	memset(mb, 0, sizeof(*mb));
	if (!n)
		return -EINVAL;
	mb->n = n;
	mb->k = n % 2 ? (n + 1) / 2 : n / 2;
	mb->s = malloc(n * sizeof(*mb->s));
	mb->cdf = malloc(n * sizeof(*mb->cdf));
	mb->sf = malloc(n * sizeof(*mb->sf));
	mb->lsurv = malloc(n * sizeof(*mb->lsurv));
	mb->lc = malloc(n * sizeof(*mb->lc));
	mb->guide = malloc(n * sizeof(*mb->guide));
	if (!mb->s || !mb->cdf || !mb->sf || !mb->lsurv || !mb->lc ||
	    !mb->guide) {
		stats_median_boot_free(mb);
		return -ENOMEM;
	}
	memcpy(mb->s, v, n * sizeof(*v));
	qsort(mb->s, n, sizeof(*mb->s), stats_boot_cmp);
	mb->lck = stats_lgamma(nd + 1) - stats_lgamma((double)mb->k + 1) -
		  stats_lgamma((double)(n - mb->k) + 1);
	for (size_t i = 0; i < n; i++) {
		double p = (double)(i + 1) / nd;

		stats_binom_tails(n, mb->k, p, mb->lck, &mb->cdf[i],
				  &mb->sf[i]);
		/* (n-k) log(1 - p_i): -inf at i = n-1 */
		mb->lsurv[i] = i + 1 < n ? (double)(n - mb->k) * log1p(-p) :
					   -INFINITY;
	}
	mb->cdf[n - 1] = 1;
	mb->sf[n - 1] = 0;
	/* guide table (Chen and Asau 1974): guide[t] = the least i with
	 * cdf[i] > t/n, where the search for u in [t/n, (t+1)/n) starts */
	for (size_t t = 0, i = 0; t < n; t++) {
		while (i + 1 < n && mb->cdf[i] <= (double)t / nd)
			i++;
		mb->guide[t] = i;
	}
	/* even n: log of choose(n, k) (p_i^k - p_{i-1}^k) / P(I(k) = i), the
	 * factor of (1 - p_j)^(n-k) in P(I(k+1) > j | I(k) = i) */
	for (size_t i = 0; i < n; i++) {
		double pm = stats_median_boot_pmf(mb, i), kd = (double)mb->k;

		mb->lc[i] = pm > 0 ? mb->lck + kd * log((double)(i + 1) / nd) +
			    log1p(-exp(kd * log((double)i / (double)(i + 1)))) -
			    log(pm) : -INFINITY;
	}
	return 0;
}

double stats_median_boot_draw(const struct stats_median_boot *mb,
			      struct stats_rng *rng)
{
	size_t n = mb->n, i, j;
	double u = stats_boot_unif(rng), lc, lv;
	size_t t = (size_t)(u * (double)n);

	/* smallest i with cdf[i] > u (cdf[n-1] = 1 > u), from the guide */
	i = mb->guide[t < n ? t : n - 1];
	while (mb->cdf[i] <= u)
		i++;
	if (n % 2)
		return mb->s[i];
	/* I(k+1) = smallest j >= i with P(I(k+1) > j | I(k) = i) <= v,
	 * v uniform in (0, 1]; in logs: lc + lsurv[j] <= log v */
	lv = log(1 - stats_boot_unif(rng));
	lc = mb->lc[i];
	if (lc == -INFINITY || i + 1 >= n)
		return mb->s[i];
	/* I(k+1) - I(k) is small (about n / (n - k) = 2 on average): a
	 * linear scan; lsurv[n-1] = -inf ends it */
	for (j = i; lc + mb->lsurv[j] > lv; j++)
		;
	return (mb->s[i] + mb->s[j]) / 2;
}

static size_t stats_groups_total(const struct stats_groups *g)
{
	size_t t = 0;

	for (size_t i = 0; i < g->n_groups; i++)
		t += g->len[i];
	return t;
}

/* One resample of a side: the exact median draw for one group, else the
 * values resampled (two-stage for several groups) into scratch. */
struct stats_boot_side {
	const struct stats_groups *g;
	bool direct; /* median of one group: mb */
	struct stats_median_boot mb;
	size_t *offs;
	double *scratch;
};

static int stats_boot_side_init(struct stats_boot_side *bs,
				const struct stats_groups *g, bool mean)
{
	size_t most = 0;

	memset(bs, 0, sizeof(*bs));
	bs->g = g;
	if (g->n_groups == 1 && !mean) {
		bs->direct = true;
		return stats_median_boot_init(&bs->mb, g->v, g->len[0]);
	}
	/* two-stage resamples can hold more values than the side has */
	for (size_t i = 0; i < g->n_groups; i++)
		most = g->len[i] > most ? g->len[i] : most;
	bs->offs = malloc((g->n_groups + 1) * sizeof(*bs->offs));
	bs->scratch = malloc((most * g->n_groups + 1) *
			     sizeof(*bs->scratch));
	if (!bs->offs || !bs->scratch)
		return -ENOMEM;
	bs->offs[0] = 0;
	for (size_t i = 0; i < g->n_groups; i++)
		bs->offs[i + 1] = bs->offs[i] + g->len[i];
	return 0;
}

static void stats_boot_side_free(struct stats_boot_side *bs)
{
	stats_median_boot_free(&bs->mb);
	free(bs->offs);
	free(bs->scratch);
}

static double stats_boot_side_draw(struct stats_boot_side *bs, bool mean,
				   struct stats_rng *rng)
{
	const struct stats_groups *g = bs->g;
	double *sc = bs->scratch;
	size_t k = 0;

	if (bs->direct)
		return stats_median_boot_draw(&bs->mb, rng);
	if (g->n_groups == 1) {
		for (size_t i = 0; i < g->len[0]; i++)
			sc[k++] = g->v[stats_rng_below(rng, g->len[0])];
	} else {
		for (size_t i = 0; i < g->n_groups; i++) {
			size_t c = stats_rng_below(rng, g->n_groups);

			for (size_t j = 0; j < g->len[c]; j++)
				sc[k++] = g->v[bs->offs[c] +
					stats_rng_below(rng, g->len[c])];
		}
	}
	if (!k)
		return NAN;
	if (mean) {
		double sum = 0;

		for (size_t i = 0; i < k; i++)
			sum += sc[i];
		return sum / (double)k;
	}
	return stats_select_median(sc, k);
}

/* Percentile q of a[0..n) with linear interpolation (Hyndman and Fan
 * 1996, type 7, R's default), by selection; reorders a. */
static double stats_boot_quantile(double *a, size_t n, double q)
{
	double h = (double)(n - 1) * q, f = floor(h), x, y;
	size_t i = (size_t)f;

	x = stats_select(a, n, i);
	if (i + 1 >= n)
		return x;
	/* the next order statistic: the least of a(i..n) */
	y = a[i + 1];
	for (size_t j = i + 2; j < n; j++)
		y = a[j] < y ? a[j] : y;
	return x + (h - f) * (y - x);
}

/*
 * Percentile bootstrap (Efron and Tibshirani, An Introduction to the
 * Bootstrap, ch. 13) of the ratio of medians; two-stage resampling for
 * clustered data (Davison and Hinkley, Bootstrap Methods, 3.8: resample
 * clusters, then within clusters).
 */
int stats_bootstrap_delta(const struct stats_groups *a,
			  const struct stats_groups *b,
			  const struct stats_boot_opts *o, double *lo,
			  double *hi)
{
	bool mean = o->mean;
	unsigned resamples = o->resamples;
	struct stats_boot_side sa, sb;
	struct stats_rng rng;
	size_t got = 0;
	double *rat = NULL;
	int rc;

	if (!stats_groups_total(a) || !stats_groups_total(b) || !resamples ||
	    !(o->level > 0 && o->level < 1))
		return -EINVAL;
	rc = stats_boot_side_init(&sa, a, mean);
	if (!rc)
		rc = stats_boot_side_init(&sb, b, mean);
	else
		memset(&sb, 0, sizeof(sb));
	if (rc)
		goto out;
	rc = -ENOMEM;
	rat = malloc(resamples * sizeof(*rat));
	if (!rat)
		goto out;
	stats_rng_seed(&rng, o->seed);
	for (unsigned r = 0; r < resamples; r++) {
		double ma = stats_boot_side_draw(&sa, mean, &rng);
		double mb = stats_boot_side_draw(&sb, mean, &rng);

		if (isnan(ma) || isnan(mb))
			continue;
		if (o->diff)
			rat[got++] = mb - ma;
		else if (ma != 0)
			rat[got++] = mb / ma - 1;
	}
	rc = -EDOM;
	if (got < resamples / 2 || !got)
		goto out;
	*lo = stats_boot_quantile(rat, got, (1 - o->level) / 2);
	*hi = stats_boot_quantile(rat, got, (1 + o->level) / 2);
	rc = 0;
out:
	stats_boot_side_free(&sa);
	stats_boot_side_free(&sb);
	free(rat);
	return rc;
}
