// SPDX-License-Identifier: MIT
/* getuid: a system call that took no lock in FreeBSD 5 (MPSAFE), compared
 * with getppid in the FreeBSD 4.x/5.x thread. syscall(2) on Linux. */
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "harness.h"

static int64_t getuid_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
#ifdef __linux__
		syscall(SYS_getuid);
#else
		getuid();
#endif
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "getuid",
	.op = "getuid()",
	.default_n = 3000000,
	.run = getuid_run,
};
