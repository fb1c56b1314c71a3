// SPDX-License-Identifier: MIT
/*
 * suite unit tests: the suite file format (cli_suite.h), a table of files
 * and what each parses to or the exact "FILE:LINE: what" it is refused
 * with.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cli_suite.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))

static void test_good(void **state)
{
	struct suite s;
	char err[512] = "";
	const char *text =
		"# a comment\n"
		"\n"
		"   # an indented comment\n"
		"name=a cmd='sysbench threads --threads=2 run' parser=sysbench prepare='sync'\n"
		"name=b cmd='sh -c \"make -j2\"' score='t:s:lower=took ([0-9.]+) s'\n"
		"name=c workload='getppid:-n 10' setup='mkdir x' cleanup='rm -r x' conclude=true\n";

	(void)state;
	assert_int_equal(cli_suite_parse(text, "f.suite", &s, err, sizeof(err)), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.e[0].name, "a");
	assert_string_equal(s.e[0].argv[0], "sysbench");
	assert_string_equal(s.e[0].argv[3], "run");
	assert_null(s.e[0].argv[4]);
	assert_true(s.e[0].n_scores >= 3);
	assert_string_equal(s.e[0].hooks[SUITE_PREPARE], "sync");
	assert_int_equal(s.e[0].line, 4);
	assert_string_equal(s.e[1].argv[2], "make -j2");
	assert_int_equal(s.e[1].n_scores, 1);
	assert_string_equal(s.e[1].scores[0].name, "t");
	assert_false(s.e[1].scores[0].higher);
	assert_string_equal(s.e[1].scores[0].regex, "took ([0-9.]+) s");
	assert_string_equal(s.e[2].workload, "getppid:-n 10");
	assert_null(s.e[2].argv);
	assert_string_equal(s.e[2].hooks[SUITE_SETUP], "mkdir x");
	assert_string_equal(s.e[2].hooks[SUITE_CLEANUP], "rm -r x");
	assert_string_equal(s.e[2].hooks[SUITE_CONCLUDE], "true");
	assert_null(s.e[2].hooks[SUITE_PREPARE]);
	cli_suite_free(&s);
}

static void test_bad(void **state)
{
	static const struct {
		int line;
		const char *text, *msg;
	} cases[] = {
		{ __LINE__, "", "f: no benchmark in it (one a line: name=NAME cmd='COMMAND')" },
		{ __LINE__, "# only\n\n", "f: no benchmark in it (one a line: name=NAME cmd='COMMAND')" },
		{ __LINE__, "name=a\n", "f:1: needs name= and cmd= (or workload=)" },
		{ __LINE__, "cmd=true\n", "f:1: needs name= and cmd= (or workload=)" },
		{ __LINE__, "name=a cmd=true\nname=a cmd=false\n",
		  "f:2: name 'a' is already on line 1" },
		{ __LINE__, "name=a cmd=true bogus\n", "f:1: 'bogus' is not KEY=VALUE" },
		{ __LINE__, "name=a cmd=true colour=red\n",
		  "f:1: unknown key 'colour' (expected name, cmd, workload, score, parser, setup, cleanup, prepare or conclude)" },
		{ __LINE__, "name=a cmd='true\n", "f:1: unbalanced quote" },
		{ __LINE__, "name=a cmd=true name=b\n", "f:1: name= is given twice" },
		{ __LINE__, "name=a cmd=true prepare=x prepare=y\n",
		  "f:1: prepare= is given twice" },
		{ __LINE__, "name=a cmd=true workload=x\n",
		  "f:1: give one cmd= or workload=" },
		{ __LINE__, "name=a cmd=\n", "f:1: cmd= is empty" },
		{ __LINE__, "name=a cmd=true parser=nosuch\n",
		  "f:1: parser 'nosuch' is not sysbench, bonnie, fio, unixbench or lmbench" },
		{ __LINE__, "name=a cmd=true score='x=[0-9]+'\n",
		  "f:1: score x: the regex /[0-9]+/ has no capture group; put the number in ( )" },
		{ __LINE__, "\nname=a cmd=true score='x=a(.)'\nname=b cmd=true score='x=b(.)'\n",
		  "f:3: score 'x' has another regex on line 2; give it another name" },
	};

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		struct suite s;
		char err[512] = "";
		int rc = cli_suite_parse(cases[i].text, "f", &s, err, sizeof(err));

		if (rc != -EINVAL || strcmp(err, cases[i].msg))
			fail_msg("line %d: rc %d '%s'", cases[i].line, rc, err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_good),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
