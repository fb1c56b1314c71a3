/*
 * deep_chain [N [PCT]]: a deep named call chain for the flame graph's
 * first screen (issue 43, test 263): main -> recurse x21 -> level01 ..
 * level36 -> hot_checksum_kernel (PCT of the work, default 83) and its
 * sibling cold_checksum (the rest), 59 named frames. N rounds (default
 * 400).
 * Built with frame pointers, noinline and no sibling calls, so that each
 * call is its own frame; the leaves keep their accumulator on the stack
 * (lcg_steps.h: a leaf that needs no stack sets up no frame).
 */
#include <stdlib.h>

#include "lcg_steps.h"

static unsigned long hot_pct = 83;

__attribute__((noinline)) void hot_checksum_kernel(unsigned long n)
{
	LCG_STEPS(n);
}

__attribute__((noinline)) void cold_checksum(unsigned long n)
{
	LCG_STEPS(n);
}

__attribute__((noinline)) void level36(void)
{
	hot_checksum_kernel(hot_pct);
	cold_checksum(100 - hot_pct);
	sink++;
}

/* levelNN calls levelNN+1, then touches sink: no tail call */
#define DEEP_LEVEL(a, b)                                                    \
	__attribute__((noinline)) void level##a(void)                       \
	{                                                                   \
		level##b();                                                 \
		sink++;                                                     \
	}

DEEP_LEVEL(35, 36) DEEP_LEVEL(34, 35) DEEP_LEVEL(33, 34) DEEP_LEVEL(32, 33)
DEEP_LEVEL(31, 32) DEEP_LEVEL(30, 31) DEEP_LEVEL(29, 30) DEEP_LEVEL(28, 29)
DEEP_LEVEL(27, 28) DEEP_LEVEL(26, 27) DEEP_LEVEL(25, 26) DEEP_LEVEL(24, 25)
DEEP_LEVEL(23, 24) DEEP_LEVEL(22, 23) DEEP_LEVEL(21, 22) DEEP_LEVEL(20, 21)
DEEP_LEVEL(19, 20) DEEP_LEVEL(18, 19) DEEP_LEVEL(17, 18) DEEP_LEVEL(16, 17)
DEEP_LEVEL(15, 16) DEEP_LEVEL(14, 15) DEEP_LEVEL(13, 14) DEEP_LEVEL(12, 13)
DEEP_LEVEL(11, 12) DEEP_LEVEL(10, 11) DEEP_LEVEL(09, 10) DEEP_LEVEL(08, 09)
DEEP_LEVEL(07, 08) DEEP_LEVEL(06, 07) DEEP_LEVEL(05, 06) DEEP_LEVEL(04, 05)
DEEP_LEVEL(03, 04) DEEP_LEVEL(02, 03) DEEP_LEVEL(01, 02)

/* 21 frames of recurse, then the levels */
__attribute__((noinline)) void recurse(int n)
{
	if (n > 1)
		recurse(n - 1);
	else
		level01();
	sink++;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 400;
	long pct = argc > 2 ? atol(argv[2]) : 83;

	if (pct < 0 || pct > 100)
		return 2;
	hot_pct = (unsigned long)pct;
	for (long r = 0; r < rounds; r++)
		recurse(21);
	return 0;
}
