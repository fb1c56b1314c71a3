// SPDX-License-Identifier: MIT
/* perf_fit: the default set's composition, both ways, as a table of
 * trials (the kernel's answers given): the cache events stay where the
 * group opens with them, are marked not supported with the reason where
 * only the group without them opens, and are left alone where the group
 * fails without them too (the run's own error says why), where they were
 * not supported already, and where --allow-multiplex unpinned them. The
 * real trial (perf_fit) needs a PMU: tests/cli/241. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <linux/perf_event.h>

#include "counters.h"
#include "perf_internal.h"

struct fit_case {
	int line;
	bool with, without; /* the trial's answers */
	bool pinned;        /* false: --allow-multiplex */
	bool cache_ok;      /* the cache events probed supported */
	bool kept;          /* the cache events still EVENT_OK after */
	int trials;         /* trials asked for */
};

static const struct fit_case fit_cases[] = {
	{ __LINE__, true, true, true, true, true, 1 },    /* they fit */
	{ __LINE__, false, true, true, true, false, 2 },  /* they do not */
	{ __LINE__, false, false, true, true, true, 2 },  /* nothing fits */
	{ __LINE__, false, true, true, false, false, 0 }, /* no PMU event */
	{ __LINE__, false, true, false, true, true, 0 },  /* multiplexed */
};

static bool answer_with, answer_without;
static int trials;

static bool fake_try(const struct event *evs, size_t n, bool cache)
{
	(void)evs;
	(void)n;
	trials++;
	return cache ? answer_with : answer_without;
}

static void fit_event(struct event *ev, const char *name, uint32_t type,
		      int group, bool pinned, bool ok)
{
	memset(ev, 0, sizeof(*ev));
	ev->name = (char *)name;
	ev->type = type;
	ev->group = group;
	ev->pinned = pinned && type != PERF_TYPE_SOFTWARE;
	ev->state = ok ? EVENT_OK : EVENT_NOT_SUPPORTED;
}

static void test_fit_table(void **state)
{
	(void)state;
	for (size_t c = 0; c < sizeof(fit_cases) / sizeof(fit_cases[0]); c++) {
		const struct fit_case *t = &fit_cases[c];
		struct event evs[5];
		char err[128];

		fit_event(&evs[0], "cycles", PERF_TYPE_HARDWARE,
			  PERF_GROUP_CPU, t->pinned, true);
		fit_event(&evs[1], "instructions", PERF_TYPE_HARDWARE,
			  PERF_GROUP_CPU, t->pinned, true);
		fit_event(&evs[2], "L1-dcache-load-misses", PERF_TYPE_HW_CACHE,
			  PERF_GROUP_CPU, t->pinned, t->cache_ok);
		fit_event(&evs[3], "LLC-load-misses", PERF_TYPE_HW_CACHE,
			  PERF_GROUP_CPU, t->pinned, t->cache_ok);
		fit_event(&evs[4], "task-clock", PERF_TYPE_SOFTWARE,
			  PERF_GROUP_SOFTWARE, t->pinned, true);
		answer_with = t->with;
		answer_without = t->without;
		trials = 0;
		assert_int_equal(perf_fit_with(evs, 5, fake_try, err,
					       sizeof(err)), 0);
		printf("line %d: %d trials\n", t->line, trials);
		assert_int_equal(trials, t->trials);
		assert_true(evs[0].state == EVENT_OK &&
			    evs[1].state == EVENT_OK &&
			    evs[4].state == EVENT_OK);
		for (int i = 2; i < 4; i++) {
			assert_int_equal(evs[i].state == EVENT_OK, t->kept);
			if (t->cache_ok && !t->kept) {
				assert_non_null(strstr(evs[i].reason, "not supported: the PMU cannot count them in one pinned group with the default set's 2 other hardware events"));
				free(evs[i].reason);
			} else {
				assert_null(evs[i].reason);
			}
		}
	}
}

static void test_fit_names(void **state)
{
	(void)state;
	assert_true(perf_fit_is_cache("L1-dcache-load-misses"));
	assert_true(perf_fit_is_cache("LLC-load-misses"));
	assert_false(perf_fit_is_cache("cache-misses"));
	assert_false(perf_fit_is_cache("L1-dcache-load-misses:u"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fit_table),
		cmocka_unit_test(test_fit_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
