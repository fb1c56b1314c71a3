// SPDX-License-Identifier: MIT
/*
 * launcher_prio: abstat and its spawn helper run SCHED_FIFO (priority 1)
 * while runs go, and every process they start is SCHED_OTHER again
 * (SCHED_RESET_ON_FORK), the workload included.
 *
 * Why: a run's last steps in abstat (the go, then the poll it sleeps in)
 * and in the helper (woken when the child's exec releases its memory)
 * happen once the workload may run. On the workload's CPU (--launcher-cpu
 * same, or a machine of one CPU) a waking workload preempted abstat
 * before it slept, and abstat then ran at a later tick, inside the
 * region: a context switch the workload never asked for, which on arm64
 * drops its live SVE state (seen in the lab's one-CPU guest: getppid-sve
 * 462 -> 477 instead of 518 on 6.12). A real-time abstat is never
 * preempted by the workload it wakes, and a real-time helper runs at
 * once when the exec wakes it, before the program's first instruction;
 * both are asleep before the region begins.
 */
#include <errno.h>
#include <sched.h>

#include "launcher.h"

static int launcher_prio_old = -1; /* the policy before, -1: unchanged */
static struct sched_param launcher_prio_param;

/* pid (0: abstat) at SCHED_FIFO 1, its children SCHED_OTHER. */
static int launcher_prio_fifo(pid_t pid)
{
	struct sched_param p = { .sched_priority = 1 };

	return sched_setscheduler(pid, SCHED_FIFO | SCHED_RESET_ON_FORK, &p) <
		       0 ? -errno : 0;
}

int launcher_prio_raise(void)
{
	int old = sched_getscheduler(0);
	int rc;

	if (old < 0)
		return -errno;
	if (launcher_prio_old >= 0)
		return 0;
	sched_getparam(0, &launcher_prio_param);
	rc = launcher_prio_fifo(0);
	if (rc < 0)
		return rc;
	launcher_prio_old = old & ~SCHED_RESET_ON_FORK;
	return 0;
}

int launcher_prio_follow(pid_t pid)
{
	return launcher_prio_old < 0 ? 0 : launcher_prio_fifo(pid);
}

void launcher_prio_restore(void)
{
	if (launcher_prio_old < 0)
		return;
	sched_setscheduler(0, launcher_prio_old, &launcher_prio_param);
	launcher_prio_old = -1;
}
