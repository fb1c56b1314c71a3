/* SPDX-License-Identifier: MIT */
/*
 * where: where a difference comes from, for sides that hold
 * profiles (abstat profile). A function's self share in a run is the
 * run's samples whose leaf frame is that function over the run's
 * samples; each measured run's share is one replicate (with several
 * result files on a side, each file's center is one: boots are the
 * unit), tested as compare tests every row: Mann-Whitney U on runs with
 * the bootstrap interval of the difference of centers, or Welch t on
 * the boots' centers; Holm over every function tested (the family is
 * fixed by the profiles, not by the rows shown). The delta is B - A in
 * percentage points. The rows shown are the top N by |delta|.
 */
#ifndef ABSTAT_WHERE_H
#define ABSTAT_WHERE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare.h"
#include "result.h"
#include "side.h"

struct where_row {
	char *bench;
	char *func;          /* the leaf frame ("name_[k]" in the kernel) */
	size_t side;         /* the side compared with side 0 */
	size_t na, nb;       /* replicates (runs, or boots) */
	double a, b;         /* center self shares, fractions */
	struct compare_delta d; /* delta/lo/hi: b - a (absolute) */
};

struct where_table {
	size_t n_rows;       /* shown: the top N per side by |delta| */
	struct where_row *rows;
	size_t n_tests;      /* the Holm family */
	bool boots;
};

/* Self counts of one run into acc (leaf frame -> samples, json ints).
 * 0 or -ENOMEM. */
int where_run_self(const struct run *run, json_t *acc);

/* The where table of the sides (NULL in *out when no two sides hold
 * profiles of a benchmark), with m's alpha, center, seed, resamples;
 * compare_build makes it the model's (compare_model.where) under
 * compare_opts.where, and the formats print it from there. 0 or
 * -ENOMEM. */
int where_build(const struct compare_model *m, const struct side *sides,
		size_t n, size_t top, struct where_table **out);
void where_free(struct where_table *t);

/* Text within width (72: mail), labels from m. */
void where_print(const struct compare_model *m, const struct where_table *t,
		 int width, FILE *out);
/* As a JSON array of rows (for --format json). */
json_t *where_json(const struct compare_model *m, const struct where_table *t);

#endif
