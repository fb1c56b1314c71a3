// SPDX-License-Identifier: MIT
/* doctor's smt check for a session (issue 33): doctor_run leaves it out
 * when told (smt_later), and doctor_smt_begin/end judge the sibling from
 * a snapshot taken before the runs and one taken after (no wait between
 * them of their own), as doctor_run's check judges it. The fake machine
 * has CPU 2 and 3 on one core. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "doctor.h"
#include "env.h"
#include "fake_sysroot.h"

static const char *const root = fake_root;

static void test_run_leaves_it_out(void **state)
{
	struct cpu_list pinned = { 0 };
	struct doctor_ctx ctx = { .root = root, .pinned = &pinned,
				  .backend = "perf", .smt_later = true };
	struct doctor_check *v;
	size_t n;

	(void)state;
	assert_int_equal(cpu_list_parse("2", &pinned, NULL), 0);
	assert_int_equal(doctor_run(&ctx, &v, &n), 0);
	for (size_t j = 0; j < n; j++)
		if (!strcmp(v[j].name, "smt"))
			fail_msg("smt checked: %s", v[j].detail);
	doctor_free(v, n);
}

static const struct {
	int line;
	const char *pinned, *later; /* later: /proc/stat at the end */
	bool watched;
	int level;
	const char *has;
} cases[] = {
	{ __LINE__, "2", "cpu3 50 0 0 150 0 0 0 0 0 0\n", true, DOCTOR_WARN,
	  "CPU 2 shares its core with CPU 3, 50% busy" },
	{ __LINE__, "2", "cpu3 1 0 0 199 0 0 0 0 0 0\n", true, DOCTOR_OK,
	  "CPU 2 shares its core with CPU 3, idle now" },
	{ __LINE__, "2,3", NULL, false, 0, NULL },
	{ __LINE__, "1", NULL, false, 0, NULL },
};

static void test_begin_end(void **state)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct cpu_list pinned = { 0 };
		struct doctor_smt_watch w;
		struct doctor_check *c;
		bool on;

		fake_teardown(state);
		assert_int_equal(fake_setup(state), 0);
		assert_int_equal(fake_put(root, "/proc/stat",
					  "cpu3 0 0 0 100 0 0 0 0 0 0\n"), 0);
		assert_int_equal(cpu_list_parse(cases[i].pinned, &pinned,
						NULL), 0);
		on = doctor_smt_begin(root, &pinned, &w);
		if (on != cases[i].watched)
			fail_msg("line %d: watched %d", cases[i].line, on);
		if (!on)
			continue;
		assert_int_equal(fake_put(root, "/proc/stat", cases[i].later),
				 0);
		assert_int_equal(doctor_smt_end(root, &w, &c), 0);
		assert_string_equal(c[0].name, "smt");
		if ((int)c[0].level != cases[i].level ||
		    !strstr(c[0].detail, cases[i].has))
			fail_msg("line %d: level %d '%s'", cases[i].line,
				 c[0].level, c[0].detail);
		doctor_free(c, 1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_leaves_it_out),
		cmocka_unit_test(test_begin_end),
	};

	return cmocka_run_group_tests(tests, fake_setup, fake_teardown);
}
