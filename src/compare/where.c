// SPDX-License-Identifier: MIT
/*
 * where: the "where" table of profiled sides (where.h):
 * per function, its self share per run, per side, the test of the
 * design, Holm over every function tested, the top N by |delta|.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "where.h"
#include "stats.h"

/* Rows shown: a delta of at least 0.05 points (or a verdict). */
/* 0.05 points; where_fmt.c says it when no row reaches it */
#define WHERE_MIN_DELTA 0.0005

int where_run_self(const struct run *run, json_t *acc)
{
	for (size_t i = 0; i < run->n_stacks; i++) {
		const char *f = run->stacks[i].frames;
		const char *leaf = strrchr(f, ';');
		json_t *v;

		leaf = leaf ? leaf + 1 : f;
		v = json_object_get(acc, leaf);
		if (v)
			json_integer_set(v, json_integer_value(v) +
						    (json_int_t)run->stacks[i].count);
		else if (json_object_set_new(acc, leaf,
					     json_integer((json_int_t)run->stacks[i].count)))
			return -ENOMEM;
	}
	return 0;
}

static bool where_usable(const struct run *run)
{
	return run->status == RUN_OK && !run->warmup && run->profiled &&
	       run->n_stacks;
}

static const struct benchmark *where_bench(const struct result *r,
					   const char *name)
{
	for (size_t i = 0; name && i < r->n_bench; i++)
		if (r->bench[i].name && !strcmp(r->bench[i].name, name))
			return &r->bench[i];
	return NULL;
}

/* One side of one benchmark: every usable run's self counts. */
struct where_side {
	json_t **self;     /* per run: leaf -> count */
	double *total;     /* per run: samples in its stacks */
	size_t *group_len; /* per file */
	size_t n, n_groups;
};

static int where_side_load(const struct side *sd, const char *bench,
			   json_t *funcs, struct where_side *w)
{
	memset(w, 0, sizeof(*w));
	w->group_len = calloc(sd->n_files, sizeof(*w->group_len));
	if (!w->group_len)
		return -ENOMEM;
	for (size_t f = 0; f < sd->n_files; f++) {
		const struct benchmark *b = where_bench(sd->files[f], bench);
		size_t before = w->n;

		for (size_t i = 0; b && i < b->n_runs; i++) {
			const struct run *run = &b->runs[i];
			json_t **s;
			double *t, sum = 0;

			if (!where_usable(run))
				continue;
			s = realloc(w->self, (w->n + 1) * sizeof(*s));
			if (s)
				w->self = s;
			t = realloc(w->total, (w->n + 1) * sizeof(*t));
			if (t)
				w->total = t;
			if (!s || !t || !(s[w->n] = json_object()))
				return -ENOMEM;
			for (size_t k = 0; k < run->n_stacks; k++)
				sum += (double)run->stacks[k].count;
			t[w->n] = sum;
			if (where_run_self(run, s[w->n]) ||
			    json_object_update(funcs, s[w->n]))
				return -ENOMEM;
			w->n++;
		}
		if (w->n > before)
			w->group_len[w->n_groups++] = w->n - before;
	}
	return 0;
}

static void where_side_free(struct where_side *w)
{
	for (size_t i = 0; i < w->n; i++)
		json_decref(w->self[i]);
	free(w->self);
	free(w->total);
	free(w->group_len);
}

static double where_mean(const double *v, size_t n)
{
	double t = 0;

	for (size_t i = 0; i < n; i++)
		t += v[i];
	return n ? t / (double)n : 0;
}

/* func's share in every run of w, into v; each boot's center into c. */
static double where_shares(const struct compare_model *m,
			   const struct where_side *w, const char *func,
			   bool boots, double *v, double *c)
{
	size_t off = 0;
	double sum = 0;

	for (size_t i = 0; i < w->n; i++) {
		json_t *x = json_object_get(w->self[i], func);

		v[i] = x ? (double)json_integer_value(x) / w->total[i] : 0;
	}
	if (!boots)
		return m->center == CENTER_MEAN ? where_mean(v, w->n) :
						  stats_median(v, w->n);
	for (size_t g = 0; g < w->n_groups; g++) {
		size_t k = w->group_len[g];

		c[g] = m->center == CENTER_MEAN ? where_mean(v + off, k) :
						  stats_median(v + off, k);
		sum += c[g];
		off += k;
	}
	return sum / (double)w->n_groups;
}

/* The test of one function: the rules of compare_fill_delta, on
 * differences (shares are fractions: a 0 share is common). */
static void where_test(const struct compare_model *m, bool boots,
		       const struct where_side *wa, const double *va,
		       const double *ca, const struct where_side *wb,
		       const double *vb, const double *cb, struct where_row *r)
{
	struct compare_delta *d = &r->d;
	double amin = va[0], amax = va[0], bmin = vb[0], bmax = vb[0], u;

	d->has_delta = d->absolute = true;
	d->delta = d->lo = d->hi = r->b - r->a;
	d->regression = d->delta > 0;
	if (wa->n < COMPARE_MIN_RUNS || wb->n < COMPARE_MIN_RUNS) {
		d->verdict = VERDICT_TOO_FEW_RUNS;
		d->why = "need >= 4 runs";
		return;
	}
	for (size_t i = 1; i < wa->n; i++) {
		amin = fmin(amin, va[i]);
		amax = fmax(amax, va[i]);
	}
	for (size_t i = 1; i < wb->n; i++) {
		bmin = fmin(bmin, vb[i]);
		bmax = fmax(bmax, vb[i]);
	}
	/* exact never overrides the boot rule (compare_fill_delta) */
	if (amin == amax && bmin == bmax && wa->n >= COMPARE_EXACT_MIN_RUNS &&
	    wb->n >= COMPARE_EXACT_MIN_RUNS &&
	    (!boots || (wa->n_groups >= COMPARE_MIN_BOOTS &&
			wb->n_groups >= COMPARE_MIN_BOOTS))) {
		d->exact = true;
		d->verdict = d->delta != 0 ? compare_verdict_changed(m->design) :
					     VERDICT_NOT_SIGNIFICANT;
		return;
	}
	if (boots) {
		struct stats_welch w;

		if (wa->n_groups >= 2 && wb->n_groups >= 2 &&
		    !stats_welch(ca, wa->n_groups, cb, wb->n_groups,
				 1 - m->alpha, &w)) {
			d->p = w.p;
			d->lo = w.lo;
			d->hi = w.hi;
			d->has_p = true;
		}
		if (wa->n_groups < COMPARE_MIN_BOOTS ||
		    wb->n_groups < COMPARE_MIN_BOOTS) {
			d->verdict = VERDICT_TOO_FEW_BOOTS;
			d->few_boots = true;
			d->why = "need >= 3 boots per side";
			return;
		}
	} else {
		struct stats_groups ga = { va, &wa->n, 1 }, gb = { vb, &wb->n, 1 };
		struct stats_boot_opts bo = {
			.mean = m->center == CENTER_MEAN, .diff = true,
			.level = 1 - m->alpha, .resamples = m->resamples,
			.seed = m->seed,
		};

		d->has_p = !stats_mann_whitney(va, wa->n, vb, wb->n, &d->p, &u,
					       &d->exact_p) &&
			   !stats_bootstrap_delta(&ga, &gb, &bo, &d->lo, &d->hi);
	}
	if (!d->has_p) {
		d->verdict = VERDICT_UNDETERMINED;
		d->why = "undetermined";
		return;
	}
	d->in_family = true;
	d->verdict = VERDICT_NOT_SIGNIFICANT;
}

static int where_add(struct where_table *t, const char *bench,
		     const char *func, size_t side)
{
	struct where_row *r = realloc(t->rows, (t->n_rows + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	t->rows = r;
	r = &r[t->n_rows];
	memset(r, 0, sizeof(*r));
	r->bench = strdup(bench);
	r->func = strdup(func);
	r->side = side;
	t->n_rows++;
	return r->bench && r->func ? 0 : -ENOMEM;
}

/* The rows of one benchmark, side s against side 0. */
static int where_bench_rows(const struct compare_model *m,
			    const struct side *sides, size_t s,
			    const char *bench, struct where_table *t)
{
	struct where_side wa = { 0 }, wb = { 0 };
	json_t *funcs = json_object();
	double *va = NULL, *vb = NULL, *ca = NULL, *cb = NULL;
	const char *func;
	json_t *x;
	int rc = funcs ? 0 : -ENOMEM;

	if (!rc)
		rc = where_side_load(&sides[0], bench, funcs, &wa);
	if (!rc)
		rc = where_side_load(&sides[s], bench, funcs, &wb);
	if (rc || !wa.n || !wb.n)
		goto out;
	va = calloc(wa.n, sizeof(*va));
	vb = calloc(wb.n, sizeof(*vb));
	ca = calloc(wa.n_groups, sizeof(*ca));
	cb = calloc(wb.n_groups, sizeof(*cb));
	if (!va || !vb || !ca || !cb) {
		rc = -ENOMEM;
		goto out;
	}
	json_object_foreach(funcs, func, x) {
		struct where_row *r;

		rc = where_add(t, bench, func, s);
		if (rc)
			break;
		r = &t->rows[t->n_rows - 1];
		r->na = t->boots ? wa.n_groups : wa.n;
		r->nb = t->boots ? wb.n_groups : wb.n;
		r->a = where_shares(m, &wa, func, t->boots, va, ca);
		r->b = where_shares(m, &wb, func, t->boots, vb, cb);
		where_test(m, t->boots, &wa, va, ca, &wb, vb, cb, r);
	}
out:
	where_side_free(&wa);
	where_side_free(&wb);
	json_decref(funcs);
	free(va);
	free(vb);
	free(ca);
	free(cb);
	return rc;
}

static int where_holm(const struct compare_model *m, struct where_table *t)
{
	double *p = malloc((t->n_rows + 1) * sizeof(*p));
	size_t k = 0;

	if (!p)
		return -ENOMEM;
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].d.in_family)
			p[k++] = t->rows[i].d.p;
	t->n_tests = k;
	if (k && stats_holm(p, k, p)) {
		free(p);
		return -ENOMEM;
	}
	k = 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		struct compare_delta *d = &t->rows[i].d;

		if (d->in_family)
			compare_delta_holm(m, d, p[k++]);
	}
	free(p);
	return 0;
}

/* By side, then the largest |delta| first, then by name. */
static int where_cmp(const void *x, const void *y)
{
	const struct where_row *a = x, *b = y;
	double da = fabs(a->d.delta), db = fabs(b->d.delta);

	if (a->side != b->side)
		return a->side < b->side ? -1 : 1;
	if (da != db)
		return da > db ? -1 : 1;
	return strcmp(a->func, b->func);
}

static void where_row_free(struct where_row *r)
{
	free(r->bench);
	free(r->func);
}

int where_build(const struct compare_model *m, const struct side *sides,
		size_t n, size_t top, struct where_table **out)
{
	struct where_table *t = calloc(1, sizeof(*t));
	const struct result *r0;
	size_t k = 0, per = 0;
	int rc = 0;

	*out = NULL;
	if (!t)
		return -ENOMEM;
	t->boots = m->design == DESIGN_BOOTS;
	r0 = n ? sides[0].files[0] : NULL;
	for (size_t s = 1; s < n && !rc; s++)
		for (size_t b = 0; r0 && b < r0->n_bench && !rc; b++)
			rc = where_bench_rows(m, sides, s, r0->bench[b].name, t);
	if (!rc)
		rc = where_holm(m, t);
	if (rc || !t->n_rows || !top) {
		where_free(t);
		return rc;
	}
	qsort(t->rows, t->n_rows, sizeof(*t->rows), where_cmp);
	for (size_t i = 0; i < t->n_rows; i++) {
		const struct where_row *r = &t->rows[i];
		/* a change that rounds to 0.0 points says nothing */
		bool shown = fabs(r->d.delta) >= WHERE_MIN_DELTA ||
			     compare_verdict_changes(r->d.verdict);

		per = i && r->side == t->rows[i - 1].side ? per + 1 : 0;
		if (per < top && shown)
			t->rows[k++] = t->rows[i];
		else
			where_row_free(&t->rows[i]);
	}
	t->n_rows = k;
	*out = t;
	return 0;
}

void where_free(struct where_table *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n_rows; i++)
		where_row_free(&t->rows[i]);
	free(t->rows);
	free(t);
}
