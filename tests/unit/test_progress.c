// SPDX-License-Identifier: MIT
/*
 * progress_line unit tests: a table of widths, names and counts with the
 * line expected, tagged with their line; every line fits width - 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "progress.h"

static const struct {
	int line;
	int width;
	const char *name;
	size_t done, total;
	double elapsed_s;
	const char *want;
} cases[] = {
	{ __LINE__, 80, "getppid", 0, 31, 0, "abstat: getppid 0/31 runs" },
	{ __LINE__, 80, "getppid", 13, 31, 3.25,
	  "abstat: getppid 13/31 runs 4.0/s ETA 0:05" },
	{ __LINE__, 80, "mmap", 10, 20, 0.5, "abstat: mmap 10/20 runs 20/s ETA 0:01" },
	{ __LINE__, 80, "slow", 2, 10, 10, "abstat: slow 2/10 runs 5.0s/run ETA 0:40" },
	{ __LINE__, 80, "slow", 1, 1000, 10,
	  "abstat: slow 1/1000 runs 10.0s/run ETA 2:46:30" },
	/* narrow: the name is cut first, then the rate and "abstat: " go */
	{ __LINE__, 40, "a-very-long-benchmark-name", 13, 31, 3.25,
	  "abstat: a-very-long 13/31 runs ETA 0:05" },
	{ __LINE__, 30, "a-very-long-benchmark-name", 13, 31, 3.25,
	  "a-very-lo 13/31 runs ETA 0:05" },
	{ __LINE__, 20, "a-very-long-benchmark-name", 13, 31, 3.25,
	  "a-very-l 13/31 runs" },
	{ __LINE__, 10, "a-very-long-benchmark-name", 13, 31, 3.25,
	  "13/31 run" },
	{ __LINE__, 1, "x", 1, 2, 1, "" },
	/* a name's control bytes never reach the terminal */
	{ __LINE__, 80, "a\033[2Jb", 1, 2, 1, "abstat: a?[2Jb 1/2 runs 1.0/s ETA 0:01" },
};

static void test_lines(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char buf[256];
		size_t n = progress_line(buf, sizeof(buf), cases[i].width,
					 cases[i].name, cases[i].done,
					 cases[i].total, cases[i].elapsed_s);

		if (strcmp(buf, cases[i].want))
			fail_msg("line %d: '%s', expected '%s'", cases[i].line,
				 buf, cases[i].want);
		assert_int_equal(n, strlen(buf));
		assert_true(n < (size_t)(cases[i].width > 0 ? cases[i].width : 1));
	}
}

static void test_small_buffer(void **state)
{
	char buf[8];

	(void)state;
	assert_int_equal(progress_line(buf, sizeof(buf), 80, "getppid", 1, 2,
				       1), 7);
	assert_string_equal(buf, "abstat:");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_small_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
