// SPDX-License-Identifier: MIT
/*
 * workloads: the registry of built-in workloads (one C program each in
 * workloads/, documented in abstat-workloads(7)), their suites, where the
 * binaries are (build tree or libexec). `abstat workloads` prints it
 * (cmd_workloads.c).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "paths.h"
#include "workloads.h"

/* Set by the Makefile to WL_CFLAGS; the fallback must be kept equal. */
#ifndef ABSTAT_WL_CFLAGS
#define ABSTAT_WL_CFLAGS \
	"-std=c11 -O2 -D_GNU_SOURCE -D_DEFAULT_SOURCE -Wall -Wextra -Iworkloads"
#endif

const char *const workloads_cflags = ABSTAT_WL_CFLAGS;

const char *const workloads_suites[] = { "syscalls", "vm", "sched", "fs",
					 "all", NULL };

/* Short texts: `abstat workloads` prints one line each in 80 columns. The
 * man page has the long story. Every workload is also in "all", except
 * an "ARCH-only" one. */
static const struct workload_info workloads_table[] = {
	{ "syscall", "close(dup) getpid getuid umask", "UnixBench syscall",
	  "syscalls" },
	{ "getppid", "getppid()", "perf bench, lmbench", "syscalls" },
	{ "getppid-sve", "getppid(), SVE state live", "abstat: arm64 6.12",
	  "aarch64-only" },
	{ "getppid-nosve", "getppid(), SVE state dropped", "abstat: arm64 6.12",
	  "all" },
	{ "getuid", "getuid()", "FreeBSD 4.x/5.x", "syscalls" },
	{ "gettimeofday", "gettimeofday() (vDSO)", "FreeBSD 4.7 vs 5.2",
	  "syscalls" },
	{ "clock_gettime", "clock_gettime() (vDSO)", "FreeBSD 4.7 vs 5.2",
	  "syscalls" },
	{ "write", "write 1 byte to /dev/null", "FreeBSD 4.7 vs 5.2",
	  "syscalls" },
	{ "socket", "socket() + close()", "FreeBSD 4.7 vs 5.2", "syscalls" },
	{ "select", "select() ready pipe, 0 timeout", "FreeBSD 4.7 vs 5.2",
	  "syscalls" },
	{ "pipe", "pipe round trip, 2 processes", "UnixBench, perf bench",
	  "sched" },
	{ "open-close", "open() + close() existing file", "OpenBSD thread",
	  "syscalls,fs" },
	{ "stat", "stat() existing path", "OpenBSD vs Linux", "syscalls,fs" },
	{ "mmap", "mmap/munmap/mremap, fixed seed", "mmap-perf (Molnar)",
	  "vm" },
	{ "lat-mmap", "mmap file, touch, munmap", "lmbench lat_mmap", "vm" },
	{ "page-fault", "first touch of an anon page", "abstat", "vm" },
	{ "fork", "fork + _exit + wait", "UnixBench spawn", "sched" },
	{ "exec", "fork + exec static + wait", "UnixBench execl", "sched" },
	{ "threads", "mutex + sched_yield, T threads", "sysbench threads",
	  "sched" },
	{ "thread-create", "pthread_create + join", "NetBSD thread (004)",
	  "sched" },
	{ "tls", "thread-local add, T threads",
	  "NetBSD thread (004)", "sched" },
	{ "create", "create+write+close+unlink file", "bonnie++ seq create",
	  "fs" },
	{ "stride", "read a byte every 64 B, 1 MiB", "abstat: lab cache model",
	  "all" },
};

#define WORKLOADS_N (sizeof(workloads_table) / sizeof(workloads_table[0]))

size_t workloads_count(void)
{
	return WORKLOADS_N;
}

const struct workload_info *workloads_get(size_t i)
{
	return i < WORKLOADS_N ? &workloads_table[i] : NULL;
}

const struct workload_info *workloads_find(const char *name)
{
	for (size_t i = 0; i < WORKLOADS_N; i++)
		if (!strcmp(workloads_table[i].name, name))
			return &workloads_table[i];
	return NULL;
}

bool workloads_in_suite(const struct workload_info *w, const char *suite)
{
	size_t len = strlen(suite);
	const char *p = w->suites;

	if (strstr(p, "-only"))
		return false;
	if (!strcmp(suite, "all"))
		return true;
	while (p && *p) {
		if (!strncmp(p, suite, len) && (p[len] == ',' || !p[len]))
			return true;
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return false;
}

/* 0 when DIR/NAME is an executable file (path in buf). */
static int workloads_try(const char *dir, const char *sub, const char *name,
			 char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s%s/%s", dir, sub, name);

	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	return access(buf, X_OK) ? -ENOENT : 0;
}

int workloads_path(const char *name, char *buf, size_t len)
{
	const char *env = getenv("ABSTAT_WORKLOAD_DIR");
	char dir[PATH_MAX];

	/* Set, it is the only place looked at: falling back to another build
	 * would measure other binaries than the user asked for. */
	if (env && *env) {
		if (!workloads_try(env, "", name, buf, len))
			return 0;
		if (len)
			buf[0] = '\0';
		return -ENOENT;
	}
	if (!paths_exe_dir(dir, sizeof(dir)) &&
	    (!workloads_try(dir, "/build/workloads", name, buf, len) ||
	     !workloads_try(dir, "/../libexec/abstat", name, buf, len)))
		return 0;
	if (len)
		buf[0] = '\0';
	return -ENOENT;
}
