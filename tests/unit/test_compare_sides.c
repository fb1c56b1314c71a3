// SPDX-License-Identifier: MIT
/*
 * side, compare and format unit tests on the golden result files
 * (tests/golden, run from the top of the tree as tests/run.sh does):
 * side_read's operands (FILE, FILE,FILE, LABEL=FILE,...) and its errors;
 * compare_build's model of two sides (the primary row, its delta's sign
 * and verdict, one delta per side) and its refusals; the format table
 * (every name found, every format printing the model's primary row).
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

#include "compare.h"
#include "format.h"
#include "side.h"

#define G "tests/golden/"
#define N(x) (sizeof(x) / sizeof((x)[0]))

/* side_read: each spec list gives these sides (labels, files a side) */
static const struct {
	const char *specs[3];
	size_t n_sides;
	const char *label0;   /* side 0's label */
	size_t files0, boots0; /* side 0's files and boots */
	int rc;               /* 0, or the error side_read returns */
	const char *err;      /* a word of its reason */
	int line;
} side_cases[] = {
	{ { G "base.json", G "slow.json" }, 2, NULL, 1, 1, 0, NULL, __LINE__ },
	{ { "A=" G "base.json", "B=" G "slow.json" }, 2, "A", 1, 1, 0, NULL,
	  __LINE__ },
	{ { "A=" G "base-b1.json," G "base-b2.json," G "base-b3.json" }, 1,
	  "A", 3, 3, 0, NULL, __LINE__ },
	{ { G "base-b1.json," G "base-b2.json", G "slow.json" }, 2, NULL, 2, 2,
	  0, NULL, __LINE__ },
	{ { G "no-such-file.json" }, 0, NULL, 0, 0, -ENOENT, "no-such-file",
	  __LINE__ },
	{ { "A=" }, 0, NULL, 0, 0, -EINVAL, NULL, __LINE__ },
};

static size_t n_specs(const char *const *s)
{
	size_t n = 0;

	while (n < 3 && s[n])
		n++;
	return n;
}

static void test_side_read(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(side_cases); i++) {
		struct side *sides = NULL;
		size_t n = 0;
		char err[512] = "";
		int rc = side_read((char *const *)side_cases[i].specs,
				   n_specs(side_cases[i].specs), &sides, &n,
				   err, sizeof(err));

		if (side_cases[i].rc) {
			if (rc >= 0 || (side_cases[i].rc != -EINVAL &&
					rc != side_cases[i].rc) || !err[0])
				fail_msg("line %d: rc %d (%s)", side_cases[i].line,
					 rc, err);
			if (side_cases[i].err && !strstr(err, side_cases[i].err))
				fail_msg("line %d: reason %s", side_cases[i].line,
					 err);
			side_free(sides, n);
			continue;
		}
		if (rc || n != side_cases[i].n_sides)
			fail_msg("line %d: rc %d, %zu sides (%s)",
				 side_cases[i].line, rc, n, err);
		if (side_cases[i].label0 &&
		    strcmp(sides[0].label, side_cases[i].label0))
			fail_msg("line %d: label %s", side_cases[i].line,
				 sides[0].label);
		if (sides[0].n_files != side_cases[i].files0 ||
		    side_boots(&sides[0], NULL, false) != side_cases[i].boots0)
			fail_msg("line %d: %zu files, %zu boots",
				 side_cases[i].line, sides[0].n_files,
				 side_boots(&sides[0], NULL, false));
		assert_int_equal(side_check_hosts(sides, n, err, sizeof(err)),
				 0);
		side_free(sides, n);
	}
}

static struct compare_opts opts(void)
{
	return (struct compare_opts){
		.alpha = 0.05,
		.center = CENTER_MEDIAN,
		.seed = COMPARE_DEFAULT_SEED,
		.resamples = 1000,
	};
}

/* The model of two specs, and its primary row. */
static struct compare_model *build(const char *a, const char *b,
				   const struct compare_opts *o, int *rc,
				   char *err, size_t len)
{
	char *specs[] = { (char *)a, (char *)b };
	struct side *sides = NULL;
	size_t n = 0;
	struct compare_model *m = NULL;

	*rc = side_read(specs, 2, &sides, &n, err, len);
	if (!*rc)
		*rc = compare_build(o, sides, n, &m, err, len);
	side_free(sides, n);
	return m;
}

static const struct compare_row *primary(const struct compare_model *m)
{
	for (size_t i = 0; i < m->n_rows; i++)
		if (m->rows[i].primary)
			return &m->rows[i];
	return NULL;
}

/* compare_build: slow.json against base.json (two sessions) and the
 * boots of each (3 a side: a verdict) */
static const struct {
	const char *a, *b;
	int sign;                   /* of the primary delta */
	enum compare_verdict verdict;
	int line;
} build_cases[] = {
	{ G "base.json", G "slow.json", 1, VERDICT_SESSION, __LINE__ },
	{ G "slow.json", G "base.json", -1, VERDICT_SESSION, __LINE__ },
	{ G "base-b1.json," G "base-b2.json," G "base-b3.json",
	  G "slow-b1.json," G "slow-b2.json," G "slow-b3.json", 1,
	  VERDICT_SIGNIFICANT, __LINE__ },
};

static void test_compare_build(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(build_cases); i++) {
		struct compare_opts o = opts();
		char err[512] = "";
		int rc;
		struct compare_model *m = build(build_cases[i].a,
						build_cases[i].b, &o, &rc,
						err, sizeof(err));
		const struct compare_row *r = m ? primary(m) : NULL;

		if (rc || !m || !r)
			fail_msg("line %d: rc %d (%s)", build_cases[i].line, rc,
				 err);
		assert_int_equal(m->n_sides, 2);
		if (!r->delta[1].has_delta ||
		    (r->delta[1].delta > 0 ? 1 : -1) != build_cases[i].sign)
			fail_msg("line %d: delta %g", build_cases[i].line,
				 r->delta[1].delta);
		if (r->delta[1].lo > r->delta[1].delta ||
		    r->delta[1].hi < r->delta[1].delta)
			fail_msg("line %d: [%g, %g] misses %g",
				 build_cases[i].line, r->delta[1].lo,
				 r->delta[1].hi, r->delta[1].delta);
		if (r->delta[1].verdict != build_cases[i].verdict)
			fail_msg("line %d: verdict %d", build_cases[i].line,
				 (int)r->delta[1].verdict);
		compare_model_free(m);
	}
}

static void test_compare_refuses(void **state)
{
	struct compare_opts o = opts();
	char err[512] = "";
	int rc;
	struct compare_model *m;

	(void)state;
	o.metrics = "no-such-metric";
	m = build(G "base.json", G "slow.json", &o, &rc, err, sizeof(err));
	assert_int_equal(rc, -EINVAL);
	assert_null(m);
	assert_non_null(strstr(err, "no-such-metric"));
}

/* format: the table's names round-trip, and each format prints the
 * model, its primary row's metric included */
static void test_formats(void **state)
{
	struct compare_opts o = opts();
	char err[512] = "";
	int rc;
	struct compare_model *m = build(G "base.json", G "slow.json", &o, &rc,
					err, sizeof(err));
	size_t n = 0;

	(void)state;
	assert_int_equal(rc, 0);
	for (; format_names[n]; n++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		assert_int_equal(format_find(format_names[n]), (int)n);
		assert_string_equal(format_name((enum out_format)n),
				    format_names[n]);
		assert_non_null(f);
		format_print((enum out_format)n, m, f);
		fclose(f);
		if (!len || !strstr(buf, "task-clock"))
			fail_msg("format %s: %zu bytes without task-clock",
				 format_names[n], len);
		free(buf);
	}
	assert_int_equal(n, FMT_COUNT);
	assert_int_equal(format_find("nope"), -1);
	compare_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_side_read),
		cmocka_unit_test(test_compare_build),
		cmocka_unit_test(test_compare_refuses),
		cmocka_unit_test(test_formats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
