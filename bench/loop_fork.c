/* SPDX-License-Identifier: MIT */
/*
 * loop_fork N PROG [ARG...]: the bare limit for a launcher that forks.
 * N times: fork, exec PROG in the child, wait4 in the parent. Nothing is
 * counted; bench/run.sh times the whole loop from outside and divides by
 * N. With BENCH_CPU=C (C >= 0) the child pins itself to CPU C before exec,
 * as abstat's children do: on a busy machine the pinned CPU's load shows
 * up in every pinned launcher, and this row tells it from launch cost.
 * With BENCH_VFORK=1 it is the floor, a bare vfork+exec+wait loop (the
 * child borrows the parent's memory until it execs, nothing is copied):
 * the goals of bench/RESULTS.md are ratios to it, measured in the same
 * round.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 2 ? atol(argv[1]) : 0;
	const char *cpu_env = getenv("BENCH_CPU");
	int cpu = cpu_env ? atoi(cpu_env) : -1;
	int use_vfork = getenv("BENCH_VFORK") != NULL;
	cpu_set_t set;

	if (n <= 0) {
		fputs("usage: loop_fork N PROG [ARG...]\n", stderr);
		return 2;
	}
	CPU_ZERO(&set);
	if (cpu >= 0)
		CPU_SET(cpu, &set);
	for (long i = 0; i < n; i++) {
		struct rusage ru;
		int status;
		pid_t pid = use_vfork ? vfork() : fork();

		if (pid < 0) {
			perror("loop_fork: fork");
			return 1;
		}
		if (pid == 0) {
			if (cpu >= 0 && sched_setaffinity(0, sizeof(set), &set))
				_exit(126);
			execv(argv[2], argv + 2);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0 || status != 0) {
			fprintf(stderr, "loop_fork: child failed\n");
			return 1;
		}
	}
	return 0;
}
