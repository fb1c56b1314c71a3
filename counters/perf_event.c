// SPDX-License-Identifier: MIT
/* STUB: to be replaced by its owner. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "counters.h"
const char *const counters_default_events =
	"cycles,instructions,cache-references,cache-misses,branches,"
	"branch-misses,task-clock,context-switches,cpu-migrations,page-faults";
const struct backend_ops perf_backend = { .name = "perf", .self_open = true };
bool counters_scale(const struct counter_value *v, double *scaled, bool *multiplexed) { return false; }
void event_free(struct event *ev) { }
int event_copy(struct event *dst, const struct event *src) { return -ENOSYS; }
const char *event_encoding_diff(const struct event *a, const struct event *b) { return NULL; }
