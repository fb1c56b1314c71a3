// SPDX-License-Identifier: MIT
/* clock_gettime: one clock_gettime(CLOCK_MONOTONIC) through libc (the vDSO
 * on Linux, like gettimeofday). */
#include <time.h>

#include "harness.h"

static int64_t clock_gettime_run(uint64_t n)
{
	struct timespec ts;

	for (uint64_t i = 0; i < n; i++)
		clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)n;
}

const struct workload workload = {
	.name = "clock_gettime",
	.op = "clock_gettime(CLOCK_MONOTONIC) (vDSO on Linux)",
	.default_n = 12000000,
	.run = clock_gettime_run,
};
