// SPDX-License-Identifier: MIT
/*
 * test_papi: the PAPI backend through its backend_ops, with the real
 * libpapi. Name parsing is a table of cases. Counting is checked on
 * abstat itself (pid 0) with software events, which needs no PMU; the
 * attach path on a real child is checked for its error report, which is
 * all a PMU-less machine can show. The LIBPFM_FORCE_PMU case runs in a
 * child process: PAPI reads the variable once, at its first init.
 */
/* tags: alone */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "counters.h"
#include "prereq.h"

static const struct backend_ops *B = &papi_backend;

#if HAVE_PAPI

/* No hardware PMU: decided at run time (build/tests/prereq PMU). */
static bool no_pmu(void)
{
	return !prereq_have("PMU");
}

/* PAPI_PERF: the component is up; else init fails with PAPI's reason. */
static void test_init_reason(void **state)
{
	char err[512] = "";
	int rc = B->init(err, sizeof(err));

	print_message("init: %d %s\n", rc, err);
	if (prereq_have("PAPI_PERF")) {
		assert_int_equal(rc, 0);
		return;
	}
	assert_int_equal(rc, -ENODEV);
	/* PAPI's own reason: "libpfm4 no default PMU found" or the like */
	assert_non_null(strstr(err, "papi: perf_event component disabled: "));
	assert_true(strlen(err) > strlen("papi: perf_event component disabled: ; use --backend perf"));
	assert_non_null(strstr(err, "use --backend perf"));
	assert_null(strchr(err, '\n'));
}

/* No PMU: PAPI cannot attach, and probe says so, fatally, with the
 * kernel's reason, before anything is launched. */
static void test_probe_fatal(void **state)
{
	struct event ev;
	char err[512] = "";
	int rc;

	PREREQ("PAPI_PERF");
	assert_int_equal(B->resolve("task-clock", false, &ev, err,
				    sizeof(err)), 0);
	rc = B->probe(&ev, err, sizeof(err));
	print_message("probe: %d %s\n", rc, err);
	if (no_pmu()) {
		assert_int_equal(rc, -ENOENT);
		assert_non_null(strstr(err, "papi: PAPI cannot attach to a workload here: "));
		assert_non_null(strstr(err, "perf_event_open: No such file or directory"));
		assert_non_null(strstr(err, "the perf backend still counts software events: use --backend perf"));
		assert_null(strchr(err, '\n'));
	} else {
		assert_int_equal(rc, 0);
		assert_int_equal(ev.state, EVENT_OK);
	}
	event_free(&ev);
}

static const struct resolve_case {
	int line;
	const char *name;
	bool user_only;
	int rc;
	const char *fstr;   /* substring of fstr, or of err when rc != 0 */
	bool preset;
	int type;           /* -1: not checked */
	bool exclude_kernel, exclude_user;
	const char *unit;
} resolve_cases[] = {
	{ __LINE__, "PAPI_TOT_INS", false, 0, "PAPI_TOT_INS", true, -1,
	  false, false, "" },
	{ __LINE__, "PAPI_TOT_CYC", true, 0, "PAPI_TOT_CYC", true, -1,
	  true, false, "" },
	{ __LINE__, "task-clock", false, 0, "PERF_COUNT_SW_TASK_CLOCK", false,
	  1, false, false, "ns" },
	{ __LINE__, "perf::PAGE-FAULTS:u", false, 0,
	  "PERF_COUNT_SW_PAGE_FAULTS:u=1:k=0", false, 1, true, false, "" },
	{ __LINE__, "cycles", true, 0, "PERF_COUNT_HW_CPU_CYCLES", false, 0,
	  true, false, "" },
	{ __LINE__, "page-faults:k", true, -EINVAL, "--user-only", false, -1,
	  false, false, NULL },
	{ __LINE__, "PAPI_TOT_INS:u", false, -EINVAL, "use --user-only",
	  false, -1, false, false, NULL },
	{ __LINE__, "nonesuch_event", false, -ENOENT,
	  "unknown event 'nonesuch_event': PAPI says: ", false, -1, false,
	  false, NULL },
	{ __LINE__, "perf::NOPE", false, -ENOENT,
	  "Event does not exist; see abstat list --backend papi", false, -1,
	  false, false, NULL },
	{ __LINE__, "PAPI_NO_SUCH", false, -ENOENT, "abstat list --backend papi",
	  false, -1, false, false, NULL },
};

static void test_resolve_table(void **state)
{
	size_t i;

	PREREQ("PAPI_PERF");
	for (i = 0; i < sizeof(resolve_cases) / sizeof(resolve_cases[0]); i++) {
		const struct resolve_case *c = &resolve_cases[i];
		struct event ev;
		char err[512] = "";
		int rc = B->resolve(c->name, c->user_only, &ev, err,
				    sizeof(err));

		print_message("line %d: %s -> %d %s\n", c->line, c->name, rc,
			      rc ? err : ev.fstr);
		assert_int_equal(rc, c->rc);
		if (rc) {
			assert_non_null(strstr(err, c->fstr));
			assert_null(strchr(err, '\n'));
			continue;
		}
		assert_string_equal(ev.name, c->name);
		assert_non_null(strstr(ev.fstr, c->fstr));
		assert_string_equal(ev.pmu, "perf_event");
		assert_string_equal(ev.unit, c->unit);
		assert_int_equal(ev.state, EVENT_OK);
		assert_true(ev.inherit && ev.pinned);
		if (!strchr(c->name, ':'))
			assert_true(ev.exclude_hv);
		assert_int_equal(ev.exclude_kernel, c->exclude_kernel);
		assert_int_equal(ev.exclude_user, c->exclude_user);
		if (c->preset)
			assert_non_null(ev.native);
		else
			assert_null(ev.native);
		if (c->type >= 0)
			assert_int_equal(ev.type, c->type);
		event_free(&ev);
	}
}

/* Burn at least 5 ms of this thread's CPU time: sized by the clock at run
 * time, not by an iteration count tuned to one CPU. */
static void busy(void)
{
	volatile unsigned long x = 0;
	struct timespec t0, t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
	do {
		for (unsigned long i = 0; i < 10000; i++)
			x += i;
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	} while ((t.tv_sec - t0.tv_sec) * 1000000000L +
		 (t.tv_nsec - t0.tv_nsec) < 5000000L);
	(void)x; /* the loop, not its sum, is the point */
}

/* Counting on abstat itself (pid 0): the accumulate/region logic, with
 * software events, which count without a PMU. */
static void test_count_self(void **state)
{
	struct event evs[2];
	struct counter_value v[2];
	struct counter_set *s;
	char err[512];
	int bad;

	PREREQ("PAPI_PERF");
	assert_int_equal(B->resolve("task-clock", false, &evs[0], err,
				    sizeof(err)), 0);
	assert_int_equal(B->resolve("cycles", false, &evs[1], err,
				    sizeof(err)), 0);
	/* probe is fatal without a PMU (PAPI cannot attach); on abstat
	 * itself no attach is needed, so classify by hand */
	if (no_pmu())
		evs[1].state = EVENT_NOT_SUPPORTED;
	assert_int_equal(B->prepare(evs, 2, &s), 0);

	/* whole run */
	assert_int_equal(B->open(s, 0, false, &bad), 0);
	assert_int_equal(B->start(s), 0);
	busy();
	/* read does not stop counting (the launcher's region baseline) */
	assert_int_equal(B->read(s, v, err, sizeof(err)), 0);
	{
		uint64_t first = v[0].value;

		assert_true(first > 4000000); /* busy() ran >= 5 ms */
		busy();
		assert_int_equal(B->read(s, v, err, sizeof(err)), 0);
		assert_true(v[0].value > first + 4000000);
	}
	B->close(s);
	assert_true(v[0].enabled_ns > 0);
	assert_true(v[0].enabled_ns == v[0].running_ns);
	if (evs[1].state != EVENT_OK)
		assert_true(v[1].value == 0 && v[1].enabled_ns == 0);

	/* region: nothing before enable; two pairs accumulate */
	assert_int_equal(B->open(s, 0, true, &bad), 0);
	assert_int_equal(B->start(s), 0);
	busy();
	assert_int_equal(B->read(s, v, err, sizeof(err)), 0);
	assert_true(v[0].value == 0 && v[0].enabled_ns == 0);
	B->close(s);
	assert_int_equal(B->open(s, 0, true, &bad), 0);
	assert_int_equal(B->start(s), 0);
	assert_int_equal(B->enable(s), 0);
	busy();
	assert_int_equal(B->disable(s), 0);
	assert_int_equal(B->read(s, v, err, sizeof(err)), 0);
	{
		uint64_t one = v[0].value;

		assert_true(one > 4000000);
		B->close(s);
		assert_int_equal(B->open(s, 0, true, &bad), 0);
		assert_int_equal(B->enable(s), 0);
		busy();
		assert_int_equal(B->disable(s), 0);
		assert_int_equal(B->enable(s), 0);
		busy();
		assert_int_equal(B->disable(s), 0);
		assert_int_equal(B->read(s, v, err, sizeof(err)), 0);
		/* two loops: both counted (each >= 5 ms), time-consistent */
		assert_true(v[0].value > 8000000);
		assert_true(v[0].value <= v[0].enabled_ns + 1000000);
	}
	B->close(s);
	B->free(s);
	event_free(&evs[0]);
	event_free(&evs[1]);
}

/* Fork a child that blocks on a pipe (the launcher's gate). */
static pid_t gated_child(int *gate)
{
	int p[2];
	pid_t pid;
	char c;

	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		close(p[1]);
		if (read(p[0], &c, 1) == 1)
			execlp("true", "true", (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	*gate = p[1];
	return pid;
}

/* Attach to a real child: on a PMU-less kernel PAPI_attach fails, and
 * the report must carry the kernel's reason. 0 when it counted, else the
 * open() error with its sentence in msg. No cmocka asserts: this also
 * runs in the forced-PMU child. */
static int try_attach(struct event *ev, char *msg, size_t len)
{
	struct counter_value v[1];
	struct counter_set *s;
	char err[512];
	int gate, bad, rc, st;
	pid_t pid = gated_child(&gate);

	ev->state = EVENT_OK;
	if (B->prepare(ev, 1, &s))
		return -ENOMEM;
	rc = B->open(s, pid, false, &bad);
	if (rc == 0) {
		rc = B->start(s);
		if (write(gate, "x", 1) != 1)
			rc = -EIO;
		waitpid(pid, &st, 0);
		if (!rc)
			rc = B->read(s, v, err, sizeof(err));
		snprintf(msg, len, "counted %llu", (unsigned long long)v[0].value);
	} else {
		B->strerror(ev, rc, msg, len);
		close(gate);
		waitpid(pid, &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st) != 127)
			snprintf(msg, len, "the gated child ran its command");
	}
	B->close(s);
	B->free(s);
	return rc;
}

static void test_attach_child(void **state)
{
	struct event ev;
	char err[512], msg[512];
	int rc;

	PREREQ("PAPI_PERF");
	assert_int_equal(B->resolve("task-clock", false, &ev, err,
				    sizeof(err)), 0);
	rc = try_attach(&ev, msg, sizeof(msg));
	print_message("attach: %d %s\n", rc, msg);
	if (no_pmu()) {
		assert_int_equal(rc, -ENOENT);
		assert_non_null(strstr(msg, " on pid "));
		assert_non_null(strstr(msg, "perf_event_open: No such file or directory"));
		assert_non_null(strstr(msg, "use --backend perf"));
	} else {
		assert_int_equal(rc, 0);
	}
	event_free(&ev);
}

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "forced: line %d: %s\n", \
	__LINE__, #c); _exit(1); } } while (0)

/*
 * LIBPFM_FORCE_PMU=<a PMU that is not this machine's, chosen at run time>:
 * PAPI's component comes up for a CPU that is not there. The native event
 * resolves to the same encoding the perf backend gives it; counting then
 * fails with the kernel's reason. Runs in a child: PAPI reads the variable
 * at init.
 */
static char forced_event[256], forced_pmu[128];
static unsigned forced_type;
static unsigned long long forced_config;

static void forced_child(void)
{
	struct event ev;
	char err[512], msg[512];
	int rc;

	setenv("LIBPFM_FORCE_PMU", forced_pmu, 1);
	if (B->init(err, sizeof(err)) != 0)
		fprintf(stderr, "forced init: %s\n", err);
	rc = B->resolve("PAPI_TOT_INS", false, &ev, err, sizeof(err));
	fprintf(stderr, "forced PAPI_TOT_INS: %d %s\n", rc, rc ? err : ev.fstr);
	if (rc == 0) { /* a preset where PAPI has a table for that PMU */
		CHECK(strcmp(ev.fstr, "PAPI_TOT_INS") == 0);
		CHECK(ev.native != NULL);
		event_free(&ev);
	} else {
		CHECK(rc == -ENOENT);
		CHECK(strstr(err, "abstat list --backend papi"));
	}
	CHECK(B->resolve(forced_event, false, &ev, err, sizeof(err)) == 0);
	CHECK(ev.type == forced_type);
	CHECK(ev.config == forced_config);
	CHECK(strncmp(ev.fstr, forced_event, strlen(forced_event)) == 0);
	CHECK(strstr(ev.fstr, ":u=1:k=1"));
	{
		struct event sw;

		/* the forced PMU replaces the default ones, perf:: too */
		CHECK(B->resolve("task-clock", false, &sw, err,
				 sizeof(err)) == -ENOENT);
	}
	rc = try_attach(&ev, msg, sizeof(msg));
	fprintf(stderr, "forced attach: %d %s\n", rc, msg);
	CHECK(rc != 0); /* that PMU is not this machine's */
	if (no_pmu())
		CHECK(strstr(msg, "perf_event_open: No such file or directory"));
	B->fini();
	_exit(0);
}

static void test_forced_pmu(void **state)
{
	char enc[128];
	int st;
	pid_t pid;

	PREREQ("FOREIGN_PMU");
	assert_true(prereq_value("foreign-event", forced_event,
				 sizeof(forced_event)));
	assert_true(prereq_value("foreign-encoding", enc, sizeof(enc)));
	assert_int_equal(sscanf(enc, "%u %llx", &forced_type, &forced_config), 2);
	snprintf(forced_pmu, sizeof(forced_pmu), "%.*s",
		 (int)(strstr(forced_event, "::") - forced_event), forced_event);
	print_message("forcing %s: %s (type %u config %#llx)\n", forced_pmu,
		      forced_event, forced_type, forced_config);
	pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		forced_child();
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
}

static void test_list(void **state)
{
	char *buf = NULL, line[256];
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int presets = 0, yes = 0;

	assert_non_null(f);
	assert_int_equal(B->list("no-such-event-xyz", false, false, f), -ENOENT);
	rewind(f);
	assert_int_equal(B->list("TOT_INS", false, false, f), 0);
	fclose(f);
	print_message("%s", buf);
	f = fmemopen(buf, len, "r");
	while (fgets(line, sizeof(line), f)) {
		assert_true(strlen(line) <= 81);
		if (strncmp(line, "PAPI_TOT_INS ", 13) == 0)
			presets++;
		if (strstr(line, " yes "))
			yes++;
	}
	fclose(f);
	assert_int_equal(presets, 1);
	if (no_pmu())
		assert_int_equal(yes, 0);
	if (!prereq_have("PAPI_PERF")) {
		/* the component is down: the header says so, and why */
		assert_non_null(strstr(buf, "component perf_event: disabled"));
		assert_non_null(strstr(buf, "papi: perf_event component disabled: "));
	}
	free(buf);
}

#else /* !HAVE_PAPI */

static void test_without_papi(void **state)
{
	char err[256] = "";

	assert_true(B->init(err, sizeof(err)) < 0);
	assert_string_equal(err, "abstat was built without PAPI; install libpapi-dev and rebuild");
	assert_false(B->self_open);
}

#endif

int main(void)
{
	const struct CMUnitTest tests[] = {
#if HAVE_PAPI
		cmocka_unit_test(test_forced_pmu),
		cmocka_unit_test(test_init_reason),
		cmocka_unit_test(test_resolve_table),
		cmocka_unit_test(test_probe_fatal),
		cmocka_unit_test(test_count_self),
		cmocka_unit_test(test_attach_child),
		cmocka_unit_test(test_list),
#else
		cmocka_unit_test(test_without_papi),
#endif
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
