/* SPDX-License-Identifier: MIT */
/*
 * cpuset: run the workload inside an exclusive cpuset cgroup on its pinned
 * CPUs: a cgroup v2 partition where the v2 cpuset controller exists, else
 * cgroup v1. Named after abstat's pid; removed on exit, error and signal;
 * stale ones of dead abstat processes removed at start. Takes the cgroup
 * mount root ("/sys/fs/cgroup") so tests can drive a fake tree.
 */
#ifndef ABSTAT_CPUSET_H
#define ABSTAT_CPUSET_H

#include <stddef.h>

#include "cpu.h"

struct cpuset;

/* Create it. 0, or -errno with one line (what, why, fix) in err. */
int cpuset_create(const char *cgroup_root, const struct cpu_list *cpus,
		  struct cpuset **out, char *err, size_t len);
/* The file a process writes "0" into to join (async-signal-safe use). */
const char *cpuset_procs_path(const struct cpuset *cs);
/* "v1" or "v2" and the directory, for the result's env. */
const char *cpuset_version(const struct cpuset *cs);
const char *cpuset_dir(const struct cpuset *cs);
/* Remove it (moving stray tasks out first). Safe to call twice. */
int cpuset_destroy(struct cpuset *cs);
/* Async-signal-safe removal for a signal handler (rmdir only). */
void cpuset_destroy_signal_safe(struct cpuset *cs);
/* Remove abstat-<pid> cgroups whose pid is dead. Number removed. */
int cpuset_cleanup_stale(const char *cgroup_root);

#endif
