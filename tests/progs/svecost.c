// SPDX-License-Identifier: MIT
/*
 * svecost MODE N: the lab's own measurement of what abstat's getppid
 * workloads and fork measure, without abstat: pinned to the CPU it
 * starts on (as abstat pins a workload), it counts instructions (user
 * and kernel, its children's too, as abstat does: perf_event_open with
 * inherit) around N
 * operations and prints "svecost MODE N instructions/op X.XX".
 *   live     N getppid() after one SVE instruction (the state live)
 *   dropped  N getppid() after fork() + waitpid() of a child on this
 *            CPU (the state dropped)
 *   fork     N times fork() + _exit() + waitpid()
 * Linux only; the SVE instruction aarch64 only.
 */
#include <linux/perf_event.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static void fork_wait(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0) {
		perror("svecost: fork");
		exit(1);
	}
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status)) {
		fprintf(stderr, "svecost: the child did not exit cleanly\n");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct perf_event_attr a;
	unsigned long n, i;
	uint64_t count;
	cpu_set_t one;
	int fd, fork_mode = 0;

	if (argc != 3 || (n = strtoul(argv[2], NULL, 10)) == 0) {
		fprintf(stderr, "usage: svecost live|dropped|fork N\n");
		return 2;
	}
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0) {
		perror("svecost: sched_setaffinity");
		return 1;
	}
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.disabled = 1;
	a.exclude_hv = 1;
	a.inherit = 1;
	fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0) {
		perror("svecost: perf_event_open");
		return 1;
	}
	if (!strcmp(argv[1], "live")) {
#if defined(__aarch64__)
		__asm__ volatile(".arch_extension sve\n\tptrue p0.b" ::: "memory");
#else
		fprintf(stderr, "svecost: live needs aarch64 (SVE)\n");
		return 1;
#endif
	} else if (!strcmp(argv[1], "dropped")) {
		fork_wait();
	} else if (!strcmp(argv[1], "fork")) {
		fork_mode = 1;
	} else {
		fprintf(stderr, "svecost: mode %s: live, dropped or fork\n", argv[1]);
		return 2;
	}
	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	if (fork_mode)
		for (i = 0; i < n; i++)
			fork_wait();
	else
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count)) {
		perror("svecost: read");
		return 1;
	}
	printf("svecost %s %lu instructions/op %.2f\n", argv[1], n,
	       (double)count / n);
	return 0;
}
