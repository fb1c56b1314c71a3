/* SPDX-License-Identifier: MIT */
/*
 * workloads: the registry of built-in workloads (one C file each in workloads/)
 * and where their binaries live (build tree or libexec).
 */
#ifndef ABSTAT_WORKLOADS_H
#define ABSTAT_WORKLOADS_H

#include <stdbool.h>
#include <stddef.h>

struct workload_info {
	const char *name;   /* "getppid" */
	const char *op;     /* what one operation is */
	const char *origin; /* "lmbench lat_syscall null" */
	/* "syscalls,fs"; "all" is implied. "ARCH-only" ("aarch64-only"):
	 * built to run on ARCH only, in no suite (run by name, -w). */
	const char *suites;
};

size_t workloads_count(void);
const struct workload_info *workloads_get(size_t i);
const struct workload_info *workloads_find(const char *name);
bool workloads_in_suite(const struct workload_info *w, const char *suite);
/* Known suite names, NULL-terminated. */
extern const char *const workloads_suites[];
/* Path of a workload binary: $ABSTAT_WORKLOAD_DIR, then next to the
 * executable (build/workloads), then ../libexec/abstat. 0 or -ENOENT. */
int workloads_path(const char *name, char *buf, size_t len);
/* Compiler flags the workloads were built with (recorded in results). */
extern const char *const workloads_cflags;

#endif
