// SPDX-License-Identifier: MIT
/*
 * getppid-nosve: getppid's loop with the task's SVE state dropped. Setup
 * forks a child that exits at once and waits for it, the child on the
 * parent's CPU: the parent pins itself to the CPU it is on for the fork
 * (the child inherits the mask; the parent's own mask is given back
 * after), so the workload is switched out inside fork() or waitpid()
 * while another user task runs on its CPU, and arm64 Linux drops the
 * SVE state of a task switched out in a system call (on return it has
 * plain FP/SIMD state, TIF_SVE clear). Unpinned on 2 CPUs the child
 * would run on the other one while the parent's CPU idles, and the
 * state would stay live (6.12: 518.6 instructions a getppid, not 451.5).
 * Setup checks what user space can see of that: the child ran on the
 * parent's CPU, and the parent was switched out (its context switches,
 * getrusage) before waitpid() returned; otherwise it fails saying the
 * state may still be live. Nothing between setup and the loop runs an
 * SVE instruction. Portable: elsewhere it is getppid after one fork.
 */
#ifdef __linux__
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "harness.h"

#ifdef __linux__
static int nosve_drop(void)
{
	cpu_set_t saved, one;
	struct rusage r0, r1;
	int cpu, status, rc = 0;
	pid_t pid;

	cpu = sched_getcpu();
	if (cpu < 0)
		return harness_perror("sched_getcpu");
	if (sched_getaffinity(0, sizeof(saved), &saved) < 0)
		return harness_perror("sched_getaffinity");
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) < 0)
		return harness_perror("sched_setaffinity (the parent's CPU, for the child)");
	cpu = sched_getcpu();
	if (getrusage(RUSAGE_SELF, &r0) < 0)
		return harness_perror("getrusage");
	pid = fork();
	if (pid < 0)
		return harness_perror("fork");
	if (pid == 0)
		_exit(sched_getcpu() == cpu ? 0 : 3);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		rc = harness_error("child %ld did not exit cleanly", (long)pid);
	else if (WEXITSTATUS(status) == 3)
		rc = harness_error("the child did not run on the parent's CPU %d: the SVE state may still be live",
				   cpu);
	else if (WEXITSTATUS(status))
		rc = harness_error("child %ld exited %d", (long)pid,
				   WEXITSTATUS(status));
	else if (getrusage(RUSAGE_SELF, &r1) < 0)
		rc = harness_perror("getrusage");
	else if (r1.ru_nvcsw + r1.ru_nivcsw == r0.ru_nvcsw + r0.ru_nivcsw)
		rc = harness_error("not switched out while the child ran on CPU %d (no context switch in fork and waitpid): the SVE state may still be live",
				   cpu);
	if (sched_setaffinity(0, sizeof(saved), &saved) < 0 && !rc)
		rc = harness_perror("sched_setaffinity (the workload's own CPUs back)");
	return rc;
}
#endif

static int nosve_setup(uint64_t n)
{
	(void)n;
#ifdef __linux__
	return nosve_drop();
#else
	return harness_fork_wait();
#endif
}

const struct workload workload = {
	.name = "getppid-nosve",
	.op = "getppid() with SVE state dropped",
	.default_n = 2500000,
	.setup = nosve_setup,
	.run = harness_getppid,
};
