// SPDX-License-Identifier: MIT
/*
 * compare: sides -> the delta model (compare.h). Checks that the sides can
 * be compared at all (event encodings, environment), chooses the rows,
 * summarises every side per row, computes deltas, bootstrap CIs and
 * Mann-Whitney p-values, then Holm-corrects over the whole table. The
 * statistics themselves are in stats.c; printing is in the fmt_*.c files,
 * chosen in format.c. Nothing here prints: errors go to the caller's err,
 * warnings into the model.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_priv.h"
#include "stats.h"

/* Warning thresholds (DESIGN.md "Statistics"). */
#define COMPARE_OUTLIER_Z 10.0
#define COMPARE_CV_WARN 0.10
#define COMPARE_DRIFT_RHO 0.8  /* |Spearman rho| vs run index */
#define COMPARE_DRIFT_MIN_N 6
#define COMPARE_FIRST_SLOW 1.5 /* first run > 1.5 x median of the rest */

const char *compare_verdict_name(enum compare_verdict v)
{
	static const char *const names[] = {
		[VERDICT_SIGNIFICANT] = "significant",
		[VERDICT_NOT_SIGNIFICANT] = "not-significant",
		[VERDICT_TOO_FEW_RUNS] = "too-few-runs",
		[VERDICT_UNDETERMINED] = "undetermined",
		[VERDICT_NOT_SUPPORTED] = "not-supported",
		[VERDICT_ZERO_BASELINE] = "zero-baseline",
	};

	return names[v];
}

int compare_warn(struct compare_model *m, const char *fmt, ...)
{
	char buf[512], **w;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (size_t i = 0; i < m->n_warnings; i++)
		if (!strcmp(m->warnings[i], buf))
			return 0;
	w = realloc(m->warnings, (m->n_warnings + 1) * sizeof(*w));
	if (!w)
		return -ENOMEM;
	m->warnings = w;
	w[m->n_warnings] = strdup(buf);
	if (!w[m->n_warnings])
		return -ENOMEM;
	m->n_warnings++;
	return 0;
}

static bool compare_wanted(const struct compare_opts *o, size_t nb,
			   const struct compare_bench *b,
			   const struct metric_set *base, const char *name)
{
	const struct metric *mt;

	if (o->metrics || o->events)
		return compare_check_list_has(o->metrics, name) ||
		       compare_check_list_has(o->events, name);
	if (nb > 1 && !o->detail)
		return !strcmp(name, metrics_find(base, "ns/op") ? "ns/op" :
								    "wall");
	if (o->detail)
		return true;
	/* one benchmark: counters, derived, times and ns/op; per-event
	 * per-op values, ops/s and maxrss repeat them (--detail shows them) */
	(void)b;
	mt = metrics_find(base, name);
	if (mt && mt->kind == METRIC_PER_OP)
		return !strcmp(name, "ns/op");
	return strcmp(name, "maxrss");
}

static int compare_add_row(struct compare_model *m, const char *bench,
			   const struct metric *mt)
{
	struct compare_row *r = realloc(m->rows,
					(m->n_rows + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	m->rows = r;
	r = &r[m->n_rows];
	memset(r, 0, sizeof(*r));
	m->n_rows++;
	r->bench = strdup(bench);
	r->metric = strdup(mt->name);
	r->unit = strdup(mt->unit);
	r->kind = mt->kind;
	r->higher_is_better = mt->higher_is_better;
	r->stat = calloc(m->n_sides, sizeof(*r->stat));
	r->delta = calloc(m->n_sides, sizeof(*r->delta));
	if (!r->bench || !r->metric || !r->unit || !r->stat || !r->delta)
		return -ENOMEM;
	return 0;
}

/* Warnings about one file's series of one row: drift, slow first run. */
static int compare_series_warn(struct compare_model *m,
			       const struct compare_row *row,
			       const char *label, const struct metric *mt)
{
	double rho = stats_spearman_index(mt->v, mt->n);

	if (mt->n >= COMPARE_DRIFT_MIN_N && fabs(rho) >= COMPARE_DRIFT_RHO &&
	    compare_warn(m, "%s %s on %s drifts with run order (Spearman rho %+.2f); check for thermal or background effects",
			 row->bench, row->metric, label, rho))
		return -ENOMEM;
	if ((!strcmp(mt->name, "wall") || !strcmp(mt->name, "ns/op")) &&
	    mt->n >= COMPARE_MIN_RUNS) {
		double rest = stats_median(mt->v + 1, mt->n - 1);

		if (rest > 0 && mt->v[0] > COMPARE_FIRST_SLOW * rest &&
		    compare_warn(m, "%s %s on %s: the first measured run is %.1fx the median of the others; add --warmup",
				 row->bench, row->metric, label,
				 mt->v[0] / rest))
			return -ENOMEM;
	}
	return 0;
}

/* Pool one side's files for one row into row->stat[s]. */
static int compare_fill_stat(struct compare_model *m, struct compare_row *row,
			     const struct compare_bench *b, size_t s,
			     const struct side *side)
{
	struct compare_stat *st = &row->stat[s];
	size_t total = 0, k = 0, ng = 0, *len;
	struct stats_summary sum;
	struct stats_groups g;
	double *v, w, bt;
	long out;
	/* per-event per-op rows and ops/s repeat another row's series:
	 * warn once, on the original */
	bool quiet = row->kind == METRIC_PER_OP && strcmp(row->metric, "ns/op");

	st->supported = st->counted = true;
	len = calloc(side->n_files, sizeof(*len));
	if (!len)
		return -ENOMEM;
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
	st->group_len = len;
	st->v = v = calloc(total + 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (size_t f = 0; f < side->n_files; f++) {
		const struct metric *mt = metrics_find(&b->sets[s][f],
						       row->metric);

		if (!mt || !mt->n)
			continue;
		memcpy(v + k, mt->v, mt->n * sizeof(*v));
		len[ng++] = mt->n;
		k += mt->n;
		if (!quiet && compare_series_warn(m, row, m->labels[s], mt))
			return -ENOMEM;
	}
	st->n = total;
	st->n_groups = ng;
	st->group_len = len;
	if (!st->present || !st->supported || !total ||
	    stats_summarize(v, total, &sum))
		return 0;
	st->median = sum.median;
	st->median_lo = sum.median_lo;
	st->median_hi = sum.median_hi;
	st->ci_level = sum.ci_level;
	st->mean = sum.mean;
	st->sd = sum.sd;
	st->min = sum.min;
	st->max = sum.max;
	st->cv = sum.mean != 0 ? sum.sd / fabs(sum.mean) : 0;
	st->center = m->center == CENTER_MEAN ? sum.mean : sum.median;
	g = (struct stats_groups){ v, len, ng };
	if (ng > 1 && !stats_boot_spread(&g, &w, &bt) && st->center != 0) {
		st->within_boot_rel = w / fabs(st->center);
		st->between_boot_rel = bt / fabs(st->center);
	}
	out = stats_outliers(v, total, COMPARE_OUTLIER_Z, NULL);
	if (out < 0)
		return -ENOMEM;
	st->n_outliers = (size_t)out;
	if (out && !quiet && compare_warn(m, "%s %s on %s: %ld outlier(s) with robust z > 10 (kept, not dropped)",
				row->bench, row->metric, m->labels[s], out))
		return -ENOMEM;
	/* small counts (a few context switches) are Poisson-noisy by
	 * nature: a CV warning there says nothing about the system */
	if (!quiet && st->cv >= COMPARE_CV_WARN && total > 1 &&
	    (row->unit[0] || st->mean >= 1000) &&
	    compare_warn(m, "%s %s on %s: CV %.1f%% >= 10%%; the system is noisy, see 'abstat doctor'",
			 row->bench, row->metric, m->labels[s], st->cv * 100))
		return -ENOMEM;
	return 0;
}

/* Order of checks: a missing or uncountable side, too few runs, a zero
 * baseline, exact (deterministic) values, then the test. */
static void compare_fill_delta(const struct compare_model *m,
			       struct compare_row *row, size_t s)
{
	const struct compare_stat *a = &row->stat[0], *b = &row->stat[s];
	struct compare_delta *d = &row->delta[s];
	struct stats_groups ga, gb;
	double u;

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
	if (a->min == a->max && b->min == b->max && a->min == b->min) {
		/* the same constant on both sides (often 0): no change */
		d->has_delta = d->exact = true;
		d->verdict = VERDICT_NOT_SIGNIFICANT;
		if (a->n < COMPARE_MIN_RUNS || b->n < COMPARE_MIN_RUNS) {
			d->verdict = VERDICT_TOO_FEW_RUNS;
			d->why = "need >= 4 runs";
		}
		return;
	}
	if (a->center == 0) {
		d->verdict = VERDICT_ZERO_BASELINE;
		d->why = "baseline is 0";
		return;
	}
	d->has_delta = true;
	d->delta = b->center / a->center - 1;
	d->lo = d->hi = d->delta;
	d->regression = row->higher_is_better ? d->delta < 0 : d->delta > 0;
	d->exact = a->min == a->max && b->min == b->max;
	if (a->n < COMPARE_MIN_RUNS || b->n < COMPARE_MIN_RUNS) {
		d->verdict = VERDICT_TOO_FEW_RUNS;
		d->why = "need >= 4 runs";
		return;
	}
	if (d->exact) {
		/* identical every run on each side: the delta is known
		 * exactly and no test is needed */
		d->verdict = d->delta != 0 ? VERDICT_SIGNIFICANT :
					     VERDICT_NOT_SIGNIFICANT;
		return;
	}
	d->verdict = VERDICT_UNDETERMINED;
	d->why = "undetermined";
	if (stats_mann_whitney(a->v, a->n, b->v, b->n, &d->p, &u,
			       &d->exact_p))
		return;
	ga = (struct stats_groups){ a->v, a->group_len, a->n_groups };
	gb = (struct stats_groups){ b->v, b->group_len, b->n_groups };
	if (stats_bootstrap_ratio(&ga, &gb, m->center == CENTER_MEAN,
				  m->resamples, m->seed, &d->lo, &d->hi)) {
		d->lo = d->hi = d->delta;
		return;
	}
	d->has_p = true;
	d->why = NULL;
	d->verdict = VERDICT_NOT_SIGNIFICANT; /* until Holm says otherwise */
}

/* Holm over every test of the table (rows x non-baseline sides). */
/* Side s or the baseline holds several result files (boots). */
static bool compare_several_boots(const struct compare_row *row, size_t s)
{
	return row->stat[0].n_files > 1 || row->stat[s].n_files > 1;
}

static int compare_holm(struct compare_model *m)
{
	size_t n = 0, k = 0;
	double *p;

	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			n += m->rows[r].delta[s].has_p;
	m->n_tests = n;
	if (!n)
		return 0;
	p = malloc(n * sizeof(*p));
	if (!p)
		return -ENOMEM;
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			if (m->rows[r].delta[s].has_p)
				p[k++] = m->rows[r].delta[s].p;
	if (stats_holm(p, n, p)) {
		free(p);
		return -ENOMEM;
	}
	k = 0;
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++) {
			struct compare_delta *d = &m->rows[r].delta[s];

			if (!d->has_p)
				continue;
			d->p_holm = p[k++];
			d->verdict = d->p_holm < m->alpha ?
					     VERDICT_SIGNIFICANT :
					     VERDICT_NOT_SIGNIFICANT;
			/* Runs of one boot are not independent draws of a
			 * side with several boots: the test on pooled runs
			 * overstates the evidence. Then the delta must also
			 * clear the CI that resamples boots. */
			if (d->verdict == VERDICT_SIGNIFICANT &&
			    compare_several_boots(&m->rows[r], s) &&
			    d->has_delta && d->lo <= 0 && d->hi >= 0) {
				d->verdict = VERDICT_NOT_SIGNIFICANT;
				d->why = "boot-to-boot spread covers it";
			}
		}
	free(p);
	return 0;
}

/* Rows for the wanted metrics of one file's set not yet in the rows of
 * this benchmark (from first on). */
static int compare_set_rows(const struct compare_opts *o,
			    struct compare_model *m,
			    const struct compare_bench *b, size_t nb,
			    const struct metric_set *set, size_t first)
{
	for (size_t k = 0; k < set->n; k++) {
		const struct metric *mt = &set->m[k];
		bool dup = false;

		for (size_t r = first; r < m->n_rows; r++)
			dup |= !strcmp(m->rows[r].metric, mt->name);
		if (dup || !compare_wanted(o, nb, b, &b->sets[0][0],
					   mt->name))
			continue;
		if (compare_add_row(m, b->name, mt))
			return -ENOMEM;
	}
	return 0;
}

static int compare_rows(const struct compare_opts *o, const struct side *sides,
			struct compare_model *m, struct compare_bench *b,
			size_t nb)
{
	for (size_t i = 0; i < nb; i++) {
		size_t first = m->n_rows;
		bool any = false;

		/* metric order: as the first file holding each one has it */
		for (size_t s = 0; s < m->n_sides; s++)
			for (size_t f = 0; f < sides[s].n_files; f++)
				if (compare_set_rows(o, m, &b[i], nb,
						     &b[i].sets[s][f], first))
					return -ENOMEM;
		for (size_t r = first; r < m->n_rows; r++) {
			for (size_t s = 0; s < m->n_sides; s++)
				if (compare_fill_stat(m, &m->rows[r],
						      &b[i], s, &sides[s]))
					return -ENOMEM;
			for (size_t s = 1; s < m->n_sides; s++)
				compare_fill_delta(m, &m->rows[r], s);
			any = true;
		}
		m->n_bench += any;
	}
	return 0;
}

static int compare_header(const struct side *sides, size_t n,
			  struct compare_model *m)
{
	const struct result *ref = sides[0].files[0];
	json_t *cpus = ref->config ? json_object_get(ref->config, "cpus") : NULL;
	json_t *uo = ref->config ? json_object_get(ref->config, "user_only") :
				   NULL;

	m->labels = calloc(n, sizeof(*m->labels));
	m->files = calloc(n, sizeof(*m->files));
	m->runs = calloc(n, sizeof(*m->runs));
	if (!m->labels || !m->files || !m->runs)
		return -ENOMEM;
	for (size_t s = 0; s < n; s++) {
		const char *l = sides[s].label ? sides[s].label :
				sides[s].files[0]->label;
		char buf[32];

		if (!l || !*l) {
			snprintf(buf, sizeof(buf), "side%zu", s + 1);
			l = buf;
		}
		m->labels[s] = strdup(l);
		if (!m->labels[s])
			return -ENOMEM;
		m->files[s] = sides[s].n_files;
	}
	m->user_only = json_is_true(uo);
	if (json_is_string(cpus))
		m->cpus = strdup(json_string_value(cpus));
	return 0;
}

int compare_build(const struct compare_opts *o, const struct side *sides,
		  size_t n, struct compare_model **out, char *err, size_t len)
{
	struct compare_model *m = calloc(1, sizeof(*m));
	struct compare_bench *b = NULL;
	size_t nb = 0;
	int rc;

	*out = NULL;
	if (!m) {
		snprintf(err, len, "out of memory");
		return -ENOMEM;
	}
	m->n_sides = n;
	m->alpha = o->alpha;
	m->center = o->center;
	m->seed = o->seed;
	m->resamples = o->resamples;
	rc = compare_header(sides, n, m);
	if (!rc)
		rc = compare_check_encodings(o, sides, n, m, err, len);
	if (!rc)
		rc = compare_check_env(o, sides, n, m, err, len);
	if (!rc)
		rc = compare_check_benches(sides, n, m, &b, &nb);
	if (!rc)
		rc = compare_check_names(o->metrics, "--metric", b, nb,
					 sides, n, err, len);
	if (!rc)
		rc = compare_check_names(o->events, "-e", b, nb, sides, n,
					 err, len);
	if (!rc)
		rc = compare_rows(o, sides, m, b, nb);
	if (!rc)
		rc = compare_holm(m);
	for (size_t r = 0; !rc && r < m->n_rows; r++)
		for (size_t s = 0; s < n; s++)
			if (m->rows[r].stat[s].n > m->runs[s])
				m->runs[s] = m->rows[r].stat[s].n;
	if (!rc && !m->n_rows) {
		snprintf(err, len, "the baseline has no benchmark to compare; is %s a complete result?",
			 compare_check_file_name(sides[0].files[0]));
		rc = -EINVAL;
	}
	if (rc == -ENOMEM)
		snprintf(err, len, "out of memory");
	compare_check_free(b, nb, sides, n);
	if (rc) {
		compare_model_free(m);
		return rc;
	}
	*out = m;
	return 0;
}

void compare_model_free(struct compare_model *m)
{
	if (!m)
		return;
	for (size_t r = 0; r < m->n_rows; r++) {
		struct compare_row *row = &m->rows[r];

		for (size_t s = 0; row->stat && s < m->n_sides; s++) {
			free((void *)row->stat[s].v);
			free((void *)row->stat[s].group_len);
			free(row->stat[s].reason);
		}
		free(row->bench);
		free(row->metric);
		free(row->unit);
		free(row->stat);
		free(row->delta);
	}
	free(m->rows);
	for (size_t s = 0; m->labels && s < m->n_sides; s++)
		free(m->labels[s]);
	free(m->labels);
	free(m->files);
	free(m->runs);
	free(m->forced_note);
	free(m->cpus);
	env_diff_free(m->env, m->n_env, m->n_sides);
	for (size_t i = 0; i < m->n_warnings; i++)
		free(m->warnings[i]);
	free(m->warnings);
	free(m);
}

bool compare_regressed(const struct compare_delta *d, double pct)
{
	return pct >= 0 && d->verdict == VERDICT_SIGNIFICANT &&
	       d->regression && fabs(d->delta) * 100 > pct;
}
