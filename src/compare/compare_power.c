// SPDX-License-Identifier: MIT
/*
 * compare_power: what each tested primary row could have detected
 * (compare.h, struct compare_delta's detectable). A "~" says no change
 * was found; this says how large a change the same comparison would have
 * found in 80% of repeats: the smallest true change whose power reaches
 * COMPARE_POWER, at the strictest level of the Holm family (alpha / the
 * number of tests: the level the row meets when it is the only change),
 * from the row's own spread and counts (stats_power.c: Welch's t as it
 * runs). With boots: the SDs of the boots' log centers and the boots a
 * side. On runs (Mann-Whitney U): the runs' SD relative to the center,
 * and the runs a side times 3 / pi, Mann-Whitney's efficiency against t
 * on normal values; on the pairs of an interleaved session (the
 * signed-rank test) the SD of their log ratios, as one sample, its
 * pairs counted the same way. Each SD is raised to its upper bound at
 * COMPARE_POWER_SD_CONF (a side's SD from 3 boots may be a third of the
 * true one: the change stated from it would be missed), so that the
 * change stated is found in COMPARE_POWER or more of the comparisons
 * that state it. With --detect, the count a side would need (boots, or
 * runs) to detect that change at that power, from the same raised SDs.
 */
#include <errno.h>
#include <math.h>

#include "compare_priv.h"
#include "stats.h"

/* Mann-Whitney U's asymptotic relative efficiency to t (normal values) */
#define COMPARE_MW_ARE (3 / M_PI)

/* The SD of the logs of n positive values (0 when n < 2). */
static double compare_log_sd(const double *v, size_t n)
{
	double m = 0, ss = 0;

	if (n < 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		m += log(v[i]);
	m /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (log(v[i]) - m) * (log(v[i]) - m);
	return sqrt(ss / (double)(n - 1));
}

/* The SD of the pairs' log ratios log(b_i / a_i) (compare_delta.c's
 * pairs: as many values a side, every one > 0). */
static double compare_pair_sd(const struct compare_stat *a,
			      const struct compare_stat *b)
{
	double m = 0, ss = 0;

	if (a->n < 2)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		m += log(b->v[i] / a->v[i]);
	m /= (double)a->n;
	for (size_t i = 0; i < a->n; i++) {
		double x = log(b->v[i] / a->v[i]) - m;

		ss += x * x;
	}
	return sqrt(ss / (double)(a->n - 1));
}

/* The test design of row r's side s against the baseline: false when
 * there is none to state (no test ran, an exact or absolute delta). */
static bool compare_power_in(const struct compare_model *m,
			     const struct compare_row *r, size_t s,
			     struct stats_power_in *in)
{
	const struct compare_stat *a = &r->stat[0], *b = &r->stat[s];
	const struct compare_delta *d = &r->delta[s];
	double k = COMPARE_MW_ARE;

	if (!r->primary || !d->in_family || d->exact || d->absolute ||
	    !m->n_tests)
		return false;
	in->alpha = m->alpha / (double)m->n_tests;
	in->power = COMPARE_POWER;
	if (m->design == DESIGN_BOOTS) {
		if (!a->boot_center || !b->boot_center)
			return false;
		in->sd_a = stats_sd_upper(compare_log_sd(a->boot_center,
							 a->n_groups),
					  (double)a->n_groups,
					  COMPARE_POWER_SD_CONF);
		in->sd_b = stats_sd_upper(compare_log_sd(b->boot_center,
							 b->n_groups),
					  (double)b->n_groups,
					  COMPARE_POWER_SD_CONF);
		in->n_a = (double)a->n_groups;
		in->n_b = (double)b->n_groups;
		return true;
	}
	if (a->center == 0 || b->center == 0)
		return false;
	if (d->paired) {
		/* one sample of n log ratios: a t test with the second
		 * side's SD 0 (df n - 1), the signed-rank test counting as
		 * 3 / pi of its pairs as Mann-Whitney does of its runs */
		in->sd_a = stats_sd_upper(compare_pair_sd(a, b), (double)a->n,
					  COMPARE_POWER_SD_CONF);
		in->sd_b = 0;
		in->n_a = in->n_b = (double)a->n * k;
		return true;
	}
	in->sd_a = stats_sd_upper(a->run.sd / fabs(a->center), (double)a->n,
				  COMPARE_POWER_SD_CONF);
	in->sd_b = stats_sd_upper(b->run.sd / fabs(b->center), (double)b->n,
				  COMPARE_POWER_SD_CONF);
	in->n_a = (double)a->n * k;
	in->n_b = (double)b->n * k;
	return true;
}

/* Row r's side s: its detectable change, and with --detect the count a
 * side needs. */
static void compare_power_row(const struct compare_model *m,
			      struct compare_row *r, size_t s)
{
	struct compare_delta *d = &r->delta[s];
	bool boots = m->design == DESIGN_BOOTS;
	struct stats_power_in in;
	double x;
	size_t n;
	int rc;

	if (!compare_power_in(m, r, s, &in) || stats_power_mde(&in, &x))
		return;
	d->has_detectable = true;
	d->detectable = boots ? expm1(x) : x;
	if (!(m->detect > 0))
		return;
	rc = stats_power_n(&in, boots ? log1p(m->detect) : m->detect,
			   COMPARE_DETECT_MAX, &n);
	if (rc == -EINVAL)
		return;
	d->has_detect_n = true;
	/* on runs the count is an effective one: as many runs */
	d->detect_n = rc ? 0 : boots ? n :
			  (size_t)ceil((double)n / COMPARE_MW_ARE);
}

void compare_power(struct compare_model *m)
{
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			compare_power_row(m, &m->rows[r], s);
}
