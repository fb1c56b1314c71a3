// SPDX-License-Identifier: MIT
/*
 * plot_axis_pick unit tests: a table of value ranges and units with the
 * one divisor, decimals and label the axis gets, tagged with their line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "plot_data.h"

static const struct {
	int line;
	double lo, hi;
	const char *unit;
	double div;
	int decimals;
	const char *label;
} cases[] = {
	/* 990 to 1010 ns: one unit (us), not "990.00" beside "1.00k" */
	{ __LINE__, 990, 1010, "ns", 1e3, 3, "us" },
	{ __LINE__, 2.01e8, 2.12e8, "ns", 1e6, 0, "ms" },
	{ __LINE__, 1.2e9, 1.5e9, "ns", 1e9, 2, "s" },
	{ __LINE__, 12, 80, "ns", 1, 0, "ns" },
	/* a count below 1 stays a count: no "500.0m" migrations */
	{ __LINE__, 0, 0.5, "", 1, 1, "" },
	{ __LINE__, 0, 2, "-", 1, 1, "" },
	{ __LINE__, 58, 60, "", 1, 1, "" },
	{ __LINE__, 1.2e6, 1.9e6, "", 1e6, 1, "millions" },
	{ __LINE__, 3e9, 3.1e9, "", 1e9, 2, "billions" },
	{ __LINE__, 5e5, 6e5, "kB", 1024, 0, "MiB" },
	{ __LINE__, 1e6, 2e6, "ops/s", 1e6, 1, "Mops/s" },
	{ __LINE__, 0.9, 1.3, "ops/s", 1, 2, "ops/s" },
	/* flat: decimals from the value itself */
	{ __LINE__, 1000, 1000, "ns", 1e3, 1, "us" },
	{ __LINE__, 0, 0, "", 1, 0, "" },
	{ __LINE__, -5e6, 1e6, "", 1e6, 0, "millions" },
};

static void test_axes(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct plot_axis a;

		plot_axis_pick(cases[i].lo, cases[i].hi, cases[i].unit, &a);
		if (a.div != cases[i].div || a.decimals != cases[i].decimals ||
		    strcmp(a.label, cases[i].label))
			fail_msg("line %d: div %g decimals %d label '%s', expected %g %d '%s'",
				 cases[i].line, a.div, a.decimals, a.label,
				 cases[i].div, cases[i].decimals,
				 cases[i].label);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_axes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
