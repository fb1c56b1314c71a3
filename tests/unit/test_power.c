// SPDX-License-Identifier: MIT
/*
 * power unit tests (src/compare/stats_power.c): the power at no change
 * is the level, with many values the normal approximation's; and the
 * smallest detectable change it states checked against its own
 * simulation: seeded normal trials with that true change, tested as
 * compare tests them (Welch t on boots, Mann-Whitney U on runs, whose
 * effective count is n * 3 / pi), are detected in 80% +-5 of them.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "stats.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))
/* trials per case: Mann-Whitney's exact law is the slow part */
#define TRIALS(c) ((c)->runs ? 1500 : 4000)

/* The power at delta 0 is the level; with many values and one SD it is
 * the normal approximation's. */
static void test_power_known(void **state)
{
	struct stats_power_in in = { 0.02, 0.02, 4, 4, 0.05, 0.8 };
	struct stats_power_in big = { 1, 1, 2000, 2000, 0.05, 0.8 };
	double se = sqrt(2.0 / 2000), z = 1.959963984540054;

	(void)state;
	/* Welch's test is a little conservative at 4 a side */
	assert_in_range((long)(stats_power_welch(&in, 0) * 1e4), 400, 510);
	assert_float_equal(stats_power_welch(&big, 0), 0.05, 1e-3);
	assert_float_equal(stats_power_welch(&big, 2.8 * se),
			   0.5 * erfc(-(2.8 - z) / M_SQRT2), 2e-3);
	assert_true(isnan(stats_power_welch(&(struct stats_power_in){
		0, 0, 3, 3, 0.05, 0.8 }, 1)));
}

static void test_mde_edges(void **state)
{
	struct stats_power_in in = { 0.02, 0.02, 3, 3, 0.05, 0.8 };
	struct stats_power_in flat = { 0, 0, 3, 3, 0.05, 0.8 };
	struct stats_power_in one = { 0.02, 0.02, 1, 3, 0.05, 0.8 };
	double d3, d6;
	size_t n;

	(void)state;
	assert_int_equal(stats_power_mde(&in, &d3), 0);
	assert_float_equal(stats_power_welch(&in, d3), 0.8, 1e-6);
	in.n_a = in.n_b = 6;
	assert_int_equal(stats_power_mde(&in, &d6), 0);
	assert_true(d6 < d3);
	assert_int_not_equal(stats_power_mde(&flat, &d3), 0);
	assert_int_not_equal(stats_power_mde(&one, &d3), 0);
	/* the n that detects d6 is 6; a smaller change needs more */
	assert_int_equal(stats_power_n(&in, d6, 1000, &n), 0);
	assert_int_equal(n, 6);
	assert_int_equal(stats_power_n(&in, d6 / 2, 1000, &n), 0);
	assert_true(n > 6);
	assert_int_equal(stats_power_n(&in, 1e-9, 1000, &n), -ERANGE);
}

static double normal(struct stats_rng *r)
{
	double u1 = ((double)(stats_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
	double u2 = (double)(stats_rng_next(r) >> 11) / 9007199254740992.0;

	return sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
}

struct sim_case {
	int line;
	bool runs;          /* Mann-Whitney on runs, else Welch on boots */
	size_t na, nb;
	double sa, sb;
	double alpha;
};

/* The share of TRIALS(c) trials of c with a true change of the stated
 * detectable size whose test comes out below alpha. */
static double sim_detected(const struct sim_case *c, double *mde)
{
	double k = c->runs ? 3 / M_PI : 1;
	struct stats_power_in in = {
		c->sa, c->sb, c->na * k, c->nb * k, c->alpha, 0.8,
	};
	double a[64], b[64];
	struct stats_rng rng;
	size_t hit = 0;

	assert_int_equal(stats_power_mde(&in, mde), 0);
	stats_rng_seed(&rng, 0x39 + (uint64_t)c->line);
	for (int t = 0; t < TRIALS(c); t++) {
		double p;
		bool exact;

		for (size_t i = 0; i < c->na; i++)
			a[i] = c->sa * normal(&rng);
		for (size_t i = 0; i < c->nb; i++)
			b[i] = *mde + c->sb * normal(&rng);
		if (c->runs) {
			double u;

			assert_int_equal(stats_mann_whitney(a, c->na, b, c->nb,
							    &p, &u, &exact), 0);
		} else {
			struct stats_welch w;

			assert_int_equal(stats_welch(a, c->na, b, c->nb,
						     1 - c->alpha, &w), 0);
			p = w.p;
		}
		hit += p < c->alpha;
	}
	return (double)hit / TRIALS(c);
}

static void test_mde_simulated(void **state)
{
	static const struct sim_case cases[] = {
		{ __LINE__, false, 3, 3, 0.02, 0.02, 0.05 },
		{ __LINE__, false, 4, 4, 0.01, 0.03, 0.05 },
		{ __LINE__, false, 5, 5, 0.02, 0.02, 0.05 / 10 },
		{ __LINE__, false, 10, 10, 0.015, 0.01, 0.05 },
		{ __LINE__, true, 10, 10, 0.01, 0.01, 0.05 },
		{ __LINE__, true, 20, 20, 0.01, 0.02, 0.05 },
		{ __LINE__, true, 12, 12, 0.01, 0.01, 0.05 / 3 },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		double mde, got = sim_detected(&cases[i], &mde);

		printf("# line %d: %s %zu/%zu, sd %g/%g, alpha %g: detectable %.4f, detected in %.1f%% of %d trials\n",
		       cases[i].line, cases[i].runs ? "runs" : "boots",
		       cases[i].na, cases[i].nb, cases[i].sa, cases[i].sb,
		       cases[i].alpha, mde, got * 100, TRIALS(&cases[i]));
		if (fabs(got - 0.8) > 0.05)
			fail_msg("line %d: detected in %.1f%%, not 80%% +-5",
				 cases[i].line, got * 100);
	}
}

/* The chi-square quantiles and the SD's upper bound against scipy 1.10
 * (scipy.stats.chi2.ppf; the bound sd * sqrt(k / chi2.ppf(1 - conf, k))
 * recomputed with it). */
static void test_sd_upper(void **state)
{
	static const struct {
		double p, k, want;
	} q[] = {
		{ 0.2, 2, 0.4462871026284195 },
		{ 0.25, 4, 1.9225575262295542 },
		{ 0.9, 9, 14.683656573259837 },
		{ 0.5, 100, 99.33412923598846 },
	};

	(void)state;
	for (size_t i = 0; i < N(q); i++)
		assert_float_equal(stats_chi2_quantile(q[i].p, q[i].k),
				   q[i].want, 1e-9 * q[i].want);
	assert_float_equal(stats_sd_upper(0.01, 3, 0.6), 0.013991480225377217,
			   1e-12);
	assert_float_equal(stats_sd_upper(0.01, 10, 0.6),
			   0.011060375164388887, 1e-12);
	/* no bound: the SD as measured */
	assert_true(stats_sd_upper(0.01, 1, 0.6) == 0.01);
	assert_true(stats_sd_upper(0.01, 3, 0) == 0.01);
	assert_true(isnan(stats_chi2_quantile(0, 2)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_power_known),
		cmocka_unit_test(test_mde_edges),
		cmocka_unit_test(test_mde_simulated),
		cmocka_unit_test(test_sd_upper),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
