// SPDX-License-Identifier: MIT
/*
 * region_example: a user program marking its measured region with
 * abstat.h. Setup faults in SETUP pages (default 20000) before the region;
 * the region touches K fresh pages (default 100); so under abstat the
 * region's page-faults are about K, not K + SETUP, and ops is K.
 *
 *	region_example [K [SETUP]]
 *
 * Prints "region_example: K pages in region, SETUP in setup".
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "abstat.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

static char *map_pages(size_t pages, size_t page)
{
	char *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("region_example: mmap");
		exit(1);
	}
#ifdef MADV_NOHUGEPAGE
	madvise(p, pages * page, MADV_NOHUGEPAGE);
#endif
	return p;
}

int main(int argc, char **argv)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t k = argc > 1 ? strtoul(argv[1], NULL, 10) : 100;
	size_t setup = argc > 2 ? strtoul(argv[2], NULL, 10) : 20000;
	volatile char *before = map_pages(setup, page);
	volatile char *region = map_pages(k, page);

	/* Setup: not counted. */
	for (size_t i = 0; i < setup; i++)
		before[i * page] = 1;

	abstat_begin();
	for (size_t i = 0; i < k; i++)
		region[i * page] = 1;
	abstat_end();
	abstat_ops(k);

	printf("region_example: %zu pages in region, %zu in setup\n", k,
	       setup);
	return 0;
}
