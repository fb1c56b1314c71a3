// SPDX-License-Identifier: MIT
/*
 * stats unit tests: tables of cases with hand-computed expectations.
 * Mann-Whitney exact p-values were checked by enumerating every split of
 * the pooled values (python3 itertools.combinations, 70 splits for 4+4,
 * 56 for 3+5, 6435 for 7+8); the U distribution for 4+4 is the
 * coefficient list of the Gaussian binomial [8 choose 4]_q:
 * 1 1 2 3 5 5 7 7 8 7 7 5 5 3 2 1 1 (sum 70). Normal-approximation cases
 * use sigma^2 = na nb/12 ((N+1) - sum(t^3-t)/(N(N-1))) and continuity 0.5,
 * which is R's wilcox.test(exact = FALSE, correct = TRUE).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "stats.h"

#define EPS 1e-9
#define N(x) (sizeof(x) / sizeof((x)[0]))

static void test_median(void **state)
{
	static const struct {
		int line;
		double v[8];
		size_t n;
		double median;
	} cases[] = {
		{ __LINE__, { 5 }, 1, 5 },
		{ __LINE__, { 3, 1, 2 }, 3, 2 },
		{ __LINE__, { 4, 1, 3, 2 }, 4, 2.5 },
		{ __LINE__, { 7, 7, 7, 7, 7 }, 5, 7 },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		double m = stats_median(cases[i].v, cases[i].n);

		if (fabs(m - cases[i].median) > EPS)
			fail_msg("line %d: median %g", cases[i].line, m);
	}
	assert_true(isnan(stats_median(NULL, 0)));
}

/* Order-statistic CI: coverage 1 - 2 P(Bin(n, 1/2) <= k). n = 10:
 * P(B <= 1) = 11/1024 -> [x(2), x(9)], 0.978515625; n = 20: P(B <= 5) =
 * 21700/1048576 -> [x(6), x(15)], 0.958610535; n = 5: even [min, max]
 * covers only 1 - 2/32 = 0.9375; n = 1: 0. (Conover 3.2, table A3.) */
static void test_median_ci(void **state)
{
	static const struct {
		int line;
		size_t n;
		double lo, hi, cov;
	} cases[] = {
		{ __LINE__, 10, 2, 9, 0.978515625 },
		{ __LINE__, 20, 6, 15, 1 - 2 * 21700.0 / 1048576 },
		{ __LINE__, 5, 1, 5, 0.9375 },
		{ __LINE__, 6, 1, 6, 0.96875 },
		{ __LINE__, 1, 1, 1, 0 },
	};
	double s[32];

	(void)state;
	for (size_t i = 0; i < 32; i++)
		s[i] = (double)(i + 1);
	for (size_t i = 0; i < N(cases); i++) {
		double lo, hi, cov = stats_median_ci(s, cases[i].n, 0.95, &lo,
						     &hi);

		if (lo != cases[i].lo || hi != cases[i].hi ||
		    fabs(cov - cases[i].cov) > EPS)
			fail_msg("line %d: [%g, %g] cov %g", cases[i].line,
				 lo, hi, cov);
	}
}

static void test_summary(void **state)
{
	/* mean 5, sum of squares 32, sample SD sqrt(32/7) */
	static const double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	static const double bad[] = { 1, NAN };
	struct stats_summary s;

	(void)state;
	assert_int_equal(stats_summarize(v, N(v), 0.95, &s), 0);
	assert_true(fabs(s.mean - 5) < EPS);
	assert_true(fabs(s.sd - sqrt(32.0 / 7)) < EPS);
	assert_true(s.median == 4.5 && s.min == 2 && s.max == 9);
	assert_false(s.all_equal);
	assert_int_equal(stats_summarize(v, 1, 0.95, &s), 0);
	assert_true(s.sd == 0 && s.all_equal && s.n == 1);
	assert_int_equal(stats_summarize(v, 0, 0.95, &s), -EINVAL);
	assert_int_equal(stats_summarize(bad, 2, 0.95, &s), -EINVAL);
}

/* The bootstrap at 95%: mean or median, ratio or difference. */
static int boot(const struct stats_groups *a, const struct stats_groups *b,
		bool mean, bool diff, unsigned resamples, uint64_t seed,
		double *lo, double *hi)
{
	struct stats_boot_opts o = { .mean = mean, .diff = diff,
				     .level = 0.95, .resamples = resamples,
				     .seed = seed };

	return stats_bootstrap_delta(a, b, &o, lo, hi);
}

static void test_mann_whitney(void **state)
{
	static const struct {
		int line;
		double a[8], b[8];
		size_t na, nb;
		double u, p;
		bool exact;
	} cases[] = {
		/* exact, no ties: P(U <= 0) = 1/70, p = 2/70 */
		{ __LINE__, { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, 4, 4, 0,
		  2.0 / 70, true },
		/* P(U <= 1) = 2/70 */
		{ __LINE__, { 1, 2, 3, 5 }, { 4, 6, 7, 8 }, 4, 4, 1,
		  4.0 / 70, true },
		/* reversed: U = 16, the other tail */
		{ __LINE__, { 5, 6, 7, 8 }, { 1, 2, 3, 4 }, 4, 4, 16,
		  2.0 / 70, true },
		/* unequal n, 3 + 5: 2/C(8,3) */
		{ __LINE__, { 1, 2, 3 }, { 4, 5, 6, 7, 8 }, 3, 5, 0,
		  2.0 / 56, true },
		/* P(U <= 6) = 24/70 */
		{ __LINE__, { 10, 20, 30, 40 }, { 15, 25, 35, 45 }, 4, 4, 6,
		  48.0 / 70, true },
		/* 7 + 8 by enumeration: P(U >= 33) = 1971/6435 */
		{ __LINE__, { 3, 8, 12, 15, 20, 21, 30 },
		  { 1, 5, 9, 10, 11, 16, 25, 26 }, 7, 8, 33,
		  2 * 1971.0 / 6435, true },
		/* n = 1 each: U = 0 has probability 1/2, p = 1 */
		{ __LINE__, { 1 }, { 2 }, 1, 1, 0, 1, true },
		/* ties: the exact permutation law given the ties, checked by
		 * enumerating every split (fractions) */
		{ __LINE__, { 1, 2, 2, 3 }, { 2, 3, 3, 4 }, 4, 4, 3,
		  2.0 / 7, true },
		{ __LINE__, { 1, 1, 1, 1 }, { 2, 2, 2, 2 }, 4, 4, 0,
		  1.0 / 35, true },
		{ __LINE__, { 5, 5, 5, 6, 7 }, { 6, 7, 8, 8, 9, 10 }, 5, 6, 2,
		  5.0 / 231, true },
		/* the review's cases: the normal approximation gave 0.042 and
		 * 0.020 */
		{ __LINE__, { 1, 2, 3, 4 }, { 4, 5, 6, 7 }, 4, 4, 0.5,
		  2.0 / 35, true },
		{ __LINE__, { 58, 58, 58, 58, 58 }, { 59, 59, 59, 59, 58 }, 5, 5,
		  2.5, 1.0 / 21, true },
		/* the larger side first: the same p */
		{ __LINE__, { 6, 7, 8, 8, 9, 10 }, { 5, 5, 5, 6, 7 }, 6, 5, 28,
		  5.0 / 231, true },
		/* all values tied: no evidence, p = 1 */
		{ __LINE__, { 3, 3, 3, 3 }, { 3, 3, 3, 3 }, 4, 4, 8, 1, true },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		double p, u;
		bool exact;
		int rc = stats_mann_whitney(cases[i].a, cases[i].na,
					    cases[i].b, cases[i].nb, &p, &u,
					    &exact);

		if (rc || fabs(u - cases[i].u) > EPS ||
		    fabs(p - cases[i].p) > 1e-9 || exact != cases[i].exact)
			fail_msg("line %d: rc %d U %g p %.12g exact %d",
				 cases[i].line, rc, u, p, exact);
	}
}

static void test_mann_whitney_errors(void **state)
{
	static const double a[] = { 1, 2 }, bad[] = { INFINITY };
	double p, u;
	bool exact;

	(void)state;
	assert_int_equal(stats_mann_whitney(a, 0, a, 2, &p, &u, &exact),
			 -EINVAL);
	assert_int_equal(stats_mann_whitney(a, 2, bad, 1, &p, &u, &exact),
			 -EINVAL);
}

/* Holm by hand: sorted 0.005*4 = 0.02, 0.01*3 = 0.03, 0.03*2 = 0.06,
 * 0.04*1 = 0.04 -> raised to the running max 0.06. */
static void test_holm(void **state)
{
	double p[] = { 0.01, 0.04, 0.03, 0.005 };
	static const double want[] = { 0.03, 0.06, 0.06, 0.02 };
	double one[] = { 0.7 }, big[] = { 0.5, 0.6 };

	(void)state;
	assert_int_equal(stats_holm(p, 4, p), 0);
	for (size_t i = 0; i < 4; i++)
		assert_true(fabs(p[i] - want[i]) < EPS);
	assert_int_equal(stats_holm(one, 1, one), 0);
	assert_true(fabs(one[0] - 0.7) < EPS);
	assert_int_equal(stats_holm(big, 2, big), 0);
	assert_true(big[0] == 1 && big[1] == 1); /* capped at 1 */
}

static void test_rng(void **state)
{
	struct stats_rng a, b, c;

	(void)state;
	stats_rng_seed(&a, 42);
	stats_rng_seed(&b, 42);
	stats_rng_seed(&c, 43);
	for (int i = 0; i < 100; i++) {
		uint64_t x = stats_rng_next(&a);

		assert_true(x == stats_rng_next(&b));
		assert_true(stats_rng_below(&c, 7) < 7);
	}
}

static void test_bootstrap(void **state)
{
	static const double a[] = { 100, 100, 100, 100 };
	static const double b[] = { 110, 110, 110, 110 };
	static const double c[] = { 98, 101, 99, 103, 100, 102, 97, 100 };
	static const double d[] = { 104, 106, 103, 108, 105, 107, 104, 106 };
	static const double z[] = { 0, 0, 0, 1 };
	size_t la = 4, lc = 8;
	struct stats_groups ga = { a, &la, 1 }, gb = { b, &la, 1 };
	struct stats_groups gc = { c, &lc, 1 }, gd = { d, &lc, 1 };
	struct stats_groups gz = { z, &la, 1 };
	double lo, hi, lo2, hi2;

	(void)state;
	/* constant sides: every resample gives exactly +10% */
	assert_int_equal(boot(&ga, &gb, false, false, 1000, 1, &lo, &hi), 0);
	assert_true(fabs(lo - 0.1) < EPS && fabs(hi - 0.1) < EPS);
	/* medians 100 and 105.5: the CI holds +5.5% and is seeded */
	assert_int_equal(boot(&gc, &gd, false, false, 2000, 7, &lo, &hi), 0);
	assert_true(lo < 0.055 && hi > 0.055 && lo > 0);
	assert_int_equal(boot(&gc, &gd, false, false, 2000, 7, &lo2, &hi2), 0);
	assert_true(lo == lo2 && hi == hi2);
	/* baseline median mostly 0: no ratio, but a difference */
	assert_int_equal(boot(&gz, &gb, false, false, 1000, 1, &lo, &hi), -EDOM);
	assert_int_equal(boot(&gz, &gb, false, true, 1000, 1, &lo, &hi), 0);
	assert_true(lo >= 109 && hi <= 110 && lo <= hi); /* 110 - {0, .5, 1} */
	/* a narrower level gives a narrower interval */
	{
		struct stats_boot_opts o = { .level = 0.5, .resamples = 2000,
					     .seed = 7 };

		assert_int_equal(stats_bootstrap_delta(&gc, &gd, &o, &lo2,
						       &hi2), 0);
		assert_int_equal(boot(&gc, &gd, false, false, 2000, 7, &lo,
				      &hi), 0);
		assert_true(lo2 >= lo && hi2 <= hi && hi2 - lo2 < hi - lo);
	}
}

/* Selection: every k of a shuffled array with ties gives the sorted value. */
static void test_select(void **state)
{
	static const double v[] = { 5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5 };
	static const double sorted[] = { 1, 1, 2, 3, 4, 5, 5, 5, 5, 6, 9 };
	double a[11];

	(void)state;
	for (size_t k = 0; k < 11; k++) {
		memcpy(a, v, sizeof(a));
		assert_true(stats_select(a, 11, k) == sorted[k]);
		for (size_t i = 0; i < 11; i++)
			assert_true(i < k ? a[i] <= a[k] : a[i] >= a[k]);
	}
	a[0] = 7;
	assert_true(stats_select(a, 1, 0) == 7);
}

/*
 * Exact bootstrap law of the median, by enumerating every resample:
 * {1,2,3} (27 resamples): median 1 needs >= 2 draws of 1: 3 (1/3)^2 (2/3)
 * + (1/3)^3 = 7/27; 3 likewise 7/27; 2 the rest, 13/27.
 * {1,2} (4): 1 = 1/4, 1.5 = 2/4, 2 = 1/4.
 * {1,2,3,4} (256): median 1 needs the 2nd and 3rd smallest to be 1, i.e.
 * >= 3 draws of 1: 4 (1/4)^3 (3/4) + (1/4)^4 = 13/256; 1.5 needs exactly
 * 2 draws of 1 and the 3rd smallest 2: choose(4,2) (1/4)^2 [(3/4)^2 -
 * (2/4)^2] = 6/16 * 5/16 = 30/256.
 * 200000 draws each; the frequency must be within 5 standard errors.
 */
static void test_median_boot(void **state)
{
	static const double v3[] = { 3, 1, 2 }, v2[] = { 2, 1 };
	static const double v4[] = { 4, 2, 1, 3 };
	static const struct {
		const double *v;
		size_t n;
		double median, p;
	} cases[] = {
		{ v3, 3, 1, 7.0 / 27 }, { v3, 3, 2, 13.0 / 27 },
		{ v3, 3, 3, 7.0 / 27 }, { v2, 2, 1, 0.25 },
		{ v2, 2, 1.5, 0.5 }, { v4, 4, 1, 13.0 / 256 },
		{ v4, 4, 1.5, 30.0 / 256 }, { v4, 4, 4, 13.0 / 256 },
	};
	const long draws = 200000;

	(void)state;
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct stats_median_boot mb;
		struct stats_rng rng;
		double f, se;
		long hit = 0;

		assert_int_equal(stats_median_boot_init(&mb, cases[c].v,
							cases[c].n), 0);
		stats_rng_seed(&rng, 11 + c);
		for (long d = 0; d < draws; d++)
			hit += stats_median_boot_draw(&mb, &rng) ==
			       cases[c].median;
		f = (double)hit / draws;
		se = sqrt(cases[c].p * (1 - cases[c].p) / draws);
		print_message("case %zu: %g vs %g\n", c, f, cases[c].p);
		assert_true(fabs(f - cases[c].p) < 5 * se);
		stats_median_boot_free(&mb);
	}
}

/* Two boots per side (two-stage resampling): the CI holds the +5% of the
 * medians and is seeded; the mean path too. */
static void test_bootstrap_groups(void **state)
{
	static const double a[] = { 98, 101, 99, 103, 100, 102, 97, 100 };
	static const double b[] = { 104, 106, 103, 108, 105, 107, 104, 106 };
	static const size_t len[] = { 4, 4 };
	struct stats_groups ga = { a, len, 2 }, gb = { b, len, 2 };
	double lo, hi, lo2, hi2;

	(void)state;
	assert_int_equal(boot(&ga, &gb, false, false, 2000, 3, &lo, &hi), 0);
	assert_true(lo < 0.055 && hi > 0.055 && lo > 0);
	assert_int_equal(boot(&ga, &gb, false, false, 2000, 3, &lo2, &hi2), 0);
	assert_true(lo == lo2 && hi == hi2);
	assert_int_equal(boot(&ga, &gb, true, false, 2000, 3, &lo, &hi), 0);
	assert_true(lo < 0.055 && hi > 0.055 && lo > 0);
}

/* Two boots: [1 2 3] and [11 12 13]. Within: (2 + 2) / (6 - 2) = 1;
 * between: SD of medians 2 and 12 = sqrt(50). */
static void test_boot_spread(void **state)
{
	static const double v[] = { 1, 2, 3, 11, 12, 13 };
	static const size_t len[] = { 3, 3 };
	struct stats_groups g = { v, len, 2 };
	double w, b;

	(void)state;
	assert_int_equal(stats_boot_spread(&g, &w, &b), 0);
	assert_true(fabs(w - 1) < EPS && fabs(b - sqrt(50)) < EPS);
}

/* Median 11, MAD 1: 100 has z = 0.6745 * 89 = 60 > 10; 12 has 0.67. */
static void test_outliers_drift(void **state)
{
	static const double v[] = { 10, 11, 12, 10, 11, 12, 11, 100 };
	static const double up[] = { 1, 2, 3, 4, 5, 6 };
	static const double down[] = { 6, 5, 4, 3, 2, 1 };
	static const double flat[] = { 3, 3, 3, 3 };
	bool flags[8];

	(void)state;
	assert_int_equal(stats_outliers(v, 8, 10, flags), 1);
	assert_true(flags[7] && !flags[2]);
	assert_int_equal(stats_outliers(flat, 4, 10, NULL), 0);
	assert_true(fabs(stats_spearman_index(up, 6) - 1) < EPS);
	assert_true(fabs(stats_spearman_index(down, 6) + 1) < EPS);
	assert_true(stats_spearman_index(flat, 4) == 0);
}

/* Student's t against tables (Abramowitz and Stegun 26.10) and a
 * numerically integrated density; Welch on a worked example. */
static void test_t(void **state)
{
	static const struct {
		int line;
		double p, df, q;
	} quant[] = {
		{ __LINE__, 0.975, 2, 4.302653 },
		{ __LINE__, 0.975, 4, 2.776445 },
		{ __LINE__, 0.975, 10, 2.228139 },
		{ __LINE__, 0.975, 30, 2.042272 },
		{ __LINE__, 0.995, 3, 5.840909 },
		{ __LINE__, 0.025, 4, -2.776445 },
	};
	struct stats_welch w;
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 6, 8, 10 };
	const double c[] = { 7, 7, 7 };

	(void)state;
	for (size_t i = 0; i < N(quant); i++) {
		double q = stats_t_quantile(quant[i].p, quant[i].df);

		if (fabs(q - quant[i].q) > 2e-6)
			fail_msg("line %d: quantile %.7f", quant[i].line, q);
	}
	assert_true(fabs(stats_t_sf2(2.0, 5) - 0.1019394788) < 1e-8);
	assert_true(fabs(stats_t_sf2(-2.0, 5) - 0.1019394788) < 1e-8);
	assert_true(stats_t_sf2(0, 3) == 1);
	assert_true(isnan(stats_t_quantile(1, 3)));
	/* Welch: diff 3, se sqrt(2.5), df 6.25 / 1.0625 */
	assert_int_equal(stats_welch(a, 5, b, 5, 0.95, &w), 0);
	assert_true(fabs(w.diff - 3) < 1e-12);
	assert_true(fabs(w.df - 5.882352941) < 1e-8);
	assert_true(fabs(w.p - 0.1075311949) < 1e-7);
	assert_true(fabs(w.hi - w.diff - (w.diff - w.lo)) < 1e-12);
	assert_true(w.lo < 0 && w.hi > 0); /* p > 0.05: 0 inside */
	assert_int_equal(stats_welch(a, 5, b, 5, 0.80, &w), 0);
	assert_true(w.lo > 0); /* p < 0.20: 0 outside the 80% interval */
	/* constants: exact */
	assert_int_equal(stats_welch(c, 3, c, 3, 0.95, &w), 0);
	assert_true(w.p == 1 && w.lo == 0 && w.hi == 0);
	assert_int_equal(stats_welch(c, 1, c, 3, 0.95, &w), -EINVAL);
	assert_int_equal(stats_welch(c, 3, c, 3, 1.0, &w), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_median_ci),
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_mann_whitney),
		cmocka_unit_test(test_mann_whitney_errors),
		cmocka_unit_test(test_t),
		cmocka_unit_test(test_holm),
		cmocka_unit_test(test_rng),
		cmocka_unit_test(test_bootstrap),
		cmocka_unit_test(test_boot_spread),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_median_boot),
		cmocka_unit_test(test_bootstrap_groups),
		cmocka_unit_test(test_outliers_drift),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
