// SPDX-License-Identifier: MIT
/*
 * score unit tests: the --score form, the number form, extraction, and
 * every --parser on real output of its tool (tests/fixtures/scores/, see
 * its README for how each was made). Tables of cases, each with its line.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "result.h"
#include "score.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))

static void test_spec(void **state)
{
	static const struct {
		int line;
		const char *spec;
		int rc;
		const char *name, *unit;
		bool higher;
		const char *regex;
	} cases[] = {
		{ __LINE__, "ev=e: ([0-9]+)", 0, "ev", "", true, "e: ([0-9]+)" },
		{ __LINE__, "lat:ms=avg ([0-9.]+)", 0, "lat", "ms", true, NULL },
		{ __LINE__, "lat:ms:lower=avg ([0-9.]+)", 0, "lat", "ms", false,
		  NULL },
		{ __LINE__, "lat:lower=x(.)", 0, "lat", "", false, NULL },
		{ __LINE__, "t:higher=x(.)", 0, "t", "", true, NULL },
		{ __LINE__, "a=b=(c)", 0, "a", "", true, "b=(c)" },
		{ __LINE__, "events/s=(x)|(y)", 0, "events/s", "", true, NULL },
		{ __LINE__, "noregex", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "empty=", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "=(x)", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, ":ms=(x)", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "nogroup=[0-9]+", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "bad=([0-9]+", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "a:ms:sideways=(x)", -EINVAL, NULL, NULL, false, NULL },
		{ __LINE__, "a:b:c:d=(x)", -EINVAL, NULL, NULL, false, NULL },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct score_def d;
		char err[512] = "";
		int rc = score_parse_spec(cases[i].spec, &d, err, sizeof(err));

		if (rc != cases[i].rc)
			fail_msg("line %d: rc %d (%s)", cases[i].line, rc, err);
		if (rc) {
			if (!err[0] || strchr(err, '\n'))
				fail_msg("line %d: message '%s'", cases[i].line,
					 err);
			continue;
		}
		if (strcmp(d.name, cases[i].name) ||
		    strcmp(d.unit, cases[i].unit) ||
		    d.higher != cases[i].higher ||
		    (cases[i].regex && strcmp(d.regex, cases[i].regex)))
			fail_msg("line %d: %s|%s|%d|%s", cases[i].line, d.name,
				 d.unit, d.higher, d.regex);
		score_def_clear(&d);
	}
}

static void test_number(void **state)
{
	static const struct {
		int line;
		const char *s;
		int rc;
		double v;
	} cases[] = {
		{ __LINE__, "1234.5", 0, 1234.5 },
		{ __LINE__, " 42 ", 0, 42 },
		{ __LINE__, "-3", 0, -3 },
		{ __LINE__, "1e3", 0, 1000 },
		{ __LINE__, "12.5k", 0, 12500 },
		{ __LINE__, "3 M", 0, 3e6 },
		{ __LINE__, "2G", 0, 2e9 },
		{ __LINE__, "850u", 0, 850e-6 },
		{ __LINE__, "7m", 0, 7e-3 },
		{ __LINE__, "5n", 0, 5e-9 },
		{ __LINE__, "1,234,567", 0, 1234567 },
		{ __LINE__, "", -EINVAL, 0 },
		{ __LINE__, "abc", -EINVAL, 0 },
		{ __LINE__, "inf", -EINVAL, 0 },
		{ __LINE__, "nan", -EINVAL, 0 },
		{ __LINE__, "0x10", -EINVAL, 0 },
		{ __LINE__, "12kb", -EINVAL, 0 },
		{ __LINE__, "12 q", -EINVAL, 0 },
		{ __LINE__, "+++++", -EINVAL, 0 },
		{ __LINE__, "1e999", -ERANGE, 0 },
		{ __LINE__, "1.7e308T", -ERANGE, 0 },
		{ __LINE__, "-1.7e308T", -ERANGE, 0 },
		{ __LINE__, "1e-320", 0, 1e-320 },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		double v = 0;
		int rc = score_number(cases[i].s, strlen(cases[i].s), &v);

		if (rc != cases[i].rc)
			fail_msg("line %d: rc %d", cases[i].line, rc);
		if (!rc && fabs(v - cases[i].v) > 1e-9 * fabs(cases[i].v))
			fail_msg("line %d: %g", cases[i].line, v);
	}
}

static void test_extract(void **state)
{
	static const struct {
		int line;
		const char *spec, *text;
		int rc;
		double v;
		const char *msg;
	} cases[] = {
		{ __LINE__, "x=v: ([0-9]+)", "a\nv: 12\nv: 13\n", 0, 12, NULL },
		{ __LINE__, "x=A ([0-9]+)|B ([0-9]+)", "B 7\n", 0, 7, NULL },
		{ __LINE__, "x=head[^v]*v ([0-9]+)", "head\n\n v 9", 0, 9, NULL },
		{ __LINE__, "x=v: ([0-9]+)", "nothing", -ENOENT, 0,
		  "score x: no match for /v: ([0-9]+)/ in the output" },
		{ __LINE__, "x=v: (.*)", "v: many", -EINVAL, 0,
		  "score x: 'many' is not a number" },
		{ __LINE__, "x=v: ([0-9]+)", NULL, -ENOENT, 0, NULL },
		/* PCRE2's syntax: \\d, and the end of the output for $ */
		{ __LINE__, "x=v: (\\d+)", "v: 42\n", 0, 42, NULL },
		{ __LINE__, "x=v: ([0-9]+)$", "v: 42\n", -ENOENT, 0, NULL },
		{ __LINE__, "x=v: ([0-9]+)\n$", "v: 42\n", 0, 42, NULL },
		{ __LINE__, "x=^v: ([0-9]+)", "a\nv: 42\n", -ENOENT, 0, NULL },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct score_def d;
		char err[512] = "";
		double v = 0;
		int rc;

		assert_int_equal(score_parse_spec(cases[i].spec, &d, err,
						  sizeof(err)), 0);
		rc = score_extract(&d, cases[i].text, &v, err, sizeof(err));
		if (rc != cases[i].rc || (!rc && v != cases[i].v))
			fail_msg("line %d: rc %d v %g (%s)", cases[i].line, rc,
				 v, err);
		if (cases[i].msg && strcmp(err, cases[i].msg))
			fail_msg("line %d: '%s'", cases[i].line, err);
		score_def_clear(&d);
	}
}

/* A search that backtracks exponentially ends at SCORE_STEPS_MAX with a
 * reason naming the score and the limit; a cheap one on the same 30 KB
 * of output still matches. */
static void test_extract_bounded(void **state)
{
	static const char seed[] = "abc=def x\nghi 12 =x\n";
	struct score_def d;
	char err[512] = "", *text = malloc(30001), want[128];
	double v = 0;

	(void)state;
	assert_non_null(text);
	for (size_t i = 0; i < 30000; i++)
		text[i] = seed[i % (sizeof(seed) - 1)];
	text[30000] = '\0';
	assert_int_equal(score_parse_spec("s=(.*)(.*)(.*)(.*)\\4x=([0-9]+)", &d,
					  err, sizeof(err)), 0);
	assert_int_equal(score_extract(&d, text, &v, err, sizeof(err)),
			 -E2BIG);
	snprintf(want, sizeof(want), "took more than %d steps (the limit)",
		 SCORE_STEPS_MAX);
	assert_non_null(strstr(err, "score s: matching /(.*)(.*)(.*)(.*)\\4x=([0-9]+)/"));
	assert_non_null(strstr(err, want));
	assert_null(strchr(err, '\n'));
	score_def_clear(&d);
	assert_int_equal(score_parse_spec("n=ghi ([0-9]+)", &d, err,
					  sizeof(err)), 0);
	assert_int_equal(score_extract(&d, text, &v, err, sizeof(err)), 0);
	assert_true(v == 12);
	score_def_clear(&d);
	free(text);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 16);
	size_t n;

	if (!f || !buf)
		fail_msg("cannot read %s", path);
	n = fread(buf, 1, (1 << 16) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Every parser against real output: name -> value, NAN = not there. */
static void test_parsers(void **state)
{
	static const struct {
		int line;
		const char *parser, *file, *score;
		double v;
	} cases[] = {
		{ __LINE__, "sysbench", "sysbench-cpu.txt", "events/s", 2420.74 },
		{ __LINE__, "sysbench", "sysbench-cpu.txt", "events", 2426 },
		{ __LINE__, "sysbench", "sysbench-cpu.txt", "latency-avg", 0.41 },
		{ __LINE__, "sysbench", "sysbench-cpu.txt", "latency-95th", 0.49 },
		{ __LINE__, "sysbench", "sysbench-threads.txt", "events/s", NAN },
		{ __LINE__, "sysbench", "sysbench-threads.txt", "events", 5284 },
		{ __LINE__, "sysbench", "sysbench-threads.txt", "latency-avg",
		  0.38 },
		{ __LINE__, "sysbench", "sysbench-memory.txt", "events/s",
		  5595199.74 },
		{ __LINE__, "bonnie", "bonnie-create.csv", "seq-create/s", 39438 },
		{ __LINE__, "bonnie", "bonnie-create.csv", "seq-stat/s", NAN },
		{ __LINE__, "bonnie", "bonnie-create.csv", "random-create/s",
		  16196 },
		{ __LINE__, "bonnie", "bonnie-create.csv", "random-delete/s", NAN },
		{ __LINE__, "fio", "fio-randrw.json", "read-iops", 8266.666667 },
		{ __LINE__, "fio", "fio-randrw.json", "read-bw", 33066 },
		{ __LINE__, "fio", "fio-randrw.json", "write-iops", 8800 },
		{ __LINE__, "fio", "fio-randrw.json", "write-bw", 35200 },
		{ __LINE__, "unixbench", "unixbench-1copy.txt", "index", 997.0 },
		{ __LINE__, "unixbench", "unixbench-1copy.txt", "dhrystone",
		  35010426.1 },
		{ __LINE__, "unixbench", "unixbench-1copy.txt", "shell-1", 8210.5 },
		{ __LINE__, "unixbench", "unixbench-1copy.txt", "syscall",
		  620445.7 },
		{ __LINE__, "unixbench", "unixbench-openbsd.txt", "syscall",
		  287203.8 },
		{ __LINE__, "unixbench", "unixbench-openbsd.txt", "index", 191.5 },
		{ __LINE__, "unixbench", "unixbench-openbsd.txt", "dhrystone",
		  NAN },
		{ __LINE__, "lmbench", "lmbench-lat.txt", "syscall", 0.1023 },
		{ __LINE__, "lmbench", "lmbench-lat.txt", "open-close", 0.9876 },
		{ __LINE__, "lmbench", "lmbench-lat.txt", "fork-exit", 98.4211 },
		{ __LINE__, "lmbench", "lmbench-lat.txt", "fork-exec", 301.55 },
		{ __LINE__, "unixbench", "unixbench-syscall-count.txt", "loops",
		  300129 },
		{ __LINE__, "unixbench", "unixbench-syscall-count.txt",
		  "syscall", NAN },
		{ __LINE__, "stress-ng", "stress-ng-null.txt", "bogo-ops", 20000 },
		{ __LINE__, "stress-ng", "stress-ng-null.txt", "bogo-ops/s",
		  111976.21 },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct score_def *defs = NULL;
		const struct score_def *d = NULL;
		char path[256], err[512], *text;
		size_t n = 0;
		double v = NAN;
		int rc;

		assert_int_equal(score_parser_defs(cases[i].parser, &defs, &n), 0);
		for (size_t k = 0; k < n; k++)
			if (!strcmp(defs[k].name, cases[i].score))
				d = &defs[k];
		if (!d)
			fail_msg("line %d: no score %s", cases[i].line,
				 cases[i].score);
		snprintf(path, sizeof(path), "tests/fixtures/scores/%s",
			 cases[i].file);
		text = slurp(path);
		rc = score_extract(d, text, &v, err, sizeof(err));
		if (isnan(cases[i].v) ? rc != -ENOENT :
					rc || fabs(v - cases[i].v) > 1e-6)
			fail_msg("line %d: rc %d v %g (%s)", cases[i].line, rc,
				 v, err);
		free(text);
		for (size_t k = 0; k < n; k++)
			score_def_clear(&defs[k]);
		free(defs);
	}
	assert_int_equal(score_parser_defs("nosuch", NULL, NULL), -ENOENT);
	/* the count each parser gives --ops-from by itself */
	assert_string_equal(score_parser_ops("unixbench"), "loops");
	assert_string_equal(score_parser_ops("sysbench"), "events");
	assert_string_equal(score_parser_ops("stress-ng"), "bogo-ops");
	assert_null(score_parser_ops("bonnie"));
}

/* A run's scores over its copies: sum for higher, mean for lower; the
 * reason of the first missing one. */
static void test_run(void **state)
{
	struct score_def d[2];
	struct proc_sample copies[2] = { { .output = "t 10 l 2" },
					 { .output = "t 30 l 4" } };
	struct run run = { .n_copies = 2, .copies = copies };
	char err[256], *why;

	(void)state;
	assert_int_equal(score_parse_spec("t=t ([0-9]+)", &d[0], err,
					  sizeof(err)), 0);
	assert_int_equal(score_parse_spec("l:lower=l ([0-9]+)", &d[1], err,
					  sizeof(err)), 0);
	why = score_run(d, 2, &run);
	assert_null(why);
	assert_true(json_real_value(json_object_get(run.scores, "t")) == 40);
	assert_true(json_real_value(json_object_get(run.scores, "l")) == 3);
	copies[1].output = "t 30";
	why = score_run(d, 2, &run);
	assert_string_equal(why, "score l: no match for /l ([0-9]+)/ in the output of copy 1");
	free(why);
	json_decref(run.scores);
	score_def_clear(&d[0]);
	score_def_clear(&d[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec),
		cmocka_unit_test(test_number),
		cmocka_unit_test(test_extract),
		cmocka_unit_test(test_extract_bounded),
		cmocka_unit_test(test_parsers),
		cmocka_unit_test(test_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
