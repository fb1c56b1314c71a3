// SPDX-License-Identifier: MIT
/* getppid: the null system call (perf bench syscall basic, lmbench
 * lat_syscall null). The loop is harness_getppid(), shared with
 * getppid-sve and getppid-nosve. */
#include "harness.h"

const struct workload workload = {
	.name = "getppid",
	.op = "getppid()",
	.default_n = 2500000,
	.run = harness_getppid,
};
