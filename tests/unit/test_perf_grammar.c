// SPDX-License-Identifier: MIT
/* perf_grammar: perf's event syntax in the perf backend: splitting -e
 * lists ({a,b} groups, pmu/a=1,b=2/ commas), modifiers, and encoding
 * against a fake sysfs and tracefs (PMU formats and event aliases,
 * tracepoint ids, missing PMUs), breakpoints, duration_time, the software
 * events libpfm4 lacks, and encodings compared across boots. Tables of
 * cases, each tagged with its line. */
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
#include "fake_sysroot.h"
#include "perf_internal.h"

struct split_case {
	int line;
	const char *list;
	int rc;
	const char *names; /* "name@group name@group ..." */
};

static const struct split_case split_cases[] = {
	{ __LINE__, "cycles", 0, "cycles@0" },
	{ __LINE__, "a,b", 0, "a@0 b@0" },
	{ __LINE__, "{a,b},c", 0, "a@1 b@1 c@0" },
	{ __LINE__, "c,{a,b}:u,{d}", 0, "c@0 a:u@1 b:u@1 d@2" },
	{ __LINE__, "cpu/event=0xc0,umask=0/,x", 0,
	  "cpu/event=0xc0,umask=0/@0 x@0" },
	{ __LINE__, "{msr/tsc/u,cpu/event=1,umask=2/}", 0,
	  "msr/tsc/u@1 cpu/event=1,umask=2/@1" },
	{ __LINE__, "mem:0x1000/8:rw,cycles", 0, "mem:0x1000/8:rw@0 cycles@0" },
	{ __LINE__, "sched:sched_switch,cycles:ppp", 0,
	  "sched:sched_switch@0 cycles:ppp@0" },
	{ __LINE__, "{a,b", -EINVAL, NULL },
	{ __LINE__, "a}", -EINVAL, NULL },
	{ __LINE__, "{a,{b}}", -EINVAL, NULL },
	{ __LINE__, "a,,b", -EINVAL, NULL },
	{ __LINE__, "a,", -EINVAL, NULL },
	{ __LINE__, "{}", -EINVAL, NULL },
	{ __LINE__, "{a}x", -EINVAL, NULL },
	{ __LINE__, "{a}:zz", -EINVAL, NULL },
};

static void test_split(void **state)
{
	for (size_t i = 0; i < sizeof(split_cases) / sizeof(split_cases[0]);
	     i++) {
		const struct split_case *c = &split_cases[i];
		struct event_token *t;
		char err[256] = "", got[512] = "";
		size_t n;
		int rc;

		print_message("line %d: %s\n", c->line, c->list);
		rc = counters_split(c->list, &t, &n, err, sizeof(err));
		assert_int_equal(rc, c->rc);
		if (rc) {
			assert_null(t);
			assert_non_null(strstr(err, "expected EVENT"));
			continue;
		}
		for (size_t k = 0; k < n; k++)
			snprintf(got + strlen(got), sizeof(got) - strlen(got),
				 "%s%s@%d", k ? " " : "", t[k].name, t[k].group);
		assert_string_equal(got, c->names);
		counters_split_free(t, n);
	}
}

struct mods_case {
	int line;
	const char *name, *body;
	bool u, k, h, guest, host, no_idle, pinned;
	int precise;
};

static const struct mods_case mods_cases[] = {
	{ .line = __LINE__, .name = "cycles", .body = "cycles" },
	{ .line = __LINE__, .name = "cycles:u", .body = "cycles", .u = true },
	{ .line = __LINE__, .name = "cycles:uk", .body = "cycles", .u = true, .k = true },
	{ .line = __LINE__, .name = "cycles:ppp", .body = "cycles", .precise = 3 },
	{ .line = __LINE__, .name = "cycles:pp", .body = "cycles", .precise = 2 },
	{ .line = __LINE__, .name = "cycles:P", .body = "cycles", .precise = 3 },
	{ .line = __LINE__, .name = "cycles:kGHID", .body = "cycles", .k = true, .guest = true,
	  .host = true, .no_idle = true, .pinned = true },
	{ .line = __LINE__, .name = "cycles:k:u", .body = "cycles", .u = true, .k = true },
	{ .line = __LINE__, .name = "sched:sched_switch", .body = "sched:sched_switch" },
	{ .line = __LINE__, .name = "sched:sched_switch:u", .body = "sched:sched_switch", .u = true },
	{ .line = __LINE__, .name = "icl::INST_RETIRED:ANY_P", .body = "icl::INST_RETIRED:ANY_P" },
	{ .line = __LINE__, .name = "perf::CYCLES:k", .body = "perf::CYCLES", .k = true },
	{ .line = __LINE__, .name = "cycles:bogus", .body = "cycles:bogus" },
	{ .line = __LINE__, .name = "mem:0x1000:rw", .body = "mem:0x1000:rw" },
};

static void test_mods(void **state)
{
	for (size_t i = 0; i < sizeof(mods_cases) / sizeof(mods_cases[0]);
	     i++) {
		const struct mods_case *c = &mods_cases[i];
		struct perf_mods m;
		char body[128];

		print_message("line %d: %s\n", c->line, c->name);
		snprintf(body, sizeof(body), "%s", c->name);
		assert_int_equal(perf_mods_split(body, &m), 0);
		assert_string_equal(body, c->body);
		assert_int_equal(m.u, c->u);
		assert_int_equal(m.k, c->k);
		assert_int_equal(m.h, c->h);
		assert_int_equal(m.guest, c->guest);
		assert_int_equal(m.host, c->host);
		assert_int_equal(m.no_idle, c->no_idle);
		assert_int_equal(m.pinned, c->pinned);
		assert_int_equal(m.precise, c->precise);
	}
}

/* The fake machine: an Intel-like cpu PMU, msr, a PMU with a split
 * format and an alias needing a value, and tracefs at the debugfs path. */
static const char *const grammar_files[][2] = {
	{ "/sys/bus/event_source/devices/cpu/type", "4\n" },
	{ "/sys/bus/event_source/devices/cpu/format/event", "config:0-7\n" },
	{ "/sys/bus/event_source/devices/cpu/format/umask", "config:8-15\n" },
	{ "/sys/bus/event_source/devices/cpu/format/edge", "config:18\n" },
	{ "/sys/bus/event_source/devices/cpu/format/ldlat", "config1:0-15\n" },
	{ "/sys/bus/event_source/devices/cpu/events/instructions",
	  "event=0xc0\n" },
	{ "/sys/bus/event_source/devices/cpu/events/mem-loads",
	  "event=0xcd,umask=0x1,ldlat=3\n" },
	{ "/sys/bus/event_source/devices/msr/type", "10\n" },
	{ "/sys/bus/event_source/devices/msr/format/event", "config:0-63\n" },
	{ "/sys/bus/event_source/devices/msr/events/tsc", "event=0x00\n" },
	{ "/sys/bus/event_source/devices/msr/events/smi", "event=0x04\n" },
	{ "/sys/bus/event_source/devices/split/type", "23\n" },
	{ "/sys/bus/event_source/devices/split/format/ev", "config:0-3,8-11\n" },
	{ "/sys/bus/event_source/devices/split/events/ask", "ev=?\n" },
	{ "/sys/kernel/debug/tracing/events/header_page", "x\n" },
	{ "/sys/kernel/debug/tracing/events/sched/sched_switch/id", "316\n" },
	{ "/sys/kernel/debug/tracing/events/raw_syscalls/sys_enter/id",
	  "21\n" },
	{ "/sys/kernel/debug/tracing/events/bad/id_text/id", "x12\n" },
};

static int grammar_setup(void **state)
{
	(void)state;
	snprintf(fake_root, sizeof(fake_root), "/tmp/abstat-grammar.XXXXXX");
	if (!mkdtemp(fake_root))
		return -1;
	for (size_t i = 0; i < sizeof(grammar_files) / sizeof(grammar_files[0]);
	     i++)
		if (fake_put(fake_root, grammar_files[i][0], grammar_files[i][1]))
			return -1;
	perf_sysfs_set_root(fake_root);
	return 0;
}

static int grammar_teardown(void **state)
{
	perf_sysfs_set_root("");
	return fake_teardown(state);
}

struct enc_case {
	int line;
	const char *name;
	bool user_only;
	int rc;
	uint32_t type;
	uint64_t config, config1, config2;
	const char *pmu, *fstr, *unit, *err; /* err: a part of the message */
	int group;
	bool exclude_user, exclude_kernel, exclude_hv;
	int precise;
};

#define ENC_BAD(n, uo, e, part)                                          \
	{ .line = __LINE__, .name = n, .user_only = uo, .rc = e, .err = part }

static const struct enc_case enc_cases[] = {
	/* sysfs PMUs: terms through format/, aliases through events/ */
	{ __LINE__, "msr/tsc/", false, 0, 10, 0, 0, 0, "msr",
	  "msr/config=0x0,config1=0x0,config2=0x0/", "", NULL,
	  PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "msr/smi/", false, 0, 10, 4, 0, 0, "msr", NULL, "", NULL,
	  PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "msr/event=5/u", false, 0, 10, 5, 0, 0, "msr", NULL, "",
	  NULL, PERF_GROUP_OTHER, false, true, true, 0 },
	{ __LINE__, "msr/tsc/:k", false, 0, 10, 0, 0, 0, "msr", NULL, "",
	  NULL, PERF_GROUP_OTHER, true, false, true, 0 },
	{ __LINE__, "cpu/event=0xc0,umask=0/", false, 0, 4, 0xc0, 0, 0, "cpu",
	  NULL, "", NULL, PERF_GROUP_CPU, false, false, true, 0 },
	{ __LINE__, "cpu/event=0x3c,umask=0x1,edge/", false, 0, 4,
	  0x3c | 0x100 | 1 << 18, 0, 0, "cpu", NULL, "", NULL,
	  PERF_GROUP_CPU, false, false, true, 0 },
	{ __LINE__, "cpu/instructions/", false, 0, 4, 0xc0, 0, 0, "cpu", NULL,
	  "", NULL, PERF_GROUP_CPU, false, false, true, 0 },
	{ __LINE__, "cpu/mem-loads/", false, 0, 4, 0x1cd, 3, 0, "cpu", NULL,
	  "", NULL, PERF_GROUP_CPU, false, false, true, 0 },
	{ __LINE__, "cpu/config=0x1234,config1=7,config2=9/", false, 0, 4,
	  0x1234, 7, 9, "cpu", NULL, "", NULL, PERF_GROUP_CPU, false, false,
	  true, 0 },
	{ __LINE__, "split/ev=0xff/", false, 0, 23, 0xf0f, 0, 0, "split", NULL,
	  "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "msr/tsc/", true, 0, 10, 0, 0, 0, "msr", NULL, "", NULL,
	  PERF_GROUP_OTHER, false, true, false, 0 },
	{ __LINE__, "msr/tsc,name=cycles-of-tsc/", false, 0, 10, 0, 0, 0, "msr",
	  NULL, "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	ENC_BAD("cpu/event=1,period=1000/", false, -EINVAL, "for sampling"),
	ENC_BAD("sched:sched_*", false, -ENOENT, "globs"),
	ENC_BAD("user_time", false, -EINVAL, "user row"),
	ENC_BAD("system_time", false, -EINVAL, "sys row"),
	ENC_BAD("split/ev=0x100/", false, -EINVAL, "value too large"),
	ENC_BAD("split/ask/", false, -EINVAL, "perf asks for it"),
	ENC_BAD("cpu/umask=/", false, -EINVAL, "no value"),
	ENC_BAD("cpu/event=zz/", false, -EINVAL, "not a number"),
	ENC_BAD("cpu/nosuch=1/", false, -ENOENT, "no term or event 'nosuch'"),
	ENC_BAD("cpu/event=1/x", false, -EINVAL, "unknown modifier"),
	ENC_BAD("nopmu/event=1/", false, -ENOENT, "no PMU named nopmu"),
	ENC_BAD("../cpu/event=1/", false, -ENOENT, "not a PMU name"),
	ENC_BAD("cpu/", false, -ENOENT, "expected PMU/TERM=VALUE"),
	/* tracepoints, by tracefs id (debugfs path here) */
	{ __LINE__, "sched:sched_switch", false, 0, 2, 316, 0, 0, "tracepoint",
	  "sched:sched_switch", "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "raw_syscalls:sys_enter", false, 0, 2, 21, 0, 0,
	  "tracepoint", "raw_syscalls:sys_enter", "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	ENC_BAD("sched:sched_switch", true, -EINVAL, "--user-only"),
	ENC_BAD("sched:nosuch", false, -ENOENT, "no tracepoint sched:nosuch"),
	ENC_BAD("bad:id_text", false, -EIO, "malformed id"),
	/* breakpoints: bp_type in config, bp_addr config1, bp_len config2 */
	{ __LINE__, "mem:0x1000", false, 0, 5, 3, 0x1000, 4, "breakpoint",
	  "mem:0x1000/4:rw", "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "mem:0x2000/8:w", false, 0, 5, 2, 0x2000, 8, "breakpoint",
	  "mem:0x2000/8:w", "", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "mem:0x400000:x:u", false, 0, 5, 4, 0x400000,
	  sizeof(long), "breakpoint", NULL, "", NULL, PERF_GROUP_OTHER, false,
	  true, true, 0 },
	ENC_BAD("mem:0x1000/3", false, -ENOENT, "LEN 1, 2, 4 or 8"),
	ENC_BAD("mem:zz", false, -ENOENT, "expected mem:ADDR"),
	ENC_BAD("mem:0x1000:rx", false, -EINVAL, "execute breakpoint"),
	/* perf's tool and software events libpfm4 lacks */
	{ __LINE__, "duration_time", false, 0, PERF_TYPE_ABSTAT_TOOL, 1, 0, 0,
	  "tool", "duration_time", "ns", NULL, PERF_GROUP_OTHER, 0, 0, 0, 0 },
	{ __LINE__, "emulation-faults", false, 0, 1, 8, 0, 0, "perf", NULL,
	  "", NULL, PERF_GROUP_SOFTWARE, false, false, true, 0 },
	{ __LINE__, "alignment-faults:u", false, 0, 1, 7, 0, 0, "perf", NULL,
	  "", NULL, PERF_GROUP_SOFTWARE, false, true, true, 0 },
	{ __LINE__, "dummy", true, 0, 1, 9, 0, 0, "perf", NULL, "", NULL,
	  PERF_GROUP_SOFTWARE, false, true, true, 0 },
	{ __LINE__, "bpf-output", false, 0, 1, 10, 0, 0, "perf", NULL, "",
	  NULL, PERF_GROUP_SOFTWARE, false, false, true, 0 },
	ENC_BAD("emulation-faults:k", true, -EINVAL, "--user-only"),
	/* precise levels: kept, never encoded; libpfm4 path */
	{ __LINE__, "page-faults:ppp", false, 0, 1, 2, 0, 0, "perf", NULL, "",
	  NULL, PERF_GROUP_SOFTWARE, false, false, true, 3 },
	{ __LINE__, "task-clock:uP", false, 0, 1, 1, 0, 0, "perf", NULL, "ns",
	  NULL, PERF_GROUP_SOFTWARE, false, true, true, 3 },
	ENC_BAD("cycles:W", false, -EINVAL, "modifier W is not supported"),
	ENC_BAD("{cycles:uS", false, -EINVAL, "for sampling"),
	ENC_BAD("msr/tsc/:b", false, -EINVAL, "BPF"),
	ENC_BAD("no-such-event", false, -ENOENT, "abstat list"),
	ENC_BAD("cycles:bogus", false, -ENOENT, "unknown modifier 'bogus' of cycles"),
};

static void test_encode(void **state)
{
	for (size_t i = 0; i < sizeof(enc_cases) / sizeof(enc_cases[0]); i++) {
		const struct enc_case *c = &enc_cases[i];
		struct event ev;
		char err[512] = "";
		int rc;

		print_message("line %d: %s%s\n", c->line, c->name,
			      c->user_only ? " (user only)" : "");
		rc = perf_encode(c->name, c->user_only, &ev, err, sizeof(err));
		if (rc)
			print_message("  %s\n", err);
		assert_int_equal(rc, c->rc);
		if (rc) {
			assert_non_null(strstr(err, c->err));
			assert_null(ev.name);
			continue;
		}
		assert_string_equal(ev.name, c->name);
		assert_int_equal(ev.type, c->type);
		assert_int_equal(ev.config, c->config);
		assert_int_equal(ev.config1, c->config1);
		assert_int_equal(ev.config2, c->config2);
		assert_string_equal(ev.pmu, c->pmu);
		if (c->fstr)
			assert_string_equal(ev.fstr, c->fstr);
		assert_string_equal(ev.unit, c->unit);
		assert_int_equal(ev.group, c->group);
		assert_int_equal(ev.pinned, c->group == PERF_GROUP_CPU);
		assert_int_equal(ev.exclude_user, c->exclude_user);
		assert_int_equal(ev.exclude_kernel, c->exclude_kernel);
		/* exclude_hv of perf's own events is libpfm4's choice, which
		 * differs between machines (0 on a model 167 Xeon guest) */
		if (strcmp(c->pmu, "perf"))
			assert_int_equal(ev.exclude_hv, c->exclude_hv);
		assert_int_equal(ev.precise, c->precise);
		assert_true(ev.inherit);
		assert_int_equal(ev.state, EVENT_OK);
		event_free(&ev);
	}
}

/* Without tracefs anywhere, the error says how to mount it. */
static void test_no_tracefs(void **state)
{
	char root[64], err[512];
	struct event ev;

	snprintf(root, sizeof(root), "/tmp/abstat-notrace.XXXXXX");
	assert_non_null(mkdtemp(root));
	assert_int_equal(fake_put(root, "/proc/self/mounts",
				  "proc /proc proc rw 0 0\n"), 0);
	perf_sysfs_set_root(root);
	assert_int_equal(perf_encode("sched:sched_switch", false, &ev, err,
				     sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "mount -t tracefs"));
	/* a tracefs mounted elsewhere is found through the mount table */
	assert_int_equal(fake_put(root, "/proc/self/mounts",
				  "nodev /mnt/tr tracefs rw 0 0\n"), 0);
	assert_int_equal(fake_put(root, "/mnt/tr/events/header_page", "x"), 0);
	assert_int_equal(fake_put(root, "/mnt/tr/events/sched/sched_switch/id",
				  "77\n"), 0);
	assert_int_equal(perf_encode("sched:sched_switch", false, &ev, err,
				     sizeof(err)), 0);
	assert_int_equal(ev.config, 77);
	event_free(&ev);
	perf_sysfs_set_root(fake_root);
	fake_rm(root, "");
}

struct diff_case {
	int line;
	struct event a, b;
	const char *field;
};

static const struct diff_case diff_cases[] = {
	/* a sysfs PMU's type changes with the boot, its name does not */
	{ __LINE__, { .type = 10, .pmu = "msr" }, { .type = 11, .pmu = "msr" },
	  NULL },
	{ __LINE__, { .type = 10, .pmu = "msr" }, { .type = 10, .pmu = "power" },
	  "pmu" },
	{ __LINE__, { .type = 10, .pmu = "msr", .config = 0 },
	  { .type = 11, .pmu = "msr", .config = 4 }, "config" },
	/* a tracepoint's id changes with the kernel, its name does not */
	{ __LINE__, { .type = 2, .config = 316, .fstr = "sched:sched_switch" },
	  { .type = 2, .config = 372, .fstr = "sched:sched_switch" }, NULL },
	{ __LINE__, { .type = 2, .config = 316, .fstr = "sched:sched_switch" },
	  { .type = 2, .config = 316, .fstr = "sched:sched_wakeup" },
	  "tracepoint" },
	{ __LINE__, { .type = 2, .fstr = "sched:sched_switch" },
	  { .type = 1, .fstr = "sched:sched_switch" }, "type" },
	{ __LINE__, { .type = 5, .config = 3, .config1 = 0x1000 },
	  { .type = 5, .config = 3, .config1 = 0x2000 }, "config1" },
	{ __LINE__, { .type = 1, .config = 2 }, { .type = 1, .config = 2 },
	  NULL },
};

static void test_diff(void **state)
{
	for (size_t i = 0; i < sizeof(diff_cases) / sizeof(diff_cases[0]);
	     i++) {
		const struct diff_case *c = &diff_cases[i];
		const char *got = event_encoding_diff(&c->a, &c->b);

		print_message("line %d\n", c->line);
		if (!c->field) {
			assert_null(got);
			continue;
		}
		assert_non_null(got);
		assert_string_equal(got, c->field);
	}
}

static int walk_collect(const char *name, void *arg)
{
	char *buf = arg;

	snprintf(buf + strlen(buf), 512 - strlen(buf), "%s%s", *buf ? " " : "",
		 name);
	return 0;
}

/* abstat list's walks: PMU aliases (not .scale/.unit), tracepoints. */
static void test_walk(void **state)
{
	char got[512] = "";

	assert_int_equal(fake_put(fake_root,
				  "/sys/bus/event_source/devices/msr/events/tsc.unit",
				  "x"), 0);
	assert_int_equal(perf_sysfs_for_each_pmu_event(walk_collect, got), 0);
	assert_string_equal(got, "cpu/instructions/ cpu/mem-loads/ msr/smi/ "
				 "msr/tsc/ split/ask/");
	got[0] = '\0';
	assert_int_equal(fake_put(fake_root,
				  "/sys/kernel/debug/tracing/events/sched/enable",
				  "0"), 0);
	assert_int_equal(perf_sysfs_for_each_tracepoint(walk_collect, got), 0);
	assert_string_equal(got, "bad:id_text raw_syscalls:sys_enter "
				 "sched:sched_switch");
}

static void test_user_group(void **state)
{
	struct event ev = { .group = PERF_GROUP_SOFTWARE };

	event_set_user_group(&ev, 1);
	assert_int_equal(ev.group, EVENT_GROUP_USER);
	event_set_user_group(&ev, 3);
	assert_int_equal(ev.group, EVENT_GROUP_USER + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_split),
		cmocka_unit_test(test_mods),
		cmocka_unit_test(test_encode),
		cmocka_unit_test(test_no_tracefs),
		cmocka_unit_test(test_diff),
		cmocka_unit_test(test_user_group),
		cmocka_unit_test(test_walk),
	};

	return cmocka_run_group_tests(tests, grammar_setup, grammar_teardown);
}
