// SPDX-License-Identifier: MIT
/*
 * perf_read: parse what read(2) returns on a perf_event fd, trusting
 * nothing: the size must be exact, every id must be one we opened, and
 * running can never exceed enabled. A read of 0 bytes is the kernel's way
 * of saying a pinned event could not be scheduled (it is in error state,
 * see perf_read() in kernel/events/core.c), so it is reported as such.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "perf_internal.h"

size_t perf_group_size(size_t nr)
{
	return sizeof(uint64_t) * (3 + 2 * nr);
}

static int perf_read_short(ssize_t n, size_t want, char *err, size_t len)
{
	if (n == 0)
		snprintf(err, len, "read returned nothing: the pinned group could not be scheduled on the PMU (too many events, or a counter taken by another user such as the NMI watchdog)");
	else if (n < 0)
		snprintf(err, len, "read failed: %s", strerror((int)-n));
	else
		snprintf(err, len, "read returned %zd bytes, expected %zu",
			 n, want);
	return -EIO;
}

static int perf_check_times(uint64_t enabled, uint64_t running, char *err,
			    size_t len)
{
	if (running > enabled) {
		snprintf(err, len, "read is inconsistent: running time %llu ns exceeds enabled time %llu ns",
			 (unsigned long long)running,
			 (unsigned long long)enabled);
		return -EIO;
	}
	return 0;
}

int perf_parse_group(const void *buf, ssize_t n, size_t nr,
		     const uint64_t *ids, struct counter_value *out,
		     char *err, size_t len)
{
	uint64_t w[3];
	bool seen[nr ? nr : 1];
	const unsigned char *p = buf;

	if (n < 0 || (size_t)n != perf_group_size(nr))
		return perf_read_short(n, perf_group_size(nr), err, len);
	memcpy(w, p, sizeof(w));
	if (w[0] != nr) {
		snprintf(err, len, "read has %llu counters in the group, expected %zu",
			 (unsigned long long)w[0], nr);
		return -EIO;
	}
	if (perf_check_times(w[1], w[2], err, len))
		return -EIO;
	memset(seen, 0, sizeof(seen));
	for (size_t i = 0; i < nr; i++) {
		uint64_t vi[2];
		size_t k;

		memcpy(vi, p + sizeof(w) + i * sizeof(vi), sizeof(vi));
		/* The kernel lists members in the order they joined, which
		 * is ours; match by id anyway rather than assume it. */
		for (k = 0; k < nr && (ids[k] != vi[1] || seen[k]); k++)
			;
		if (k == nr) {
			snprintf(err, len, "read has counter id %llu, which is not in the group",
				 (unsigned long long)vi[1]);
			return -EIO;
		}
		seen[k] = true;
		out[k].value = vi[0];
		out[k].enabled_ns = w[1];
		out[k].running_ns = w[2];
	}
	return 0;
}

int perf_parse_single(const void *buf, ssize_t n, uint64_t id,
		      struct counter_value *out, char *err, size_t len)
{
	uint64_t w[4];

	if (n != (ssize_t)sizeof(w))
		return perf_read_short(n, sizeof(w), err, len);
	memcpy(w, buf, sizeof(w));
	if (w[3] != id) {
		snprintf(err, len, "read has counter id %llu, expected %llu",
			 (unsigned long long)w[3], (unsigned long long)id);
		return -EIO;
	}
	if (perf_check_times(w[1], w[2], err, len))
		return -EIO;
	out->value = w[0];
	out->enabled_ns = w[1];
	out->running_ns = w[2];
	return 0;
}
