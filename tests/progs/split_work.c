/*
 * split_work PCT N: N rounds of 100 units of the same work, PCT of them
 * in work_a and the rest in work_b (abstat profile's tests: a 70/30
 * split, and 50/50 for a B that moves work). Built with frame pointers
 * and noinline so that each function is its own frame; the accumulator
 * lives on the stack, because GCC sets up no frame (frame pointer or
 * not) in a leaf that needs no stack, and its caller would be lost.
 */
#include <stdlib.h>

static volatile unsigned long sink;

/* n units of 2000 steps of an LCG the compiler cannot fold; inlined, so
 * that the samples are the caller's own */
#define SPLIT_STEPS(n)                                                      \
	do {                                                                \
		volatile unsigned long x = sink; /* on the stack: a frame */ \
		for (unsigned long k = 0; k < (n); k++)                     \
			for (int i = 0; i < 2000; i++)                      \
				x = x * 6364136223846793005ul +             \
				    1442695040888963407ul;                  \
		sink = x;                                                   \
	} while (0)

__attribute__((noinline)) void work_a(unsigned long n)
{
	SPLIT_STEPS(n);
}

__attribute__((noinline)) void work_b(unsigned long n)
{
	SPLIT_STEPS(n);
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
