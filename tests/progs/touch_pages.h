/* SPDX-License-Identifier: MIT */
/*
 * touch_pages: fault in n fresh anonymous pages, one write each; the
 * page-fault workload of tests/progs/touch_pages.c and of the real-path
 * cases of tests/unit/test_perf_read.c (which re-executes itself to run it).
 */
#ifndef ABSTAT_TOUCH_PAGES_H
#define ABSTAT_TOUCH_PAGES_H

#include <sys/mman.h>
#include <unistd.h>

/* 0, or 1 when the pages cannot be mapped. */
static inline int touch_pages(long n)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, n * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 1;
	for (long i = 0; i < n; i++)
		p[i * page] = 1;
	return 0;
}

#endif
