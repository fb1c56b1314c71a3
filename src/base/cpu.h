/* SPDX-License-Identifier: MIT */
/*
 * cpu: CPU lists in taskset/cpuset syntax ("1", "0-3", "0,2-5:2"), the
 * online set, the default CPU choice, and affinity. Readers take a sysfs
 * root so tests can point them at a fake tree.
 */
#ifndef ABSTAT_CPU_H
#define ABSTAT_CPU_H

#include <stdbool.h>
#include <stddef.h>

#define CPU_LIST_MAX 1024

struct cpu_list {
	size_t n;
	int cpu[CPU_LIST_MAX]; /* ascending, no duplicates */
};

/* Parse "0-3,5,8-15:2". 0, or -EINVAL with *bad_at set to the offset. */
int cpu_list_parse(const char *s, struct cpu_list *out, size_t *bad_at);
/* Format as compact ranges into buf ("0-3,5"). */
void cpu_list_format(const struct cpu_list *l, char *buf, size_t len);
bool cpu_list_has(const struct cpu_list *l, int cpu);

/* Online CPUs from <sysroot>/sys/devices/system/cpu/online ("" = "/"). */
int cpu_online(const char *sysroot, struct cpu_list *out);
/* Thread siblings of cpu from topology/thread_siblings_list. */
int cpu_siblings(const char *sysroot, int cpu, struct cpu_list *out);
/* Default CPU: the highest online CPU other than 0 when there is one. */
int cpu_default(const struct cpu_list *online);

/* The CPU the caller runs on now (sched_getcpu), or -1. */
int cpu_current(void);

#endif
