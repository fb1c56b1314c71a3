// SPDX-License-Identifier: MIT
/* perf_read: perf's scaling rule, validation of raw read buffers (group and
 * single formats, malformed ones), and the real path: the perf backend
 * opening software counters on a child (vfork-style on itself, and from
 * the parent on a stopped child) that touches N fresh pages. */
#include <errno.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "counters.h"
#include "perf_internal.h"
#include "../progs/touch_pages.h"

#define PAGES 2000

struct scale_case {
	int line;
	uint64_t value, enabled, running;
	bool counted, multiplexed;
	double scaled;
};

static const struct scale_case scale_cases[] = {
	{ __LINE__, 123, 1000, 0, false, false, 0 },   /* never ran */
	{ __LINE__, 0, 0, 0, false, false, 0 },        /* never enabled */
	{ __LINE__, 123, 1000, 1000, true, false, 123 },
	{ __LINE__, 0, 1000, 1000, true, false, 0 },   /* a real zero */
	{ __LINE__, 100, 1000, 250, true, true, 400 }, /* x enabled/running */
	{ __LINE__, 7, 3, 2, true, true, 10.5 },
	/* value * enabled overflows uint64: must not wrap */
	{ __LINE__, UINT64_MAX / 2, UINT64_MAX / 2, UINT64_MAX / 4, true, true,
	  (double)(UINT64_MAX / 2) * 2.0 },
	{ __LINE__, 1ULL << 40, 1ULL << 40, 1ULL << 39, true, true,
	  (double)(1ULL << 41) },
};

static void test_scale(void **state)
{
	for (size_t i = 0; i < sizeof(scale_cases) / sizeof(scale_cases[0]);
	     i++) {
		const struct scale_case *c = &scale_cases[i];
		struct counter_value v = { c->value, c->enabled, c->running };
		double scaled = -1;
		bool mux = true;

		print_message("line %d\n", c->line);
		assert_int_equal(counters_scale(&v, &scaled, &mux), c->counted);
		assert_int_equal(mux, c->multiplexed);
		if (c->counted)
			assert_true(scaled >= c->scaled * (1 - 1e-12) &&
				    scaled <= c->scaled * (1 + 1e-12));
	}
}

/* Group buffers: nr, enabled, running, {value, id} x nr. */
struct group_case {
	int line;
	uint64_t words[9];
	ssize_t n;        /* bytes "read" */
	size_t nr;        /* members expected */
	int rc;
	const char *why;  /* substring of the reason */
	uint64_t v0, v1;  /* values by member (ids 11, 12) when rc == 0 */
};

static const uint64_t group_ids[] = { 11, 12 };

static const struct group_case group_cases[] = {
	{ __LINE__, { 2, 1000, 1000, 5, 11, 6, 12 }, 56, 2, 0, NULL, 5, 6 },
	/* the kernel's order is trusted only through ids */
	{ __LINE__, { 2, 1000, 900, 6, 12, 5, 11 }, 56, 2, 0, NULL, 5, 6 },
	{ __LINE__, { 0 }, 0, 2, -EIO, "could not be scheduled", 0, 0 },
	{ __LINE__, { 0 }, -EBADF, 2, -EIO, "read failed", 0, 0 },
	{ __LINE__, { 2, 1000, 1000, 5, 11 }, 40, 2, -EIO, "40 bytes", 0, 0 },
	{ __LINE__, { 2, 1000, 1000, 5, 11, 6, 12, 0 }, 64, 2, -EIO,
	  "64 bytes", 0, 0 },
	{ __LINE__, { 3, 1000, 1000, 5, 11, 6, 12 }, 56, 2, -EIO,
	  "3 counters", 0, 0 },
	{ __LINE__, { 2, 1000, 1000, 5, 11, 6, 99 }, 56, 2, -EIO, "id 99", 0, 0 },
	{ __LINE__, { 2, 1000, 1000, 5, 11, 6, 11 }, 56, 2, -EIO, "id 11", 0, 0 },
	{ __LINE__, { 2, 1000, 1001, 5, 11, 6, 12 }, 56, 2, -EIO,
	  "exceeds enabled", 0, 0 },
};

static void test_parse_group(void **state)
{
	for (size_t i = 0; i < sizeof(group_cases) / sizeof(group_cases[0]);
	     i++) {
		const struct group_case *c = &group_cases[i];
		struct counter_value out[2] = { { 0 } };
		char err[256] = "";

		print_message("line %d\n", c->line);
		assert_int_equal(perf_parse_group(c->words, c->n, c->nr,
						  group_ids, out, err,
						  sizeof(err)),
				 c->rc);
		if (c->rc) {
			assert_non_null(strstr(err, c->why));
			continue;
		}
		assert_int_equal(out[0].value, c->v0);
		assert_int_equal(out[1].value, c->v1);
		assert_int_equal(out[0].enabled_ns, c->words[1]);
		assert_int_equal(out[1].running_ns, c->words[2]);
	}
}

static void test_parse_single(void **state)
{
	uint64_t ok[4] = { 42, 1000, 500, 7 }, bad_id[4] = { 42, 1000, 500, 8 };
	uint64_t bad_time[4] = { 42, 10, 500, 7 };
	struct counter_value v;
	char err[256];

	assert_int_equal(perf_parse_single(ok, 32, 7, &v, err, sizeof(err)), 0);
	assert_int_equal(v.value, 42);
	assert_int_equal(v.enabled_ns, 1000);
	assert_int_equal(v.running_ns, 500);
	assert_int_equal(perf_parse_single(ok, 24, 7, &v, err, sizeof(err)),
			 -EIO);
	assert_non_null(strstr(err, "24 bytes"));
	assert_int_equal(perf_parse_single(ok, 0, 7, &v, err, sizeof(err)),
			 -EIO);
	assert_int_equal(perf_parse_single(bad_id, 32, 7, &v, err,
					   sizeof(err)),
			 -EIO);
	assert_non_null(strstr(err, "id 8"));
	assert_int_equal(perf_parse_single(bad_time, 32, 7, &v, err,
					   sizeof(err)),
			 -EIO);
}

static const char *const real_names[] = { "task-clock", "cycles",
					   "page-faults", "context-switches" };
#define N_REAL (sizeof(real_names) / sizeof(real_names[0]))

static struct event real_evs[N_REAL];

static struct counter_set *real_prepare(void)
{
	struct counter_set *s;
	char err[256];

	for (size_t i = 0; i < N_REAL; i++) {
		assert_int_equal(perf_backend.resolve(real_names[i], false,
						      &real_evs[i], err,
						      sizeof(err)),
				 0);
		assert_int_equal(perf_backend.probe(&real_evs[i], err,
						    sizeof(err)),
				 0);
	}
	assert_int_equal(real_evs[0].state, EVENT_OK);
	assert_int_equal(real_evs[2].state, EVENT_OK);
	assert_int_equal(perf_backend.prepare(real_evs, N_REAL, &s), 0);
	return s;
}

static void real_check(struct counter_set *s, bool counted)
{
	struct counter_value v[N_REAL];
	char err[256];

	memset(v, 0xff, sizeof(v));
	assert_int_equal(perf_backend.read(s, v, err, sizeof(err)), 0);
	print_message("task-clock %llu ns, page-faults %llu, cs %llu\n",
		      (unsigned long long)v[0].value,
		      (unsigned long long)v[2].value,
		      (unsigned long long)v[3].value);
	if (counted) {
		assert_true(v[2].value >= PAGES);
		assert_true(v[0].value > 0);
		assert_true(v[2].running_ns > 0);
		assert_true(v[2].running_ns <= v[2].enabled_ns);
	} else {
		assert_int_equal(v[2].value, 0);
		assert_int_equal(v[2].running_ns, 0);
	}
	if (real_evs[1].state != EVENT_OK) /* unsupported: left zeroed */
		assert_int_equal(v[1].value | v[1].enabled_ns | v[1].running_ns,
				 0);
	perf_backend.close(s);
	perf_backend.free(s);
	for (size_t i = 0; i < N_REAL; i++)
		event_free(&real_evs[i]);
}

struct child_arg {
	struct counter_set *set;
	int rc, bad;
	char *const *argv;
};

static char child_stack[256 * 1024];

/* As the launcher does: share memory and files, open on itself, then give
 * up the shared file table before exec. */
static int real_child(void *p)
{
	struct child_arg *a = p;

	a->rc = perf_backend.open(a->set, 0, false, &a->bad);
	if (a->rc < 0)
		_exit(126);
	if (unshare(CLONE_FILES) < 0)
		_exit(126);
	execv("/proc/self/exe", a->argv);
	_exit(127);
}

static char *touch_argv[] = { "test_perf_read", "--touch", NULL };

static void real_self_open(void)
{
	struct child_arg a = { .set = real_prepare(), .argv = touch_argv };
	int status;
	pid_t pid = clone(real_child, child_stack + sizeof(child_stack),
			  CLONE_VM | CLONE_VFORK | CLONE_FILES | SIGCHLD, &a);

	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(a.rc, 0);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	real_check(a.set, true);
}

static void test_real_self_open(void **state)
{
	print_message("PERF_FORMAT_GROUP with inherit: %s\n",
		      perf_group_read() ? "yes" : "no");
	real_self_open();
}

/* The fallback for kernels that refuse group reads with inherit. */
static void test_real_self_open_single_reads(void **state)
{
	perf_group_read_reset(false);
	assert_false(perf_group_read());
	real_self_open();
	perf_group_read_reset(true);
}

/* The parent opens on a child blocked on a pipe (attach style); region
 * true keeps the counters off across exec, so nothing is counted unless
 * the parent enables them. */
static void real_parent_open(bool region, bool enable)
{
	struct counter_set *s = real_prepare();
	int gate[2], status, bad = -1;
	pid_t pid;

	assert_int_equal(pipe(gate), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		char c;

		close(gate[1]);
		if (read(gate[0], &c, 1) != 1)
			_exit(125);
		execv("/proc/self/exe", touch_argv);
		_exit(127);
	}
	close(gate[0]);
	assert_int_equal(perf_backend.open(s, pid, region, &bad), 0);
	if (enable)
		assert_int_equal(perf_backend.enable(s), 0);
	assert_int_equal(write(gate[1], "g", 1), 1);
	close(gate[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	real_check(s, !region || enable);
}

static void test_real_parent_open(void **state)
{
	real_parent_open(false, false);
}

static void test_real_region_stays_off(void **state)
{
	real_parent_open(true, false);
}

static void test_real_region_enabled(void **state)
{
	real_parent_open(true, true);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scale),
		cmocka_unit_test(test_parse_group),
		cmocka_unit_test(test_parse_single),
		cmocka_unit_test(test_real_self_open),
		cmocka_unit_test(test_real_self_open_single_reads),
		cmocka_unit_test(test_real_parent_open),
		cmocka_unit_test(test_real_region_stays_off),
		cmocka_unit_test(test_real_region_enabled),
	};
	char err[256];

	if (argc > 1 && !strcmp(argv[1], "--touch"))
		return touch_pages(PAGES);
	if (perf_backend.init(err, sizeof(err))) {
		fprintf(stderr, "init: %s\n", err);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
