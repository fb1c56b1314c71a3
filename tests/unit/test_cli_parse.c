// SPDX-License-Identifier: MIT
/*
 * The command-line parser through its public functions (cli.h):
 * cli_parse on tables of command lines, each case naming its line (the
 * command found, the fields its options set, or -EINVAL for a usage
 * error, whose one line goes to stderr), and the number parsers and the
 * word splitter it uses. The headers are included by name: the parser's
 * folder may move.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "cli.h"
#include "cmd_entry.h"
#include "commands.h"
#include "format.h"

#define N(x) (sizeof(x) / sizeof((x)[0]))
#define MAX_WORDS 12

static const struct {
	const char *argv[MAX_WORDS]; /* after "abstat" */
	int rc;                      /* 0 or -EINVAL */
	const char *cmd;             /* the command found */
	enum out_format format;
	unsigned repeat;             /* 0: not checked */
	double alpha;                /* 0: not checked */
	size_t n_files;
	int line;
} cases[] = {
	{ { "compare", "a.json", "b.json" }, 0, "compare", FMT_TEXT, 0, 0,
	  2, __LINE__ },
	{ { "compare", "--format", "json", "a.json", "b.json" }, 0,
	  "compare", FMT_JSON, 0, 0, 2, __LINE__ },
	{ { "compare", "--format=benchstat", "a", "b", "c" }, 0, "compare",
	  FMT_BENCHSTAT, 0, 0, 3, __LINE__ },
	{ { "compare", "--alpha", "0.01", "a", "b" }, 0, "compare", FMT_TEXT,
	  0, 0.01, 2, __LINE__ },
	{ { "show", "--format", "csv", "a.json" }, 0, "show", FMT_CSV, 0, 0,
	  1, __LINE__ },
	{ { "run", "-r", "7", "--", "/bin/true" }, 0, "run", FMT_TEXT, 7, 0,
	  0, __LINE__ },
	/* usage errors: each exits 2 in abstat */
	{ { "compare", "--format", "yaml", "a", "b" }, -EINVAL, 0, 0, 0, 0, 0,
	  __LINE__ },
	{ { "compare", "a.json" }, -EINVAL, 0, 0, 0, 0, 0, __LINE__ },
	{ { "compare", "--alpha", "2", "a", "b" }, -EINVAL, 0, 0, 0, 0, 0,
	  __LINE__ },
	{ { "run", "-r", "0", "--", "/bin/true" }, -EINVAL, 0, 0, 0, 0, 0,
	  __LINE__ },
	{ { "run", "--no-such-option", "--", "/bin/true" }, -EINVAL, 0, 0, 0,
	  0, 0, __LINE__ },
	{ { "nosuchcommand" }, -EINVAL, 0, 0, 0, 0, 0, __LINE__ },
	{ { "import", "nosuch" }, -EINVAL, 0, 0, 0, 0, 0, __LINE__ },
};

static void test_parse(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		char *argv[MAX_WORDS + 2] = { "abstat" };
		int argc = 1;
		struct config cfg;
		bool done = true;
		int rc;

		for (size_t k = 0; k < MAX_WORDS && cases[i].argv[k]; k++)
			argv[argc++] = (char *)cases[i].argv[k];
		memset(&cfg, 0, sizeof(cfg));
		rc = cli_parse(argc, argv, cmd_table, &cfg, &done);
		if (rc != cases[i].rc)
			fail_msg("line %d: rc %d, want %d", cases[i].line, rc,
				 cases[i].rc);
		if (!rc) {
			if (done || strcmp(cfg.cmd->name, cases[i].cmd) ||
			    cfg.format != cases[i].format ||
			    cfg.n_files != cases[i].n_files)
				fail_msg("line %d: cmd %s format %d files %zu",
					 cases[i].line, cfg.cmd->name,
					 (int)cfg.format, cfg.n_files);
			if (cases[i].repeat &&
			    cfg.measure.repeat != cases[i].repeat)
				fail_msg("line %d: repeat %u", cases[i].line,
					 cfg.measure.repeat);
			if (cases[i].alpha && cfg.model.alpha != cases[i].alpha)
				fail_msg("line %d: alpha %g", cases[i].line,
					 cfg.model.alpha);
		}
		cli_free(&cfg);
	}
}

/* --help and --version: nothing left to do */
static void test_done(void **state)
{
	static const char *const lines[][4] = { /* NULL after, as argv */
		{ "abstat", "--version" },
		{ "abstat", "--help" },
		{ "abstat", "compare", "--help" },
	};

	(void)state;
	for (size_t i = 0; i < N(lines); i++) {
		struct config cfg;
		bool done = false;
		int argc = lines[i][2] ? 3 : 2;

		memset(&cfg, 0, sizeof(cfg));
		assert_int_equal(cli_parse(argc, (char **)lines[i], cmd_table,
					   &cfg, &done), 0);
		if (!done)
			fail_msg("%s %s: not done", lines[i][1],
				 lines[i][2] ? lines[i][2] : "");
		cli_free(&cfg);
	}
}

static const struct {
	const char *s;
	uint64_t min, max;
	int rc;
	uint64_t want;
	int line;
} u64_cases[] = {
	{ "10", 1, 100, 0, 10, __LINE__ },
	{ "1", 1, 100, 0, 1, __LINE__ },
	{ "0", 1, 100, -ERANGE, 0, __LINE__ },
	{ "101", 1, 100, -ERANGE, 0, __LINE__ },
	{ "", 1, 100, -EINVAL, 0, __LINE__ },
	{ "12x", 1, 100, -EINVAL, 0, __LINE__ },
	{ "-3", 0, 100, -EINVAL, 0, __LINE__ },
	{ "18446744073709551616", 0, UINT64_MAX, -ERANGE, 0, __LINE__ },
};

static void test_numbers(void **state)
{
	double d = 0;

	(void)state;
	for (size_t i = 0; i < N(u64_cases); i++) {
		uint64_t v = 0;
		int rc = cli_parse_u64(u64_cases[i].s, u64_cases[i].min,
				       u64_cases[i].max, &v);

		/* a refusal is an error; which one is the parser's */
		if ((rc == 0) != (u64_cases[i].rc == 0) ||
		    (!rc && v != u64_cases[i].want))
			fail_msg("line %d: rc %d, value %llu", u64_cases[i].line,
				 rc, (unsigned long long)v);
	}
	assert_int_equal(cli_parse_double("0.25", 0, 1, &d), 0);
	assert_true(d == 0.25);
	assert_true(cli_parse_double("1.5", 0, 1, &d) < 0);
	assert_true(cli_parse_double("nan", 0, 1, &d) < 0);
	assert_true(cli_parse_double("x", 0, 1, &d) < 0);
}

static void test_words(void **state)
{
	char **w = NULL;

	(void)state;
	assert_int_equal(cli_split_words("  sleep   0.1 ", &w), 0);
	assert_non_null(w);
	assert_string_equal(w[0], "sleep");
	assert_string_equal(w[1], "0.1");
	assert_null(w[2]);
	cli_free_words(w);
}

/* Every command that measures takes every measuring option of the one
 * list (cmd_measure_ids, cmd_entry.h's MEASURE_READ_IDS), so that an
 * option added there cannot be forgotten by one of them; and each is
 * parsed there (--score on versus gives a score). */
static void test_measure_opts(void **state)
{
	size_t commands = 0;

	(void)state;
	for (const struct cmd_entry *const *e = cmd_table; *e; e++) {
		if (!((*e)->flags & CMD_MEASURES))
			continue;
		commands++;
		for (const enum cli_opt_id *id = cmd_measure_ids;
		     *id != OPT_COUNT; id++) {
			bool has = false;

			for (const struct cli_use *u = (*e)->opts; !has; u++) {
				has = u->id == *id;
				if (u->id == OPT_HELP)
					break;
			}
			if (!has)
				fail_msg("%s lacks --%s", (*e)->name,
					 cli_opts[*id].name);
		}
	}
	assert_true(commands >= 4); /* run, versus, profile, bisect */
	{
		char *argv[] = { "abstat", "versus", "--score", "x=x ([0-9]+)",
				 "--ops-from", "x", "true", "true", NULL };
		struct config cfg;
		bool done = false;
		int rc = cli_parse(8, argv, cmd_table, &cfg, &done);

		assert_int_equal(rc, 0);
		assert_int_equal(cfg.measure.n_scores, 1);
		assert_string_equal(cfg.measure.ops_from, "x");
		cli_free(&cfg);
	}
}

/* The benchmark's name through wrappers: each case's words, the
 * --wrapper program, and the name. */
static void test_bench_name(void **state)
{
	static const struct {
		const char *argv[MAX_WORDS];
		const char *wrapper, *name;
	} names[] = {
		{ { "./sc", "10" }, NULL, "sc" },
		{ { "env", "X=1", "Y=2", "/usr/bin/prog", "-n", "3" }, NULL,
		  "prog" },
		{ { "env", "-u", "HOME", "-i", "prog" }, NULL, "prog" },
		{ { "taskset", "-c", "1", "prog" }, NULL, "prog" },
		{ { "taskset", "0x2", "prog" }, NULL, "prog" },
		{ { "nice", "-n", "5", "prog" }, NULL, "prog" },
		{ { "nice", "-5", "prog" }, NULL, "prog" },
		{ { "chrt", "-f", "10", "prog" }, NULL, "prog" },
		{ { "numactl", "--cpunodebind=0", "-m", "0", "prog" }, NULL,
		  "prog" },
		{ { "setarch", "x86_64", "-R", "prog" }, NULL, "prog" },
		{ { "stdbuf", "-o", "L", "-eL", "prog" }, NULL, "prog" },
		{ { "timeout", "-s", "KILL", "10s", "prog" }, NULL, "prog" },
		{ { "env", "A=1", "taskset", "-c", "1", "nice", "timeout",
		    "5", "./prog" }, NULL, "prog" },
		{ { "./sc", "400", "stress-ng", "--null", "1" }, "./sc",
		  "stress-ng" },
		{ { "./sc", "400", "stress-ng" }, NULL, "sc" },
		{ { "env" }, NULL, "env" },
		{ { "taskset", "-c", "1" }, NULL, "taskset" },
	};

	(void)state;
	for (size_t i = 0; i < N(names); i++) {
		char *name = bench_name((char *const *)names[i].argv,
					    names[i].wrapper);

		if (!name || strcmp(name, names[i].name))
			fail_msg("case %zu (%s ...): '%s', expected '%s'", i,
				 names[i].argv[0], name ? name : "(null)",
				 names[i].name);
		free(name);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_done),
		cmocka_unit_test(test_numbers),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_measure_opts),
		cmocka_unit_test(test_bench_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
