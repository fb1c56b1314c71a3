// SPDX-License-Identifier: MIT
/*
 * getppid-nosve: getppid's loop with the task's SVE state dropped. Setup
 * forks a child that exits at once and waits for it: the child inherits
 * the CPU (abstat pins the workload), so the workload is switched out
 * inside waitpid() while another user task runs, and arm64 Linux drops
 * the SVE state of a task switched out in a system call (on return it
 * has plain FP/SIMD state, TIF_SVE clear). Nothing between setup and
 * the loop runs an SVE instruction. Portable: elsewhere it is getppid
 * after one fork.
 */
#include "harness.h"

static int nosve_setup(uint64_t n)
{
	(void)n;
	return harness_fork_wait();
}

const struct workload workload = {
	.name = "getppid-nosve",
	.op = "getppid() with SVE state dropped",
	.default_n = 2500000,
	.setup = nosve_setup,
	.run = harness_getppid,
};
