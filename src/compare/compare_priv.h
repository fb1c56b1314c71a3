/* SPDX-License-Identifier: MIT */
/*
 * compare_priv: what compare.c, compare_check.c, compare_stat.c and
 * compare_delta.c share (not an API). compare_check.c decides whether
 * the sides can be compared (encodings, environment, chosen rows) and
 * extracts their metrics; compare_stat.c summarises a side per row.
 */
#ifndef ABSTAT_COMPARE_PRIV_H
#define ABSTAT_COMPARE_PRIV_H

#include "compare.h"

/* Per side x file metric sets for one benchmark (NULL: file lacks it). */
struct compare_bench {
	const char *name;
	struct metric_set **sets; /* [side][file] */
};

/* Add a warning to the model (deduplicated). 0 or -ENOMEM. */
int compare_warn(struct compare_model *m, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* What one series of one row earned (compare_noise.c): kinds in the
 * order the warning line names them. */
enum compare_noise_kind {
	NOISE_CV,       /* value: the CV, a fraction */
	NOISE_OUTLIERS, /* value: how many (robust z > 10) */
	NOISE_DRIFT,    /* value: Spearman rho against the run index */
	NOISE_FIRST,    /* value: first run over the others' median */
	NOISE_KINDS,
};
struct compare_noise_note {
	enum compare_noise_kind kind;
	const char *bench, *metric; /* the row's own strings */
	size_t side;
	double value;
};
/* Note row's series of side s as kind (0 or -ENOMEM). */
int compare_noise_add(struct compare_model *m, enum compare_noise_kind kind,
		      const struct compare_row *row, size_t s, double value);
/* The notes as one warning line, "noisy runs: ..." (0 or -ENOMEM). */
int compare_noise_warn(struct compare_model *m);
/* Resolution explains the spread: a row whose unit is coarser than
 * its spread (rusage's user and sys, counted in clock ticks). */
bool compare_noise_resolution(const struct compare_row *row,
			      const struct compare_stat *st);

const char *compare_check_file_name(const struct result *r);
/* 0, -EINVAL with the reason in err (the sides cannot be compared), or
 * -ENOMEM. */
int compare_check_encodings(const struct compare_opts *o,
			    const struct side *sides, size_t n,
			    struct compare_model *m, char *err, size_t len);
int compare_check_env(const struct compare_opts *o, const struct side *sides,
		      size_t n, struct compare_model *m, char *err, size_t len);
int compare_check_benches(const struct side *sides, size_t n,
			  struct compare_model *m, struct compare_bench **out,
			  size_t *n_out, char *err, size_t len);
void compare_check_free(struct compare_bench *b, size_t nb,
			const struct side *sides, size_t n);
/* Extract benchmark b's metric sets of every side and file (0 or
 * -ENOMEM), and free them again. */
int compare_bench_load(struct compare_bench *b, const struct side *sides,
		       size_t n);
void compare_bench_unload(struct compare_bench *b, const struct side *sides,
			  size_t n);
/* Every name of list (--metric or -e, opt) is a metric of some side:
 * 0, -EINVAL naming the first that is not, or -ENOMEM. */
int compare_check_names(const char *list, const char *opt,
			const struct compare_bench *b, size_t nb,
			const struct side *sides, size_t n, char *err,
			size_t len);
/* Sides saved by versus -o (config.versus): m->versus, each side's
 * command (not in versus itself, o->commands_differ: it prints them);
 * -EINVAL with the reason in err when a side pools files of two versus
 * sides; 0 or -ENOMEM. */
int compare_check_versus(const struct compare_opts *o,
			 const struct side *sides, size_t n,
			 struct compare_model *m, char *err, size_t len);
/* compare_stat.c: pool side s's files (side, its metric sets in b) for
 * one row into row->stat[s], and the warnings of its series into m. 0
 * or -ENOMEM. */
int compare_stat_fill(struct compare_model *m, struct compare_row *row,
		      const struct compare_bench *b, size_t s,
		      const struct side *side);
/* compare_delta.c: every row's test of each side against the baseline,
 * the rows shared out over the CPUs of compare's affinity. 0. */
int compare_deltas(struct compare_model *m);
/* compare_power.c: every tested primary row's detectable change (and
 * the count --detect asks for), after Holm. */
void compare_power(struct compare_model *m);

#endif
