/*
 * split_work PCT N: N rounds of 100 units of the same work, PCT of them
 * in work_a and the rest in work_b (abstat profile's tests: a 70/30
 * split, and 50/50 for a B that moves work). Built with frame pointers
 * and noinline so that each function is its own frame; the accumulator
 * lives on the stack, because GCC sets up no frame (frame pointer or
 * not) in a leaf that needs no stack, and its caller would be lost.
 */
#include <stdlib.h>

#include "lcg_steps.h"

__attribute__((noinline)) void work_a(unsigned long n)
{
	LCG_STEPS(n);
}

__attribute__((noinline)) void work_b(unsigned long n)
{
	LCG_STEPS(n);
}

int main(int argc, char **argv)
{
	long pct = argc > 1 ? atol(argv[1]) : 70;
	long n = argc > 2 ? atol(argv[2]) : 2000;

	if (pct < 0 || pct > 100)
		return 2;
	for (long r = 0; r < n; r++) {
		work_a((unsigned long)pct);
		work_b((unsigned long)(100 - pct));
	}
	return 0;
}
