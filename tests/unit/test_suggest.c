// SPDX-License-Identifier: MIT
/*
 * suggest unit tests: a table of distances, a table of searches (the word,
 * the names offered, the suggestion expected or none), and the message
 * the suggestion is put into; each case tagged with its line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "suggest.h"

static const struct {
	int line;
	const char *a, *b;
	unsigned want;
} dists[] = {
	{ __LINE__, "", "", 0 },
	{ __LINE__, "abc", "", 3 },
	{ __LINE__, "", "abc", 3 },
	{ __LINE__, "task-clok", "task-clock", 1 },
	{ __LINE__, "sycall", "syscall", 1 },
	{ __LINE__, "tsak-clock", "task-clock", 1 }, /* a swap */
	{ __LINE__, "kitten", "sitting", 3 },
	{ __LINE__, "CYCLES", "cycles", 0 },
	{ __LINE__, "ca", "abc", 3 }, /* OSA: no edit of a swapped pair */
};

static const char *const cmds[] = { "run", "versus", "compare", "show",
				    "plot", "list", "doctor", NULL };
static const char *const events[] = { "cycles", "task-clock",
				      "cpu-clock", "page-faults",
				      "context-switches", NULL };

static const struct {
	int line;
	const char *word;
	const char *const *names;
	const char *want; /* NULL: no suggestion */
} searches[] = {
	{ __LINE__, "task-clok", events, "task-clock" },
	{ __LINE__, "cpu-clok", events, "cpu-clock" },
	{ __LINE__, "contex-switch", events, "context-switches" },
	{ __LINE__, "runn", cmds, "run" },
	{ __LINE__, "comapre", cmds, "compare" },
	{ __LINE__, "lsit", cmds, "list" },
	{ __LINE__, "frob", cmds, NULL },
	{ __LINE__, "run", cmds, NULL }, /* the word itself: no typo */
	{ __LINE__, "x", cmds, NULL },
	{ __LINE__, "instructions", events, NULL },
};

static void test_distance(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(dists) / sizeof(dists[0]); i++) {
		unsigned d = suggest_distance(dists[i].a, dists[i].b);

		if (d != dists[i].want)
			fail_msg("line %d: %u, expected %u", dists[i].line, d,
				 dists[i].want);
	}
}

static void test_too_long(void **state)
{
	char big[SUGGEST_MAX + 2];

	(void)state;
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(suggest_distance(big, "a"), SUGGEST_MAX + 1);
}

static void test_search(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(searches) / sizeof(searches[0]); i++) {
		struct suggest s;
		const char *got;

		suggest_init(&s, searches[i].word);
		for (const char *const *n = searches[i].names; *n; n++)
			suggest_offer(&s, *n);
		got = suggest_best(&s);
		if (!got != !searches[i].want ||
		    (got && strcmp(got, searches[i].want)))
			fail_msg("line %d: '%s', expected '%s'",
				 searches[i].line, got ? got : "(none)",
				 searches[i].want ? searches[i].want :
						    "(none)");
	}
}

/* The nearest name is kept though the name offered is freed or reused
 * (compare offers each file's metrics, then frees them). */
static void test_offered_freed(void **state)
{
	char *name = strdup("instructions/op");
	char reused[32] = "task-clock";
	struct suggest s;

	(void)state;
	assert_non_null(name);
	suggest_init(&s, "instructions/opp");
	suggest_offer(&s, name);
	suggest_offer(&s, reused);
	memset(name, 'x', strlen(name));
	free(name);
	strcpy(reused, "instructions/oq");
	assert_string_equal(suggest_best(&s), "instructions/op");
}

static void test_insert(void **state)
{
	char buf[128] = "unknown event 'task-clok'; see 'abstat list'";
	char small[40] = "unknown event 'task-clok'; see list";

	(void)state;
	suggest_insert(buf, sizeof(buf), "task-clok", "task-clock");
	assert_string_equal(buf, "unknown event 'task-clok' (did you mean 'task-clock'?); see 'abstat list'");
	suggest_insert(small, sizeof(small), "task-clok", "task-clock");
	assert_string_equal(small, "unknown event 'task-clok'; see list");
	strcpy(buf, "no quote here");
	suggest_insert(buf, sizeof(buf), "x", "y");
	assert_string_equal(buf, "no quote here (did you mean 'y'?)");
	suggest_insert(buf, sizeof(buf), "x", NULL);
	assert_string_equal(buf, "no quote here (did you mean 'y'?)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_too_long),
		cmocka_unit_test(test_search),
		cmocka_unit_test(test_offered_freed),
		cmocka_unit_test(test_insert),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
