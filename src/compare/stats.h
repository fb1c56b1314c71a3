/* SPDX-License-Identifier: MIT */
/*
 * stats: pure statistics. Arrays in, numbers out; no I/O, no globals.
 * Functions that need scratch space allocate it and return -ENOMEM.
 * Used by compare (delta model), report (run/show tables) and plot.
 */
#ifndef ABSTAT_STATS_H
#define ABSTAT_STATS_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct stats_summary {
	size_t n;
	double median, median_lo, median_hi; /* order-statistic CI */
	double ci_level;  /* actual coverage of [median_lo, median_hi] */
	double mean, sd;  /* sd with n - 1 (0 when n == 1) */
	double min, max;
	bool all_equal;   /* every value identical */
};

/* Summary of v[0..n). The median's CI aims at level (0.95, or 1 - alpha);
 * when no pair of order statistics reaches it (n < 6 for 95%), [min, max]
 * is given with its real coverage.
 * 0, -EINVAL (n == 0 or a non-finite value), -ENOMEM. */
int stats_summarize(const double *v, size_t n, double level,
		    struct stats_summary *out);

/* Median of v (copied, not modified). NAN when n == 0. */
double stats_median(const double *v, size_t n);
/* Median of a sorted array. */
double stats_median_sorted(const double *s, size_t n);

/* Order-statistic CI of the median of a sorted array (binomial, see
 * stats.c): *lo = s[k], *hi = s[n-1-k]; returns the coverage. */
double stats_median_ci(const double *s, size_t n, double conf, double *lo,
		       double *hi);

/* Two-sided Mann-Whitney U test of a vs b. *u is U of a (pairs a > b,
 * ties 1/2); *exact tells whether the exact permutation distribution was
 * used (both n <= STATS_MWU_EXACT_MAX; with ties, the exact law given the
 * ties) or the normal approximation with tie and continuity correction. 0, -EINVAL (empty side, non-finite
 * value), -ENOMEM. */
#define STATS_MWU_EXACT_MAX 50
int stats_mann_whitney(const double *a, size_t na, const double *b,
		       size_t nb, double *p, double *u, bool *exact);

/* Holm step-down adjustment of p[0..n) into adj[0..n) (may alias). */
int stats_holm(const double *p, size_t n, double *adj);

/* Seeded PRNG: xoshiro256** seeded through splitmix64. */
struct stats_rng {
	uint64_t s[4];
};
void stats_rng_seed(struct stats_rng *r, uint64_t seed);
uint64_t stats_rng_next(struct stats_rng *r);
/* Uniform integer in [0, n), n > 0, without modulo bias. */
uint64_t stats_rng_below(struct stats_rng *r, uint64_t n);

/*
 * Bootstrap percentile CI (level o->level) of median(b)/median(a) - 1, or
 * of median(b) - median(a) with o->diff (of the means with o->mean). Each side is
 * given as groups (boots): ga[i] values starting at a + offa[i]. With one
 * group per side it is the ordinary bootstrap; with several, a two-stage
 * bootstrap (groups with replacement, then values within each chosen
 * group), so the CI carries between-boot variation. For a ratio,
 * resamples whose baseline center is 0 are skipped; if more than half
 * are, -EDOM (the caller then compares differences, o->diff).
 * 0, -EINVAL, -EDOM, -ENOMEM.
 */
struct stats_groups {
	const double *v;     /* all values */
	const size_t *len;   /* per group */
	size_t n_groups;
};
struct stats_boot_opts {
	bool mean;          /* centers are means (else medians) */
	bool diff;          /* center(b) - center(a), not the ratio - 1 */
	double level;       /* 0.95, or 1 - alpha */
	unsigned resamples;
	uint64_t seed;
};
int stats_bootstrap_delta(const struct stats_groups *a,
			  const struct stats_groups *b,
			  const struct stats_boot_opts *o, double *lo,
			  double *hi);

/* Hoare's selection: reorders a[0..n), n > 0, so that a[k] is the k-th
 * smallest (0-based), a[0..k) <= a[k] <= a(k..n); returns a[k]. */
double stats_select(double *a, size_t n, size_t k);

/*
 * Exact bootstrap draws of the median of one sample (stats_boot.c): each
 * draw has the law of the median of n values resampled with replacement
 * from v, drawn in O(log n) from the order statistics' closed-form law.
 */
struct stats_median_boot {
	size_t n, k;    /* k: the (lower) middle rank, 1-based */
	double *s;      /* the values, sorted */
	double *cdf;    /* P(I(k) <= i) */
	double *sf;     /* 1 - cdf[i], computed directly */
	double *lsurv;  /* (n - k) log(1 - (i+1)/n) */
	double *lc;     /* per i: log of the factor of (1 - p_j)^(n-k) */
	size_t *guide;  /* where the search of the CDF starts */
	double lck;     /* log choose(n, k) */
};
int stats_median_boot_init(struct stats_median_boot *mb, const double *v,
			   size_t n);
double stats_median_boot_draw(const struct stats_median_boot *mb,
			      struct stats_rng *rng);
void stats_median_boot_free(struct stats_median_boot *mb);

/* Robust outliers (Iglewicz and Hoaglin modified z-score): count of
 * values with |0.6745 (x - median) / MAD| > zmax; with MAD == 0 the mean
 * absolute deviation (times 1.253314) stands in; both 0: none. flags may
 * be NULL. Returns the count, or -ENOMEM. */
long stats_outliers(const double *v, size_t n, double zmax, bool *flags);

/* Spearman rank correlation between v and its index 0..n-1 (average
 * ranks for ties). 0 when n < 3 or v is constant. */
double stats_spearman_index(const double *v, size_t n);

/* Within-group pooled SD and SD of group medians (see compare.h). */
int stats_boot_spread(const struct stats_groups *g, double *within_sd,
		      double *between_sd);

/* stats_t.c: Student's t. Two-sided tail P(|T_df| > |t|). */
double stats_t_sf2(double t, double df);
/* q with P(T_df <= q) = p, 0 < p < 1. NAN outside. */
double stats_t_quantile(double p, double df);

/* Welch's two-sample t test of b - a (unequal variances). */
struct stats_welch {
	double diff;  /* mean(b) - mean(a) */
	double se, df, t;
	double p;     /* two-sided */
	double lo, hi; /* the level interval of diff the test implies */
};
/* 0, or -EINVAL (fewer than 2 values on a side, a non-finite value, a
 * level outside (0, 1)). */
int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		double level, struct stats_welch *out);

/* stats_paired.c: Wilcoxon's signed-rank test of paired differences
 * d[0..n) (b - a, or log(b / a)) against 0, two-sided, and the
 * Hodges-Lehmann interval of their center at level from the same ranks
 * (the Walsh averages' order statistics). exact_p: the exact null law
 * given the ranks, ties included (at most STATS_SIGNED_RANK_EXACT_MAX
 * nonzero d), else the normal approximation with tie and continuity
 * correction. 0,
 * -EINVAL (n == 0 or above STATS_SIGNED_RANK_MAX, a non-finite value, a
 * level outside (0, 1)), -ENOMEM. */
#define STATS_SIGNED_RANK_EXACT_MAX 50
#define STATS_SIGNED_RANK_MAX 4000
struct stats_paired {
	size_t n, n_nonzero;
	double t_plus;    /* sum of the ranks of the positive d */
	double p;         /* two-sided */
	bool exact_p;
	double estimate;  /* Hodges-Lehmann: median of the Walsh averages */
	double lo, hi;    /* its interval at level */
};
int stats_signed_rank(const double *d, size_t n, double level,
		      struct stats_paired *out);

/* stats_power.c: what a t test could detect (doc/verdicts.md, "What a
 * ~ could have missed"). The design of one test: each side's SD of its
 * values (boots' log centers, or runs relative to their center), its
 * count (may be an effective, fractional one), the two-sided level and
 * the power wanted. */
struct stats_power_in {
	double sd_a, sd_b;
	double n_a, n_b;
	double alpha;
	double power;
};
/* Two-sided power of Welch's t test of in against a true difference
 * delta, as the test runs (its df estimated from the sample variances:
 * stats_power.c); NAN when in has no test (an n below 2, both SDs 0). */
double stats_power_welch(const struct stats_power_in *in, double delta);
/* The smallest delta >= 0 whose power reaches in->power: 0, -EINVAL
 * (no test, a power not in (alpha, 1)) or -ENOMEM. */
int stats_power_mde(const struct stats_power_in *in, double *delta);
/* q with P(chi^2_k <= q) = p, 0 < p < 1 (NAN outside). */
double stats_chi2_quantile(double p, double k);
/* The upper conf confidence bound of a normal SD from its sample SD sd
 * of n values: sd sqrt((n - 1) / chi^2_{1-conf, n-1}); sd itself when
 * n < 2 or conf is not in (0, 1). */
double stats_sd_upper(double sd, double n, double conf);
/* The smallest n per side (both n, in's SDs) whose power against delta
 * reaches in->power: 0, -ERANGE when more than max, -EINVAL (no test,
 * delta not > 0). */
int stats_power_n(const struct stats_power_in *in, double delta,
		  size_t max, size_t *n);

/* log |Gamma(x)|, safe in threads (lgamma sets the global signgam;
 * compare tests its rows in several: compare_delta.c). */
static inline double stats_lgamma(double x)
{
	int sign;

	return lgamma_r(x, &sign);
}

#endif
