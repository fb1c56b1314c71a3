// SPDX-License-Identifier: MIT
/*
 * lab_straight: two regions for the x86_64 lab's instruction counter
 * (lab/plugin/count.c), marked by its own markers and not by abstat.h:
 * an empty one (the begin marker straight followed by the end marker),
 * then one holding 1000 nop and 500 add $1,%rax, straight-line code
 * with no branch, exactly 1500 instructions more. The counter's count of
 * the second minus its count of the first is 1500 (tests/lab/t); what
 * the first counts is the counter's residual. Elsewhere (not x86_64) it
 * does nothing and exits 0.
 */
int main(void)
{
#if defined(__x86_64__)
	__asm__ __volatile__("nopl 0x6162ab78(%%rax)\n\t"
			     "nopl 0x6162ab79(%%rax)" ::: "memory");
	__asm__ __volatile__("nopl 0x6162ab78(%%rax)\n\t"
			     ".rept 1000\n\tnop\n\t.endr\n\t"
			     ".rept 500\n\tadd $1, %%rax\n\t.endr\n\t"
			     "nopl 0x6162ab79(%%rax)" ::: "rax", "cc", "memory");
#endif
	return 0;
}
