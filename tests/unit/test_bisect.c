// SPDX-License-Identifier: MIT
/*
 * bisect unit tests: the rule of a step's decision (bisect_decided) on a
 * table of outcomes, each tagged with its line: the step's delta against
 * the good end (its interval, whether it is a change), the ends' delta,
 * the step's delta against the bad end; the decision expected (NULL:
 * not yet decided) and whether a reason is given. Regressions and
 * improvements alike (the ends' delta of either sign). And a delta's
 * text (bisect_delta_text).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "bisect.h"

/* a delta whose interval comes from a test; P: a point estimate only
 * (too few boots for a test), which decides nothing */
#define D(x, l, h, s) { true, x, l, h, s, true }
#define P(x, l, h, s) { true, x, l, h, s, false }

static const struct {
	int line;
	struct bisect_delta g, e, b; /* vs good, bad vs good, vs bad */
	const char *want;
	bool reason;
	const char *says; /* in the reason, or NULL */
} cases[] = {
	/* a step like good: its interval below half of +6% */
	{ __LINE__, D(0.001, -0.01, 0.012, false), D(0.06, 0.05, 0.07, true),
	  D(-0.058, -0.07, -0.05, true), "good", false, NULL },
	/* like bad: above half */
	{ __LINE__, D(0.061, 0.05, 0.07, true), D(0.06, 0.05, 0.07, true),
	  D(0.001, -0.01, 0.01, false), "bad", false, NULL },
	/* too wide to say: another round */
	{ __LINE__, D(0.02, -0.01, 0.05, false), D(0.06, 0.05, 0.07, true),
	  D(-0.04, -0.07, -0.01, true), NULL, false, NULL },
	/* half the change, a change against both: several commits */
	{ __LINE__, D(0.03, 0.02, 0.04, true), D(0.06, 0.05, 0.07, true),
	  D(-0.03, -0.04, -0.02, true), "skip", true, "several commits" },
	/* a good step that is itself a part of the change */
	{ __LINE__, D(0.012, 0.005, 0.02, true), D(0.06, 0.05, 0.07, true),
	  D(-0.045, -0.055, -0.035, true), "good", true, "several commits" },
	/* the ends not told apart in this session: not yet */
	{ __LINE__, D(0.0, -0.01, 0.01, false), D(0.01, -0.01, 0.03, false),
	  D(-0.01, -0.03, 0.01, false), NULL, false, NULL },
	/* an improvement bisected (bad is faster): the same rule mirrored */
	{ __LINE__, D(-0.001, -0.01, 0.01, false), D(-0.06, -0.07, -0.05, true),
	  D(0.06, 0.05, 0.07, true), "good", false, NULL },
	{ __LINE__, D(-0.059, -0.07, -0.05, true), D(-0.06, -0.07, -0.05, true),
	  D(0.0, -0.01, 0.01, false), "bad", false, NULL },
	/* beyond the bad end: bad, said so, not a part of the change */
	{ __LINE__, D(0.12, 0.10, 0.14, true), D(0.06, 0.05, 0.07, true),
	  D(0.06, 0.04, 0.08, true), "bad", true, "beyond the bad end" },
	/* like bad, but its interval is a point (one boot): not yet */
	{ __LINE__, P(0.061, 0.061, 0.061, true), D(0.06, 0.05, 0.07, true),
	  D(0.001, -0.01, 0.01, false), NULL, false, NULL },
	/* a significant but tiny delta (one page of 3000 between two work
	 * trees, under a tenth of the ends' delta): no part of the change */
	{ __LINE__, D(0.0003, 0.0001, 0.0005, true), D(0.06, 0.05, 0.07, true),
	  D(-0.057, -0.07, -0.05, true), "good", false, NULL },
	{ __LINE__, D(0.0597, 0.05, 0.07, true), D(0.06, 0.05, 0.07, true),
	  D(-0.0003, -0.0005, -0.0001, true), "bad", false, NULL },
	/* a tenth of the ends' delta and more: a part */
	{ __LINE__, D(0.007, 0.005, 0.009, true), D(0.06, 0.05, 0.07, true),
	  D(-0.053, -0.06, -0.045, true), "good", true, "several commits" },
	/* a step faster than good: good, and no part of the change */
	{ __LINE__, D(-0.03, -0.04, -0.02, true), D(0.06, 0.05, 0.07, true),
	  D(-0.09, -0.1, -0.08, true), "good", false, NULL },
};

static void test_decided(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct bisect_outcome oc;
		const char *decision = NULL;
		char reason[256];
		bool done;

		memset(&oc, 0, sizeof(oc));
		oc.d[1] = cases[i].g;
		oc.d[2] = cases[i].e;
		oc.step_vs_bad = cases[i].b;
		done = bisect_decided(BISECT_STEP, &oc, &decision, reason,
				      sizeof(reason));
		if (done != (cases[i].want != NULL) ||
		    (done && strcmp(decision, cases[i].want)) ||
		    (reason[0] != '\0') != cases[i].reason ||
		    (cases[i].says && !strstr(reason, cases[i].says)))
			fail_msg("line %d: decided %d, %s, reason '%s'",
				 cases[i].line, done, done ? decision : "-",
				 reason);
	}
}

/* the ends and a parent: an answer once the delta is a change */
static void test_pairs(void **state)
{
	struct bisect_outcome oc;
	const char *decision = NULL;
	char reason[64];

	(void)state;
	memset(&oc, 0, sizeof(oc));
	oc.d[1] = (struct bisect_delta)D(0.004, -0.003, 0.011, false);
	assert_false(bisect_decided(BISECT_ENDS, &oc, &decision, reason,
				    sizeof(reason)));
	oc.d[1].sig = true;
	assert_true(bisect_decided(BISECT_PARENT, &oc, &decision, reason,
				   sizeof(reason)));
}

/* a change within a bisect: significant, and a tenth of the ends' at
 * least, either sign */
static void test_counts(void **state)
{
	struct bisect_delta e = D(-0.06, -0.07, -0.05, true);
	struct bisect_delta d = D(-0.0003, -0.0005, -0.0001, true);

	(void)state;
	assert_false(bisect_counts(&d, &e));
	d.d = -0.006;
	assert_true(bisect_counts(&d, &e));
	d.d = 0.006;
	assert_true(bisect_counts(&d, &e));
	d.sig = false;
	assert_false(bisect_counts(&d, &e));
}

/* a step's delta as its line prints it: points to one decimal, a bound
 * that rounds to zero printed "+0.0" whatever its sign, never "-0.0" */
static void test_delta_text(void **state)
{
	struct bisect_delta d = D(0.061, -0.0004, 0.123, false);
	char buf[64];

	(void)state;
	bisect_delta_text(&d, buf, sizeof(buf));
	assert_string_equal(buf, "+6.1% [+0.0, +12.3]");
	d = (struct bisect_delta)D(-0.0004, -0.0004, -0.0001, false);
	bisect_delta_text(&d, buf, sizeof(buf));
	assert_string_equal(buf, "+0.0% [+0.0, +0.0]");
	d = (struct bisect_delta)D(-0.052, -0.071, -0.0006, true);
	bisect_delta_text(&d, buf, sizeof(buf));
	assert_string_equal(buf, "-5.2% [-7.1, -0.1]");
	d.has = false;
	bisect_delta_text(&d, buf, sizeof(buf));
	assert_string_equal(buf, "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decided),
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_delta_text),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
