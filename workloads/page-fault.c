// SPDX-License-Identifier: MIT
/*
 * page-fault: write one byte to each of N fresh anonymous pages; one
 * operation is one first-touch fault (allocate and zero a page, map it).
 * -n is the number of pages. The mapping is made in setup and unmapped in
 * teardown, so the region holds only the faults. On Linux the mapping is
 * marked MADV_NOHUGEPAGE: with transparent huge pages one fault could map
 * 512 pages and the count would depend on the THP setting.
 */
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

static char *mem = MAP_FAILED;
static size_t len, page;

static int page_fault_setup(uint64_t n)
{
	page = (size_t)sysconf(_SC_PAGESIZE);
	if (n > SIZE_MAX / page)
		return harness_error("-n: too many pages");
	len = (size_t)n * page;
	mem = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		return harness_perror("mmap");
#ifdef MADV_NOHUGEPAGE
	madvise(mem, len, MADV_NOHUGEPAGE);
#endif
	return 0;
}

static int64_t page_fault_run(uint64_t n)
{
	volatile char *p = mem;

	for (uint64_t i = 0; i < n; i++)
		p[i * page] = 1;
	return (int64_t)n;
}

static void page_fault_teardown(void)
{
	if (mem != MAP_FAILED)
		munmap(mem, len);
}

const struct workload workload = {
	.name = "page-fault",
	.op = "first write to a fresh anonymous page (one page fault)",
	.default_n = 30000,
	.n_means = "pages to touch",
	.setup = page_fault_setup,
	.run = page_fault_run,
	.teardown = page_fault_teardown,
};
