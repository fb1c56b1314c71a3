// SPDX-License-Identifier: MIT
/* perf_encode: resolving names with libpfm4 (perf spellings, software events,
 * modifiers, offline native encodings, unknown names), probing on this
 * machine, encoding comparison and copies. Tables of cases, each tagged
 * with its line (libpfm4 tests/validate_x86.c style). */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "counters.h"
#include "perf_internal.h"
#include "prereq.h"

struct resolve_case {
	int line;
	const char *name;
	bool user_only;
	int rc;
	uint32_t type;
	uint64_t config;
	bool exclude_user, exclude_kernel;
	int group;
	bool pinned;
	const char *unit, *pmu, *fstr_prefix;
};

#define HW(n, cfg, pfm)                                                  \
	{ __LINE__, n, false, 0, 0, cfg, false, false, PERF_GROUP_CPU, true, \
	  "", "perf", pfm }
#define BAD(n, uo, err) { .line = __LINE__, .name = n, .user_only = uo, .rc = err }
#define SW(n, cfg, unit, pfm)                                            \
	{ __LINE__, n, false, 0, 1, cfg, false, false, PERF_GROUP_SOFTWARE,  \
	  false, unit, "perf", pfm }

static const struct resolve_case resolve_cases[] = {
	HW("cycles", 0, "perf::PERF_COUNT_HW_CPU_CYCLES:"),
	HW("cpu-cycles", 0, "perf::PERF_COUNT_HW_CPU_CYCLES:"),
	HW("instructions", 1, "perf::PERF_COUNT_HW_INSTRUCTIONS:"),
	HW("cache-references", 2, "perf::PERF_COUNT_HW_CACHE_REFERENCES:"),
	HW("cache-misses", 3, "perf::PERF_COUNT_HW_CACHE_MISSES:"),
	HW("branches", 4, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS:"),
	HW("branch-misses", 5, "perf::PERF_COUNT_HW_BRANCH_MISSES:"),
	SW("cpu-clock", 0, "ns", "perf::PERF_COUNT_SW_CPU_CLOCK:"),
	SW("task-clock", 1, "ns", "perf::PERF_COUNT_SW_TASK_CLOCK:"),
	SW("page-faults", 2, "", "perf::PERF_COUNT_SW_PAGE_FAULTS:"),
	SW("faults", 2, "", "perf::PERF_COUNT_SW_PAGE_FAULTS:"),
	SW("context-switches", 3, "", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES:"),
	SW("cs", 3, "", "perf::PERF_COUNT_SW_CONTEXT_SWITCHES:"),
	SW("cpu-migrations", 4, "", "perf::PERF_COUNT_SW_CPU_MIGRATIONS:"),
	SW("migrations", 4, "", "perf::PERF_COUNT_SW_CPU_MIGRATIONS:"),
	SW("minor-faults", 5, "", "perf::PERF_COUNT_SW_PAGE_FAULTS_MIN:"),
	SW("major-faults", 6, "", "perf::PERF_COUNT_SW_PAGE_FAULTS_MAJ:"),
	SW("perf::PERF_COUNT_SW_TASK_CLOCK", 1, "ns",
	   "perf::PERF_COUNT_SW_TASK_CLOCK:"),
	/* modifiers: perf's :u, :k, :uk and libpfm4's own */
	{ __LINE__, "cycles:u", false, 0, 0, 0, false, true, 0, true, "",
	  "perf", "perf::PERF_COUNT_HW_CPU_CYCLES:u=1:k=0" },
	{ __LINE__, "cycles:k", false, 0, 0, 0, true, false, 0, true, "",
	  "perf", "perf::PERF_COUNT_HW_CPU_CYCLES:u=0:k=1" },
	{ __LINE__, "cycles:uk", false, 0, 0, 0, false, false, 0, true, "",
	  "perf", "perf::PERF_COUNT_HW_CPU_CYCLES:u=1:k=1" },
	{ __LINE__, "cycles:ku", false, 0, 0, 0, false, false, 0, true, "",
	  "perf", "perf::PERF_COUNT_HW_CPU_CYCLES:u=1:k=1" },
	{ __LINE__, "page-faults:u", false, 0, 1, 2, false, true, 1, false, "",
	  "perf", "perf::PERF_COUNT_SW_PAGE_FAULTS:u=1:k=0" },
	/* --user-only: exclude_kernel, never the other way round */
	{ __LINE__, "cycles", true, 0, 0, 0, false, true, 0, true, "", "perf",
	  "perf::PERF_COUNT_HW_CPU_CYCLES:u=1:k=0" },
	{ __LINE__, "task-clock", true, 0, 1, 1, false, true, 1, false, "ns",
	  "perf", "perf::PERF_COUNT_SW_TASK_CLOCK:u=1:k=0" },
	{ __LINE__, "cycles:u", true, 0, 0, 0, false, true, 0, true, "",
	  "perf", "perf::PERF_COUNT_HW_CPU_CYCLES:u=1:k=0" },
	BAD("cycles:k", true, -EINVAL),
	/* unknown */
	BAD("no-such-event", false, -ENOENT),
	BAD("cycles:bogus", false, -ENOENT),
	BAD("", false, -ENOENT),
};

static void test_resolve(void **state)
{
	for (size_t i = 0; i < sizeof(resolve_cases) / sizeof(resolve_cases[0]);
	     i++) {
		const struct resolve_case *c = &resolve_cases[i];
		struct event ev;
		char err[256] = "";
		int rc;

		print_message("line %d: %s%s\n", c->line, c->name,
			      c->user_only ? " (user only)" : "");
		rc = perf_backend.resolve(c->name, c->user_only, &ev, err,
					  sizeof(err));
		assert_int_equal(rc, c->rc);
		if (rc) {
			assert_true(strlen(err) > 0);
			if (rc == -ENOENT)
				assert_non_null(strstr(err, "abstat list"));
			continue;
		}
		assert_string_equal(ev.name, c->name);
		assert_int_equal(ev.type, c->type);
		assert_int_equal(ev.config, c->config);
		assert_int_equal(ev.exclude_user, c->exclude_user);
		assert_int_equal(ev.exclude_kernel, c->exclude_kernel);
		assert_int_equal(ev.group, c->group);
		assert_int_equal(ev.pinned, c->pinned);
		assert_true(ev.inherit);
		assert_int_equal(ev.state, EVENT_OK);
		assert_null(ev.reason);
		assert_string_equal(ev.unit, c->unit);
		assert_string_equal(ev.pmu, c->pmu);
		assert_memory_equal(ev.fstr, c->fstr_prefix,
				    strlen(c->fstr_prefix));
		event_free(&ev);
		assert_null(ev.name);
	}
}

/* The unknown-event message carries libpfm4's reason. */
static void test_resolve_unknown_reason(void **state)
{
	struct event ev;
	char err[256];

	assert_int_equal(perf_backend.resolve("no-such-event", false, &ev, err,
					      sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "'no-such-event'"));
	assert_non_null(strstr(err, "event not found"));
}

/* An event of a libpfm4 PMU that is not this machine's, chosen at run time
 * (never by name: what is foreign depends on the host). */
static void foreign_event(char *buf, size_t len, char *pmu, size_t plen)
{
	assert_int_equal(pfm_foreign_event(buf, len), 0);
	assert_non_null(strstr(buf, "::"));
	snprintf(pmu, plen, "%.*s", (int)(strstr(buf, "::") - buf), buf);
	print_message("foreign event: %s\n", buf);
}

/* Native names of a foreign PMU encode offline (LIBPFM_ENCODE_INACTIVE=1)
 * as that PMU's raw encoding, :u honoured, and are never this machine's. */
static void test_resolve_foreign(void **state)
{
	char name[256], pmu[128], with_u[300], err[256];
	struct event ev, evu;

	foreign_event(name, sizeof(name), pmu, sizeof(pmu));
	assert_false(pfm_pmu_present(pmu));
	assert_int_equal(perf_backend.resolve(name, false, &ev, err,
					      sizeof(err)), 0);
	assert_string_equal(ev.name, name);
	assert_string_equal(ev.pmu, pmu);
	assert_true(perf_type_is_cpu(ev.type));
	assert_int_equal(ev.group, PERF_GROUP_CPU);
	assert_true(ev.pinned && ev.inherit);
	assert_false(ev.exclude_user || ev.exclude_kernel);
	assert_memory_equal(ev.fstr, name, strlen(name));

	snprintf(with_u, sizeof(with_u), "%s:u", name);
	assert_int_equal(perf_backend.resolve(with_u, false, &evu, err,
					      sizeof(err)), 0);
	assert_false(evu.exclude_user);
	assert_true(evu.exclude_kernel);
	assert_int_equal(evu.type, ev.type);
	assert_int_equal(evu.config, ev.config);
	assert_string_equal(evu.pmu, pmu);
	event_free(&evu);

	/* an offline encoding never counts, whatever PMU is here */
	assert_int_equal(perf_backend.probe(&ev, err, sizeof(err)), 0);
	assert_int_equal(ev.state, EVENT_NOT_SUPPORTED);
	assert_non_null(strstr(ev.reason, pmu));
	assert_non_null(strstr(ev.reason, "is not this machine"));
	event_free(&ev);
}

static void probe_one(const char *name, struct event *ev)
{
	char err[256];

	assert_int_equal(perf_backend.resolve(name, false, ev, err,
					      sizeof(err)), 0);
	assert_int_equal(perf_backend.probe(ev, err, sizeof(err)), 0);
}

static void test_probe_software(void **state)
{
	static const char *const sw[] = { "task-clock", "page-faults",
					  "context-switches",
					  "cpu-migrations" };
	struct event ev;

	for (size_t i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		probe_one(sw[i], &ev);
		assert_int_equal(ev.state, EVENT_OK);
		event_free(&ev);
	}
}

/* No PMU: hardware events are not supported, with the reason. */
static void test_probe_no_pmu(void **state)
{
	struct event ev;

	PREREQ("!PMU");
	probe_one("cycles", &ev);
	assert_int_equal(ev.state, EVENT_NOT_SUPPORTED);
	if (!perf_cpu_pmu_present())
		assert_string_equal(ev.reason,
				    perf_hypervisor() ?
					    "not supported: no PMU exposed by this kernel (hypervisor)" :
					    "not supported: no PMU exposed by this kernel");
	else
		assert_non_null(strstr(ev.reason, "not supported: "));
	event_free(&ev);
}

/* A PMU: cycles and instructions probe as countable. */
static void test_probe_pmu(void **state)
{
	struct event ev;

	PREREQ("PMU");
	probe_one("instructions", &ev);
	assert_int_equal(ev.state, EVENT_OK);
	assert_null(ev.reason);
	event_free(&ev);
	probe_one("cycles", &ev);
	print_message("cycles: %s\n", ev.state == EVENT_OK ? "ok" : ev.reason);
	assert_int_equal(ev.state, EVENT_OK);
	event_free(&ev);
}

/* libpfm4 knows this CPU: its own PMU is present and its first event
 * encodes for it (type RAW or HARDWARE, the CPU group). */
static void test_cpu_pmu(void **state)
{
	const char *pmu;

	PREREQ("LIBPFM_CPU");
	pmu = pfm_cpu_pmu();
	assert_non_null(pmu);
	print_message("libpfm4 PMU of this CPU: %s\n", pmu);
	assert_true(pfm_pmu_present(pmu));
}

static void test_strerror(void **state)
{
	struct event ev = { .name = "cycles" };
	char buf[512], want[64];

	snprintf(want, sizeof(want), "perf_event_paranoid is %d",
		 perf_paranoid());
	perf_backend.strerror(&ev, EACCES, buf, sizeof(buf));
	assert_non_null(strstr(buf, "cycles"));
	assert_non_null(strstr(buf, want));
	assert_non_null(strstr(buf, "sysctl kernel.perf_event_paranoid=1"));
	assert_non_null(strstr(buf, "--user-only"));
	ev.exclude_kernel = true;
	perf_backend.strerror(&ev, EPERM, buf, sizeof(buf));
	assert_non_null(strstr(buf, "paranoid=2"));
	assert_null(strstr(buf, "--user-only"));
	perf_backend.strerror(&ev, EMFILE, buf, sizeof(buf));
	assert_non_null(strstr(buf, "ulimit -n"));
	assert_null(strchr(buf, '\n'));
	/* EINVAL at open for an event that opened alone: its group is
	 * larger than the PMU (a pinned group is never multiplexed) */
	ev.type = 0;
	ev.state = EVENT_OK;
	ev.pinned = true;
	perf_backend.strerror(&ev, EINVAL, buf, sizeof(buf));
	assert_non_null(strstr(buf, "more counters than the PMU has"));
	assert_non_null(strstr(buf, "--allow-multiplex"));
}

struct diff_case {
	int line;
	const char *field;
	void (*change)(struct event *ev);
};

#define DIFF(f, stmt)                                      \
	static void change_##f(struct event *ev) { stmt; }
DIFF(type, ev->type = 1)
DIFF(config, ev->config = 0xc1)
DIFF(config1, ev->config1 = 1)
DIFF(config2, ev->config2 = 1)
DIFF(exclude_user, ev->exclude_user = true)
DIFF(exclude_kernel, ev->exclude_kernel = true)
DIFF(exclude_hv, ev->exclude_hv = false)
DIFF(exclude_idle, ev->exclude_idle = true)
DIFF(exclude_host, ev->exclude_host = true)
DIFF(exclude_guest, ev->exclude_guest = false)
DIFF(pinned, ev->pinned = false)
DIFF(inherit, ev->inherit = false)
DIFF(pmu, ev->pmu = "amd64_fam19h_zen4")
DIFF(none_fstr, ev->fstr = "icl::INST_RETIRED:ANY_P:other-spelling")
DIFF(none_name, ev->name = "instructions-alias")

static const struct diff_case diff_cases[] = {
	{ __LINE__, "type", change_type },
	{ __LINE__, "config", change_config },
	{ __LINE__, "config1", change_config1 },
	{ __LINE__, "config2", change_config2 },
	{ __LINE__, "exclude_user", change_exclude_user },
	{ __LINE__, "exclude_kernel", change_exclude_kernel },
	{ __LINE__, "exclude_hv", change_exclude_hv },
	{ __LINE__, "exclude_idle", change_exclude_idle },
	{ __LINE__, "exclude_host", change_exclude_host },
	{ __LINE__, "exclude_guest", change_exclude_guest },
	{ __LINE__, "pinned", change_pinned },
	{ __LINE__, "inherit", change_inherit },
	{ __LINE__, "pmu", change_pmu }, /* raw: the PMU gives config meaning */
	{ __LINE__, NULL, change_none_fstr },
	{ __LINE__, NULL, change_none_name },
};

static void test_encoding_diff(void **state)
{
	const struct event base = {
		.name = "icl::INST_RETIRED:ANY_P", .fstr = "icl::INST_RETIRED",
		.pmu = "icl", .unit = "", .type = 4, .config = 0xc0,
		.exclude_hv = true, .exclude_guest = true, .pinned = true,
		.inherit = true,
	};

	assert_null(event_encoding_diff(&base, &base));
	for (size_t i = 0; i < sizeof(diff_cases) / sizeof(diff_cases[0]);
	     i++) {
		struct event b = base;
		const char *got;

		print_message("line %d\n", diff_cases[i].line);
		diff_cases[i].change(&b);
		got = event_encoding_diff(&base, &b);
		if (!diff_cases[i].field) {
			assert_null(got);
			continue;
		}
		assert_non_null(got);
		assert_string_equal(got, diff_cases[i].field);
		assert_string_equal(event_encoding_diff(&b, &base), got);
	}
}

static void test_copy(void **state)
{
	char *native[] = { "PAPI_TOT_INS", "perf::INSTRUCTIONS", NULL };
	struct event src = {
		.name = "cycles", .fstr = "perf::X", .pmu = "perf", .unit = "",
		.reason = "not supported: x", .native = native, .type = 0,
		.config = 7, .exclude_guest = true, .group = 1,
		.state = EVENT_NOT_SUPPORTED,
	};
	struct event dst;

	assert_int_equal(event_copy(&dst, &src), 0);
	assert_null(event_encoding_diff(&src, &dst));
	assert_ptr_not_equal(dst.name, src.name);
	assert_string_equal(dst.name, "cycles");
	assert_string_equal(dst.reason, "not supported: x");
	assert_string_equal(dst.native[1], "perf::INSTRUCTIONS");
	assert_null(dst.native[2]);
	assert_int_equal(dst.group, 1);
	assert_int_equal(dst.state, EVENT_NOT_SUPPORTED);
	event_free(&dst);
	event_free(&dst); /* idempotent */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_resolve),
		cmocka_unit_test(test_resolve_unknown_reason),
		cmocka_unit_test(test_resolve_foreign),
		cmocka_unit_test(test_probe_software),
		cmocka_unit_test(test_probe_no_pmu),
		cmocka_unit_test(test_probe_pmu),
		cmocka_unit_test(test_cpu_pmu),
		cmocka_unit_test(test_strerror),
		cmocka_unit_test(test_encoding_diff),
		cmocka_unit_test(test_copy),
	};
	char err[256];

	/* Offline encodings for PMUs this machine lacks; set before libpfm4
	 * initialises (it reads the environment once). */
	setenv("LIBPFM_ENCODE_INACTIVE", "1", 1);
	unsetenv("LIBPFM_FORCE_PMU");
	if (perf_backend.init(err, sizeof(err))) {
		fprintf(stderr, "init: %s\n", err);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
