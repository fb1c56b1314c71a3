// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdio.h>
#include "cpuset.h"
int cpuset_create(const char *cgroup_root, const struct cpu_list *cpus, struct cpuset **out, char *err, size_t len) { snprintf(err, len, "--cpuset: not implemented yet"); return -ENOSYS; }
const char *cpuset_procs_path(const struct cpuset *cs) { return NULL; }
const char *cpuset_version(const struct cpuset *cs) { return NULL; }
const char *cpuset_dir(const struct cpuset *cs) { return NULL; }
int cpuset_destroy(struct cpuset *cs) { return 0; }
void cpuset_destroy_signal_safe(struct cpuset *cs) { }
int cpuset_cleanup_stale(const char *cgroup_root) { return 0; }
