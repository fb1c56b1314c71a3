// SPDX-License-Identifier: MIT
/*
 * stride: read one byte every -t BYTES (default 64, a cache line) of a
 * buffer of -s KiB (default 1024), over and over from its start; one
 * operation is one read. The buffer is allocated and written whole in
 * setup, so the region takes no page fault and, when the buffer fits in
 * the L1 data cache, finds it there. The check of a cache model's
 * arithmetic (the kernel lab's, doc/lab.md): with a 64-byte stride a
 * buffer far larger than L1D misses it about once a read, one far
 * smaller about never; each read is one data access of user space (the
 * loop keeps its sum in a register).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

static uint64_t size_kb = 1024, stride = 64;
static unsigned char *buf;
/* The sum goes here once, so the compiler keeps the reads. */
static volatile unsigned sink;

static int stride_option(int opt, const char *arg)
{
	if (opt == 's' && harness_parse_u64(arg, 1, 1U << 22, &size_kb) < 0)
		return harness_error("-s: expected KiB in 1..4194304, got '%s'",
				     arg);
	if (opt == 't' && harness_parse_u64(arg, 1, 1U << 20, &stride) < 0)
		return harness_error("-t: expected bytes in 1..1048576, got '%s'",
				     arg);
	return 0;
}

static int stride_setup(uint64_t n)
{
	size_t len = (size_t)size_kb * 1024;

	(void)n;
	if (stride > len)
		return harness_error("-t %llu: the stride is larger than the %llu KiB buffer",
				     (unsigned long long)stride,
				     (unsigned long long)size_kb);
	if (posix_memalign((void **)&buf, 4096, len))
		return harness_error("posix_memalign: %llu KiB: out of memory",
				     (unsigned long long)size_kb);
	memset(buf, 1, len);
	return 0;
}

static int64_t stride_run(uint64_t n)
{
	const volatile unsigned char *p = buf;
	size_t len = (size_t)size_kb * 1024, off = 0;
	unsigned sum = 0;

	for (uint64_t i = 0; i < n; i++) {
		sum += p[off];
		off += stride;
		if (off >= len)
			off = 0;
	}
	sink = sum;
	return (int64_t)n;
}

static void stride_teardown(void)
{
	free(buf);
	buf = NULL;
}

const struct workload workload = {
	.name = "stride",
	.op = "one byte read, -t bytes past the last",
	.default_n = 50000000,
	.n_means = "reads",
	.optstring = "s:t:",
	.opt_usage = "  -s KiB   buffer size (default 1024)\n"
		     "  -t BYTES stride (default 64)\n",
	.option = stride_option,
	.setup = stride_setup,
	.run = stride_run,
	.teardown = stride_teardown,
};
