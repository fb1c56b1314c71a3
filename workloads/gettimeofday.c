// SPDX-License-Identifier: MIT
/* gettimeofday: one call, through libc on purpose: on Linux it is served
 * by the vDSO without entering the kernel (unless the clocksource cannot
 * be read from user space), which is what programs actually pay. */
#include <stddef.h>
#include <sys/time.h>

#include "harness.h"

static int64_t gettimeofday_run(uint64_t n)
{
	struct timeval tv;

	for (uint64_t i = 0; i < n; i++)
		gettimeofday(&tv, NULL);
	return (int64_t)n;
}

const struct workload workload = {
	.name = "gettimeofday",
	.op = "gettimeofday() (vDSO on Linux)",
	.default_n = 12000000,
	.run = gettimeofday_run,
};
