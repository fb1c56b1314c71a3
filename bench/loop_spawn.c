/* SPDX-License-Identifier: MIT */
/*
 * loop_spawn N PROG [ARG...]: N times posix_spawn PROG and wait4 for it.
 * glibc implements posix_spawn with clone(CLONE_VM | CLONE_VFORK), so this
 * is the cost of a launch that does not copy the parent's page tables.
 */
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[1]) : 0;

	if (n <= 0) {
		fputs("usage: loop_spawn N PROG [ARG...]\n", stderr);
		return 2;
	}
	for (long i = 0; i < n; i++) {
		struct rusage ru;
		int status;
		pid_t pid;
		int err = posix_spawn(&pid, argv[2], NULL, NULL, argv + 2,
				      environ);

		if (err) {
			fprintf(stderr, "loop_spawn: posix_spawn: error %d\n",
				err);
			return 1;
		}
		if (wait4(pid, &status, 0, &ru) < 0 || status != 0) {
			fprintf(stderr, "loop_spawn: child failed\n");
			return 1;
		}
	}
	return 0;
}
