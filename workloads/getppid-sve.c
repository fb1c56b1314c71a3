// SPDX-License-Identifier: MIT
/*
 * getppid-sve: getppid's loop with the task's SVE state live. The first
 * thing the region does is one SVE instruction (ptrue p0.b): it traps
 * once, the kernel gives the task SVE state (TIF_SVE), and every later
 * system call finds it set. Linux 6.12's el0_svc then flushes the live
 * SVE registers on every call (sve_flush_live); 6.1 drops the state at
 * the first call. aarch64 with SVE only: elsewhere setup exits 1 saying
 * so (getppid-nosve is the portable other half).
 */
#if defined(__aarch64__) && defined(__linux__)
#define SVE_BUILD 1
#include <sys/auxv.h>
#else
#define SVE_BUILD 0
#include <sys/utsname.h>
#endif

#include "harness.h"

static int sve_setup(uint64_t n)
{
#if SVE_BUILD
	(void)n;
	if (!(getauxval(AT_HWCAP) & HWCAP_SVE))
		return harness_error("this aarch64 CPU has no SVE (AT_HWCAP lacks HWCAP_SVE); the workload needs one with SVE, getppid-nosve runs anywhere");
	return 0;
#else
	struct utsname u;

	(void)n;
	if (uname(&u) < 0)
		u.machine[0] = '\0';
	return harness_error("aarch64 only (SVE), and this is %s; getppid-nosve runs anywhere",
			     u.machine[0] ? u.machine : "another architecture");
#endif
}

static int64_t sve_run(uint64_t n)
{
#if SVE_BUILD
	__asm__ volatile(".arch_extension sve\n\tptrue p0.b" ::: "memory");
#endif
	return harness_getppid(n);
}

const struct workload workload = {
	.name = "getppid-sve",
	.op = "getppid() with SVE state live",
	.default_n = 2500000,
	.setup = sve_setup,
	.run = sve_run,
};
