// SPDX-License-Identifier: MIT
/*
 * plot_scaling: the data file of the scaling chart (plots/scaling.gp),
 * from the compare model: a scanned parameter on x (a benchmark's
 * "params" value, or its copies for files from before params), the
 * center of one metric with its interval on y, one curve per side label
 * (per label and benchmark in a suite), and per curve the ideal scaling
 * from its smallest x: y0 * x / x0 when higher is better (throughput),
 * y0 when lower is (a time per operation that does not grow). Values
 * that are not all numbers are categories in order of appearance, with
 * no ideal line. Columns: abstat-plot(1), PLOT DATA FILES.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "plot_data.h"

#define SCALE_NAME_MAX 320

struct scale_point {
	size_t curve;
	const char *xs;   /* the value as written */
	double x, y, lo, hi;
};

struct scale_data {
	const char *metric; /* the one metric drawn */
	struct scale_point *p;
	size_t n;
	char (*curve)[SCALE_NAME_MAX];
	size_t n_curves;
	const char **cats; /* categories, first appearance */
	size_t n_cats;
	bool numeric;
};

static const struct benchmark *scale_bench(const struct side *side,
					   const char *name)
{
	for (size_t f = 0; f < side->n_files; f++)
		for (size_t b = 0; b < side->files[f]->n_bench; b++)
			if (!strcmp(side->files[f]->bench[b].name, name))
				return &side->files[f]->bench[b];
	return NULL;
}

/* The parameter's value of benchmark b as a string in buf, or NULL. */
static const char *scale_value(const struct benchmark *b, const char *param,
			       char *buf, size_t len)
{
	const json_t *v = b->params ? json_object_get(b->params, param) : NULL;

	if (json_is_string(v))
		return json_string_value(v);
	if (strcmp(param, "copies"))
		return NULL;
	snprintf(buf, len, "%u", b->copies ? b->copies : 1);
	return buf;
}

/* Does param take more than one value over the model's points? */
static bool scale_varies(const struct compare_model *m,
			 const struct side *sides, const char *param)
{
	const char *first = NULL;
	char b1[32], b2[32];

	for (size_t s = 0; s < m->n_sides; s++)
		for (size_t r = 0; r < m->n_rows; r++) {
			const struct benchmark *b = scale_bench(&sides[s],
							m->rows[r].bench);
			const char *v = b ? scale_value(b, param,
							first ? b2 : b1,
							sizeof(b1)) :
					    NULL;

			if (!v)
				continue;
			if (!first)
				first = v;
			else if (strcmp(first, v))
				return true;
		}
	return false;
}

/* The scanned parameter: the first name of a benchmark's params whose
 * value varies, else copies when they vary, else NULL. */
static const char *scale_param(const struct compare_model *m,
			       const struct side *sides)
{
	for (size_t s = 0; s < m->n_sides; s++)
		for (size_t r = 0; r < m->n_rows; r++) {
			const struct benchmark *b = scale_bench(&sides[s],
							m->rows[r].bench);
			const char *k;
			json_t *v;

			if (!b || !json_is_object(b->params))
				continue;
			json_object_foreach(b->params, k, v)
				if (scale_varies(m, sides, k))
					return k;
		}
	return scale_varies(m, sides, "copies") ? "copies" : NULL;
}

/* The benchmark without its "PARAM=VALUE" part (a scan's benchmarks
 * differ by it): cut at the parameter's name and the separators before
 * it. */
static void scale_family(const char *bench, const char *param, char *buf,
			 size_t len)
{
	char key[128];
	const char *at;
	size_t n;

	snprintf(key, sizeof(key), "%s=", param);
	at = strstr(bench, key);
	n = at ? (size_t)(at - bench) : strlen(bench);
	while (n && strchr(" ,;:@/([-_", bench[n - 1]))
		n--;
	snprintf(buf, len, "%.*s", (int)(n ? n : strlen(bench)), bench);
}

static int scale_curve(struct scale_data *d, const char *name)
{
	void *c;

	for (size_t i = 0; i < d->n_curves; i++)
		if (!strcmp(d->curve[i], name))
			return (int)i;
	c = realloc(d->curve, (d->n_curves + 1) * sizeof(*d->curve));
	if (!c)
		return -ENOMEM;
	d->curve = c;
	snprintf(d->curve[d->n_curves], SCALE_NAME_MAX, "%.*s", SCALE_NAME_MAX - 1, name);
	return (int)d->n_curves++;
}

static bool scale_families_differ(const struct compare_model *m,
				  const char *param)
{
	char a[SCALE_NAME_MAX], b[SCALE_NAME_MAX];

	scale_family(m->rows[0].bench, param, a, sizeof(a));
	for (size_t r = 1; r < m->n_rows; r++) {
		scale_family(m->rows[r].bench, param, b, sizeof(b));
		if (strcmp(a, b))
			return true;
	}
	return false;
}

/* The curve of side s: its LABEL= if given, else its results' label. */
static const char *scale_label(const struct compare_model *m,
			       const struct side *side, size_t s)
{
	if (side->label_given || !side->files[0]->label)
		return m->labels[s];
	return side->files[0]->label;
}

static int scale_collect(const struct compare_model *m,
			 const struct side *sides, const char *param,
			 struct scale_data *d, char (*vals)[32])
{
	bool families = scale_families_differ(m, param);

	d->numeric = true;
	for (size_t s = 0; s < m->n_sides; s++)
		for (size_t r = 0; r < m->n_rows; r++) {
			const struct compare_row *row = &m->rows[r];
			const struct compare_stat *st = &row->stat[s];
			const struct benchmark *b = scale_bench(&sides[s],
								row->bench);
			char fam[SCALE_NAME_MAX / 2], name[SCALE_NAME_MAX];
			struct scale_point *p = &d->p[d->n];
			const char *v;
			char *end;
			int c;

			if (strcmp(row->metric, d->metric))
				continue;
			v = b ? scale_value(b, param, vals[d->n], 32) : NULL;
			if (!v || !st->present || !st->supported || !st->n)
				continue;
			scale_family(row->bench, param, fam, sizeof(fam));
			snprintf(name, sizeof(name), families ? "%s: %s" : "%s",
				 scale_label(m, &sides[s], s), fam);
			c = scale_curve(d, name);
			if (c < 0)
				return -ENOMEM;
			p->curve = (size_t)c;
			p->xs = v;
			p->x = strtod(v, &end);
			d->numeric &= end != v && !*end && isfinite(p->x);
			p->y = st->center;
			p->lo = st->center_lo;
			p->hi = st->center_hi;
			d->n++;
		}
	if (d->numeric)
		return 0;
	/* categories: x is the value's place in order of appearance */
	for (size_t i = 0; i < d->n; i++) {
		size_t k = 0;

		while (k < d->n_cats && strcmp(d->cats[k], d->p[i].xs))
			k++;
		if (k == d->n_cats)
			d->cats[d->n_cats++] = d->p[i].xs;
		d->p[i].x = (double)k + 1;
	}
	return 0;
}

static int scale_cmp(const void *a, const void *b)
{
	const struct scale_point *p = a, *q = b;

	if (p->curve != q->curve)
		return p->curve < q->curve ? -1 : 1;
	return (p->x > q->x) - (p->x < q->x);
}

/* What the chart is of: the benchmarks without their PARAM=VALUE part
 * ("mmap", "syscall, pipe"; plot_name_list) in buf. 0 or -ENOMEM. */
static int scale_title_names(const struct compare_model *m,
			     const char *param, const char *metric,
			     char *buf, size_t len)
{
	char (*fam)[SCALE_NAME_MAX] = calloc(m->n_rows + 1, sizeof(*fam));
	const char **names = calloc(m->n_rows + 1, sizeof(*names));

	if (!fam || !names) {
		free(fam);
		free(names);
		return -ENOMEM;
	}
	for (size_t r = 0; r < m->n_rows; r++) {
		if (strcmp(m->rows[r].metric, metric))
			continue;
		scale_family(m->rows[r].bench, param, fam[r], sizeof(fam[r]));
		names[r] = fam[r];
	}
	plot_name_list(names, m->n_rows, buf, len);
	free(fam);
	free(names);
	return 0;
}

static int scale_write(const struct compare_model *m, const char *param,
		       const struct scale_data *d, FILE *f, bool ascii)
{
	const struct compare_row *row = &m->rows[0];

	for (size_t r = 0; r < m->n_rows; r++)
		if (!strcmp(m->rows[r].metric, d->metric)) {
			row = &m->rows[r];
			break;
		}
	char title[768], sub[256], xlab[160], list[256], dashed[128] = "";
	/* the ideal: linear for throughput, flat for a time per op */
	const char *kind = !d->numeric ? "-" :
			   row->higher_is_better ? "linear" : "flat";
	double xmin = INFINITY, xmax = -INFINITY;

	for (size_t i = 0; i < d->n; i++) {
		xmin = fmin(xmin, d->p[i].x);
		xmax = fmax(xmax, d->p[i].x);
	}
	if (scale_title_names(m, param, d->metric, list, sizeof(list)))
		return -ENOMEM;
	snprintf(title, sizeof(title), "%s: %s vs %s, %s is better", list,
		 strcmp(row->metric, "ops/s") ? row->metric :
						"aggregate throughput",
		 param, row->higher_is_better ? "higher" : "lower");
	if (d->numeric)
		snprintf(dashed, sizeof(dashed),
			 row->higher_is_better ?
				 "; dashed: linear scaling from the fewest %s" :
				 "; dashed: flat, the value at the fewest %s",
			 param);
	snprintf(sub, sizeof(sub), "%s %s, %g%% CI%s",
		 m->center == CENTER_MEAN ? "mean" : "median", row->metric,
		 (1 - m->alpha) * 100, dashed);
	snprintf(xlab, sizeof(xlab), "%s", param);
	fputs("0", f);
	plot_put_field(f, title, ascii);
	plot_put_field(f, sub, ascii);
	plot_put_field(f, xlab, ascii);
	plot_put_field(f, row->unit[0] ? row->unit : row->metric, ascii);
	fprintf(f, "\t%zu\t%d", d->n_curves, !d->numeric);
	plot_put_num(f, xmin);
	plot_put_num(f, xmax);
	plot_put_field(f, kind, ascii);
	plot_put_machine(f, m->machine, ascii);
	fputs("\n\n\n", f);
	for (size_t c = 0; c < d->n_curves; c++) {
		fprintf(f, "%zu", c);
		plot_put_field(f, d->curve[c], ascii);
		fputc('\n', f);
	}
	for (size_t c = 0, i = 0; c < d->n_curves; c++) {
		const struct scale_point *first = &d->p[i];

		fputs("\n\n", f);
		for (; i < d->n && d->p[i].curve == c; i++) {
			const struct scale_point *p = &d->p[i];
			double ideal = NAN;

			if (d->numeric && first->x > 0)
				ideal = row->higher_is_better ?
						first->y * p->x / first->x :
						first->y;
			fprintf(f, "%.6g", p->x);
			plot_put_num(f, p->y);
			plot_put_num(f, p->lo);
			plot_put_num(f, p->hi);
			plot_put_num(f, ideal);
			plot_put_field(f, p->xs, ascii);
			fputc('\n', f);
		}
	}
	return 0;
}

int plot_data_scaling(const struct compare_model *m,
		      const struct side *sides, const char *metric, FILE *f,
		      bool ascii, char *err, size_t len)
{
	const char *param = scale_param(m, sides);
	size_t most = m->n_sides * m->n_rows;
	struct scale_data d = { .metric = metric };
	char (*vals)[32];
	int rc;

	if (!param) {
		snprintf(err, len, "the scaling chart needs a scanned parameter (a scan's params, or results of different --copies), and these benchmarks all have the same; plot them with --kind delta or runs");
		return -EINVAL;
	}
	d.p = calloc(most + 1, sizeof(*d.p));
	d.cats = calloc(most + 1, sizeof(*d.cats));
	vals = calloc(most + 1, sizeof(*vals));
	rc = d.p && d.cats && vals ?
		     scale_collect(m, sides, param, &d, vals) : -ENOMEM;
	if (!rc && !d.n) {
		snprintf(err, len, "no side has a value of %s to draw (not supported or not counted); 'abstat compare' shows why",
			 metric);
		rc = -EINVAL;
	}
	if (!rc) {
		qsort(d.p, d.n, sizeof(*d.p), scale_cmp);
		rc = scale_write(m, param, &d, f, ascii);
	}
	if (rc == -ENOMEM)
		err_nomem(err, len);
	free(d.p);
	free(d.cats);
	free(d.curve);
	free(vals);
	return rc;
}

int plot_data_scaling_opts(const struct compare_opts *in,
			   struct compare_opts *out, char **allow, char *err,
			   size_t len)
{
	*allow = NULL;
	*out = *in;
	if (in->metrics && strchr(in->metrics, ',')) {
		snprintf(err, len, "the scaling chart draws one metric; give --metric NAME (default ops/s)");
		return -EINVAL;
	}
	if (in->events) {
		snprintf(err, len, "the scaling chart draws one metric; give it with --metric NAME, not -e");
		return -EINVAL;
	}
	out->metrics = in->metrics ? in->metrics : "ops/s";
	/* N copies are pinned to N CPUs by design, and their number differs:
	 * those differences are the experiment */
	if (asprintf(allow, "%s%scpu.pinned,cpu.pinned_siblings,benchmarks.*.copies",
		     in->allow_env_diff ? in->allow_env_diff : "",
		     in->allow_env_diff ? "," : "") < 0) {
		*allow = NULL;
		return err_nomem(err, len);
	}
	out->allow_env_diff = *allow;
	return 0;
}

int plot_data_scaling_check(const struct compare_opts *o,
			    const struct side *sides, size_t n, char *err,
			    size_t len)
{
	if (strcmp(o->metrics, "ops/s"))
		return 0;
	for (size_t s = 0; s < n; s++) {
		const struct result *r = sides[s].files[0];
		bool ops = false;

		for (size_t b = 0; b < r->n_bench && !ops; b++)
			for (size_t k = 0; k < r->bench[b].n_runs; k++)
				ops |= r->bench[b].runs[k].total.has_ops;
		if (!ops) {
			snprintf(err, len, "the scaling chart needs operation counts (ops/s) and %s has none; measure built-in workloads (-w), pass --ops N, or choose a metric with --metric",
				 r->path ? r->path : "a side");
			return -EINVAL;
		}
	}
	return 0;
}
