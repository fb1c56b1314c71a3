/* SPDX-License-Identifier: MIT */
/*
 * metrics: turn one benchmark of a result into named per-run series
 * (counters scaled, times, derived ratios, per-op values), computed per run
 * and then summarised by stats. Used by run/show tables, compare and plot.
 * Only measured runs (not warm-up, status RUN_OK) enter a series.
 */
#ifndef ABSTAT_METRICS_H
#define ABSTAT_METRICS_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

enum metric_kind {
	METRIC_COUNTER, /* one event, scaled */
	METRIC_TIME,    /* wall/user/sys, maxrss */
	METRIC_DERIVED, /* IPC, miss ratios */
	METRIC_PER_OP,  /* ns/op, ops/s, <event>/op */
	METRIC_SCORE,   /* read from the workload's output (--score) */
};

struct metric {
	char *name;     /* "task-clock", "wall", "IPC", "ns/op", "cycles/op" */
	char *unit;     /* "ns", "kB", "", "ops/s" ... */
	enum metric_kind kind;
	bool higher_is_better; /* ops/s, IPC */
	bool supported; /* false: <not supported> (reason) */
	bool counted;   /* false: <not counted> in some run (reason) */
	char *reason;
	bool scaled;    /* some value was scaled from multiplexing */
	bool modelled;  /* a modelled event's (struct event), or per op */
	bool emulated;  /* the emulator's count (struct event), or per op */
	size_t n;
	double *v;      /* per measured run, in run order */
};

struct metric_set {
	size_t n;
	struct metric *m;
};

int metrics_extract(const struct result *r, const struct benchmark *b,
		    struct metric_set *out);
/* Whether b's measured runs ran several copies at once (--copies). */
bool metrics_copies(const struct benchmark *b);
/* metrics_extract, with each counter per copy ("<event>/copy") beside
 * its sum when per_copy (compare asks for them on every side when one
 * side ran copies; metrics_extract when b did). */
int metrics_extract_copies(const struct result *r, const struct benchmark *b,
			   bool per_copy, struct metric_set *out);
void metrics_free(struct metric_set *set);
/* The metric named name, or NULL. */
const struct metric *metrics_find(const struct metric_set *set,
				  const char *name);

#endif
