// SPDX-License-Identifier: MIT
/*
 * mmap: after Ingo Molnar's mmap-perf: a fixed-seed pseudo-random sequence
 * of mmap/munmap/mremap calls over 128 slots of 1-16 anonymous pages,
 * touching each page of a new or resized mapping with probability 1/8.
 * One operation is one call; the PRNG (xorshift64*) is re-seeded in setup,
 * so every run makes exactly the same calls with the same sizes and
 * touches the same pages (only the addresses the kernel picks differ).
 * Where mremap(2) does not exist (the BSDs) a resize is munmap + mmap,
 * still counted as one call. Mappings left at the end are unmapped in
 * teardown, outside the region.
 *
 * mmap-perf makes 1M calls; here (a VM, ~2.9 us per call) that takes
 * 2.9 s, so the default is 100000 calls (~0.3 s): -n 1000000 gives the
 * original length. The sequence does not depend on -n: a shorter run is
 * a prefix of a longer one.
 */
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

#define SLOTS 128
#define MAX_PAGES 16
#define SEED 0x2545f4914f6cdd1dULL

static struct {
	char *addr;
	size_t len;
} slot[SLOTS];
static uint64_t state;
static size_t page;

/* xorshift64* (Vigna 2016): fast and the same on every platform. */
static uint64_t mmap_rand(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 0x2545f4914f6cdd1dULL;
}

static int mmap_setup(uint64_t n)
{
	(void)n;
	page = (size_t)sysconf(_SC_PAGESIZE);
	state = SEED;
	return 0;
}

static void mmap_touch(char *addr, size_t len)
{
	for (size_t off = 0; off < len; off += page)
		if ((mmap_rand() >> 40) % 8 == 0)
			((volatile char *)addr)[off] = 1;
}

static char *mmap_map(size_t len)
{
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	return p == MAP_FAILED ? NULL : p;
}

static int mmap_resize(int s, size_t len)
{
	char *p;

#ifdef __linux__
	p = mremap(slot[s].addr, slot[s].len, len, MREMAP_MAYMOVE);
	if (p == MAP_FAILED)
		return harness_perror("mremap");
#else
	munmap(slot[s].addr, slot[s].len);
	p = mmap_map(len);
	if (!p)
		return harness_perror("mmap");
#endif
	slot[s].addr = p;
	slot[s].len = len;
	return 0;
}

static int64_t mmap_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		uint64_t r = mmap_rand();
		int s = (int)(r % SLOTS);
		size_t len = (1 + (r >> 8) % MAX_PAGES) * page;

		if (!slot[s].addr) {
			slot[s].addr = mmap_map(len);
			if (!slot[s].addr)
				return harness_perror("mmap");
			slot[s].len = len;
		} else if ((r >> 16) & 1) {
			munmap(slot[s].addr, slot[s].len);
			slot[s].addr = NULL;
			continue;
		} else if (mmap_resize(s, len) < 0) {
			return -1;
		}
		mmap_touch(slot[s].addr, slot[s].len);
	}
	return (int64_t)n;
}

static void mmap_teardown(void)
{
	for (int s = 0; s < SLOTS; s++)
		if (slot[s].addr)
			munmap(slot[s].addr, slot[s].len);
}

const struct workload workload = {
	.name = "mmap",
	.op = "one mmap, munmap or mremap call of a fixed pseudo-random sequence",
	.default_n = 100000,
	.n_means = "calls",
	.setup = mmap_setup,
	.run = mmap_run,
	.teardown = mmap_teardown,
};
