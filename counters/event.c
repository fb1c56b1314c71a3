// SPDX-License-Identifier: MIT
/*
 * event: what every backend shares about an event once resolved: owning
 * its strings, copying it, comparing encodings (compare refuses to diff
 * events whose encodings differ), and perf's scaling rule for reads.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"

void event_free(struct event *ev)
{
	if (!ev)
		return;
	free(ev->name);
	free(ev->fstr);
	free(ev->pmu);
	free(ev->unit);
	free(ev->reason);
	if (ev->native) {
		for (char **p = ev->native; *p; p++)
			free(*p);
		free(ev->native);
	}
	memset(ev, 0, sizeof(*ev));
}

/* strdup that keeps NULL as NULL; false on allocation failure. */
static bool event_dup(char **dst, const char *src)
{
	*dst = src ? strdup(src) : NULL;
	return !src || *dst;
}

int event_copy(struct event *dst, const struct event *src)
{
	size_t n = 0;

	*dst = *src;
	dst->name = dst->fstr = dst->pmu = dst->unit = dst->reason = NULL;
	dst->native = NULL;
	if (!event_dup(&dst->name, src->name) ||
	    !event_dup(&dst->fstr, src->fstr) ||
	    !event_dup(&dst->pmu, src->pmu) ||
	    !event_dup(&dst->unit, src->unit) ||
	    !event_dup(&dst->reason, src->reason))
		goto nomem;
	if (src->native) {
		while (src->native[n])
			n++;
		dst->native = calloc(n + 1, sizeof(*dst->native));
		if (!dst->native)
			goto nomem;
		for (size_t i = 0; i < n; i++)
			if (!event_dup(&dst->native[i], src->native[i]))
				goto nomem;
	}
	return 0;
nomem:
	event_free(dst);
	return -ENOMEM;
}

static bool event_str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

void event_set_user_group(struct event *ev, int k)
{
	ev->group = EVENT_GROUP_USER + k - 1;
}

/* Kernel-numbered types: perf's fixed ones (PERF_TYPE_MAX is 6); a sysfs
 * PMU's type is a number the kernel gives at boot, so its PMU name is what
 * names it across machines and boots. */
static bool event_dynamic_type(uint32_t type)
{
	return type >= 6;
}

/*
 * The attr is what the kernel counts, so it is the encoding. fstr is not
 * compared (libpfm4 versions spell the same attr differently), but the PMU
 * is for raw events: a raw config means different things on different
 * PMUs (0xc0 is retired instructions on both Intel and AMD, 0x3c is not),
 * and names sysfs PMUs in place of their boot-time type numbers.
 */
const char *event_encoding_diff(const struct event *a, const struct event *b)
{
	bool dyn = event_dynamic_type(a->type) && event_dynamic_type(b->type);
	/* a tracepoint's id (config) is tracefs's number for this boot: its
	 * SYSTEM:EVENT name (fstr) is the encoding */
	bool tp = a->type == 2 && b->type == 2; /* PERF_TYPE_TRACEPOINT */

	if (dyn && !event_str_eq(a->pmu, b->pmu))
		return "pmu";
	if (!dyn && a->type != b->type)
		return "type";
	if (tp && !event_str_eq(a->fstr, b->fstr))
		return "tracepoint";
	if (!tp && a->config != b->config)
		return "config";
	if (a->config1 != b->config1)
		return "config1";
	if (a->config2 != b->config2)
		return "config2";
	if (a->exclude_user != b->exclude_user)
		return "exclude_user";
	if (a->exclude_kernel != b->exclude_kernel)
		return "exclude_kernel";
	if (a->exclude_hv != b->exclude_hv)
		return "exclude_hv";
	if (a->exclude_idle != b->exclude_idle)
		return "exclude_idle";
	if (a->exclude_host != b->exclude_host)
		return "exclude_host";
	if (a->exclude_guest != b->exclude_guest)
		return "exclude_guest";
	if (a->pinned != b->pinned)
		return "pinned";
	if (a->inherit != b->inherit)
		return "inherit";
	if (a->type == 4 /* PERF_TYPE_RAW */ && !event_str_eq(a->pmu, b->pmu))
		return "pmu";
	return NULL;
}

/*
 * perf's rule (tools/perf/util/evsel.c, perf_counts_values__scale):
 * running == 0 means the counter never ran, which is "not counted", not 0;
 * running < enabled means it was multiplexed and the count is extrapolated
 * as value * enabled / running. long double keeps value * enabled from
 * overflowing (both can exceed 2^32).
 */
bool counters_scale(const struct counter_value *v, double *scaled,
		    bool *multiplexed)
{
	*multiplexed = false;
	*scaled = 0;
	if (v->running_ns == 0)
		return false;
	if (v->running_ns >= v->enabled_ns) {
		*scaled = (double)v->value;
		return true;
	}
	*multiplexed = true;
	*scaled = (double)((long double)v->value * v->enabled_ns /
			   v->running_ns);
	return true;
}
