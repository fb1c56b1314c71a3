// SPDX-License-Identifier: MIT
/*
 * Unit tests: the tree-less run decoder (src/result/result_fast.c) against the
 * jansson reader it stands in for. Each case is a run object's text: the
 * decoder either declines it or reads exactly what result_parse_run reads
 * from jansson's tree; the usual runs must not be declined.
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

#include "result_fixture.h"
#include "result_parse_priv.h"

#define RUN_HEAD "\"index\": 1, \"warmup\": false, \"status\": \"ok\", " \
		 "\"reason\": null, \"wall_ns\": 5409086, \"user_ns\": 1893000, " \
		 "\"sys_ns\": 0, \"maxrss_kb\": 972, \"exit_status\": 0, " \
		 "\"signal\": 0, "
#define RUN_TAIL "\"region_ns\": 0, \"cpu\": 1, \"start_ns\": 36218083, " \
		 "\"end_ns\": 41627169, "
#define CTR(v) "{\"value\": " v ", \"enabled_ns\": 20, \"running_ns\": 10}"
#define CTRS "\"counters\": [" CTR("7") ", null]"
#define RUN(mid) "{" RUN_HEAD mid RUN_TAIL CTRS "}"

static const struct fast_case {
	int line;
	const char *text;
	bool fast; /* the decoder must take it (else it may decline) */
	bool valid; /* result_parse_run accepts it */
} cases[] = {
	{ __LINE__, RUN(""), true, true },
	{ __LINE__, RUN("\"ops\": 400000, "), true, true },
	{ __LINE__, "{\n  " RUN_HEAD "\n  " RUN_TAIL "\n  " CTRS "\n}", true,
	  true },
	{ __LINE__, "{" CTRS ", " RUN_TAIL RUN_HEAD "\"ops\": 3}", true, true },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL "\"counters\": [null, null]}", true,
	  true },
	{ __LINE__, "{\"index\": 4294967295, \"warmup\": true, \"status\": "
		    "\"failed\", \"reason\": \"exit status 3\", \"wall_ns\": "
		    "922337203685477580, \"user_ns\": 0, \"sys_ns\": 0, "
		    "\"maxrss_kb\": 0, \"exit_status\": -1, \"signal\": 64, "
		    RUN_TAIL CTRS "}", true, true },
	/* declined, valid: jansson reads them */
	{ __LINE__, RUN("\"score\": 1.5, "), false, true },
	{ __LINE__, "{\"index\": 1, \"warmup\": false, \"status\": \"ok\", "
		    "\"reason\": \"caf\\u00e9\", \"wall_ns\": 1, \"user_ns\": 0, "
		    "\"sys_ns\": 0, \"maxrss_kb\": 0, \"exit_status\": 0, "
		    "\"signal\": 0, " RUN_TAIL CTRS "}", false, true },
	{ __LINE__, RUN("\"ops\": 9223372036854775807, "), false, true },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL "\"counters\": [{\"enabled_ns\": 20, "
		    "\"value\": 7, \"running_ns\": 10}, null]}", false, true },
	/* invalid: declined, and jansson words the error */
	{ __LINE__, RUN("\"ops\": 1.0, "), false, false },
	{ __LINE__, RUN("\"ops\": 1e3, "), false, false },
	{ __LINE__, RUN("\"ops\": -1, "), false, false },
	{ __LINE__, RUN("\"ops\": -0, "), false, true },
	{ __LINE__, RUN("\"ops\": 01, "), false, false },
	{ __LINE__, RUN("\"ops\": 9223372036854775808, "), false, false },
	{ __LINE__, RUN("\"ops\": \"1\", "), false, false },
	{ __LINE__, RUN("\"ops\": 1, \"ops\": 2, "), false, false },
	{ __LINE__, RUN("\"index\": 2, "), false, false },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL "}", false, false },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL CTRS ",}", false, false },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL "\"counters\": [null]}", false,
	  false },
	{ __LINE__, "{" RUN_HEAD RUN_TAIL "\"counters\": [" CTR("7") ", "
		    "{\"value\": 1, \"enabled_ns\": 1, \"running_ns\": 2}]}",
	  false, false },
	{ __LINE__, "{\"index\": 1, \"warmup\": truex, \"status\": \"ok\"}",
	  false, false },
	{ __LINE__, "{\"index\": 1, \"warmup\": false, \"status\": \"bad\", "
		    "\"reason\": null, \"wall_ns\": 1, \"user_ns\": 0, "
		    "\"sys_ns\": 0, \"maxrss_kb\": 0, \"exit_status\": 0, "
		    "\"signal\": 0, " RUN_TAIL CTRS "}", false, false },
	{ __LINE__, "{\"index\": 1, \"warmup\": false, \"status\": \"ok\", "
		    "\"reason\": null, \"wall_ns\": 1, \"user_ns\": 0, "
		    "\"sys_ns\": 0, \"maxrss_kb\": 0, \"exit_status\": 256, "
		    "\"signal\": 0, " RUN_TAIL CTRS "}", false, false },
	{ __LINE__, "{\"index\": 1, \"warmup\": false, \"status\": \"ok\", "
		    "\"reason\": null, \"wall_ns\": 1, \"user_ns\": 0, "
		    "\"sys_ns\": 0, \"maxrss_kb\": 0, \"exit_status\": 0, "
		    "\"signal\": 0, \"region_ns\": 0, \"cpu\": 1, \"start_ns\": "
		    "5, \"end_ns\": 4, " CTRS "}", false, false },
	{ __LINE__, RUN("\"copies\": [], "), false, false },
	{ __LINE__, "[]", false, false },
	{ __LINE__, "{", false, false },
};

static void same_proc(const struct proc_sample *a, const struct proc_sample *b,
		      size_t n_events, int line)
{
	struct proc_sample x = *a, y = *b;

	x.counters = y.counters = NULL;
	if (memcmp(&x, &y, sizeof(x)))
		fail_msg("line %d: the runs differ", line);
	if (memcmp(a->counters, b->counters,
		   n_events * sizeof(*a->counters)))
		fail_msg("line %d: the counters differ", line);
}

static void test_fast_cases(void **state)
{
	char err[512];
	struct ctx c = { "t.json", err, sizeof(err), NULL, 2 };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct fast_case *fc = &cases[i];
		size_t n = strlen(fc->text), pos = 0;
		struct run fast, slow;
		json_t *j = json_loadb(fc->text, n, RESULT_JSON_FLAGS, NULL);
		int rf = result_run_fast(&c, fc->text, n, &pos, &fast);
		int rs = j ? result_parse_run(&c, j, "run", &slow) : -EINVAL;

		if (!j)
			memset(&slow, 0, sizeof(slow));
		if ((rs == 0) != fc->valid)
			fail_msg("line %d: the jansson reader says %d", fc->line,
				 rs);
		if (fc->fast && rf)
			fail_msg("line %d: declined", fc->line);
		if (rf && rf != -EAGAIN)
			fail_msg("line %d: %d", fc->line, rf);
		if (!rf) {
			if (rs)
				fail_msg("line %d: read what jansson refuses",
					 fc->line);
			if (pos != n)
				fail_msg("line %d: stopped at %zu of %zu",
					 fc->line, pos, n);
			same_proc(&fast.total, &slow.total, c.n_events,
				  fc->line);
			if (fast.index != slow.index ||
			    fast.warmup != slow.warmup ||
			    fast.status != slow.status ||
			    fast.n_copies != slow.n_copies ||
			    !fast.reason != !slow.reason ||
			    (fast.reason && strcmp(fast.reason, slow.reason)))
				fail_msg("line %d: the runs differ", fc->line);
		} else {
			assert_int_equal(pos, 0);
			assert_null(fast.total.counters);
		}
		result_run_free(&fast);
		result_run_free(&slow);
		json_decref(j);
	}
}

/* A counter object for an event that is not supported: jansson's reader
 * words that ("must be null"), so the decoder declines it. */
static void test_fast_unsupported(void **state)
{
	char err[512];
	struct event ev[2];
	struct ctx c = { "t.json", err, sizeof(err), ev, 2 };
	const char *t = RUN("");
	size_t pos = 0;
	struct run run;

	(void)state;
	memset(ev, 0, sizeof(ev));
	ev[0].state = EVENT_OK;
	ev[1].state = EVENT_OK;
	assert_int_equal(result_run_fast(&c, t, strlen(t), &pos, &run), 0);
	result_run_free(&run);
	ev[0].state = EVENT_OK + 1;
	pos = 0;
	assert_int_equal(result_run_fast(&c, t, strlen(t), &pos, &run),
			 -EAGAIN);
}

/* The same file with its members in another order ("benchmarks" first
 * with JSON_SORT_KEYS) and compact: read to the same result, through the
 * path that finds the array by skipping it. */
static void test_fast_order(void **state)
{
	struct result *r = fix_result(), *a, *b;
	char *text = fix_text(r), *sorted, *ta, *tb, err[512];
	json_t *j, *ja;

	(void)state;
	j = json_loads(text, 0, NULL);
	assert_non_null(j);
	sorted = json_dumps(j, JSON_SORT_KEYS | JSON_COMPACT);
	assert_non_null(sorted);
	assert_ptr_not_equal(strstr(sorted, "\"benchmarks\""),
			     strrchr(sorted, '"') - strlen("benchmarks"));
	assert_int_equal(result_parse_buffer(text, strlen(text), "a", &a, err,
					     sizeof(err)), 0);
	assert_int_equal(result_parse_buffer(sorted, strlen(sorted), "a", &b,
					     err, sizeof(err)), 0);
	ta = fix_text(a);
	tb = fix_text(b);
	assert_string_equal(ta, text);
	/* env keeps its (sorted) order: the same JSON, not the same text */
	json_decref(j);
	j = json_loads(tb, 0, NULL);
	ja = json_loads(ta, 0, NULL);
	assert_true(json_equal(j, ja));
	json_decref(ja);
	free(ta);
	free(tb);
	free(sorted);
	free(text);
	json_decref(j);
	result_clear(a);
	result_clear(b);
	result_clear(r);
	free(a);
	free(b);
	free(r);
}

/* The streaming reader (the decoders where they apply) against the whole
 * tree's reader on variants of the fixture's text: the same result. */
static void same_as_tree(const char *text)
{
	struct result *a, *b = calloc(1, sizeof(*b));
	char err[512];
	json_t *j = json_loads(text, 0, NULL);

	assert_non_null(j);
	assert_non_null(b);
	if (result_parse_buffer(text, strlen(text), "v", &a, err, sizeof(err)))
		fail_msg("%s", err);
	if (result_from_json(j, "v", b, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(fix_same(a, b));
	json_decref(j);
	result_clear(a);
	result_clear(b);
	free(a);
	free(b);
}

static void test_fast_bench_variants(void **state)
{
	static const char *const edits[][2] = {
		{ "\"copies\":1", "\"copies\":1,\"extra\":[1,{\"a\":2}]" },
		{ "\"argv\":[", "\"argv\":[\"q\\\"uote\"," },
		{ "\"argv\":[", "\"argv\":[\"caf\\u00e9\",\"a\",\"b\",\"c\","
				  "\"d\",\"e\"," },
		{ "\"copies\":1", "\"copies\":1.0" },
		{ "\"workload\":", "\"workload\":null,\"w\":" },
		{ "\"index\":0", "\"index\":0,\"later\":\"key\"" },
	};
	struct result *r = fix_result();
	char *text = fix_text(r);

	(void)state;
	same_as_tree(text);
	for (size_t i = 0; i < sizeof(edits) / sizeof(edits[0]); i++) {
		char *v = fix_replaced(text, edits[i][0], edits[i][1], false);
		struct result *got;
		char err[512];

		assert_non_null(v);
		if (i == 3) {
			/* a real: refused the same way by both readers */
			assert_int_equal(result_parse_buffer(v, strlen(v), "v",
							     &got, err,
							     sizeof(err)),
					 -EINVAL);
			assert_non_null(strstr(err, "copies"));
		} else {
			same_as_tree(v);
		}
		free(v);
	}
	free(text);
	result_clear(r);
	free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fast_cases),
		cmocka_unit_test(test_fast_unsupported),
		cmocka_unit_test(test_fast_order),
		cmocka_unit_test(test_fast_bench_variants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
