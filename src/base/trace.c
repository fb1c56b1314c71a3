// SPDX-License-Identifier: MIT
/* trace: ABSTAT_TRACE=1 timestamps of the start-up's steps (trace.h). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace.h"

static bool trace_enabled;
static uint64_t trace_t0_ns, trace_last_ns, trace_cpu_ns;

static uint64_t trace_clock_ns(clockid_t id)
{
	struct timespec t;

	clock_gettime(id, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void trace_start(void)
{
	const char *v = getenv("ABSTAT_TRACE");

	trace_enabled = v && *v && strcmp(v, "0");
	if (!trace_enabled)
		return;
	trace_t0_ns = trace_last_ns = trace_clock_ns(CLOCK_MONOTONIC);
	trace_cpu_ns = trace_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
}

bool trace_on(void)
{
	return trace_enabled;
}

void trace_mark(const char *step)
{
	uint64_t now, cpu;

	if (!trace_enabled)
		return;
	now = trace_clock_ns(CLOCK_MONOTONIC);
	cpu = trace_clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	fprintf(stderr, "abstat: trace: %.3f ms (+%.3f, cpu +%.3f) %s\n",
		(double)(now - trace_t0_ns) / 1e6,
		(double)(now - trace_last_ns) / 1e6,
		(double)(cpu - trace_cpu_ns) / 1e6, step);
	trace_last_ns = now;
	trace_cpu_ns = cpu;
}
