// SPDX-License-Identifier: MIT
/* fork: fork(); the child _exit(0)s at once; the parent waits for it
 * (UnixBench "Process Creation"). The cost grows with the parent's size,
 * which here is a small program. */
#include "harness.h"

static int64_t fork_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		if (harness_fork_wait() < 0)
			return -1;
	return (int64_t)n;
}

const struct workload workload = {
	.name = "fork",
	.op = "fork() + _exit() + waitpid()",
	.default_n = 2000,
	.run = fork_run,
};
