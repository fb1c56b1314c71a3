// SPDX-License-Identifier: MIT
/*
 * geomean and time-unit unit tests: compare_geomean() on hand-built
 * models (tables of per-benchmark deltas and intervals; expectations
 * computed by hand: exp(mean(log1p d)) - 1, the interval by the delta
 * method with se_i = (log1p(hi) - log1p(lo)) / (2 z), z = 1.959964),
 * fmt_time_scale()'s choice of unit and fmt_scaled's seconds; with boots
 * the interval over the boots' geomeans.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compare.h"
#include "format.h"
#include "stats.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))
#define Z 1.959963984540054

struct bench_case {
	double delta, lo, hi;
	bool has_p, absolute, higher;
};

/* A model of k benchmarks, one primary row each, two sides. */
static struct compare_model *model(const struct bench_case *b, size_t k)
{
	struct compare_model *m = calloc(1, sizeof(*m));

	m->n_sides = 2;
	m->alpha = 0.05;
	m->n_bench = k;
	m->n_rows = k;
	m->rows = calloc(k, sizeof(*m->rows));
	for (size_t i = 0; i < k; i++) {
		struct compare_row *r = &m->rows[i];

		r->primary = true;
		r->higher_is_better = b[i].higher;
		r->delta = calloc(2, sizeof(*r->delta));
		r->delta[1] = (struct compare_delta){
			.has_delta = true, .delta = b[i].delta, .lo = b[i].lo,
			.hi = b[i].hi, .has_p = b[i].has_p,
			.absolute = b[i].absolute,
		};
	}
	return m;
}

static void model_free(struct compare_model *m)
{
	for (size_t i = 0; i < m->n_rows; i++)
		free(m->rows[i].delta);
	free(m->rows);
	free(m->geomean);
	free(m);
}

static void test_geomean_value(void **state)
{
	static const struct {
		int line;
		struct bench_case b[3];
		size_t k;
		bool has;
		double delta;
	} cases[] = {
		/* (1.1 * 1.21)^(1/2) = 1.1 * 1.1^(1/2)... = 1.15369 */
		{ __LINE__, { { 0.10, 0.05, 0.15, true, false, false }, { 0.21, 0.20, 0.22, true, false, false } },
		  2, true, 0.153689 },
		/* a ratio and its inverse: 0 */
		{ __LINE__, { { 1.0, 0.9, 1.1, true, false, false }, { -0.5, -0.55, -0.45, true, false, false } },
		  2, true, 0 },
		{ __LINE__, { { 0.03, 0.02, 0.04, true, false, false }, { 0.06, 0.05, 0.07, true, false, false },
			      { 0.0, -0.01, 0.01, true, false, false } }, 3, true, 0.0295 },
		/* one benchmark: none */
		{ __LINE__, { { 0.1, 0.0, 0.2, true, false, false } }, 1, false, 0 },
		/* no interval (too few runs): none */
		{ __LINE__, { { 0.1, 0.1, 0.1, false, false, false }, { 0.2, 0.1, 0.3, true, false, false } },
		  2, false, 0 },
		/* an absolute delta: none */
		{ __LINE__, { { 1, 0, 2, true, true, false }, { 0.2, 0.1, 0.3, true, false, false } },
		  2, false, 0 },
		/* better directions differ: none */
		{ __LINE__, { { 0.1, 0, 0.2, true, false, true }, { 0.2, 0.1, 0.3, true, false, false } },
		  2, false, 0 },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct compare_model *m = model(cases[i].b, cases[i].k);

		if (cases[i].k < 2)
			m->n_bench = 2; /* one row, but a suite */
		assert_int_equal(compare_geomean(m), 0);
		assert_non_null(m->geomean);
		print_message("line %d\n", cases[i].line);
		assert_int_equal(m->geomean[1].has, cases[i].has);
		if (!cases[i].has) {
			assert_non_null(m->geomean[1].why);
		} else {
			assert_true(fabs(m->geomean[1].delta - cases[i].delta) <
				    5e-4);
			assert_true(m->geomean[1].lo < m->geomean[1].delta);
			assert_true(m->geomean[1].hi > m->geomean[1].delta);
		}
		model_free(m);
	}
}

/* The interval by hand for one case. */
static void test_geomean_interval(void **state)
{
	static const struct bench_case b[] = {
		{ 0.10, 0.05, 0.15, true, false, false }, { 0.21, 0.20, 0.22, true, false, false },
	};
	struct compare_model *m = model(b, 2);
	double l = (log1p(0.10) + log1p(0.21)) / 2;
	double s1 = (log1p(0.15) - log1p(0.05)) / (2 * Z);
	double s2 = (log1p(0.22) - log1p(0.20)) / (2 * Z);
	double se = sqrt(s1 * s1 + s2 * s2) / 2;

	(void)state;
	assert_int_equal(compare_geomean(m), 0);
	assert_true(fabs(m->geomean[1].lo - expm1(l - Z * se)) < 1e-6);
	assert_true(fabs(m->geomean[1].hi - expm1(l + Z * se)) < 1e-6);
	assert_int_equal(m->geomean[1].n, 2);
	model_free(m);
}

static void test_geomean_single(void **state)
{
	static const struct bench_case b[] = { { 0.1, 0, 0.2, true, false, false } };
	struct compare_model *m = model(b, 1);

	(void)state;
	assert_int_equal(compare_geomean(m), 0);
	assert_null(m->geomean); /* one benchmark: no geomean at all */
	model_free(m);
}

static void test_time_scale(void **state)
{
	static const struct {
		int line;
		enum time_unit u;
		const char *unit;
		double ref;
		double div;
		const char *name;
	} cases[] = {
		{ __LINE__, TIME_UNIT_AUTO, "ns", 932, 1, "ns" },
		{ __LINE__, TIME_UNIT_AUTO, "ns", 1009, 1e3, "us" },
		{ __LINE__, TIME_UNIT_AUTO, "ns", 202.1e6, 1e6, "ms" },
		{ __LINE__, TIME_UNIT_AUTO, "ns", 1.358e9, 1e9, "s" },
		{ __LINE__, TIME_UNIT_AUTO, "ns", 3.6e12, 1e9, "s" },
		{ __LINE__, TIME_UNIT_AUTO, "ns", 0, 1, "ns" },
		{ __LINE__, TIME_UNIT_MS, "ns", 5, 1e6, "ms" },
		{ __LINE__, TIME_UNIT_NS, "ns", 5e9, 1, "ns" },
		{ __LINE__, TIME_UNIT_S, "ns", 1, 1e9, "s" },
		/* sizes by 1024 (pyperf's KiB, MiB), --time-unit aside */
		{ __LINE__, TIME_UNIT_AUTO, "B", 1023, 1, "B" },
		{ __LINE__, TIME_UNIT_AUTO, "B", 1024, 1024, "KiB" },
		{ __LINE__, TIME_UNIT_AUTO, "B", 28.27e6, 1048576, "MiB" },
		{ __LINE__, TIME_UNIT_MS, "B", 1073741824, 1073741824, "GiB" },
		{ __LINE__, TIME_UNIT_AUTO, "B", 0, 1, "B" },
		{ __LINE__, TIME_UNIT_AUTO, "kB", 948, 1, "KiB" },
		{ __LINE__, TIME_UNIT_AUTO, "kB", 0, 1, "KiB" },
		{ __LINE__, TIME_UNIT_AUTO, "kB", 1e6, 1024, "MiB" },
		{ __LINE__, TIME_UNIT_MS, "", 1e9, 1, "" },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		const char *name;
		double div = fmt_time_scale(cases[i].u, cases[i].unit,
					    cases[i].ref, &name);

		print_message("line %d\n", cases[i].line);
		assert_true(div == cases[i].div);
		assert_string_equal(name, cases[i].name);
	}
}

/* fmt_typical: a zero median gives way to the mean, then to min/max */
static void test_typical(void **state)
{
	struct stats_summary a = { .median = 5, .mean = 7 };
	struct stats_summary b = { .median = 0, .mean = 2.4e6, .max = 8e6 };
	struct stats_summary c = { .min = -3, .max = 2 };

	(void)state;
	assert_true(fmt_typical(&a) == 5);
	assert_true(fmt_typical(&b) == 2.4e6);
	assert_true(fmt_typical(&c) == 3);
}

/* fmt_scaled: seconds have no larger unit (1e15 ns is not "1Ms") */
static void test_scaled_seconds(void **state)
{
	static const struct {
		int line;
		double v, div;
		const char *want;
	} cases[] = {
		{ __LINE__, 1e15, 1e9, "1e+06" },
		{ __LINE__, 2.5e13, 1e9, "25000" },
		{ __LINE__, 1.358e9, 1e9, "1.358" },
		{ __LINE__, 202.1e6, 1e6, "202.1" },
		{ __LINE__, 1e15, 1, "1P" },
	};
	char buf[32];

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		print_message("line %d\n", cases[i].line);
		fmt_scaled(cases[i].v, cases[i].div, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].want);
	}
}

/* With boots the geomean's interval is Welch t over each boot's geomean:
 * two benchmarks of three boots a side, the expectation from the boots'
 * mean log centers by hand and stats_welch; a side whose benchmark lacks
 * a boot keeps the delta method. */
static void test_geomean_boots(void **state)
{
	static const double ca[2][3] = { { 100, 102, 98 }, { 200, 204, 196 } };
	static const double cb[2][3] = { { 110, 112, 108 }, { 220, 226, 214 } };
	static const struct bench_case b[2] = {
		{ 0.1, 0.05, 0.15, true, false, false },
		{ 0.1, 0.05, 0.15, true, false, false },
	};
	static size_t len3[3] = { 1, 1, 1 };
	struct compare_model *m = model(b, 2);
	struct compare_stat st[2][2];
	size_t files[2] = { 3, 3 };
	double x[6];
	struct stats_welch w;

	(void)state;
	memset(st, 0, sizeof(st));
	m->design = DESIGN_BOOTS;
	m->files = files;
	m->boots = files; /* three distinct boots a side */
	for (size_t r = 0; r < 2; r++) {
		for (size_t s = 0; s < 2; s++) {
			st[r][s] = (struct compare_stat){
				.present = true, .supported = true,
				.counted = true, .n = 3, .n_groups = 3,
				.group_len = len3,
				.boot_center = s ? cb[r] : ca[r],
			};
		}
		m->rows[r].stat = st[r];
	}
	for (size_t f = 0; f < 3; f++) {
		x[f] = (log(ca[0][f]) + log(ca[1][f])) / 2;
		x[3 + f] = (log(cb[0][f]) + log(cb[1][f])) / 2;
	}
	assert_int_equal(stats_welch(x, 3, x + 3, 3, 0.95, &w), 0);
	assert_int_equal(compare_geomean(m), 0);
	assert_true(m->geomean[1].has && m->geomean[1].boots);
	assert_true(fabs(m->geomean[1].lo - expm1(w.lo)) < 1e-12);
	assert_true(fabs(m->geomean[1].hi - expm1(w.hi)) < 1e-12);
	free(m->geomean);
	m->geomean = NULL;
	st[1][1].n_groups = 2; /* a boot lacks benchmark 2 on side B */
	assert_int_equal(compare_geomean(m), 0);
	assert_false(m->geomean[1].boots);
	assert_non_null(m->geomean[1].why_method);
	for (size_t r = 0; r < 2; r++)
		m->rows[r].stat = NULL;
	m->files = NULL;
	m->boots = NULL;
	model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geomean_value),
		cmocka_unit_test(test_geomean_interval),
		cmocka_unit_test(test_geomean_single),
		cmocka_unit_test(test_time_scale),
		cmocka_unit_test(test_typical),
		cmocka_unit_test(test_scaled_seconds),
		cmocka_unit_test(test_geomean_boots),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
