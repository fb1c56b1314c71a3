// SPDX-License-Identifier: MIT
/* Unit tests: result round trip, strict reader, atomic writer. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "result_fixture.h"

/* Round trip: memory -> JSON text -> memory -> JSON text is the same. */
static void test_round_trip(void **state)
{
	struct result *r = fix_result(), *back;
	char *a = fix_text(r), *b, err[512];
	json_t *j, *run;

	assert_non_null(a);
	assert_int_equal(result_parse_buffer(a, strlen(a), "mem", &back, err,
					     sizeof(err)), 0);
	b = fix_text(back);
	assert_string_equal(a, b);
	/* and the fields, not just the text */
	assert_int_equal(back->n_events, 3);
	assert_int_equal(back->events[2].state, EVENT_NOT_SUPPORTED);
	assert_string_equal(back->events[2].reason,
			    "not supported: no PMU (hypervisor)");
	assert_null(back->events[0].reason);
	assert_string_equal(back->events[1].native[0], "PAGE_FAULTS");
	assert_null(back->events[1].native[1]);
	assert_true(back->events[1].exclude_kernel);
	assert_string_equal(back->path, "mem");
	assert_int_equal(back->bench[0].n_runs, 3);
	assert_true(back->bench[0].runs[0].warmup);
	assert_int_equal(back->bench[0].runs[0].total.wall_ns, FIX_WALL0);
	assert_int_equal(back->bench[0].runs[2].status, RUN_FAILED);
	assert_string_equal(back->bench[0].runs[2].reason, "exit status 1");
	assert_false(back->bench[0].runs[2].total.has_ops);
	assert_true(back->bench[0].runs[1].total.has_ops);
	assert_int_equal(back->bench[0].runs[1].total.counters[1].value, 62);
	assert_null(back->bench[1].workload);
	assert_int_equal(back->bench[1].runs[0].n_copies, 2);
	assert_int_equal(back->bench[1].runs[0].copies[1].cpu, 2);
	assert_int_equal(json_integer_value(json_object_get(back->config,
							    "repeat")), 2);

	/* the file form: null for the unsupported event, no copies array
	 * for a single copy, no ops when unknown */
	j = result_to_json(back);
	run = json_array_get(json_object_get(json_array_get(
		json_object_get(j, "benchmarks"), 0), "runs"), 2);
	assert_true(json_is_null(json_array_get(json_object_get(run,
		"counters"), 2)));
	assert_true(json_is_object(json_array_get(json_object_get(run,
		"counters"), 0)));
	assert_null(json_object_get(run, "copies"));
	assert_null(json_object_get(run, "ops"));
	json_decref(j);
	free(a);
	free(b);
	result_free(back);
	result_free(r);
}

/* Version 2's keys: a benchmark's params, a run's profile (folded
 * stacks) survive the round trip; a run without a profile has none. */
static void test_round_trip_profile(void **state)
{
	struct result *r = fix_result(), *back;
	struct run *run = &r->bench[0].runs[1];
	char *a, *b, err[512];

	r->bench[0].params = json_pack("{s:s}", "threads", "4");
	run->profiled = true;
	run->samples = 12;
	run->lost = 1;
	run->n_stacks = 2;
	run->stacks = calloc(2, sizeof(*run->stacks));
	run->stacks[0].frames = strdup("main;work;getppid_[k]");
	run->stacks[0].count = 9;
	run->stacks[1].frames = strdup("main;idle");
	run->stacks[1].count = 3;
	a = fix_text(r);
	assert_non_null(a);
	assert_int_equal(result_parse_buffer(a, strlen(a), "mem", &back, err,
					     sizeof(err)), 0);
	b = fix_text(back);
	assert_string_equal(a, b);
	assert_int_equal(back->schema_version, RESULT_SCHEMA_VERSION);
	assert_string_equal(json_string_value(json_object_get(
		back->bench[0].params, "threads")), "4");
	assert_null(back->bench[1].params);
	run = &back->bench[0].runs[1];
	assert_true(run->profiled);
	assert_int_equal(run->samples, 12);
	assert_int_equal(run->lost, 1);
	assert_int_equal(run->n_stacks, 2);
	assert_string_equal(run->stacks[0].frames, "main;work;getppid_[k]");
	assert_int_equal(run->stacks[1].count, 3);
	assert_false(back->bench[0].runs[0].profiled);
	assert_int_equal(back->bench[0].runs[0].n_stacks, 0);
	free(a);
	free(b);
	result_free(back);
	result_free(r);
}

static void test_aggregate(void **state)
{
	struct result *r = fix_result();
	struct run *run = &r->bench[1].runs[0];
	struct proc_sample *t = &run->total;

	/* copies at base 5 and 6 (fix_proc) */
	assert_int_equal(t->wall_ns, 60);           /* max */
	assert_int_equal(t->region_ns, 54);         /* max */
	assert_int_equal(t->user_ns, 15 + 18);      /* sum */
	assert_int_equal(t->sys_ns, 10 + 12);
	assert_int_equal(t->maxrss_kb, 1005 + 1006);
	assert_true(t->has_ops);
	assert_int_equal(t->ops, 400000);
	assert_int_equal(t->counters[0].value, 35 + 42);
	assert_int_equal(t->counters[1].running_ns, 20 + 24);
	assert_int_equal(t->start_ns, 500);
	assert_int_equal(t->end_ns, 660);
	assert_int_equal(t->cpu, 1);
	run->copies[1].has_ops = false; /* one copy unknown: total unknown */
	result_run_aggregate(run, FIX_EVENTS);
	assert_false(t->has_ops);
	result_free(r);
}

/* Malformed input: a change to the valid file and the key the error must
 * name. set: JSON path (dots, numeric parts index arrays) = JSON value, or
 * NULL to delete. */
struct bad_case {
	int line;
	const char *path;
	const char *value; /* NULL: delete the key */
	const char *want;
};

static const struct bad_case bad_cases[] = {
	{ __LINE__, "format", "\"abstat-plot\"", ": format: not \"abstat-result\"" },
	{ __LINE__, "format", NULL, ": format: missing" },
	{ __LINE__, "schema_version", "4", ": schema_version: file format version 4 not supported (supports 1 to 3)" },
	{ __LINE__, "schema_version", "0", ": schema_version: file format version 0 not supported (supports 1 to 3)" },
	{ __LINE__, "schema_version", "1.0", ": schema_version: expected an integer" },
	{ __LINE__, "status", "\"done\"", ": status: unknown status" },
	{ __LINE__, "label", "7", ": label: expected a string, found an integer" },
	{ __LINE__, "env", "[]", ": env: expected an object, found an array" },
	{ __LINE__, "warnings", "[1]", ": warnings[0]: expected a string" },
	{ __LINE__, "events.0.name", NULL, ": events[0].name: missing" },
	{ __LINE__, "events.0.supported", "\"yes\"", ": events[0].supported: expected true or false" },
	{ __LINE__, "events.1.config", "-1", ": events[1].config: negative value -1" },
	{ __LINE__, "events.1.type", "4294967296", ": events[1].type: 4294967296 is out of range" },
	{ __LINE__, "events.1.native", "[null]", ": events[1].native[0]: expected a string, found null" },
	{ __LINE__, "benchmarks.0.argv.1", "false", ": benchmarks[0].argv[1]: expected a string, found a boolean" },
	{ __LINE__, "benchmarks.0.copies", "0", ": benchmarks[0].copies: 0 is out of range" },
	{ __LINE__, "benchmarks.0.runs.1", "[]", ": benchmarks[0].runs[1]: expected an object, found an array" },
	{ __LINE__, "benchmarks.0.runs.1.wall_ns", "1.5", ": benchmarks[0].runs[1].wall_ns: expected an integer, found a real number" },
	{ __LINE__, "benchmarks.0.runs.1.wall_ns", "-5", ": benchmarks[0].runs[1].wall_ns: negative value -5" },
	{ __LINE__, "benchmarks.0.runs.1.wall_ns", "\"12\"", ": benchmarks[0].runs[1].wall_ns: expected an integer, found a string" },
	{ __LINE__, "benchmarks.0.runs.1.wall_ns", NULL, ": benchmarks[0].runs[1].wall_ns: missing" },
	{ __LINE__, "benchmarks.0.runs.1.status", "\"great\"", ": benchmarks[0].runs[1].status: unknown run status" },
	{ __LINE__, "benchmarks.0.runs.1.exit_status", "300", ": benchmarks[0].runs[1].exit_status: 300 is out of range" },
	{ __LINE__, "benchmarks.0.runs.1.ops", "1e3", ": benchmarks[0].runs[1].ops: expected an integer, found a real" },
	{ __LINE__, "benchmarks.0.runs.1.counters", "[null, null]", ": benchmarks[0].runs[1].counters: has 2 entries, expected 3" },
	{ __LINE__, "benchmarks.0.runs.1.counters.2", "{\"value\":0,\"enabled_ns\":0,\"running_ns\":0}", ": benchmarks[0].runs[1].counters[2]: must be null: event 'cycles' is not supported" },
	{ __LINE__, "benchmarks.0.runs.1.counters.0.value", "2.5", ": benchmarks[0].runs[1].counters[0].value: expected an integer" },
	{ __LINE__, "benchmarks.0.runs.1.counters.0.running_ns", "99999", ": benchmarks[0].runs[1].counters[0].running_ns: running_ns 99999 exceeds enabled_ns" },
	{ __LINE__, "benchmarks.0.runs.1.counters.1", "7", ": benchmarks[0].runs[1].counters[1]: expected an object or null" },
	{ __LINE__, "benchmarks.1.runs.0.copies", "[{}]", ": benchmarks[1].runs[0].copies: has 1 entries" },
	{ __LINE__, "benchmarks.1.runs.0.copies.1.user_ns", "true", ": benchmarks[1].runs[0].copies[1].user_ns: expected an integer, found a boolean" },
	{ __LINE__, "benchmarks.0.params", "[]", ": benchmarks[0].params: expected an object, found an array" },
	{ __LINE__, "benchmarks.0.params", "{\"n\": 4}", ": benchmarks[0].params.n: expected a string, found an integer" },
	{ __LINE__, "benchmarks.0.runs.1.profile", "{\"samples\":1,\"lost\":0,\"stacks\":[[\"a;b\"]]}", ": benchmarks[0].runs[1].profile.stacks[0]: expected [\"frames\", count]" },
	{ __LINE__, "benchmarks.0.runs.1.profile", "{\"samples\":1,\"lost\":0,\"stacks\":[[\"a\", -1]]}", ": benchmarks[0].runs[1].profile.stacks[0]: expected [\"frames\", count]" },
	{ __LINE__, "benchmarks.0.runs.1.profile", "{\"lost\":0,\"stacks\":[]}", ": benchmarks[0].runs[1].profile.samples: missing" },
	{ __LINE__, "benchmarks.0.runs.1.profile", "[]", ": benchmarks[0].runs[1].profile: expected an object, found an array" },
	{ __LINE__, "benchmarks.1.runs.0.copies.1.counters", "{}", ": benchmarks[1].runs[0].copies[1].counters: expected an array, found an object" },
};

/* Set (or delete) path in j. */
static void set_path(json_t *j, const char *path, const char *value)
{
	char *p = strdup(path), *save, *part, *next;
	json_t *cur = j;

	part = strtok_r(p, ".", &save);
	while ((next = strtok_r(NULL, ".", &save))) {
		cur = json_is_array(cur) ? json_array_get(cur, atoi(part))
					 : json_object_get(cur, part);
		assert_non_null(cur);
		part = next;
	}
	if (!value) {
		assert_int_equal(json_object_del(cur, part), 0);
	} else {
		json_t *v = json_loads(value, JSON_DECODE_ANY, NULL);

		assert_non_null(v);
		if (json_is_array(cur))
			assert_int_equal(json_array_set_new(cur, atoi(part),
							    v), 0);
		else
			assert_int_equal(json_object_set_new(cur, part, v), 0);
	}
	free(p);
}

static void expect_bad(const char *text, size_t n, const char *want, int line)
{
	struct result *r = (struct result *)1;
	char err[1024] = "";
	int rc = result_parse_buffer(text, n, "bad.json", &r, err, sizeof(err));

	if (rc != -EINVAL || !strstr(err, want) || strncmp(err, "bad.json: ", 10))
		fail_msg("case at line %d: rc %d, err '%s', want '%s'", line,
			 rc, err, want);
	assert_null(r);
}

static void test_strict_table(void **state)
{
	struct result *r = fix_result();
	char *text = fix_text(r);

	for (size_t i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++) {
		const struct bad_case *c = &bad_cases[i];
		json_t *j = json_loads(text, 0, NULL);
		char *bad;

		set_path(j, c->path, c->value);
		bad = json_dumps(j, JSON_INDENT(1));
		expect_bad(bad, strlen(bad), c->want, c->line);
		free(bad);
		json_decref(j);
	}
	free(text);
	result_free(r);
}

/* Text-level damage jansson itself rejects: still named and never a crash */
struct raw_case {
	int line;
	const char *replace; /* FIX_WALL0 in the valid text becomes this */
	const char *text;    /* or the whole input */
	size_t len;
	const char *want;
};

static const struct raw_case raw_cases[] = {
	{ __LINE__, "NaN", NULL, 0, "(after key \"wall_ns\"): invalid JSON: invalid token near 'NaN'" },
	{ __LINE__, "18446744073709551615", NULL, 0, ": benchmarks[0].runs[0].wall_ns: integer too large" },
	{ __LINE__, "-99999999999999999999", NULL, 0, ": benchmarks[0].runs[0].wall_ns: integer too large" },
	{ __LINE__, "1e400", NULL, 0, "invalid JSON" },
	{ __LINE__, NULL, "", 0, ": empty file" },
	{ __LINE__, NULL, "{", 1, "invalid JSON" },
	{ __LINE__, NULL, "{} trailing", 11, "invalid JSON: end of file expected" },
	{ __LINE__, NULL, "{\"format\":1,\"format\":2}", 23, "duplicate object key" },
	{ __LINE__, NULL, "\x00\xff\xfe garbage", 11, "invalid JSON" },
	{ __LINE__, NULL, "{\"a\":\"x\\u0000y\"}", 16, "invalid JSON" },
	{ __LINE__, NULL, "\"just a string\"", 15, "invalid JSON" },
	{ __LINE__, NULL, "[1,2]", 5, ": (top level): expected an object, found an array" },
};

static char *replace_wall0(const char *text, const char *with)
{
	char num[32], *out, *at;

	snprintf(num, sizeof(num), "%u", FIX_WALL0);
	at = strstr(text, num);
	assert_non_null(at);
	out = malloc(strlen(text) + strlen(with) + 1);
	if (!out)
		abort();
	sprintf(out, "%.*s%s%s", (int)(at - text), text, with,
		at + strlen(num));
	return out;
}

static void test_strict_raw(void **state)
{
	struct result *r = fix_result();
	char *text = fix_text(r);

	for (size_t i = 0; i < sizeof(raw_cases) / sizeof(raw_cases[0]); i++) {
		const struct raw_case *c = &raw_cases[i];

		if (c->replace) {
			char *bad = replace_wall0(text, c->replace);

			expect_bad(bad, strlen(bad), c->want, c->line);
			free(bad);
		} else {
			expect_bad(c->text, c->len, c->want, c->line);
		}
	}
	free(text);
	result_free(r);
}

/* Nesting: jansson's parser depth limit, and abstat's for env/config. */
static void test_strict_depth(void **state)
{
	size_t n = 100000, at;
	char *deep = malloc(2 * n + 64), *text;
	struct result *r = fix_result();
	json_t *v = json_object(), *env;

	memset(deep, '[', n);
	memset(deep + n, ']', n);
	expect_bad(deep, 2 * n, "maximum parsing depth", __LINE__);
	free(deep);

	env = v;
	for (int i = 0; i < 40; i++) {
		json_t *in = json_object();

		json_object_set_new(env, "x", in);
		env = in;
	}
	json_decref(r->env);
	r->env = v;
	text = fix_text(r);
	at = strlen(text);
	expect_bad(text, at, ": env: nested deeper than 32 levels", __LINE__);
	free(text);
	result_free(r);
}

static char *tmpdir(void)
{
	char *d = strdup("/tmp/abstat-unit.XXXXXX");

	assert_non_null(mkdtemp(d));
	return d;
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void test_write(void **state)
{
	struct result *r = fix_result(), *back;
	char *dir = tmpdir(), path[256], err[1024], bad[300];
	struct stat st;

	snprintf(path, sizeof(path), "%s/r.json", dir);
	assert_int_equal(result_write(r, path, false, err, sizeof(err)), 0);
	assert_int_equal(count_entries(dir), 1); /* no temp file left */
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0666 & ~umask(022));
	assert_int_equal(result_read(path, &back, err, sizeof(err)), 0);
	assert_string_equal(back->label, "6.1.0-18-amd64");
	result_free(back);

	/* existing file, no force: refused, untouched */
	free(r->label);
	r->label = strdup("second");
	assert_int_equal(result_write(r, path, false, err, sizeof(err)),
			 -EEXIST);
	assert_non_null(strstr(err, "r.json exists; use --force"));
	assert_int_equal(count_entries(dir), 1);
	assert_int_equal(result_read(path, &back, err, sizeof(err)), 0);
	assert_string_equal(back->label, "6.1.0-18-amd64");
	result_free(back);

	/* force replaces it */
	assert_int_equal(result_write(r, path, true, err, sizeof(err)), 0);
	assert_int_equal(result_read(path, &back, err, sizeof(err)), 0);
	assert_string_equal(back->label, "second");
	result_free(back);
	assert_int_equal(count_entries(dir), 1);

	/* a value the format cannot hold: error, and nothing left behind */
	r->bench[0].runs[1].total.wall_ns = UINT64_MAX;
	snprintf(bad, sizeof(bad), "%s/big.json", dir);
	assert_int_equal(result_write(r, bad, false, err, sizeof(err)),
			 -ERANGE);
	assert_non_null(strstr(err, "2^63-1"));
	assert_int_equal(count_entries(dir), 1);

	/* the writer never writes what the reader rejects (issue 16):
	 * a run that ends before it starts, a signal no kernel sends, a
	 * creation time that is not a time */
	r->bench[0].runs[1].total.wall_ns = 1;
	r->bench[0].runs[1].total.start_ns = 200;
	r->bench[0].runs[1].total.end_ns = 100;
	assert_int_equal(result_write(r, bad, false, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "not written: abstat would not read it back"));
	assert_non_null(strstr(err, "end_ns: 100 is before start_ns 200"));
	assert_int_equal(count_entries(dir), 1);
	r->bench[0].runs[1].total.end_ns = 300;
	r->bench[0].runs[1].total.term_signal = 99;
	assert_int_equal(result_write(r, bad, false, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "signal: 99 is out of range"));
	r->bench[0].runs[1].total.term_signal = 0;
	free(r->created);
	r->created = strdup("yesterday");
	assert_int_equal(result_write(r, bad, false, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "created: expected a UTC time"));
	assert_int_equal(count_entries(dir), 1);

	/* missing directory */
	assert_int_not_equal(result_write(r, "/nonexistent-abstat/r.json",
					  false, err, sizeof(err)), 0);
	assert_non_null(strstr(err, "/nonexistent-abstat"));

	/* read errors: missing file is -ENOENT, not -EINVAL */
	assert_int_equal(result_read("/nonexistent-abstat/r.json", &back, err,
				     sizeof(err)), -ENOENT);
	unlink(path);
	rmdir(dir);
	free(dir);
	result_free(r);
}

/* The streaming writer (one run's tree at a time) writes the bytes the
 * whole tree dumps to, and the reader's own per-run checks name the run
 * they refuse, in any benchmark and in a copy. */
static void test_write_stream(void **state)
{
	struct result *r = fix_result();
	char *dir = tmpdir(), path[256], bad[300], err[1024], *want, *got;
	json_t *j = result_to_json(r);
	size_t n;

	snprintf(path, sizeof(path), "%s/s.json", dir);
	snprintf(bad, sizeof(bad), "%s/bad.json", dir);
	want = json_dumps(j, JSON_INDENT(1));
	assert_int_equal(result_write(r, path, false, err, sizeof(err)), 0);
	assert_int_equal(result_slurp(path, RESULT_MAX_BYTES, &got, &n, err,
				      sizeof(err)), 0);
	assert_int_equal(n, strlen(want) + 1);
	assert_memory_equal(got, want, n - 1);
	assert_int_equal(got[n - 1], '\n');
	free(got);

	r->bench[1].runs[0].copies[1].end_ns = 0;
	r->bench[1].runs[0].copies[1].start_ns = 5;
	assert_int_equal(result_write(r, bad, false, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "not written: abstat would not read it back"));
	assert_non_null(strstr(err, "benchmarks[1].runs[0].copies[1].end_ns: 0 is before start_ns 5"));
	assert_int_equal(count_entries(dir), 1);

	unlink(path);
	rmdir(dir);
	free(dir);
	free(want);
	json_decref(j);
	result_free(r);
}

/* Unwritable directory: root writes anywhere, so test as nobody. */
static void test_write_unwritable(void **state)
{
	char *dir = tmpdir(), ro[256], path[300];
	int status;
	pid_t pid;

	snprintf(ro, sizeof(ro), "%s/ro", dir);
	snprintf(path, sizeof(path), "%s/r.json", ro);
	assert_int_equal(mkdir(ro, 0555), 0);
	chmod(dir, 0755);
	pid = fork();
	if (pid == 0) {
		struct result *r = fix_result();
		char err[1024];
		int rc;

		if (geteuid() == 0 && (setgid(65534) || setuid(65534)))
			_exit(3);
		rc = result_write(r, path, false, err, sizeof(err));
		result_free(r);
		_exit(rc == -EACCES && strstr(err, "cannot write a file in") &&
		      strstr(err, "/ro") ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(count_entries(ro), 0);
	rmdir(ro);
	rmdir(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_round_trip_profile),
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_strict_table),
		cmocka_unit_test(test_strict_raw),
		cmocka_unit_test(test_strict_depth),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_write_stream),
		cmocka_unit_test(test_write_unwritable),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
