/* SPDX-License-Identifier: MIT */
/*
 * cpuset: run the workload inside an exclusive cpuset cgroup on its pinned
 * CPUs: a cgroup v2 partition where the v2 cpuset controller exists, else
 * cgroup v1. Named abstat-<pid>-<16 random hex digits>: no other session
 * (here or in another PID namespace) can predict or reuse the name, and
 * what exists is never removed but by its creator. The creator holds an
 * flock on the directory while it exists; one nobody holds is stale
 * (its session was killed), found and removed by cpuset_stale. Removed on
 * exit, error and signal. Takes the cgroup mount root ("/sys/fs/cgroup")
 * so tests can drive a fake tree.
 */
#ifndef ABSTAT_CPUSET_H
#define ABSTAT_CPUSET_H

#include <stdbool.h>
#include <stddef.h>

#include "cpu.h"

/* The handles live in a small static pool (CPUSET_MAX at a time): no
 * free is needed and a signal handler may use one. After destroy the slot
 * may be reused by the next create. */
#define CPUSET_MAX 8

struct cpuset;

/* Create it. 0, or -errno with one line (what, why, fix) in err. */
int cpuset_create(const char *cgroup_root, const struct cpu_list *cpus,
		  struct cpuset **out, char *err, size_t len);
/* The file a process writes "0" into to join (async-signal-safe use). */
const char *cpuset_procs_path(const struct cpuset *cs);
/* "v1" or "v2" and the directory, for the result's env. */
const char *cpuset_version(const struct cpuset *cs);
const char *cpuset_dir(const struct cpuset *cs);
/* Remove it (moving stray tasks out first) and drop its lock. Safe to
 * call twice. */
int cpuset_destroy(struct cpuset *cs);
/* Async-signal-safe removal for a signal handler: SIGKILL the tasks
 * still inside, move them to the parent, rmdir. */
void cpuset_destroy_signal_safe(struct cpuset *cs);

/* cpuset_stale.c: a cgroup name abstat makes (abstat-<pid>-<hex>, or
 * abstat-<pid> of older versions). */
bool cpuset_name_ours(const char *name);
/* Called once per stale cgroup: its directory and, with remove, 0 when
 * it was removed or -errno. */
typedef void cpuset_stale_fn(const char *dir, int rc, void *arg);
/* abstat's cgroups under the hierarchies of cgroup_root whose owner is
 * gone (nobody holds its lock; an older abstat-<pid>: that pid is dead);
 * with remove, each is removed (its tasks moved to the parent first)
 * under its lock. Never one whose owner lives. The number found. */
int cpuset_stale(const char *cgroup_root, bool remove, cpuset_stale_fn *fn,
		 void *arg);

/* A warning from create (v1 cpu_exclusive refused, v2 fell back from
 * "isolated" to "root"), or NULL. For the result's warnings. */
const char *cpuset_note(const struct cpuset *cs);
/* Read back <dir>/cpuset.cpus.partition: 0 when it is a valid partition
 * root, -EINVAL with the kernel's reason in err when "invalid". */
int cpuset_partition_check(const char *dir, char *err, size_t len);

#endif
