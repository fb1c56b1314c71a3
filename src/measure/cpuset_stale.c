// SPDX-License-Identifier: MIT
/*
 * cpuset_stale: abstat cgroups whose session is gone, found for doctor and
 * removed by 'abstat doctor --clean-cgroups' (see cpuset.h).
 *
 * The owner of abstat-<pid>-<hex> holds flock(LOCK_EX) on the directory
 * for as long as it exists (cpuset.c). flock belongs to the open file and
 * the inode, not to a pid: it works across PID namespaces (where the pid
 * in the name means nothing) and the kernel drops it when the owner dies,
 * SIGKILL included. So a directory whose lock we can take has no owner;
 * we hold the lock while removing it, so its owner cannot be starting.
 * The abstat-<pid> names of older versions carry no lock: they are stale
 * when the pid is dead here as well (as those versions judged).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "cpuset_priv.h"

enum cpuset_name { CPUSET_NAME_OTHER, CPUSET_NAME_LOCKED, CPUSET_NAME_OLD };

/* abstat-<pid>-<16 hex> (locked), abstat-<pid> (older), or another name. */
static enum cpuset_name cpuset_name_kind(const char *name, long *pid)
{
	const char *p = name + strlen(CPUSET_PREFIX);
	size_t hex;

	if (strncmp(name, CPUSET_PREFIX, strlen(CPUSET_PREFIX)))
		return CPUSET_NAME_OTHER;
	*pid = 0;
	if (*p < '1' || *p > '9')
		return CPUSET_NAME_OTHER;
	while (*p >= '0' && *p <= '9' && *pid < 100000000)
		*pid = *pid * 10 + (*p++ - '0');
	if (!*p)
		return CPUSET_NAME_OLD;
	if (*p++ != '-')
		return CPUSET_NAME_OTHER;
	hex = strspn(p, "0123456789abcdef");
	return hex == 16 && !p[hex] ? CPUSET_NAME_LOCKED : CPUSET_NAME_OTHER;
}

bool cpuset_name_ours(const char *name)
{
	long pid;

	return cpuset_name_kind(name, &pid) != CPUSET_NAME_OTHER;
}

/* One entry of parent: 1 when stale (and, with remove, removed or not,
 * said through fn), 0 when alive or not abstat's. */
static int cpuset_stale_one(const char *parent, const char *name,
			    bool remove, cpuset_stale_fn *fn, void *arg)
{
	char dir[PATH_MAX];
	enum cpuset_name kind;
	long pid;
	int fd, rc = 0;

	kind = cpuset_name_kind(name, &pid);
	if (kind == CPUSET_NAME_OTHER ||
	    snprintf(dir, sizeof(dir), "%s/%s", parent, name) >=
		    (int)sizeof(dir))
		return 0;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return 0; /* gone meanwhile, or not a directory */
	if (flock(fd, LOCK_EX | LOCK_NB) < 0 ||
	    (kind == CPUSET_NAME_OLD &&
	     (pid == (long)getpid() || kill((pid_t)pid, 0) == 0 ||
	      errno != ESRCH))) {
		close(fd); /* its owner lives */
		return 0;
	}
	if (remove)
		rc = cpuset_remove(parent, dir);
	if (fn)
		fn(dir, rc, arg);
	close(fd);
	return 1;
}

static int cpuset_stale_dir(const char *parent, bool remove,
			    cpuset_stale_fn *fn, void *arg)
{
	DIR *d = opendir(parent);
	struct dirent *de;
	int n = 0;

	while (d && (de = readdir(d)))
		n += cpuset_stale_one(parent, de->d_name, remove, fn, arg);
	if (d)
		closedir(d);
	return n;
}

int cpuset_stale(const char *cgroup_root, bool remove, cpuset_stale_fn *fn,
		 void *arg)
{
	static const char *const sub[] = { "", "/unified", "/cpuset" };
	char dir[PATH_MAX];
	int n = 0;

	for (size_t i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
		if (snprintf(dir, sizeof(dir), "%s%s", cgroup_root, sub[i]) >=
		    (int)sizeof(dir))
			continue;
		n += cpuset_stale_dir(dir, remove, fn, arg);
	}
	return n;
}
