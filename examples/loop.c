// SPDX-License-Identifier: MIT
/* loop: a fixed amount of arithmetic, built twice by make as the two
 * builds of the README's versus example: build/examples/old (LOOPS
 * iterations) and build/examples/new (10% more, as a change that makes a
 * hot loop slower would). */
#include <stdio.h>

#ifndef LOOPS
#define LOOPS 20000000L
#endif

int main(void)
{
	volatile unsigned long x = 1;

	for (long i = 0; i < LOOPS; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	return x == 0;
}
