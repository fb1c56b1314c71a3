/* SPDX-License-Identifier: MIT */
/* report: one result as a perf-stat-like table (run and show). */
#ifndef ABSTAT_REPORT_H
#define ABSTAT_REPORT_H

#include <stdio.h>

#include "cli.h"
#include "result.h"

void report_result(const struct config *cfg, const struct result *r,
		   FILE *out);

#endif
