// SPDX-License-Identifier: MIT
/* bench/stamp FILE: append CLOCK_MONOTONIC in ns to FILE and exit: the
 * moment a workload begins, for bench/startup.py (what abstat does
 * before its first run). */
#include <stdio.h>
#include <time.h>

int main(int argc, char **argv)
{
	struct timespec t;
	FILE *f;

	clock_gettime(CLOCK_MONOTONIC, &t);
	if (argc < 2 || !(f = fopen(argv[1], "a")))
		return 1;
	fprintf(f, "%lld\n", (long long)t.tv_sec * 1000000000LL + t.tv_nsec);
	return fclose(f) != 0;
}
