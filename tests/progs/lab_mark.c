// SPDX-License-Identifier: MIT
/*
 * lab_mark: executes HINT #122 once (a NOP on hardware and elsewhere;
 * on x86_64 nopl 0x6162ab7a(%rax)), which the kernel lab's cache model
 * (lab/plugin/cache.c) or instruction counter (count.c) writes
 * as a mark line in its file of region counts. The lab's guest job runs
 * it before and after abstat run, so that the host takes exactly the
 * regions between the marks as abstat run's (lab/cache-merge.sh),
 * whatever ran before (abstat doctor) or after (LAB_AFTER).
 */
int main(void)
{
#if defined(__aarch64__)
	__asm__ __volatile__("hint #122" ::: "memory");
#elif defined(__x86_64__)
	__asm__ __volatile__("nopl 0x6162ab7a(%%rax)" ::: "memory");
#endif
	return 0;
}
