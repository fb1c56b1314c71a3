/* SPDX-License-Identifier: MIT */
/*
 * open_cost N: what opening a run's counters on another task costs
 * abstat, without the run: N times, three software events (task-clock
 * leader, disabled + enable_on_exec, page-faults and context-switches in
 * its group, inherit, read_format as abstat's) opened on a sleeping
 * child, PERF_EVENT_IOC_ID on each, then the three closed. One event of
 * each type is held open on the parent first, as abstat's probes are
 * (no kernel static key flips per run). Prints the microseconds per
 * round. A measurement (bench/RESULTS.md, issue 33), not a test.
 */
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int open_ev(unsigned long long config, pid_t pid, int group, int lead)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = config;
	a.inherit = pid != 0;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
	a.disabled = lead;
	a.enable_on_exec = lead && pid != 0;
	return (int)syscall(SYS_perf_event_open, &a, pid, -1, group,
			    PERF_FLAG_FD_CLOEXEC);
}

int main(int argc, char **argv)
{
	static const unsigned long long cfg[3] = {
	    PERF_COUNT_SW_TASK_CLOCK,
	    PERF_COUNT_SW_PAGE_FAULTS,
	    PERF_COUNT_SW_CONTEXT_SWITCHES,
	};
	long n = argc > 1 ? atol(argv[1]) : 0;
	struct timespec t0, t1;
	pid_t child;

	if (n <= 0) {
		fputs("usage: open_cost N\n", stderr);
		return 2;
	}
	for (int i = 0; i < 3; i++)
		if (open_ev(cfg[i], 0, -1, 1) < 0) {
			perror("open_cost: perf_event_open");
			return 1;
		}
	child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (long k = 0; k < n; k++) {
		int fd[3];

		for (int i = 0; i < 3; i++) {
			unsigned long long id;

			fd[i] = open_ev(cfg[i], child, i ? fd[0] : -1, !i);
			if (fd[i] < 0 || ioctl(fd[i], PERF_EVENT_IOC_ID, &id)) {
				perror("open_cost: perf_event_open");
				kill(child, SIGKILL);
				return 1;
			}
		}
		for (int i = 0; i < 3; i++)
			close(fd[i]);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("open + ID + close of 3 counters on another task: %.1f us a "
	       "round (%ld rounds)\n",
	       ((t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec)) / n /
		   1e3,
	       n);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	return 0;
}
