/*
 * split_work PCT N [STEPS]: N rounds of 100 units of the same work (a
 * unit STEPS steps of an LCG, 2000 by default), PCT of them in work_a
 * and the rest in work_b (abstat profile's tests: a 70/30 split, and
 * 50/50 for a B that moves work). A round of 100 units of 2000 steps
 * takes about 0.25 ms, near the 1 ms of a 999 Hz sampler: the samples
 * fall at a phase of the round that drifts slowly, and a run's share of
 * work_a strays 7 points or more from PCT; rounds of 20-step units are
 * a hundred times shorter, and the share strays as a sample count's
 * chance does (about 3 points a run of 250 samples). Built with frame
 * pointers and noinline so that each function is its own frame; the
 * accumulator lives on the stack, because GCC sets up no frame (frame
 * pointer or not) in a leaf that needs no stack, and its caller would
 * be lost.
 */
#include <stdlib.h>

#include "lcg_steps.h"

static int steps = 2000;

__attribute__((noinline)) void work_a(unsigned long n)
{
	LCG_STEPS_N(n, steps);
}

__attribute__((noinline)) void work_b(unsigned long n)
{
	LCG_STEPS_N(n, steps);
}

int main(int argc, char **argv)
{
	long pct = argc > 1 ? atol(argv[1]) : 70;
	long n = argc > 2 ? atol(argv[2]) : 2000;

	if (argc > 3)
		steps = atoi(argv[3]);
	if (pct < 0 || pct > 100 || steps < 1)
		return 2;
	for (long r = 0; r < n; r++) {
		work_a((unsigned long)pct);
		work_b((unsigned long)(100 - pct));
	}
	return 0;
}
