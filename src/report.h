/* SPDX-License-Identifier: MIT */
/* report: one result as a perf-stat-like table (run and show). */
#ifndef ABSTAT_REPORT_H
#define ABSTAT_REPORT_H

#include <stdio.h>

#include "cli.h"
#include "result.h"

/* run and show print text, json or csv: EXIT_OK, or EXIT_USAGE after one
 * error line for another --format. */
int report_check_format(const struct config *cfg);
/* The table (text), or the summaries as json/csv, per cfg->format. */
void report_result(const struct config *cfg, const struct result *r,
		   FILE *out);

#endif
