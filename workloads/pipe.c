// SPDX-License-Identifier: MIT
/*
 * pipe: one round trip of one byte between two processes over two pipes
 * (UnixBench "Pipe-based Context Switching", perf bench sched pipe). The
 * child is forked in setup and inherits the parent's CPU affinity: under
 * abstat (pinned to one CPU) both processes share that CPU, so every round
 * trip is two context switches. Both processes are counted.
 */
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static int to_child[2] = { -1, -1 }, to_parent[2] = { -1, -1 };
static pid_t child = -1;

static void pipe_child(void)
{
	char c;

	close(to_child[1]);
	close(to_parent[0]);
	while (read(to_child[0], &c, 1) == 1)
		if (write(to_parent[1], &c, 1) != 1)
			_exit(1);
	_exit(0);
}

static int pipe_setup(uint64_t n)
{
	(void)n;
	if (pipe(to_child) < 0 || pipe(to_parent) < 0)
		return harness_perror("pipe");
	child = fork();
	if (child < 0)
		return harness_perror("fork");
	if (child == 0)
		pipe_child();
	close(to_child[0]);
	close(to_parent[1]);
	return 0;
}

static int64_t pipe_run(uint64_t n)
{
	char c = 'x';

	for (uint64_t i = 0; i < n; i++)
		if (write(to_child[1], &c, 1) != 1 ||
		    read(to_parent[0], &c, 1) != 1)
			return harness_error("pipe round trip failed (child gone?)");
	return (int64_t)n;
}

static void pipe_teardown(void)
{
	int status;

	close(to_child[1]); /* EOF: the child exits */
	close(to_parent[0]);
	if (child > 0)
		waitpid(child, &status, 0);
}

const struct workload workload = {
	.name = "pipe",
	.op = "one 1-byte round trip between two processes over pipes",
	.default_n = 100000,
	.setup = pipe_setup,
	.run = pipe_run,
	.teardown = pipe_teardown,
};
