// SPDX-License-Identifier: MIT
/*
 * lat-mmap: lmbench lat_mmap: mmap(2) a file (MAP_SHARED, read only), read
 * one byte of every 16 KiB of it, munmap(2) it. The file (-s KiB, default
 * 1024) is written in setup in a private directory under $TMPDIR (or
 * /tmp), so it is in the page cache; the faults are minor faults, and
 * Linux fault-around may map several pages per fault.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "harness.h"

#define STRIDE (16 * 1024)

static char dir[PATH_MAX], path[PATH_MAX];
static int fd = -1;
static uint64_t size_kb = 1024;
/* Reads go here so the compiler keeps them. */
static volatile char sink;

static int lat_mmap_option(int opt, const char *arg)
{
	(void)opt;
	if (harness_parse_u64(arg, 16, 1U << 30, &size_kb) < 0)
		return harness_error("-s: expected KiB in 16..2^30, got '%s'",
				     arg);
	return 0;
}

static int lat_mmap_setup(uint64_t n)
{
	(void)n;
	fd = harness_tmpfile(dir, path, sizeof(path), size_kb);
	return fd < 0 ? -1 : 0;
}

static int64_t lat_mmap_run(uint64_t n)
{
	size_t len = (size_t)(size_kb / 4 * 4096);

	for (uint64_t i = 0; i < n; i++) {
		char *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);

		if (p == MAP_FAILED)
			return harness_perror("mmap");
		for (size_t off = 0; off < len; off += STRIDE)
			sink = p[off];
		munmap(p, len);
	}
	return (int64_t)n;
}

static void lat_mmap_teardown(void)
{
	if (fd >= 0)
		close(fd);
	harness_tmpfile_remove(dir, path);
}

const struct workload workload = {
	.name = "lat-mmap",
	.op = "mmap() a file, read every 16 KiB, munmap()",
	.default_n = 8000,
	.optstring = "s:",
	.opt_usage = "  -s KiB   file size (default 1024)\n",
	.option = lat_mmap_option,
	.setup = lat_mmap_setup,
	.run = lat_mmap_run,
	.teardown = lat_mmap_teardown,
};
