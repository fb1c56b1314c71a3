// SPDX-License-Identifier: MIT
/* fork: fork(); the child _exit(0)s at once; the parent waits for it
 * (UnixBench "Process Creation"). The cost grows with the parent's size,
 * which here is a small program. */
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static int64_t fork_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			return harness_perror("fork");
		if (pid == 0)
			_exit(0);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
			return harness_error("child %ld did not exit cleanly",
					     (long)pid);
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "fork",
	.op = "fork() + _exit() + waitpid()",
	.default_n = 2000,
	.run = fork_run,
};
