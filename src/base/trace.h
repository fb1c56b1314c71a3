/* SPDX-License-Identifier: MIT */
/*
 * trace: where abstat's start-up goes. With ABSTAT_TRACE=1 in the
 * environment each step of a session's start (parsing, the backend,
 * the events, the environment, the spawn helper, the first run) prints
 * one line on stderr, "abstat: trace: MS ms (+MS, cpu +MS) STEP": the
 * monotonic time since main() began, since the step before, and the CPU
 * time abstat spent in between (the rest was waiting: for a CPU, a
 * disk, a child) (abstat(1), ENVIRONMENT). Without it a mark is one test
 * of a flag.
 */
#ifndef ABSTAT_TRACE_H
#define ABSTAT_TRACE_H

#include <stdbool.h>

/* Read ABSTAT_TRACE and take the time main() began: once, first. */
void trace_start(void);
/* Whether ABSTAT_TRACE is on. */
bool trace_on(void);
/* One line for step (a short lower-case phrase) when on. */
void trace_mark(const char *step);

#endif
