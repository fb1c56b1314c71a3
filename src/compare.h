/* SPDX-License-Identifier: MIT */
/*
 * compare: the delta model. Sides (each one or more result files of one
 * configuration) -> per benchmark x metric rows with centers, CIs, deltas,
 * p-values (Holm-corrected) and verdicts -> one output format.
 * Owner: the compare/statistics work (issue 3). This header's public entry
 * points are used by versus (run side) and plot.
 */
#ifndef ABSTAT_COMPARE_H
#define ABSTAT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"
#include "result.h"

struct side {
	char *label;           /* from LABEL=..., or the results' label */
	struct result **files; /* one per boot */
	size_t n_files;
};

/* Build the model for sides (side 0 the baseline) and print it in
 * cfg->format on out. Returns an exit status (msg.h): EXIT_USAGE when the
 * sides cannot be compared (message printed), EXIT_REGRESSION for
 * --fail-on-regression, else EXIT_OK. */
int compare_sides(const struct config *cfg, const struct side *sides,
		  size_t n, FILE *out);

#endif
