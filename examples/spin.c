// SPDX-License-Identifier: MIT
/* spin N: N getppid() system calls, the README's versus example (make
 * builds it as build/examples/spin): twice the calls, twice the time.
 * The whole program is measured (no abstat.h region), so the table's
 * primary row is its CPU time. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000;

	if (n <= 0) {
		fprintf(stderr, "usage: spin [N]: N > 0 getppid() calls\n");
		return 2;
	}
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return 0;
}
