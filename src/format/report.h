/* SPDX-License-Identifier: MIT */
/* report: one result as a perf-stat-like table (run and show). */
#ifndef ABSTAT_REPORT_H
#define ABSTAT_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "format.h"
#include "result.h"

/* What the table depends on, built by run and show from the command line. */
struct report_opts {
	enum out_format format; /* text, json or csv (report_format_ok) */
	const char *metrics;    /* --metric LIST: only these rows, or NULL */
	const char *events;     /* show -e LIST: only these rows, or NULL */
	enum time_unit time_unit; /* --time-unit: time rows (ns) in it */
	bool all_rows;          /* --all-rows: keep the rows not counted
				 * and those zero in every run */
	const char *asked;      /* run -e LIST: these rows stay, zero or
				 * not (a count asked for is an answer) */
};

/* A single result prints as text, json or csv, not in the other formats. */
bool report_format_ok(enum out_format f);
/* The table (text), or the summaries as json/csv, per o->format. */
void report_result(const struct report_opts *o, const struct result *r,
		   FILE *out);
/* show --metric/-e: every name in the lists is a row of some benchmark
 * of r; else -EINVAL naming the first that is not (-ENOMEM). */
int report_check_names(const struct report_opts *o, const struct result *r,
		       char *err, size_t len);
/* show: where the result comes from, kernel, CPU and stored warnings. */
void report_env(const struct result *r, FILE *out);

#endif
