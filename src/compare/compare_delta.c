// SPDX-License-Identifier: MIT
/*
 * compare_delta: the test of every row of the model, side against the
 * baseline: the verdict's checks, then Mann-Whitney U and the bootstrap
 * interval on runs of separate sessions, Wilcoxon's signed-rank test and
 * its Hodges-Lehmann interval on the pairs of an interleaved session, or
 * Welch t on boots. The bootstrap (10000 resamples a
 * row) is most of compare's time, and the rows are independent (each
 * holds its own values; each bootstrap is seeded with the model's seed),
 * so they are shared out over the CPUs compare may run on (its affinity:
 * taskset -c 0 keeps it on one): the same numbers in any order, in less
 * wall time.
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "compare_priv.h"
#include "stats.h"

/* Rows a thread must have at least before another is started. */
#define COMPARE_ROWS_PER_THREAD 8
#define COMPARE_MAX_THREADS 8

/* The test on runs (one file per side): Mann-Whitney U, and the bootstrap
 * interval of the delta at 1 - alpha. */
static void compare_test_runs(const struct compare_model *m,
			      const struct compare_stat *a,
			      const struct compare_stat *b,
			      struct compare_delta *d)
{
	struct stats_groups ga = { a->v, a->group_len, a->n_groups };
	struct stats_groups gb = { b->v, b->group_len, b->n_groups };
	struct stats_boot_opts bo = {
		.mean = m->center == CENTER_MEAN, .diff = d->absolute,
		.level = 1 - m->alpha, .resamples = m->resamples,
		.seed = m->seed,
	};
	double u;

	if (stats_mann_whitney(a->v, a->n, b->v, b->n, &d->p, &u,
			       &d->exact_p))
		return;
	if (stats_bootstrap_delta(&ga, &gb, &bo, &d->lo, &d->hi))
		return;
	d->has_p = true;
}

/* The runs of an interleaved design in pairs: one file a side, as many
 * runs on each (run i of A and run i of B are neighbours of one round,
 * as versus and bisect run them), every value > 0 for a ratio. */
static bool compare_pairs(const struct compare_model *m,
			  const struct compare_stat *a,
			  const struct compare_stat *b, bool absolute)
{
	if (m->design != DESIGN_INTERLEAVED || a->n_groups != 1 ||
	    b->n_groups != 1 || a->n != b->n || a->n > STATS_SIGNED_RANK_MAX)
		return false;
	for (size_t i = 0; !absolute && i < a->n; i++)
		if (!(a->v[i] > 0 && b->v[i] > 0))
			return false;
	return true;
}

/* The test on pairs: Wilcoxon's signed-rank test of the pairs' log
 * ratios (differences, d->absolute), and the Hodges-Lehmann interval
 * from the same ranks. Neighbours share the machine's drift and load;
 * the pair's ratio cancels it (doc/verdicts.md). */
static void compare_test_pairs(const struct compare_model *m,
			       const struct compare_stat *a,
			       const struct compare_stat *b,
			       struct compare_delta *d)
{
	double *x = malloc(a->n * sizeof(*x));
	struct stats_paired sp;

	if (!x)
		return;
	for (size_t i = 0; i < a->n; i++)
		x[i] = d->absolute ? b->v[i] - a->v[i] : log(b->v[i] / a->v[i]);
	if (!stats_signed_rank(x, a->n, 1 - m->alpha, &sp)) {
		d->p = sp.p;
		d->exact_p = sp.exact_p;
		d->lo = d->absolute ? sp.lo : expm1(sp.lo);
		d->hi = d->absolute ? sp.hi : expm1(sp.hi);
		d->paired = true;
		d->has_p = true;
	}
	free(x);
}

/* The test on boots: Welch t on the boots' log centers (their centers
 * when one is <= 0, d->absolute), and the interval it implies. */
static void compare_test_boots(const struct compare_model *m,
			       const struct compare_stat *a,
			       const struct compare_stat *b,
			       struct compare_delta *d)
{
	size_t na = a->n_groups, nb = b->n_groups;
	double *x = malloc((na + nb) * sizeof(*x));
	struct stats_welch w;

	/* no boot centers (out of memory when they were made): no test */
	if (!x || na < 2 || nb < 2 || !a->boot_center || !b->boot_center) {
		free(x);
		return;
	}
	for (size_t i = 0; i < na; i++)
		x[i] = d->absolute ? a->boot_center[i] : log(a->boot_center[i]);
	for (size_t i = 0; i < nb; i++)
		x[na + i] = d->absolute ? b->boot_center[i] :
					  log(b->boot_center[i]);
	if (!stats_welch(x, na, x + na, nb, 1 - m->alpha, &w)) {
		d->p = w.p;
		d->lo = d->absolute ? w.lo : expm1(w.lo);
		d->hi = d->absolute ? w.hi : expm1(w.hi);
		d->has_p = true;
	}
	free(x);
}

static bool compare_all_equal(const struct compare_stat *a,
			      const struct compare_stat *b)
{
	return a->run.min == a->run.max && b->run.min == b->run.max;
}

/* Order of checks: a missing or uncountable side, too few runs, exact
 * (deterministic) values, then the test of the design. The point delta
 * is set whenever both sides have values. */
static void compare_fill_delta(const struct compare_model *m,
			       struct compare_row *row, size_t s)
{
	const struct compare_stat *a = &row->stat[0], *b = &row->stat[s];
	struct compare_delta *d = &row->delta[s];
	bool boots = m->design == DESIGN_BOOTS;

	d->verdict = VERDICT_NOT_SUPPORTED;
	if (!a->present || !b->present) {
		d->why = "missing on a side";
		return;
	}
	if (!a->supported || !b->supported) {
		d->why = "not supported";
		return;
	}
	if (!a->n || !b->n) {
		d->why = "not counted";
		return;
	}
	d->absolute = a->center == 0;
	for (size_t i = 0; boots && a->boot_center && i < a->n_groups; i++)
		d->absolute |= a->boot_center[i] <= 0;
	for (size_t i = 0; boots && b->boot_center && i < b->n_groups; i++)
		d->absolute |= b->boot_center[i] <= 0;
	d->has_delta = true;
	d->delta = d->absolute ? b->center - a->center :
				 b->center / a->center - 1;
	d->lo = d->hi = d->delta;
	d->regression = row->higher_is_better ? d->delta < 0 : d->delta > 0;
	/* a secondary row has no verdict, whatever its counts: its word is
	 * "secondary" (why says what a test would need) */
	if (a->n < COMPARE_MIN_RUNS || b->n < COMPARE_MIN_RUNS) {
		d->verdict = row->primary ? VERDICT_TOO_FEW_RUNS :
					    VERDICT_SECONDARY;
		d->why = "need >= 4 runs";
		return;
	}
	if (boots && (a->n_groups < COMPARE_MIN_BOOTS ||
		      b->n_groups < COMPARE_MIN_BOOTS)) {
		/* the boot rule first: not even an exact delta is a
		 * verdict on two boots (the interval is still shown) */
		compare_test_boots(m, a, b, d);
		d->few_boots = true;
		d->verdict = row->primary ? VERDICT_TOO_FEW_BOOTS :
					    VERDICT_SECONDARY;
		d->why = "need >= 3 boots per side";
		return;
	}
	if (compare_all_equal(a, b) && a->n >= COMPARE_EXACT_MIN_RUNS &&
	    b->n >= COMPARE_EXACT_MIN_RUNS) {
		/* identical every run of both sides, and enough of them:
		 * the delta is known exactly and no test is needed */
		d->exact = true;
		d->verdict = !row->primary ? VERDICT_SECONDARY :
			     d->delta != 0 ? compare_verdict_changed(m->design) :
					     VERDICT_NOT_SIGNIFICANT;
		return;
	}
	if (boots)
		compare_test_boots(m, a, b, d);
	else if (compare_pairs(m, a, b, d->absolute))
		compare_test_pairs(m, a, b, d);
	else
		compare_test_runs(m, a, b, d);
	if (!d->has_p) {
		d->verdict = VERDICT_UNDETERMINED;
		d->why = "undetermined";
		return;
	}
	/* primary rows: until Holm says otherwise; secondary: no verdict */
	d->in_family = row->primary;
	d->verdict = row->primary ? VERDICT_NOT_SIGNIFICANT : VERDICT_SECONDARY;
}

struct compare_share {
	const struct compare_model *m;
	size_t first, step;
};

/* Rows first, first + step, ...: every non-baseline side of each. */
static void *compare_share_run(void *arg)
{
	const struct compare_share *w = arg;
	const struct compare_model *m = w->m;

	for (size_t r = w->first; r < m->n_rows; r += w->step)
		for (size_t s = 1; s < m->n_sides; s++)
			compare_fill_delta(m, &m->rows[r], s);
	return NULL;
}

/* The CPUs this process may run on (taskset), at least 1. */
static size_t compare_cpus(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 1;
	n = CPU_COUNT(&set);
	return n > 1 ? (size_t)n : 1;
}

int compare_deltas(struct compare_model *m)
{
	size_t n = compare_cpus(), started = 0;
	struct compare_share w[COMPARE_MAX_THREADS];
	pthread_t t[COMPARE_MAX_THREADS];

	if (n > COMPARE_MAX_THREADS)
		n = COMPARE_MAX_THREADS;
	if (n > m->n_rows / COMPARE_ROWS_PER_THREAD)
		n = m->n_rows / COMPARE_ROWS_PER_THREAD ?
			    m->n_rows / COMPARE_ROWS_PER_THREAD : 1;
	for (size_t i = 0; i < n; i++)
		w[i] = (struct compare_share){ m, i, n };
	/* a thread that cannot start leaves its rows to this one */
	for (size_t i = 1; i < n; i++, started++)
		if (pthread_create(&t[i], NULL, compare_share_run, &w[i]))
			break;
	compare_share_run(&w[0]);
	for (size_t i = 1; i <= started; i++)
		pthread_join(t[i], NULL);
	for (size_t i = started + 1; i < n; i++)
		compare_share_run(&w[i]);
	return 0;
}

enum compare_verdict compare_verdict_changed(enum compare_design d)
{
	return d == DESIGN_SESSIONS ? VERDICT_SESSION : VERDICT_SIGNIFICANT;
}

enum compare_verdict compare_verdict_holm(const struct compare_model *m,
					  double p_holm)
{
	return p_holm < m->alpha ? compare_verdict_changed(m->design) :
				   VERDICT_NOT_SIGNIFICANT;
}

bool compare_verdict_changes(enum compare_verdict v)
{
	return v == VERDICT_SIGNIFICANT || v == VERDICT_SESSION;
}

void compare_delta_holm(const struct compare_model *m, struct compare_delta *d,
			double p_holm)
{
	d->p_holm = p_holm;
	d->verdict = compare_verdict_holm(m, p_holm);
	d->ci_disagrees = compare_verdict_changes(d->verdict) ==
			  (d->lo <= 0 && d->hi >= 0);
}
