/* SPDX-License-Identifier: MIT */
/*
 * lcg_steps.h: LCG_STEPS(n), n units of 2000 steps of an LCG the compiler
 * cannot fold (LCG_STEPS_N(n, steps): units of that many steps), inlined
 * so that the samples are the caller's own; the accumulator lives on the
 * stack, because GCC sets up no frame (frame pointer or not) in a leaf
 * that needs no stack, and its caller would be lost. split_work.c and
 * deep_chain.c (profiled test programs).
 */
#ifndef LCG_STEPS_H
#define LCG_STEPS_H

static volatile unsigned long sink;

#define LCG_STEPS(n) LCG_STEPS_N(n, 2000)

/* n units of steps steps each */
#define LCG_STEPS_N(n, steps)                                               \
	do {                                                                \
		volatile unsigned long x = sink; /* on the stack: a frame */ \
		for (unsigned long k = 0; k < (n); k++)                     \
			for (int i = 0; i < (steps); i++)                   \
				x = x * 6364136223846793005ul +             \
				    1442695040888963407ul;                  \
		sink = x;                                                   \
	} while (0)

#endif
