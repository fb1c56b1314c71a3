// SPDX-License-Identifier: MIT
/*
 * perf_attr: an encoded event (struct event, perf_encode.c) as the
 * perf_event_attr that counts it, with the read format every counting
 * read of abstat's has (PERF_READ_FORMAT, which perf_read.c parses).
 * perf_event.c opens the run's counters with it, perf_fit.c its trial
 * group, sampler.c starts its sampling attr from it.
 */
#include <linux/perf_event.h>
#include <string.h>

#include "perf_internal.h"

void perf_attr(const struct event *ev, struct perf_event_attr *a,
	       bool group_read)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = ev->type;
	a->config = ev->config;
	a->config1 = ev->config1;
	a->config2 = ev->config2;
	if (ev->type == PERF_TYPE_BREAKPOINT) {
		/* struct event keeps bp_type in config (see perf_encode.c);
		 * bp_addr and bp_len are config1 and config2's places */
		a->bp_type = (uint32_t)ev->config;
		a->config = 0;
	}
	a->exclude_user = ev->exclude_user;
	a->exclude_kernel = ev->exclude_kernel;
	a->exclude_hv = ev->exclude_hv;
	a->exclude_idle = ev->exclude_idle;
	a->exclude_host = ev->exclude_host;
	a->exclude_guest = ev->exclude_guest;
	a->inherit = ev->inherit;
	a->read_format = PERF_READ_FORMAT | (group_read ? PERF_FORMAT_GROUP : 0);
}