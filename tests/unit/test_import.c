// SPDX-License-Identifier: MIT
/*
 * import unit tests: the line readers (gobench, perf-stat) and the JSON
 * readers (hyperfine, pyperf) on in-memory text, as a table of cases:
 * what each input becomes (runs, ops, times, events, not-recorded
 * metrics) or the one-line error it gives, naming file and line.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "import.h"

struct import_case {
	int line;                /* of this file, for the failure message */
	enum import_source src;
	const char *text;
	const char *err;         /* expected error (substring), NULL: ok */
	size_t runs;             /* measured runs of benchmark 0 */
	const char *bench;       /* name of benchmark 0 */
	uint64_t ops, region_ns, wall_ns; /* of its first measured run */
	const char *event;       /* an event, NULL: none checked */
	uint64_t value;          /* its value in the first measured run */
	const char *missing;     /* a metric in not_recorded, or NULL */
};

static const struct import_case cases[] = {
	{ __LINE__, IMPORT_GOBENCH,
	  "goos: linux\nBenchmarkA-2 \t 1000 \t 12.5 ns/op \t 16 B/op \t 2 allocs/op\n",
	  NULL, 1, "A-2", 1000, 12500, 0, NULL, 0, "wall" },
	{ __LINE__, IMPORT_GOBENCH,
	  "BenchmarkA 10 5 ns/op 3.5 x/op\nBenchmarkA 10 6 ns/op\n",
	  NULL, 2, "A", 10, 50, 0, NULL, 0, "maxrss" },
	{ .line = __LINE__, .src = IMPORT_GOBENCH, .text = "BenchmarkA 10 5\n",
	  .err = ":1: expected" },
	{ .line = __LINE__, .src = IMPORT_GOBENCH, .text = "\nBenchmarkA 0 5 ns/op\n",
	  .err = ":2: iterations '0' is not a positive integer" },
	{ .line = __LINE__, .src = IMPORT_GOBENCH, .text = "BenchmarkA 1 -5 ns/op\n",
	  .err = ":1: value '-5' of ns/op is not a number" },
	{ .line = __LINE__, .src = IMPORT_GOBENCH, .text = "ok\n",
	  .err = "no 'Benchmark...' result line" },
	{ __LINE__, IMPORT_PERF_STAT,
	  "# started on x\n\n2.50,msec,task-clock,2500000,100.00,1.0,CPUs\n"
	  "1000,ns,duration_time,1000,100.00,,\n",
	  NULL, 1, "t", 0, 0, 1000, "task-clock", 2500000, "sys" },
	{ __LINE__, IMPORT_PERF_STAT,
	  "# started on x\n400,,page-faults,10,50.00,,\n",
	  NULL, 1, "t", 0, 0, 0, "page-faults", 400, "wall" },
	{ .line = __LINE__, .src = IMPORT_PERF_STAT, .text = "# started on x\n5,,a\n",
	  .err = ":2: expected 'VALUE,UNIT,EVENT,RUN_TIME,PERCENT'" },
	{ .line = __LINE__, .src = IMPORT_PERF_STAT, .text = "# started on x\nCPU0,5,,a,1,100\n",
	  .err = ":2: a per-CPU or per-socket count (perf stat -a -A" },
	{ .line = __LINE__, .src = IMPORT_PERF_STAT, .text = "",
	  .err = "no '# started on' line" },
	{ __LINE__, IMPORT_HYPERFINE,
	  "{\"results\": [{\"command\": \"/bin/true -x\", \"times\": [0.5, 0.25],"
	  " \"exit_codes\": [0, 0]}]}",
	  NULL, 2, "true", 0, 0, 500000000, NULL, 0, "user" },
	{ __LINE__, IMPORT_HYPERFINE,
	  "{\"results\": [{\"command\": \"x\", \"times\": [1e-3],"
	  " \"memory_usage_byte\": [2048000]}]}",
	  NULL, 1, "x", 0, 0, 1000000, NULL, 0, "sys" },
	{ .line = __LINE__, .src = IMPORT_HYPERFINE, .text = "{\"results\": [{\"command\": \"x\", \"times\": [1], \"memory_usage_byte\": []}]}",
	  .err = "results[0].memory_usage_byte: not an array as long as times" },
	{ .line = __LINE__, .src = IMPORT_HYPERFINE, .text = "{\"results\": [{\"times\": [1]}]}",
	  .err = "results[0].command: missing" },
	{ .line = __LINE__, .src = IMPORT_HYPERFINE, .text = "[1",
	  .err = "t.txt: line 1, column" },
	{ __LINE__, IMPORT_PYPERF,
	  "{\"version\": \"1.0\", \"benchmarks\": [{\"metadata\": {\"name\":"
	  " \"b\", \"loops\": 4}, \"runs\": [{\"values\": [0.5, 0.25]}]}]}",
	  NULL, 2, "b", 4, 2000000000, 0, NULL, 0, "wall" },
	{ .line = __LINE__, .src = IMPORT_PYPERF, .text = "{\"version\": \"1.0\"}",
	  .err = "not a pyperf JSON file" },
};

static void check_case(const struct import_case *c)
{
	struct result *r = import_new(c->src, NULL);
	static const char *const readers[] = { "hyperfine", "pyperf",
					       "gobench", "perf-stat" };
	int (*read[])(struct result *, const char *, const char *, size_t,
		      char *, size_t) = { import_hyperfine, import_pyperf,
					  import_gobench, import_perfstat };
	char err[512] = "";
	const struct run *run = NULL;
	size_t measured = 0;
	int rc;

	assert_non_null(r);
	assert_string_equal(r->label, readers[c->src]);
	rc = read[c->src](r, "t.txt", c->text, strlen(c->text), err,
			  sizeof(err));
	if (c->err) {
		if (rc != -EINVAL || !strstr(err, c->err))
			fail_msg("case at line %d: rc %d, err '%s', want '%s'",
				 c->line, rc, err, c->err);
		result_free(r);
		return;
	}
	if (rc)
		fail_msg("case at line %d: rc %d: %s", c->line, rc, err);
	assert_true(r->n_bench >= 1);
	assert_string_equal(r->bench[0].name, c->bench);
	for (size_t k = 0; k < r->bench[0].n_runs; k++)
		if (!r->bench[0].runs[k].warmup) {
			run = run ? run : &r->bench[0].runs[k];
			measured++;
		}
	if (measured != c->runs || !run)
		fail_msg("case at line %d: %zu runs, want %zu", c->line,
			 measured, c->runs);
	if (run->total.ops != c->ops || run->total.region_ns != c->region_ns ||
	    run->total.wall_ns != c->wall_ns)
		fail_msg("case at line %d: ops %llu region %llu wall %llu",
			 c->line, (unsigned long long)run->total.ops,
			 (unsigned long long)run->total.region_ns,
			 (unsigned long long)run->total.wall_ns);
	if (c->event) {
		int i = result_event_index(r, c->event);
		double v;
		bool mux;

		assert_true(i >= 0);
		assert_true(counters_scale(&run->total.counters[i], &v, &mux));
		if (fabs(v - (double)c->value) > 1e-6 * (double)c->value)
			fail_msg("case at line %d: %s = %g, want %llu", c->line,
				 c->event, v, (unsigned long long)c->value);
	}
	if (c->missing) {
		const json_t *a = json_object_get(
			json_object_get(r->env, "imported"), "not_recorded");
		bool found = false;
		size_t i;
		json_t *v;

		json_array_foreach(a, i, v)
			found |= !strcmp(json_string_value(v), c->missing);
		if (!found)
			fail_msg("case at line %d: %s not in not_recorded",
				 c->line, c->missing);
	}
	result_free(r);
}

static void test_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_case(&cases[i]);
}

static void test_find(void **state)
{
	(void)state;
	assert_int_equal(import_find("perf-stat"), IMPORT_PERF_STAT);
	assert_int_equal(import_find("gobench"), IMPORT_GOBENCH);
	assert_int_equal(import_find("perf"), -1);
	assert_null(import_sources[IMPORT_COUNT]);
}

/* Go's values are scores as Go printed them: a metric in the runs of one
 * benchmark, not in another's, is absent there (never a zero); a rate
 * (X/s) is higher-is-better, the rest lower; ns/op is the time. */
static void test_scores(void **state)
{
	struct result *r = import_new(IMPORT_GOBENCH, "x");
	const char *text = "BenchmarkA 10 5 ns/op\n"
			   "BenchmarkB 10 5 ns/op 0.5 y/op 7.5 MB/s 8 B/op\n";
	const json_t *imp;
	char err[256];

	(void)state;
	assert_int_equal(import_gobench(r, "t", text, strlen(text), err,
					sizeof(err)), 0);
	assert_int_equal(r->n_events, 0);
	assert_int_equal(r->n_scores, 3);
	assert_string_equal(r->scores[0].name, "y/op");
	assert_false(r->scores[0].higher);
	assert_string_equal(r->scores[1].name, "MB/s");
	assert_string_equal(r->scores[1].unit, "MB/s");
	assert_true(r->scores[1].higher);
	assert_string_equal(r->scores[2].unit, "B");
	assert_null(r->bench[0].runs[0].scores);
	assert_true(json_number_value(json_object_get(
			    r->bench[1].runs[0].scores, "y/op")) == 0.5);
	assert_int_equal(r->bench[1].runs[0].total.region_ns, 50);
	imp = json_object_get(r->env, "imported");
	assert_string_equal(json_string_value(json_object_get(imp, "primary")),
			    "ns/op");
	assert_string_equal(json_string_value(json_object_get(imp,
							      "time_unit")),
			    "ns");
	result_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cases),
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_scores),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
