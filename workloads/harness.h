/* SPDX-License-Identifier: MIT */
/*
 * harness: main() of every built-in workload. A workload file defines one
 * 'struct workload' named 'workload'; the harness parses -n (and the
 * workload's own options), runs setup, then the measured region (announced
 * to abstat through abstat.h), then teardown, and prints one summary line:
 *
 *	getppid: 200000 ops in 0.205 s, 1025.3 ns/op, 975312 ops/s
 *
 * Exit status: 0 ok, 1 the workload failed, 2 bad usage.
 */
#ifndef ABSTAT_HARNESS_H
#define ABSTAT_HARNESS_H

#include <stddef.h>
#include <stdint.h>

struct workload {
	const char *name;
	const char *op;          /* one operation, for -h */
	uint64_t default_n;      /* -n default: one run takes 0.1-0.5 s */
	const char *n_means;     /* what -n counts, for -h ("iterations") */
	const char *optstring;   /* extra getopt options, e.g. "t:" */
	const char *opt_usage;   /* their -h lines */
	/* One extra option; 0, or -1 after printing why (exit 2). */
	int (*option)(int opt, const char *arg);
	/* Before the region; 0, or -1 after printing why (exit 1). */
	int (*setup)(uint64_t n);
	/* The region: do n operations, return how many were done (the ops
	 * reported), or -1 after printing why (exit 1). */
	int64_t (*run)(uint64_t n);
	/* After the region, also after a failed run. */
	void (*teardown)(void);
};

extern const struct workload workload;

/* argv[0] as the harness got it (exec finds its target next to it). */
extern const char *harness_argv0;

/* "NAME: error: WHAT: strerror(errno)" on stderr; returns -1. */
int harness_perror(const char *what);
/* "NAME: error: MSG" on stderr; returns -1. */
int harness_error(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
/* Strict decimal in [min, max]; 0 or -1. */
int harness_parse_u64(const char *s, uint64_t min, uint64_t max,
		      uint64_t *out);
/* A private directory under $TMPDIR (or /tmp), made with mkdtemp; path
 * in buf. 0 or -1 (printed). */
int harness_tmpdir(char *buf, size_t len);
/* A private directory (as harness_tmpdir) holding one file "file" of
 * size_kb KiB: dir and path are filled (PATH_MAX each). Returns an fd open
 * O_RDWR on the file, or -1 (printed). harness_tmpfile_remove() undoes it
 * (safe when nothing was made). */
int harness_tmpfile(char *dir, char *path, size_t len, uint64_t size_kb);
void harness_tmpfile_remove(const char *dir, const char *path);
/* The null system call n times: getppid() through syscall(2) on Linux so
 * no C library can cache it. The run of getppid, getppid-sve and
 * getppid-nosve: one loop, the same code in each. Returns n. */
int64_t harness_getppid(uint64_t n);
/* fork() a child that _exit(0)s at once and wait for it: 0, or -1
 * (printed). fork's operation, getppid-nosve's setup. */
int harness_fork_wait(void);
/* Threads of a region (threads, tls): harness_threads_start creates n
 * (at most HARNESS_MAX_THREADS) running fn((void *)i), i from 0, each of
 * which calls harness_threads_wait() first, so creation stays outside
 * the region: 0, or -1 (printed; those created are left for
 * harness_threads_run). harness_threads_run releases them and joins
 * every one (the region's end); with none created it does nothing, so a
 * teardown after a failed setup may call it. */
#define HARNESS_MAX_THREADS 1024
int harness_threads_start(uint64_t n, void *(*fn)(void *));
void harness_threads_wait(void);
void harness_threads_run(void);

#endif
