// SPDX-License-Identifier: MIT
/*
 * scan unit tests: -P ranges (integers, decimals, steps walked by index),
 * -L lists, combinations in order, {NAME} substitution and the names of
 * scanned benchmarks. Tables of cases, each with its line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "scan.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))

/* p's values joined by ',' */
static void joined(const struct scan_param *p, char *buf, size_t len)
{
	buf[0] = '\0';
	for (size_t i = 0; i < p->n; i++) {
		strncat(buf, p->values[i], len - strlen(buf) - 1);
		if (i + 1 < p->n)
			strncat(buf, ",", len - strlen(buf) - 1);
	}
}

static void test_range(void **state)
{
	static const struct {
		int line;
		const char *lo, *hi, *step;
		int rc;
		const char *values;
	} cases[] = {
		{ __LINE__, "1", "4", NULL, 0, "1,2,3,4" },
		{ __LINE__, "2", "8", "2", 0, "2,4,6,8" },
		{ __LINE__, "1", "8", "3", 0, "1,4,7" },
		{ __LINE__, "5", "5", NULL, 0, "5" },
		{ __LINE__, "0", "0.3", "0.1", 0, "0.0,0.1,0.2,0.3" },
		{ __LINE__, "0", "1", "0.25", 0, "0.00,0.25,0.50,0.75,1.00" },
		{ __LINE__, "-2", "1", NULL, 0, "-2,-1,0,1" },
		{ __LINE__, "4", "1", NULL, -EINVAL, NULL },
		{ __LINE__, "1", "4", "0", -EINVAL, NULL },
		{ __LINE__, "1", "4", "-1", -EINVAL, NULL },
		{ __LINE__, "a", "4", NULL, -EINVAL, NULL },
		{ __LINE__, "1", "4x", NULL, -EINVAL, NULL },
		{ __LINE__, "1", "100000", NULL, -EINVAL, NULL },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct scan_param p;
		char err[256] = "", buf[256];
		int rc = scan_range("n", cases[i].lo, cases[i].hi,
				    cases[i].step, &p, err, sizeof(err));

		if (rc != cases[i].rc)
			fail_msg("line %d: rc %d (%s)", cases[i].line, rc, err);
		if (rc)
			continue;
		joined(&p, buf, sizeof(buf));
		if (strcmp(buf, cases[i].values))
			fail_msg("line %d: %s", cases[i].line, buf);
		scan_param_clear(&p);
	}
}

static void test_list(void **state)
{
	static const struct {
		int line;
		const char *name, *list;
		int rc;
	} cases[] = {
		{ __LINE__, "mode", "a,b,c", 0 },
		{ __LINE__, "x_1-y", "one", 0 },
		{ __LINE__, "m", "", -EINVAL },
		{ __LINE__, "m", "a,", -EINVAL },
		{ __LINE__, "m", ",a", -EINVAL },
		{ __LINE__, "m", "a,,b", -EINVAL },
		{ __LINE__, "", "a", -EINVAL },
		{ __LINE__, "a b", "a", -EINVAL },
		{ __LINE__, "a{b}", "a", -EINVAL },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct scan_param p;
		char err[256] = "", buf[256];
		int rc = scan_list(cases[i].name, cases[i].list, &p, err,
				   sizeof(err));

		if (rc != cases[i].rc)
			fail_msg("line %d: rc %d (%s)", cases[i].line, rc, err);
		if (rc)
			continue;
		joined(&p, buf, sizeof(buf));
		if (strcmp(buf, cases[i].list))
			fail_msg("line %d: %s", cases[i].line, buf);
		scan_param_clear(&p);
	}
}

/* Two parameters: every combination, the first slowest; substitution and
 * names in the order given. */
static void test_combinations(void **state)
{
	static const char *const names[] = {
		"b mode=a n=1", "b mode=a n=2", "b mode=a n=3",
		"b mode=z n=1", "b mode=z n=2", "b mode=z n=3",
	};
	struct scan_param p[2];
	char err[256];

	(void)state;
	assert_int_equal(scan_list("mode", "a,z", &p[0], err, sizeof(err)), 0);
	assert_int_equal(scan_range("n", "1", "3", NULL, &p[1], err,
				    sizeof(err)), 0);
	assert_int_equal(scan_count(p, 2), 6);
	assert_int_equal(scan_count(p, 0), 1);
	for (size_t k = 0; k < 6; k++) {
		json_t *c = scan_combination(p, 2, k);
		char *name = scan_name("b", c);
		char *cmd = scan_substitute("run {mode} -n {n} {other} {", c);
		char want[64];

		assert_string_equal(name, names[k]);
		snprintf(want, sizeof(want), "run %s -n %s {other} {",
			 json_string_value(json_object_get(c, "mode")),
			 json_string_value(json_object_get(c, "n")));
		assert_string_equal(cmd, want);
		free(name);
		free(cmd);
		json_decref(c);
	}
	scan_param_clear(&p[0]);
	scan_param_clear(&p[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_range),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_combinations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
