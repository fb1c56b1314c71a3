// SPDX-License-Identifier: MIT
/*
 * perf_error: why perf_event_open failed, in one sentence that names the
 * event, shows perf_event_paranoid where it matters and gives one fix.
 * Modelled on perf's evsel__open_strerror() (tools/perf/util/evsel.c).
 *
 * kernel.perf_event_paranoid (Documentation/admin-guide/perf-security.rst):
 * -1 everything, 0 no raw tracepoints, 1 user + kernel for own tasks,
 * 2 user space only, 3+ (Debian patch) nothing without CAP_PERFMON.
 * Kernel counting (exclude_kernel == 0) therefore needs <= 1, user-only
 * counting <= 2. abstat never drops exclude_kernel by itself.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "perf_internal.h"

int perf_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v;

	if (!f)
		return -99;
	if (fscanf(f, "%d", &v) != 1)
		v = -99;
	fclose(f);
	return v;
}

/* Read once per process: the CPU flags do not change while abstat runs
 * (each not-supported event asks). */
bool perf_hypervisor(void)
{
	static int known = -1;
	FILE *f;
	char line[4096];

	if (known >= 0)
		return known;
	known = 0;
	f = fopen("/proc/cpuinfo", "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5))
			continue;
		known = strstr(line, " hypervisor") != NULL;
		break;
	}
	fclose(f);
	return known;
}

/* "cpu" on most x86, "cpu_core"/"cpu_atom" on hybrid Intel, "armv8_*"
 * on arm64: a core PMU the kernel exposes to perf_event_open. */
bool perf_cpu_pmu_present(void)
{
	static const char *const names[] = {
		"cpu", "cpu_core", "cpu_atom", "armv8_pmuv3", "armv8_pmuv3_0",
	};
	static int known = -1; /* asked once per process, as above */
	char path[128];

	if (known >= 0)
		return known;
	known = 0;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s",
			 names[i]);
		if (access(path, F_OK) == 0)
			known = 1;
	}
	return known;
}

bool perf_type_is_cpu(uint32_t type)
{
	return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	       type == PERF_TYPE_RAW;
}

static const char *perf_ev_name(const struct event *ev)
{
	return ev && ev->name ? ev->name : "the event";
}

bool perf_unsupported_reason(const struct event *ev, int err, char *buf,
			     size_t len)
{
	switch (err) {
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
	case EINVAL:
	case EBUSY:
	case E2BIG:
		break;
	default:
		return false;
	}
	if (perf_type_is_cpu(ev->type) && !perf_cpu_pmu_present()) {
		snprintf(buf, len, "no PMU exposed by this kernel%s",
			 perf_hypervisor() ? " (hypervisor)" : "");
	} else if (ev->type >= PERF_TYPE_MAX && ev->pmu &&
		   perf_sysfs_cpu_only(ev->pmu)) {
		snprintf(buf, len, "PMU %s counts whole CPUs only (it has a cpumask), not one workload's tasks",
			 ev->pmu);
	} else if (err == EBUSY) {
		snprintf(buf, len, "counter busy (held by another user, e.g. the NMI watchdog)");
	} else if (err == EINVAL) {
		snprintf(buf, len, "the kernel rejects this encoding (type %u, config %#llx)",
			 ev->type, (unsigned long long)ev->config);
	} else if (err == E2BIG) {
		snprintf(buf, len, "the kernel is too old for this encoding");
	} else {
		snprintf(buf, len, "the kernel does not know this event (%s)",
			 strerror(err));
	}
	return true;
}

static void perf_paranoid_text(const struct event *ev, char *buf, size_t len)
{
	int p = perf_paranoid();
	bool kernel = !ev || !ev->exclude_kernel;
	char val[16];

	if (p == -99)
		snprintf(val, sizeof(val), "unknown");
	else
		snprintf(val, sizeof(val), "%d", p);
	if (kernel)
		snprintf(buf, len, "not permitted to count %s in user+kernel mode: kernel.perf_event_paranoid is %s and kernel counting needs 1 or less; run 'sysctl kernel.perf_event_paranoid=1' or pass --user-only",
			 perf_ev_name(ev), val);
	else
		snprintf(buf, len, "not permitted to count %s: kernel.perf_event_paranoid is %s and user-space counting needs 2 or less; run 'sysctl kernel.perf_event_paranoid=2' (or grant CAP_PERFMON)",
			 perf_ev_name(ev), val);
}

void perf_strerror(const struct event *ev, int err, char *buf, size_t len)
{
	char why[160];

	if (err < 0)
		err = -err;
	switch (err) {
	case EACCES:
	case EPERM:
		perf_paranoid_text(ev, buf, len);
		return;
	case EMFILE:
	case ENFILE:
		snprintf(buf, len, "too many open files while opening %s; raise the limit with 'ulimit -n' or count fewer events",
			 perf_ev_name(ev));
		return;
	case ESRCH:
		snprintf(buf, len, "cannot open %s: the process to count exited first",
			 perf_ev_name(ev));
		return;
	case ENOSYS:
		snprintf(buf, len, "cannot open %s: this kernel has no perf_event_open (CONFIG_PERF_EVENTS off, or blocked by seccomp in a container); run on a kernel or container that allows it",
			 perf_ev_name(ev));
		return;
	case ENOMEM:
		snprintf(buf, len, "cannot open %s: out of memory", perf_ev_name(ev));
		return;
	default:
		break;
	}
	/* EINVAL at open for an event that opened alone (probe, EVENT_OK):
	 * its pinned group has more hardware events than the PMU has
	 * counters, and the kernel refuses such a group whole at open
	 * (validate_group on x86 and arm_pmu) rather than rotate it. */
	if (ev && err == EINVAL && ev->state == EVENT_OK && ev->pinned &&
	    perf_type_is_cpu(ev->type)) {
		snprintf(buf, len, "cannot count %s in one pinned group with the other hardware events: the group needs more counters than the PMU has (the kernel refuses it whole, EINVAL); count fewer hardware events per run, or pass --allow-multiplex (each event then counts part of the time, scaled and flagged)",
			 perf_ev_name(ev));
		return;
	}
	if (ev && perf_unsupported_reason(ev, err, why, sizeof(why))) {
		snprintf(buf, len, "%s is not supported here: %s; see 'abstat list %s'",
			 perf_ev_name(ev), why, perf_ev_name(ev));
		return;
	}
	snprintf(buf, len, "cannot open %s: %s; see 'abstat doctor'",
		 perf_ev_name(ev), strerror(err));
}
