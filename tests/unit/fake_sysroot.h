/* SPDX-License-Identifier: MIT */
/*
 * fake_sysroot: a fake /proc and /sys tree in a temp directory with known
 * values, for the env and doctor tests. The values are a 4-CPU bare-metal
 * machine with SMT (siblings 2-3), intel_pstate powersave with turbo on,
 * CPUs 2-3 isolated, a "cpu" PMU, paranoid 2, NMI watchdog on, THP always,
 * ASLR off, load 3.50, and no capabilities.
 */
#ifndef ABSTAT_FAKE_SYSROOT_H
#define ABSTAT_FAKE_SYSROOT_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const fake_files[][2] = {
	{ "/proc/sys/kernel/osrelease", "6.1.0-test\n" },
	{ "/proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.0-1\n" },
	{ "/proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 isolcpus=domain,2-3 nohz_full=2-3 mitigations=off -- rcu_nocbs=9\n" },
	{ "/proc/sys/kernel/random/boot_id", "0b1e2c3d-0000-4000-8000-000000000001\n" },
	{ "/proc/stat", "cpu  10 0 10 1000 0 0 0 0 0 0\n"
			"cpu0 1 0 1 100 0 0 0 0 0 0\n"
			"cpu2 1 0 1 100 0 0 0 0 0 0\n"
			"cpu3 1 0 1 100 0 0 0 0 0 0\n"
			"intr 0\nbtime 1700000000\nprocesses 10\n" },
	{ "/proc/cpuinfo",
	  "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
	  "model\t\t: 85\nmodel name\t: Intel(R) Xeon(R) Gold 6130 CPU\n"
	  "stepping\t: 4\nmicrocode\t: 0x2006e05\n"
	  "flags\t\t: fpu vme de pse tsc msr\n\n"
	  "processor\t: 2\nvendor_id\t: GenuineIntel\ncpu family\t: 6\n"
	  "model\t\t: 85\nmodel name\t: Intel(R) Xeon(R) Gold 6130 CPU\n"
	  "stepping\t: 4\nmicrocode\t: 0x2006e06\n"
	  "flags\t\t: fpu vme de pse tsc msr\n\n" },
	{ "/sys/devices/system/cpu/online", "0-3\n" },
	{ "/sys/devices/system/cpu/smt/control", "on\n" },
	{ "/sys/devices/system/cpu/cpu2/topology/thread_siblings_list", "2-3\n" },
	{ "/sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0-1\n" },
	{ "/sys/devices/system/cpu/cpu2/cpufreq/scaling_governor", "powersave\n" },
	{ "/sys/devices/system/cpu/cpu2/cpufreq/scaling_driver", "intel_pstate\n" },
	{ "/sys/devices/system/cpu/intel_pstate/no_turbo", "0\n" },
	{ "/sys/devices/system/cpu/isolated", "2-3\n" },
	{ "/sys/devices/system/cpu/vulnerabilities/meltdown", "Not affected\n" },
	{ "/sys/devices/system/cpu/vulnerabilities/spectre_v2", "Mitigation: Enhanced IBRS\n" },
	{ "/sys/bus/event_source/devices/cpu/caps/pmu_name", "skylake\n" },
	{ "/sys/bus/event_source/devices/software/type", "1\n" },
	{ "/proc/sys/kernel/perf_event_paranoid", "2\n" },
	{ "/proc/sys/kernel/nmi_watchdog", "1\n" },
	{ "/proc/sys/kernel/perf_event_max_sample_rate", "50000\n" },
	{ "/sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n" },
	{ "/sys/devices/system/clocksource/clocksource0/current_clocksource", "tsc\n" },
	{ "/proc/sys/kernel/randomize_va_space", "0\n" },
	{ "/proc/loadavg", "3.50 2.00 1.00 5/300 1234\n" },
	{ "/proc/self/status", "Name:\tabstat\nCapEff:\t0000000000000000\n" },
};

/* Write text to <root><rel>, creating directories. 0 or -1. */
static inline int fake_put(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX];
	size_t rl = strlen(root);
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", root, rel);
	for (char *s = strchr(path + rl + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		mkdir(path, 0755);
		*s = '/';
	}
	f = fopen(path, "w");
	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f) ? -1 : 0;
}

static inline int fake_rm(const char *root, const char *rel)
{
	char cmd[PATH_MAX * 2];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s%s'", root, rel);
	return system(cmd);
}

/* Make the tree in a new temp dir (root holds 64 bytes). 0 or -1. */
static inline int fake_sysroot_make(char root[64])
{
	snprintf(root, 64, "/tmp/abstat-sysroot.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	for (size_t i = 0; i < sizeof(fake_files) / sizeof(fake_files[0]); i++)
		if (fake_put(root, fake_files[i][0], fake_files[i][1]))
			return -1;
	return 0;
}

static inline void fake_sysroot_remove(const char *root)
{
	fake_rm(root, "");
}

/* The tree of a test binary (fake_root) and the cmocka fixtures that make
 * it and remove it (fake_setup, fake_teardown), for a group or a case. */
static char fake_root[64];

static inline int fake_setup(void **state)
{
	(void)state;
	return fake_sysroot_make(fake_root);
}

static inline int fake_teardown(void **state)
{
	(void)state;
	fake_sysroot_remove(fake_root);
	return 0;
}

#endif
