// SPDX-License-Identifier: MIT
/*
 * perf_fit: the default set's cache events (L1-dcache-load-misses,
 * LLC-load-misses), counted only where the PMU holds them in the one
 * pinned group of the CPU's events beside the others. The decision is the
 * kernel's: the whole group is opened on abstat itself, pinned and
 * counting, and its leader read back. A group larger than the PMU is
 * refused whole at open (validate_group on x86 and arm_pmu, EINVAL); a
 * pinned group the PMU cannot schedule beside other users (the NMI
 * watchdog's counter) goes into error state, whose read returns 0 bytes.
 *
 * Why one group and not a group of their own: pinned groups are
 * scheduled together, so a second one needs the same free counters as a
 * larger first one (and errors when they are not there), and an unpinned
 * one is multiplexed, which abstat never does silently. One group keeps
 * every hardware count of a run from one schedule, so a miss ratio or a
 * miss per instruction divides counts of the same instructions.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "err.h"
#include "perf_internal.h"

static const char *const perf_fit_cache[] = {
	"L1-dcache-load-misses",
	"LLC-load-misses",
};
#define PERF_FIT_N (sizeof(perf_fit_cache) / sizeof(perf_fit_cache[0]))

bool perf_fit_is_cache(const char *name)
{
	for (size_t i = 0; i < PERF_FIT_N; i++)
		if (!strcmp(name, perf_fit_cache[i]))
			return true;
	return false;
}

/* A counted member of the CPU's pinned group (the trial's events). */
static bool perf_fit_member(const struct event *ev)
{
	return ev->state == EVENT_OK && ev->group == PERF_GROUP_CPU &&
	       ev->pinned && perf_type_is_cpu(ev->type);
}

/* The group's counted events (the cache ones too when cache) opened on
 * abstat, pinned and counting: true when the kernel opens and schedules
 * them all. */
static bool perf_fit_try(const struct event *evs, size_t n, bool cache)
{
	int *fd = calloc(n ? n : 1, sizeof(*fd));
	uint64_t v[3] = { 0, 0, 0 }; /* value, enabled, running */
	size_t k = 0;
	bool ok = fd != NULL;

	for (size_t i = 0; ok && i < n; i++) {
		struct perf_event_attr a;
		long f;

		if (!perf_fit_member(&evs[i]) ||
		    (!cache && perf_fit_is_cache(evs[i].name)))
			continue;
		perf_attr(&evs[i], &a, false);
		a.inherit = 0;
		a.disabled = 0;
		a.pinned = k == 0;
		a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED |
				PERF_FORMAT_TOTAL_TIME_RUNNING;
		f = syscall(SYS_perf_event_open, &a, 0, -1,
			    k ? fd[0] : -1, PERF_FLAG_FD_CLOEXEC);
		if (f < 0)
			ok = false;
		else
			fd[k++] = (int)f;
	}
	/* a little work counted first; then read(2): 0 bytes in error
	 * state, running > 0 once scheduled */
	for (volatile unsigned spin = 0; ok && spin < 10000; spin++)
		;
	if (ok && k)
		ok = read(fd[0], v, sizeof(v)) == (ssize_t)sizeof(v) && v[2];
	while (k)
		close(fd[--k]);
	free(fd);
	return ok;
}

int perf_fit_with(struct event *evs, size_t n, perf_fit_try_fn try_fit,
		  char *err, size_t len)
{
	size_t cache = 0, others = 0;
	char why[256];

	for (size_t i = 0; i < n; i++)
		if (perf_fit_member(&evs[i]))
			perf_fit_is_cache(evs[i].name) ? cache++ : others++;
	/* Nothing to decide; or the group fails without them too, and the
	 * run says why as it does for any set. */
	if (!cache || try_fit(evs, n, true) || !try_fit(evs, n, false))
		return 0;
	snprintf(why, sizeof(why), "not supported: the PMU cannot count them in one pinned group with the default set's %zu other hardware events (abstat never multiplexes silently); name fewer events with -e",
		 others);
	for (size_t i = 0; i < n; i++) {
		if (!perf_fit_member(&evs[i]) ||
		    !perf_fit_is_cache(evs[i].name))
			continue;
		free(evs[i].reason);
		evs[i].reason = strdup(why);
		if (!evs[i].reason)
			return err_nomem(err, len);
		evs[i].state = EVENT_NOT_SUPPORTED;
	}
	return 0;
}

int perf_fit(struct event *evs, size_t n, char *err, size_t len)
{
	return perf_fit_with(evs, n, perf_fit_try, err, len);
}
