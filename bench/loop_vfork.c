/* SPDX-License-Identifier: MIT */
/*
 * loop_vfork N PROG [ARG...]: the floor, a bare vfork+exec+wait loop that
 * counts nothing. N times: vfork (the child borrows the parent's memory
 * until it execs, so nothing is copied), exec PROG, wait4 in the parent.
 * With BENCH_CPU=C (C >= 0) the child pins itself to CPU C before exec, as
 * abstat's children do. The goals of bench/RESULTS.md are ratios to this
 * loop, measured in the same round.
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
	cpu_set_t set;

	if (n <= 0) {
		fputs("usage: loop_vfork N PROG [ARG...]\n", stderr);
		return 2;
	}
	CPU_ZERO(&set);
	if (cpu >= 0)
		CPU_SET(cpu, &set);
	for (long i = 0; i < n; i++) {
		struct rusage ru;
		int status;
		pid_t pid = vfork();

		if (pid < 0) {
			perror("loop_vfork: vfork");
			return 1;
		}
		if (pid == 0) {
			if (cpu >= 0 && sched_setaffinity(0, sizeof(set), &set))
				_exit(126);
			execv(argv[2], argv + 2);
			_exit(127);
		}
		if (wait4(pid, &status, 0, &ru) < 0 || status != 0) {
			fprintf(stderr, "loop_vfork: child failed\n");
			return 1;
		}
	}
	return 0;
}
