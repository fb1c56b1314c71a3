/* SPDX-License-Identifier: MIT */
/*
 * loop_vfork_count N PROG [ARG...]: the cheapest exact counting launch we
 * know, as a reference for abstat's launcher. N times:
 *   clone(CLONE_VM | CLONE_VFORK | CLONE_FILES): the child shares the
 *   parent's memory and fd table, pins itself (BENCH_CPU, default 1, -1 =
 *   no pinning), opens task-clock (leader, disabled + enable_on_exec),
 *   page-faults and context-switches on itself with close-on-exec fds,
 *   and execs. exec unshares the fd table before closing close-on-exec
 *   fds, so the child loses them and the parent keeps them.
 *   The parent wait4s, reads every counter, then closes them.
 * The child never counts the launcher: counting starts at exec.
 *
 * BENCH_HOLD_KEYS=1: before the loop the parent opens one disabled event
 * of each type on itself and keeps it. Why: every software event but
 * task-clock/cpu-clock bumps a kernel static key (perf_swevent_enabled[])
 * when it is created and drops it when it is freed; going 0 -> 1 -> 0
 * patches kernel text each time, which costs about 65 us to open and 60
 * us to close per event on this VM (measured: 3 events cost 255 us of
 * open + 133 us of close per run, 1 event 65 + 2). Holding one event of
 * each type keeps the keys at >= 1 and the per-run cost away.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define N_EV 3

struct child_ctx {
	char **argv;
	int cpu;
	int fd[N_EV];
	int err;        /* errno of the step that failed, 0 = exec'd */
};

static const uint64_t ev_config[N_EV] = {
	PERF_COUNT_SW_TASK_CLOCK,
	PERF_COUNT_SW_PAGE_FAULTS,
	PERF_COUNT_SW_CONTEXT_SWITCHES,
};

static int child_open(int i, int group_fd)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = ev_config[i];
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
			PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID;
	a.inherit = 1;
	a.exclude_hv = 1;
	if (group_fd < 0) {
		a.disabled = 1;
		a.enable_on_exec = 1;
		a.pinned = 1;
	}
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, group_fd,
			    PERF_FLAG_FD_CLOEXEC);
}

/* A disabled event on the launcher itself, never read, never closed. */
static int hold_open(int i)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = ev_config[i];
	a.disabled = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

static int child_main(void *arg)
{
	struct child_ctx *c = arg;

	if (c->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(c->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			c->err = errno;
			_exit(126);
		}
	}
	for (int i = 0; i < N_EV; i++) {
		c->fd[i] = child_open(i, i ? c->fd[0] : -1);
		if (c->fd[i] < 0) {
			c->err = errno;
			_exit(126);
		}
	}
	execv(c->argv[0], c->argv);
	c->err = errno;
	_exit(127);
}

static int launch_one(struct child_ctx *c, char *stack, size_t size,
		      uint64_t sum[N_EV])
{
	struct rusage ru;
	int status, rc = 0;
	pid_t pid;

	for (int i = 0; i < N_EV; i++)
		c->fd[i] = -1;
	c->err = 0;
	pid = clone(child_main, stack + size,
		    CLONE_VM | CLONE_VFORK | CLONE_FILES | SIGCHLD, c);
	if (pid < 0)
		return -errno;
	if (wait4(pid, &status, 0, &ru) < 0)
		rc = -errno;
	else if (c->err)
		rc = -c->err;
	else if (status != 0)
		rc = -ECHILD;
	for (int i = 0; i < N_EV && !rc; i++) {
		uint64_t v[4]; /* value, enabled, running, id */

		if (read(c->fd[i], v, sizeof(v)) != (ssize_t)sizeof(v))
			rc = -EIO;
		else
			sum[i] += v[0];
	}
	for (int i = 0; i < N_EV; i++)
		if (c->fd[i] >= 0)
			close(c->fd[i]);
	return rc;
}

int main(int argc, char **argv)
{
	static char stack[256 * 1024] __attribute__((aligned(64)));
	const char *cpu_env = getenv("BENCH_CPU");
	long n = argc > 2 ? atol(argv[1]) : 0;
	struct child_ctx c = { .argv = argv + 2 };
	uint64_t sum[N_EV] = { 0 };

	if (n <= 0) {
		fputs("usage: loop_vfork_count N PROG [ARG...]\n", stderr);
		return 2;
	}
	c.cpu = cpu_env ? atoi(cpu_env) : 1;
	if (getenv("BENCH_HOLD_KEYS"))
		for (int i = 0; i < N_EV; i++)
			if (hold_open(i) < 0) {
				perror("loop_vfork_count: hold event");
				return 1;
			}
	for (long i = 0; i < n; i++) {
		int rc = launch_one(&c, stack, sizeof(stack), sum);

		if (rc) {
			fprintf(stderr, "loop_vfork_count: run %ld: %s\n", i,
				strerror(-rc));
			return 1;
		}
	}
	if (getenv("BENCH_VERBOSE"))
		printf("task-clock %llu ns, page-faults %llu, context-switches %llu (sums over %ld runs)\n",
		       (unsigned long long)sum[0], (unsigned long long)sum[1],
		       (unsigned long long)sum[2], n);
	return 0;
}
