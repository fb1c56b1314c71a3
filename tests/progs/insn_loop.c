// SPDX-License-Identifier: MIT
/*
 * insn_loop N: a measured region of exactly 2 * N user instructions (a
 * decrement and a conditional branch per iteration, in assembly so no
 * compiler changes the count), reporting N operations (abstat.h). Under
 * abstat, instructions:u per op is 2 plus the region handshake's few
 * hundred instructions spread over N.
 */
#include <stdio.h>
#include <stdlib.h>

#include "abstat.h"

static void loop(unsigned long n)
{
#if defined(__x86_64__)
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n) : : "cc");
#elif defined(__aarch64__)
	__asm__ volatile("1: subs %0, %0, #1\n\tb.ne 1b" : "+r"(n) : : "cc");
#else
#error "insn_loop: no exact loop for this architecture"
#endif
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000000;

	if (n == 0) {
		fprintf(stderr, "insn_loop: N must be at least 1\n");
		return 2;
	}
	abstat_begin();
	loop(n);
	abstat_end();
	abstat_ops(n);
	return 0;
}
