// SPDX-License-Identifier: MIT
/*
 * stats_signed_rank unit tests. The expected values were recomputed
 * independently with scipy 1.10 (Debian's python3-scipy):
 * scipy.stats.wilcoxon(d, method="exact") for the exact p without ties,
 * wilcoxon(d, zero_method="wilcox", correction=True, method="approx")
 * for the normal approximation (53 nonzero of 60, ties, zeros); the
 * exact p with ties and a zero by enumerating the 2^11 signs of the
 * nonzero differences' midranks (scipy's "exact" ignores ties); and the
 * Hodges-Lehmann interval as the Walsh averages' (k+1)-th smallest and
 * largest, k the largest count with P(T+ <= k) <= 0.025 under the exact
 * null law of n = 10 (numpy cumsum of the subset-sum counts: k = 8).
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "stats.h"

#define EPS 1e-9

static void test_exact(void **state)
{
	const double d[] = { 0.05, -0.02, 0.11, 0.07, 0.03,
			     -0.01, 0.09, 0.04, 0.06, 0.025 };
	struct stats_paired sp;

	(void)state;
	assert_int_equal(stats_signed_rank(d, 10, 0.95, &sp), 0);
	assert_true(sp.exact_p);
	assert_true(fabs(sp.p - 0.009765625) < EPS);
	assert_true(fabs(sp.t_plus - 52) < EPS);
	assert_true(fabs(sp.lo - 0.015) < EPS);
	assert_true(fabs(sp.hi - 0.075) < EPS);
	assert_true(fabs(sp.estimate - 0.045) < EPS);
}

static void test_ties_zero(void **state)
{
	const double d[] = { 0.05, -0.02, 0.05, 0.07, 0.03, -0.01,
			     0.09, 0.0, 0.06, 0.02, 0.01, 0.03 };
	struct stats_paired sp;

	(void)state;
	assert_int_equal(stats_signed_rank(d, 12, 0.95, &sp), 0);
	assert_true(sp.exact_p);
	assert_int_equal(sp.n_nonzero, 11);
	assert_true(fabs(sp.t_plus - 61) < EPS);
	assert_true(fabs(sp.p - 0.009765625) < EPS);
}

/* Counts that differ by one in 5 pairs of 5: the exact law given the
 * ties, 2 / 32, where the normal one would say 0.037. */
static void test_ties_small(void **state)
{
	const double d[] = { 1, 1, 1, 1, 1 };
	struct stats_paired sp;

	(void)state;
	assert_int_equal(stats_signed_rank(d, 5, 0.95, &sp), 0);
	assert_true(sp.exact_p);
	assert_true(fabs(sp.p - 0.0625) < EPS);
}

/* Above 50 nonzero differences: the normal approximation. */
static void test_normal(void **state)
{
	const double d[] = {
		-0.25, -0.25, 0.5, 1.5, -0.0, -0.75, -0.5, 2.0, -0.0, -1.0,
		-0.0, 0.5, 0.5, 2.25, 0.0, -1.25, 1.75, 0.5, 0.5, -0.5,
		-0.75, 2.0, -1.25, -0.25, -0.75, 1.75, 0.5, -0.5, 1.0, 2.25,
		-0.75, -0.5, 0.75, 0.5, -0.75, -0.25, 0.25, 1.25, -1.25, 1.0,
		0.75, 2.25, -2.0, -0.0, -0.0, 1.75, -1.0, -0.25, 0.5, 1.0,
		0.75, -1.0, 2.25, -0.5, 0.75, 1.25, -0.0, 0.75, -1.25, 0.25,
	};
	struct stats_paired sp;

	(void)state;
	assert_int_equal(stats_signed_rank(d, 60, 0.95, &sp), 0);
	assert_false(sp.exact_p);
	assert_int_equal(sp.n_nonzero, 53);
	assert_true(fabs(sp.p - 0.08979506489780728) < 1e-12);
}

/* A sign flipped everywhere: the same p, the interval mirrored. */
static void test_symmetry(void **state)
{
	double d[10] = { 0.05, -0.02, 0.11, 0.07, 0.03,
			 -0.01, 0.09, 0.04, 0.06, 0.02 };
	struct stats_paired a, b;

	(void)state;
	assert_int_equal(stats_signed_rank(d, 10, 0.95, &a), 0);
	for (int i = 0; i < 10; i++)
		d[i] = -d[i];
	assert_int_equal(stats_signed_rank(d, 10, 0.95, &b), 0);
	assert_true(fabs(a.p - b.p) < EPS);
	assert_true(fabs(a.lo + b.hi) < EPS && fabs(a.hi + b.lo) < EPS);
}

static void test_edges(void **state)
{
	const double zero[5] = { 0 }, bad[2] = { 1, NAN };
	const double four[4] = { 1, 2, 3, 4 };
	struct stats_paired sp;

	(void)state;
	assert_int_equal(stats_signed_rank(zero, 5, 0.95, &sp), 0);
	assert_true(sp.p == 1 && sp.lo == 0 && sp.hi == 0);
	assert_int_equal(stats_signed_rank(bad, 2, 0.95, &sp), -EINVAL);
	assert_int_equal(stats_signed_rank(four, 0, 0.95, &sp), -EINVAL);
	assert_int_equal(stats_signed_rank(four, 4, 1.5, &sp), -EINVAL);
	/* 4 pairs all one way: the smallest p there is, 2 / 16, and no
	 * count reaches 95%: the whole range */
	assert_int_equal(stats_signed_rank(four, 4, 0.95, &sp), 0);
	assert_true(fabs(sp.p - 0.125) < EPS);
	assert_true(sp.lo == 1 && sp.hi == 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_ties_zero),
		cmocka_unit_test(test_ties_small),
		cmocka_unit_test(test_normal),
		cmocka_unit_test(test_symmetry),
		cmocka_unit_test(test_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
