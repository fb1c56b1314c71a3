// SPDX-License-Identifier: MIT
/* doctor: the checks on a fake sysroot, one case per tree edit, and the
 * busy-percentage arithmetic. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "doctor.h"
#include "env.h"
#include "fake_sysroot.h"

static const char *const root = fake_root;

enum { OK = DOCTOR_OK, WARN = DOCTOR_WARN, FAIL = DOCTOR_FAIL, NONE = -1 };

/* /proc/cpuinfo of an arm64 guest, as Linux 6.1 prints QEMU's -cpu max */
#define QEMU_CPUINFO(impl)                                                   \
	"processor\t: 0\nBogoMIPS\t: 125.00\nFeatures\t: fp asimd cpuid\n" \
	"CPU implementer\t: " impl "\nCPU architecture: 8\n"                \
	"CPU variant\t: 0x0\nCPU part\t: 0x051\nCPU revision\t: 0\n\n"

static const struct doctor_case {
	int line;
	const char *edit[2][2]; /* {rel, content}; content NULL removes */
	const char *pinned;     /* NULL: default CPU (3, highest online) */
	bool user_only;
	const char *check;
	int level;
	const char *has; /* in detail (OK) or fix (WARN/FAIL) */
} cases[] = {
	/* the fake machine as it is */
	{ __LINE__, { { NULL } }, "2", false, "cpu", OK, "CPU 2 online" },
	{ __LINE__, { { NULL } }, "2", false, "cpu0", OK, "not used" },
	{ __LINE__, { { NULL } }, "2", false, "governor", WARN,
	  "frequency-set -g performance" },
	{ __LINE__, { { NULL } }, "2", false, "boost", WARN,
	  "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo" },
	{ __LINE__, { { NULL } }, "2", false, "smt", OK, "CPU 3, idle" },
	{ __LINE__, { { NULL } }, "2", false, "isolation", OK, "isolated" },
	{ __LINE__, { { NULL } }, "2", false, "nmi_watchdog", WARN,
	  "kernel.nmi_watchdog=0" },
	{ __LINE__, { { NULL } }, "2", false, "paranoid", FAIL,
	  "--user-only" },
	{ __LINE__, { { NULL } }, "2", false, "pmu", OK, "'cpu'" },
	{ __LINE__, { { NULL } }, "2", false, "hypervisor", OK, "bare metal" },
	{ __LINE__, { { NULL } }, "2", false, "emulation", OK, "no emulated" },
	{ __LINE__, { { NULL } }, "2", false, "load", WARN, "stop other work" },
	{ __LINE__, { { NULL } }, "2", false, "thp", WARN, "echo madvise" },
	{ __LINE__, { { NULL } }, "2", false, "aslr", WARN,
	  "randomize_va_space=2" },
	{ __LINE__, { { NULL } }, "2", false, "papi", NONE, NULL },
	/* edits */
	{ __LINE__, { { NULL } }, "2", true, "paranoid", OK, "user-space" },
	{ __LINE__, { { "/proc/self/status", "CapEff:\t0000004000000000\n" } },
	  "2", false, "paranoid", OK, "bypassed" },
	{ __LINE__, { { "/proc/self/status", "CapEff:\t0000000000200000\n" } },
	  "2", false, "paranoid", OK, "bypassed" },
	{ __LINE__, { { "/proc/sys/kernel/perf_event_paranoid", "3\n" } },
	  "2", true, "paranoid", FAIL, "perf_event_paranoid=2" },
	{ __LINE__, { { "/proc/sys/kernel/perf_event_paranoid", "1\n" } },
	  "2", false, "paranoid", OK, "user+kernel" },
	{ __LINE__, { { NULL } }, "0", false, "cpu0", WARN, "-C 3" },
	{ __LINE__, { { NULL } }, "7", false, "cpu", FAIL, "online: 0-3" },
	{ __LINE__, { { NULL } }, NULL, false, "cpu", OK, "CPU 3 online" },
	{ __LINE__, { { NULL } }, "0", false, "isolation", WARN,
	  "isolcpus=0 nohz_full=0" },
	{ __LINE__, { { "/sys/devices/system/cpu/cpu2/cpufreq", NULL } },
	  "2", false, "governor", WARN, "fix the frequency on the host" },
	{ __LINE__, { { "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor",
			"performance\n" } },
	  "2", false, "governor", OK, "performance" },
	{ __LINE__, { { "/sys/devices/system/cpu/intel_pstate", NULL },
		      { "/sys/devices/system/cpu/cpufreq/boost", "1\n" } },
	  "2", false, "boost", WARN,
	  "echo 0 > /sys/devices/system/cpu/cpufreq/boost" },
	{ __LINE__, { { "/sys/devices/system/cpu/intel_pstate/no_turbo", "1\n" } },
	  "2", false, "boost", OK, "boost off" },
	{ __LINE__, { { "/sys/bus/event_source/devices/cpu", NULL },
		      { "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu hypervisor\n" } },
	  "2", false, "pmu", WARN, "enable the virtual PMU" },
	{ __LINE__, { { "/proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu hypervisor\n" } },
	  "2", false, "hypervisor", WARN, "bare metal" },
	/* QEMU TCG -cpu max (implementer 0x00) with its armv8 PMU; a real
	 * arm64 CPU (0x41), and 0x00 without an armv8 PMU, are not emulated */
	{ __LINE__, { { "/proc/cpuinfo", QEMU_CPUINFO("0x00") },
		      { "/sys/bus/event_source/devices/armv8_pmuv3/type", "8\n" } },
	  "2", false, "emulation", WARN, "instruction counts only" },
	{ __LINE__, { { "/proc/cpuinfo", QEMU_CPUINFO("0x41") },
		      { "/sys/bus/event_source/devices/armv8_pmuv3/type", "8\n" } },
	  "2", false, "emulation", OK, "no emulated" },
	{ __LINE__, { { "/proc/cpuinfo", QEMU_CPUINFO("0x00") } },
	  "2", false, "emulation", OK, "no emulated" },
	{ __LINE__, { { "/proc/cpuinfo", QEMU_CPUINFO("0x00") },
		      { "/sys/bus/event_source/devices/armv8_pmuv3_0/type", "8\n" } },
	  "2", false, "pmu", OK, "'armv8_pmuv3_0'" },
	{ __LINE__, { { "/proc/loadavg", "0.50 0.20 0.10 1/300 99\n" } },
	  "2", false, "load", OK, "0.50 on 4" },
	{ __LINE__, { { "/proc/sys/kernel/nmi_watchdog", "0\n" } },
	  "2", false, "nmi_watchdog", OK, "off" },
	{ __LINE__, { { "/sys/kernel/mm/transparent_hugepage/enabled",
			"always [madvise] never\n" } },
	  "2", false, "thp", OK, "madvise" },
	{ __LINE__, { { "/proc/sys/kernel/randomize_va_space", "2\n" } },
	  "2", false, "aslr", OK, "ASLR on" },
	{ __LINE__, { { "/sys/devices/system/cpu/isolated", "\n" },
		      { "/proc/cmdline", "isolcpus=managed_irq,domain,1-2\n" } },
	  "2", false, "isolation", OK, "isolated" },
	{ __LINE__, { { "/sys/devices/system/cpu/isolated", "\n" },
		      { "/sys/devices/system/cpu/nohz_full", "2\n" } },
	  "2", false, "isolation", OK, "isolated" },
};

static void test_checks(void **state)
{
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct doctor_case *c = &cases[i];
		struct cpu_list pinned = { 0 };
		struct doctor_ctx ctx = { .root = root, .pinned = &pinned,
					  .user_only = c->user_only,
					  .backend = "perf" };
		struct doctor_check *v;
		const struct doctor_check *hit = NULL;
		size_t n;

		fake_teardown(state);
		assert_int_equal(fake_setup(state), 0);
		for (int e = 0; e < 2 && c->edit[e][0]; e++) {
			if (c->edit[e][1])
				assert_int_equal(fake_put(root, c->edit[e][0],
							  c->edit[e][1]), 0);
			else
				fake_rm(root, c->edit[e][0]);
		}
		if (c->pinned)
			assert_int_equal(cpu_list_parse(c->pinned, &pinned,
							NULL), 0);
		assert_int_equal(doctor_run(&ctx, &v, &n), 0);
		for (size_t j = 0; j < n; j++) {
			/* every problem names its file and one fix */
			if (v[j].level != DOCTOR_OK &&
			    (!v[j].fix || !v[j].file[0]))
				fail_msg("line %d: %s lacks file or fix",
					 c->line, v[j].name);
			if (!strcmp(v[j].name, c->check))
				hit = &v[j];
		}
		if (c->level == NONE) {
			if (hit)
				fail_msg("line %d: unexpected %s", c->line,
					 c->check);
		} else if (!hit) {
			fail_msg("line %d: no check %s", c->line, c->check);
		} else if ((int)hit->level != c->level ||
			   !strstr(hit->level == DOCTOR_OK ? hit->detail :
							    hit->fix,
				   c->has)) {
			fail_msg("line %d: %s level %d '%s' fix '%s'", c->line,
				 c->check, hit->level, hit->detail,
				 hit->fix ? hit->fix : "");
		}
		doctor_free(v, n);
	}
}

static void test_pmu_message(void **state)
{
	struct cpu_list pinned = { 0 };
	struct doctor_ctx ctx = { .root = root, .pinned = &pinned };
	struct doctor_check *v;
	size_t n;
	bool seen = false;

	fake_rm(root, "/sys/bus/event_source/devices/cpu");
	assert_int_equal(doctor_run(&ctx, &v, &n), 0);
	for (size_t j = 0; j < n; j++)
		if (!strcmp(v[j].name, "pmu")) {
			assert_int_equal(v[j].level, DOCTOR_WARN);
			assert_non_null(strstr(v[j].detail,
					       "hardware counters not supported; software events only"));
			seen = true;
		}
	assert_true(seen);
	doctor_free(v, n);
}

static const struct {
	int line;
	const char *a, *b;
	int cpu, pct;
} busy_cases[] = {
	{ __LINE__, "cpu3 0 0 0 100 0 0 0 0 0 0\n",
	  "cpu3 50 0 0 150 0 0 0 0 0 0\n", 3, 50 },
	{ __LINE__, "cpu0 1 1 1 1\ncpu3 0 0 0 100 0 0 0 0 0 0\n",
	  "cpu0 1 1 1 1\ncpu3 10 0 0 180 10 0 0 0 0 0\n", 3, 10 },
	{ __LINE__, "cpu3 0 0 0 100 0 0 0 0 0 0\n",
	  "cpu3 0 0 0 100 0 0 0 0 0 0\n", 3, -1 },
	{ __LINE__, "cpu3 0 0 0 100\n", "cpu3 0 0 0 100\n", 13, -1 },
	{ __LINE__, "cpu13 0 0 0 100\n", "cpu13 100 0 0 100\n", 13, 100 },
	{ __LINE__, "cpu13 0 0 0 100\n", "cpu13 100 0 0 100\n", 1, -1 },
};

static void test_busy(void **state)
{
	for (size_t i = 0; i < sizeof(busy_cases) / sizeof(busy_cases[0]);
	     i++) {
		int pct = doctor_busy_pct(busy_cases[i].a, busy_cases[i].b,
					  busy_cases[i].cpu);

		if (pct != busy_cases[i].pct)
			fail_msg("line %d: %d, want %d", busy_cases[i].line,
				 pct, busy_cases[i].pct);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_checks),
		cmocka_unit_test_setup_teardown(test_pmu_message, fake_setup,
						fake_teardown),
		cmocka_unit_test(test_busy),
	};

	return cmocka_run_group_tests(tests, fake_setup, fake_teardown);
}
