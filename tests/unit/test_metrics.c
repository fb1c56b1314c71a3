// SPDX-License-Identifier: MIT
/*
 * metrics unit tests: a result built in memory (no files, no PMU) with
 * warm-up, failed, multiplexed and not-counted runs; checks which runs
 * enter the series, scaling, derived per-run ratios and per-op values.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "metrics.h"

#define EPS 1e-9
#define NRUNS 5

/* events: 0 instructions, 1 cycles, 2 task-clock (ns), 3 branches
 * (unsupported), 4 branch-misses */
static struct event events[5] = {
	{ .name = "instructions", .unit = "", .state = EVENT_OK },
	{ .name = "cycles", .unit = "", .state = EVENT_OK },
	{ .name = "task-clock", .unit = "ns", .state = EVENT_OK },
	{ .name = "branches", .unit = "",
	  .state = EVENT_NOT_SUPPORTED, .reason = "not supported: no PMU" },
	{ .name = "branch-misses", .unit = "", .state = EVENT_OK },
};

static struct counter_value cv[NRUNS][5];
static struct run runs[NRUNS];
static struct benchmark bench = { .name = "w", .n_runs = NRUNS,
				  .runs = runs };
static struct result res = { .n_events = 5, .events = events,
			     .n_bench = 1, .bench = &bench };

static void cv_set(int r, int e, uint64_t v, uint64_t en, uint64_t run)
{
	cv[r][e] = (struct counter_value){ v, en, run };
}

static int setup(void **state)
{
	(void)state;
	memset(runs, 0, sizeof(runs));
	memset(cv, 0, sizeof(cv));
	for (int r = 0; r < NRUNS; r++) {
		runs[r].index = r;
		runs[r].status = RUN_OK;
		runs[r].total.counters = cv[r];
		runs[r].total.wall_ns = 1000 * (r + 1);
		runs[r].total.user_ns = 10;
		runs[r].total.sys_ns = 20;
		runs[r].total.maxrss_kb = 100;
		runs[r].total.has_ops = true;
		runs[r].total.ops = 10;
		cv_set(r, 0, 2000 * (r + 1), 100, 100);
		cv_set(r, 1, 1000, 100, 100);
		cv_set(r, 2, 500, 100, 100);
		cv_set(r, 4, 7, 100, 100);
	}
	runs[0].warmup = true;              /* left out */
	runs[2].status = RUN_FAILED;        /* left out */
	cv_set(3, 1, 1000, 100, 50);        /* multiplexed: 2000 */
	cv_set(4, 4, 0, 100, 0);            /* not counted */
	runs[4].total.region_ns = 400;      /* ns/op from the region */
	return 0;
}

static void test_series(void **state)
{
	struct metric_set set;
	const struct metric *m;

	(void)state;
	assert_int_equal(metrics_extract(&res, &bench, &set), 0);
	/* measured runs: 1, 3, 4 */
	m = metrics_find(&set, "instructions");
	assert_non_null(m);
	assert_int_equal(m->n, 3);
	assert_true(m->v[0] == 4000 && m->v[1] == 8000 && m->v[2] == 10000);
	assert_true(m->supported && m->counted && !m->scaled);

	m = metrics_find(&set, "cycles");
	assert_true(m->scaled && m->n == 3 && m->v[1] == 2000);

	m = metrics_find(&set, "branches");
	assert_false(m->supported);
	assert_int_equal(m->n, 0);
	assert_string_equal(m->reason, "not supported: no PMU");

	m = metrics_find(&set, "branch-misses");
	assert_false(m->counted);
	assert_int_equal(m->n, 2); /* never a 0 for the uncounted run */
	assert_non_null(m->reason);

	m = metrics_find(&set, "task-clock");
	assert_string_equal(m->unit, "ns");
	metrics_free(&set);
}

static void test_derived(void **state)
{
	struct metric_set set;
	const struct metric *m;

	(void)state;
	assert_int_equal(metrics_extract(&res, &bench, &set), 0);
	/* IPC per run: 4000/1000, 8000/2000 (scaled cycles), 10000/1000 */
	m = metrics_find(&set, "IPC");
	assert_non_null(m);
	assert_true(m->higher_is_better && m->kind == METRIC_DERIVED);
	assert_int_equal(m->n, 3);
	assert_true(fabs(m->v[0] - 4) < EPS && fabs(m->v[1] - 4) < EPS &&
		    fabs(m->v[2] - 10) < EPS);
	/* branches unsupported: the ratio is too */
	m = metrics_find(&set, "branch-miss-ratio");
	assert_non_null(m);
	assert_false(m->supported);
	/* no cache events: no cache ratio */
	assert_null(metrics_find(&set, "cache-miss-ratio"));
	metrics_free(&set);
}

static void test_per_op(void **state)
{
	struct metric_set set;
	const struct metric *m;

	(void)state;
	assert_int_equal(metrics_extract(&res, &bench, &set), 0);
	/* wall 2000, 4000 and region 400 over 10 ops */
	m = metrics_find(&set, "ns/op");
	assert_non_null(m);
	assert_true(m->v[0] == 200 && m->v[1] == 400 && m->v[2] == 40);
	m = metrics_find(&set, "ops/s");
	assert_true(m->higher_is_better);
	assert_true(fabs(m->v[0] - 5e6) < 1e-3);
	m = metrics_find(&set, "instructions/op");
	assert_true(m->v[0] == 400);
	assert_null(metrics_find(&set, "branches/op"));
	m = metrics_find(&set, "wall");
	assert_true(m->kind == METRIC_TIME && m->v[0] == 2000);
	metrics_free(&set);

	/* ops unknown in one run: no per-op metric at all */
	runs[3].total.has_ops = false;
	assert_int_equal(metrics_extract(&res, &bench, &set), 0);
	assert_null(metrics_find(&set, "ns/op"));
	metrics_free(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_series, setup),
		cmocka_unit_test_setup(test_derived, setup),
		cmocka_unit_test_setup(test_per_op, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
