/* SPDX-License-Identifier: MIT */
/*
 * cpuset_priv: what cpuset.c (one session's cgroup) and cpuset_stale.c
 * (other sessions' leftovers) share; not an API, cpuset.h is.
 */
#ifndef ABSTAT_CPUSET_PRIV_H
#define ABSTAT_CPUSET_PRIV_H

#include <stdbool.h>

#include "cpuset.h"

/* Every abstat cgroup's name starts so: abstat-<pid>-<16 hex digits>. */
#define CPUSET_PREFIX "abstat-"

/* Write val to dir/file (O_CREAT, for fake trees). 0 or -errno. */
int cpuset_write(const char *dir, const char *file, const char *val);
/* dir is on a cgroup (v1 or v2) filesystem, not a fake tree. */
bool cpuset_on_cgroupfs(const char *dir);
/* Move every task of dir to parent, then rmdir (on a fake tree, unlink
 * its plain files first). 0 or -errno. */
int cpuset_remove(const char *parent, const char *dir);

#endif
