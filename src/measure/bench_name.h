/* SPDX-License-Identifier: MIT */
/*
 * bench_name: the benchmark a command line runs, the basename of its
 * program, looked through the wrappers that only run another program
 * (env, taskset, nice, chrt, numactl, setarch, stdbuf, timeout, and
 * wrapper, --wrapper's, where not NULL). The parser names targets so
 * (src/cli), the session hashes that program (src/engine).
 */
#ifndef ABSTAT_BENCH_NAME_H
#define ABSTAT_BENCH_NAME_H

#include <stddef.h>

/* Its name, malloc'd; NULL without memory. */
char *bench_name(char *const *argv, const char *wrapper);
/* The index in argv of that program (0 without a wrapper). */
size_t bench_name_index(char *const *argv, const char *wrapper);

#endif
