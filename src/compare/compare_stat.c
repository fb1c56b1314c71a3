// SPDX-License-Identifier: MIT
/*
 * compare_stat: one row's summary of one side (compare_priv.h): the runs
 * of every file of the side pooled, with their center, spread, interval
 * and outliers; with several boots, each boot's center (of the runs of
 * its files: sessions of one boot are one) as one value and
 * the side's center their geometric mean; and what a series earns
 * (drift with run order, a slow first run, a noisy CV: noted for
 * compare_noise.c, which says them in one line). compare.c
 * builds the rows from them.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_priv.h"
#include "stats.h"

/* Warning thresholds (DESIGN.md "Statistics"). */
#define COMPARE_OUTLIER_Z 10.0
#define COMPARE_CV_WARN 0.10
#define COMPARE_DRIFT_RHO 0.8  /* |Spearman rho| vs run index */
#define COMPARE_DRIFT_MIN_N 6
#define COMPARE_FIRST_SLOW 1.5 /* first run > 1.5 x median of the rest */

/* What one file's series of one row earns: drift, a slow first run
 * (compare_noise.c says them once). */
static int compare_series_warn(struct compare_model *m,
			       const struct compare_row *row, size_t s,
			       const struct metric *mt)
{
	double rho = stats_spearman_index(mt->v, mt->n);

	if (mt->n >= COMPARE_DRIFT_MIN_N && fabs(rho) >= COMPARE_DRIFT_RHO &&
	    compare_noise_add(m, NOISE_DRIFT, row, s, rho))
		return -ENOMEM;
	if ((!strcmp(mt->name, "wall") || !strcmp(mt->name, "ns/op")) &&
	    mt->n >= COMPARE_MIN_RUNS) {
		double rest = stats_median(mt->v + 1, mt->n - 1);

		if (rest > 0 && mt->v[0] > COMPARE_FIRST_SLOW * rest &&
		    compare_noise_add(m, NOISE_FIRST, row, s,
				      mt->v[0] / rest))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Several boots: each file's center (median, or mean) is one value; the
 * side's center is their geometric mean (the delta is a ratio of those,
 * from Welch t on the logs), arithmetic when one is <= 0, and its cv the
 * boots' spread. Nothing to do with one file.
 */
static int compare_boot_centers(const struct compare_model *m,
				struct compare_stat *st)
{
	double *c, lsum = 0, sum = 0, ss = 0, mean;
	bool positive = true;
	size_t off = 0, k = st->n_groups;

	if (k < 2 || m->design != DESIGN_BOOTS)
		return 0;
	c = malloc(k * sizeof(*c));
	if (!c)
		return -ENOMEM;
	for (size_t i = 0; i < k; i++) {
		const double *x = st->v + off;
		size_t nx = st->group_len[i];

		if (m->center == CENTER_MEAN) {
			double t = 0;

			for (size_t j = 0; j < nx; j++)
				t += x[j];
			c[i] = t / (double)nx;
		} else {
			c[i] = stats_median(x, nx);
		}
		off += nx;
		positive &= c[i] > 0;
		sum += c[i];
		lsum += c[i] > 0 ? log(c[i]) : 0;
	}
	mean = sum / (double)k;
	for (size_t i = 0; i < k; i++)
		ss += (c[i] - mean) * (c[i] - mean);
	st->boot_center = c;
	st->center = positive && ss > 0 ? exp(lsum / (double)k) : mean;
	{
		/* t interval of the (log) mean of the boots */
		double lm = lsum / (double)k, lss = 0, q, h;

		for (size_t i = 0; positive && i < k; i++)
			lss += (log(c[i]) - lm) * (log(c[i]) - lm);
		q = stats_t_quantile(1 - m->alpha / 2, (double)(k - 1));
		h = q * sqrt((positive ? lss : ss) / (double)(k - 1) /
			     (double)k);
		st->center_lo = positive ? exp(lm - h) : mean - h;
		st->center_hi = positive ? exp(lm + h) : mean + h;
	}
	st->cv = mean != 0 ? sqrt(ss / (double)(k - 1)) / fabs(mean) : 0;
	return 0;
}

/* What side s's files hold of row's metric: present, counted, their
 * reason; how many values in all. */
static size_t compare_stat_gather(const struct compare_row *row,
				  const struct compare_bench *b, size_t s,
				  const struct side *side,
				  struct compare_stat *st)
{
	size_t total = 0;

	st->supported = st->counted = true;
	for (size_t f = 0; f < side->n_files; f++) {
		const struct metric *mt = metrics_find(&b->sets[s][f],
						       row->metric);

		if (!mt)
			continue;
		st->present = true;
		st->n_files++;
		st->scaled |= mt->scaled;
		if ((!mt->supported || !mt->counted) && !st->reason &&
		    mt->reason)
			st->reason = strdup(mt->reason);
		st->supported &= mt->supported;
		st->counted &= mt->counted;
		total += mt->n;
	}
	return total;
}

/* The values into v, one group per boot (the runs of its files,
 * sessions, in file order), their lengths in len; each series'
 * warnings said unless quiet. 0 or -ENOMEM. */
static int compare_stat_group(struct compare_model *m,
			      struct compare_row *row,
			      const struct compare_bench *b, size_t s,
			      const struct side *side, bool quiet,
			      double *v, size_t *len)
{
	struct compare_stat *st = &row->stat[s];
	size_t k = 0, ng = 0, nboots;
	size_t *boot_of = calloc(side->n_files, sizeof(*boot_of));
	int rc = 0;

	if (!boot_of)
		return -ENOMEM;
	nboots = side_boots(side, boot_of, m->assume_boots);
	for (size_t i = 0; i < nboots && !rc; i++) {
		size_t before = k;

		for (size_t f = 0; f < side->n_files && !rc; f++) {
			const struct metric *mt =
				metrics_find(&b->sets[s][f], row->metric);

			if (boot_of[f] != i || !mt || !mt->n)
				continue;
			memcpy(v + k, mt->v, mt->n * sizeof(*v));
			k += mt->n;
			if (!quiet && compare_series_warn(m, row, s, mt))
				rc = -ENOMEM;
		}
		if (k > before)
			len[ng++] = k - before;
	}
	free(boot_of);
	st->n_groups = ng;
	return rc;
}

/* The spread's warnings of st (outliers, a CV), unless quiet or within
 * the row's resolution. 0 or -ENOMEM. */
static int compare_stat_noise(struct compare_model *m,
			      struct compare_row *row, size_t s, bool quiet)
{
	struct compare_stat *st = &row->stat[s];
	long out = stats_outliers(st->v, st->n, COMPARE_OUTLIER_Z, NULL);

	if (out < 0)
		return -ENOMEM;
	st->n_outliers = (size_t)out;
	/* a spread within the row's resolution earns nothing */
	quiet |= compare_noise_resolution(row, st);
	if (out && !quiet &&
	    compare_noise_add(m, NOISE_OUTLIERS, row, s, (double)out))
		return -ENOMEM;
	/* small counts (a few context switches) are Poisson-noisy by
	 * nature: a CV warning there says nothing about the system */
	if (!quiet && st->cv >= COMPARE_CV_WARN && st->n > 1 &&
	    (row->unit[0] || st->run.mean >= 1000) &&
	    compare_noise_add(m, NOISE_CV, row, s, st->cv))
		return -ENOMEM;
	return 0;
}

int compare_stat_fill(struct compare_model *m, struct compare_row *row,
		      const struct compare_bench *b, size_t s,
		      const struct side *side)
{
	struct compare_stat *st = &row->stat[s];
	struct stats_summary sum;
	struct stats_groups g;
	double w, bt;
	/* per-event per-op rows and ops/s repeat another row's series:
	 * warn once, on the original */
	bool quiet = row->kind == METRIC_PER_OP && strcmp(row->metric, "ns/op");
	size_t total = compare_stat_gather(row, b, s, side, st);
	size_t *len = calloc(side->n_files, sizeof(*len));
	double *v = calloc(total + 1, sizeof(*v));

	st->group_len = len;
	st->v = v;
	if (!len || !v ||
	    compare_stat_group(m, row, b, s, side, quiet, v, len))
		return -ENOMEM;
	st->n = total;
	if (!st->present || !st->supported || !total ||
	    stats_summarize(st->v, total, 1 - m->alpha, &sum))
		return 0;
	st->run = sum;
	st->cv = sum.mean != 0 ? sum.sd / fabs(sum.mean) : 0;
	st->center = m->center == CENTER_MEAN ? sum.mean : sum.median;
	st->center_lo = sum.median_lo;
	st->center_hi = sum.median_hi;
	if (compare_boot_centers(m, st))
		return -ENOMEM;
	g = (struct stats_groups){ st->v, st->group_len, st->n_groups };
	if (st->n_groups > 1 && !stats_boot_spread(&g, &w, &bt) &&
	    st->center != 0) {
		st->within_boot_rel = w / fabs(st->center);
		st->between_boot_rel = bt / fabs(st->center);
	}
	return compare_stat_noise(m, row, s, quiet);
}
