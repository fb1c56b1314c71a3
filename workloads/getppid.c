// SPDX-License-Identifier: MIT
/* getppid: the null system call (perf bench syscall basic, lmbench
 * lat_syscall null). Through syscall(2) on Linux so no libc can cache it. */
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "harness.h"

static int64_t getppid_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
#ifdef __linux__
		syscall(SYS_getppid);
#else
		getppid();
#endif
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "getppid",
	.op = "getppid()",
	.default_n = 2500000,
	.run = getppid_run,
};
