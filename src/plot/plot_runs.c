// SPDX-License-Identifier: MIT
/*
 * plot_runs: the data file of the runs chart (plots/runs.gp): every side's
 * per-run values in run order, one panel per benchmark x metric, so drift,
 * a slow first run and outliers show. Values come from metrics_extract()
 * (measured runs only, warm-up excluded); nothing is summarised here.
 * Columns: abstat-plot(1), PLOT DATA FILES.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "metrics.h"
#include "compare.h"
#include "plot_data.h"

/* Panels drawn when --metric/-e do not choose: more are unreadable. */

struct plot_panel {
	const char *bench;
	const struct metric *ref; /* for the name and unit */
};

struct plot_runs {
	size_t n_sides;
	const struct side *sides;
	struct metric_set **sets; /* [side][bench * n_files + file] */
	struct metric_set **row;  /* [side]: one benchmark's sets */
	const char **bench;      /* distinct benchmark names, in order */
	size_t n_bench;
	struct plot_panel *panels;
	size_t n_panels;
};

static const char *plot_side_label(const struct side *side, size_t s,
				   char *buf, size_t len)
{
	if (side->label)
		return side->label;
	if (side->files[0]->label)
		return side->files[0]->label;
	snprintf(buf, len, "side %zu", s + 1);
	return buf;
}

static int plot_runs_benches(struct plot_runs *p)
{
	for (size_t s = 0; s < p->n_sides; s++)
		for (size_t f = 0; f < p->sides[s].n_files; f++) {
			const struct result *r = p->sides[s].files[f];

			for (size_t b = 0; b < r->n_bench; b++) {
				const char *name = r->bench[b].name, **nb;
				bool seen = false;

				for (size_t i = 0; i < p->n_bench && !seen; i++)
					seen = !strcmp(p->bench[i], name);
				if (seen)
					continue;
				nb = realloc(p->bench, (p->n_bench + 1) *
							       sizeof(*nb));
				if (!nb)
					return -ENOMEM;
				p->bench = nb;
				nb[p->n_bench++] = name;
			}
		}
	return 0;
}

/* The metric set of benchmark bench in file f of side s, or NULL. */
static const struct metric_set *plot_runs_set(const struct plot_runs *p,
					      size_t s, size_t f, size_t bench)
{
	return p->sets[s] ? &p->sets[s][bench * p->sides[s].n_files + f] :
			    NULL;
}

static int plot_runs_extract(struct plot_runs *p)
{
	for (size_t s = 0; s < p->n_sides; s++) {
		const struct side *side = &p->sides[s];

		p->sets[s] = calloc(side->n_files * p->n_bench,
				    sizeof(*p->sets[s]));
		if (!p->sets[s])
			return -ENOMEM;
		for (size_t f = 0; f < side->n_files; f++) {
			const struct result *r = side->files[f];

			for (size_t b = 0; b < r->n_bench; b++) {
				size_t i = 0;

				while (strcmp(p->bench[i], r->bench[b].name))
					i++;
				i = i * side->n_files + f;
				if (metrics_extract(r, &r->bench[b],
						    &p->sets[s][i]))
					return -ENOMEM;
			}
		}
	}
	return 0;
}

/* The first metric named name of benchmark b with values on any side. */
static const struct metric *plot_runs_find(const struct plot_runs *p,
					   size_t b, const char *name)
{
	for (size_t s = 0; s < p->n_sides; s++)
		for (size_t f = 0; f < p->sides[s].n_files; f++) {
			const struct metric *m = metrics_find(
				plot_runs_set(p, s, f, b), name);

			if (m && m->n)
				return m;
		}
	return NULL;
}

/* Some value of metric name of benchmark b differs from another. */
static bool plot_runs_varies(const struct plot_runs *p, size_t b,
			     const char *name)
{
	const double *first = NULL;

	for (size_t s = 0; s < p->n_sides; s++)
		for (size_t f = 0; f < p->sides[s].n_files; f++) {
			const struct metric *m = metrics_find(
				plot_runs_set(p, s, f, b), name);

			for (size_t k = 0; m && k < m->n; k++) {
				if (!first)
					first = &m->v[k];
				else if (m->v[k] != *first)
					return true;
			}
		}
	return false;
}

static bool plot_runs_wanted(const struct plot_rows *cfg,
			     const struct plot_runs *p, size_t b,
			     const struct metric *m)
{
	if (cfg->metrics || cfg->events)
		return compare_check_list_has(cfg->metrics, m->name) ||
		       compare_check_list_has(cfg->events, m->name);
	/* Default (besides the primary and time panels): for one
	 * benchmark every counter that counted and changed: a flat line
	 * of a constant count says nothing a table does not. */
	return p->n_bench == 1 && m->kind == METRIC_COUNTER &&
	       m->supported && plot_runs_varies(p, b, m->name);
}

static int plot_runs_add(struct plot_runs *p, size_t b, const struct metric *m)
{
	struct plot_panel *np;

	for (size_t i = 0; i < p->n_panels; i++)
		if (p->panels[i].bench == p->bench[b] &&
		    !strcmp(p->panels[i].ref->name, m->name))
			return 0;
	np = realloc(p->panels, (p->n_panels + 1) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	p->panels = np;
	np[p->n_panels].bench = p->bench[b];
	np[p->n_panels++].ref = m;
	return 0;
}

/* Benchmark b's primary metric as compare chooses it (--primary, else
 * compare_primary_metric), or NULL. */
static const struct metric *plot_runs_primary(const struct plot_rows *cfg,
					      struct plot_runs *p, size_t b)
{
	const char *name = cfg->primary;

	for (size_t s = 0; !name && s < p->n_sides; s++)
		p->row[s] = p->sets[s] + b * p->sides[s].n_files;
	if (!name)
		name = compare_primary_metric(p->row, p->sides, p->n_sides);
	return name ? plot_runs_find(p, b, name) : NULL;
}

/* Default panels: each benchmark's primary metric (the compared one), and
 * for one benchmark its time per operation (or wall) and the counters
 * that changed (plot_runs_wanted). */
static int plot_runs_panels(const struct plot_rows *cfg, struct plot_runs *p)
{
	bool chosen = cfg->metrics || cfg->events;

	for (size_t b = 0; b < p->n_bench; b++) {
		const struct metric *primary = plot_runs_primary(cfg, p, b);
		const struct metric *time = plot_runs_find(p, b, "ns/op");
		const struct metric_set *ref = NULL;

		if (!time)
			time = plot_runs_find(p, b, "wall");
		if (!primary)
			primary = time;
		if (!chosen && primary && plot_runs_add(p, b, primary))
			return -ENOMEM;
		if (!chosen && p->n_bench == 1 && time &&
		    plot_runs_add(p, b, time))
			return -ENOMEM;
		for (size_t s = 0; s < p->n_sides && !ref; s++)
			for (size_t f = 0; f < p->sides[s].n_files && !ref;
			     f++) {
				ref = plot_runs_set(p, s, f, b);
				if (!ref->n)
					ref = NULL;
			}
		for (size_t i = 0; ref && i < ref->n; i++) {
			const struct metric *m = plot_runs_find(
				p, b, ref->m[i].name);

			if (m && plot_runs_wanted(cfg, p, b, m) &&
			    plot_runs_add(p, b, m))
				return -ENOMEM;
		}
	}
	return 0;
}

/* Every name in --metric/-e must be a metric with values somewhere. */
static int plot_runs_check(const char *list, const char *opt,
			   const struct plot_runs *p, char *err, size_t len)
{
	char *copy = list ? strdup(list) : NULL, *tok, *save = NULL;
	int rc = 0;

	if (list && !copy)
		return err_nomem(err, len);
	for (tok = copy ? strtok_r(copy, ",", &save) : NULL; tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		bool found = false;

		for (size_t b = 0; b < p->n_bench && !found; b++)
			found = plot_runs_find(p, b, tok) != NULL;
		if (!found) {
			snprintf(err, len, "%s: no metric named '%s' with values in these results; 'abstat show FILE' lists them",
				 opt, tok);
			rc = -EINVAL;
		}
	}
	free(copy);
	return rc;
}

/* Lowest and highest value of panel i, and the one unit of its axis
 * (plot_axis_pick): divisor, decimals, label. */
static void plot_runs_range(const struct plot_runs *p, size_t i, FILE *f,
			    bool ascii)
{
	struct plot_axis a;
	double lo = 0, hi = 0;
	bool any = false;
	size_t b = 0;

	while (p->bench[b] != p->panels[i].bench)
		b++;
	for (size_t s = 0; s < p->n_sides; s++)
		for (size_t fi = 0; fi < p->sides[s].n_files; fi++) {
			const struct metric *m = metrics_find(
				plot_runs_set(p, s, fi, b),
				p->panels[i].ref->name);

			for (size_t k = 0; m && k < m->n; k++) {
				if (!any || m->v[k] < lo)
					lo = m->v[k];
				if (!any || m->v[k] > hi)
					hi = m->v[k];
				any = true;
			}
		}
	fprintf(f, "\t%.9g\t%.9g", lo, hi);
	plot_axis_pick(lo, hi, p->panels[i].ref->unit, &a);
	fprintf(f, "\t%.9g\t%d\t", a.div, a.decimals);
	plot_put_str(f, a.label, ascii);
}

static void plot_runs_write(const struct plot_runs *p, FILE *f, bool ascii)
{
	char label[64], title[320];

	for (size_t s = 0; s < p->n_sides; s++) {
		fprintf(f, "%zu\t", s);
		plot_put_str(f, plot_side_label(&p->sides[s], s, label,
						sizeof(label)), ascii);
		fputc('\n', f);
	}
	fputs("\n\n", f);
	for (size_t i = 0; i < p->n_panels; i++) {
		const struct metric *m = p->panels[i].ref;

		/* the metric and its better direction */
		snprintf(title, sizeof(title), "%s%s%s (%s is better)",
			 p->n_bench > 1 ? p->panels[i].bench : "",
			 p->n_bench > 1 ? ": " : "", m->name,
			 m->higher_is_better ? "higher" : "lower");
		fprintf(f, "%zu\t", i);
		plot_put_str(f, title, ascii);
		fputc('\t', f);
		plot_put_str(f, m->unit, ascii);
		plot_runs_range(p, i, f, ascii);
		fputc('\n', f);
	}
	for (size_t i = 0; i < p->n_panels; i++) {
		size_t b = 0;

		while (p->bench[b] != p->panels[i].bench)
			b++;
		for (size_t s = 0; s < p->n_sides; s++) {
			size_t x = 0;

			fputs("\n\n", f);
			for (size_t fi = 0; fi < p->sides[s].n_files; fi++) {
				const struct metric *m = metrics_find(
					plot_runs_set(p, s, fi, b),
					p->panels[i].ref->name);

				/* A blank line: each boot its own line. */
				if (fi && x)
					fputc('\n', f);
				for (size_t k = 0; m && k < m->n; k++)
					fprintf(f, "%zu\t%.9g\n", ++x, m->v[k]);
			}
			if (!x)
				fputs("1\tNaN\n", f);
		}
	}
}

/* The most values one side has in a panel: the x range. */
static size_t plot_runs_most(const struct plot_runs *p)
{
	size_t most = 1;

	for (size_t i = 0; i < p->n_panels; i++)
		for (size_t s = 0; s < p->n_sides; s++) {
			size_t x = 0;

			for (size_t f = 0; f < p->sides[s].n_files; f++)
				for (size_t b = 0; b < p->n_bench; b++) {
					const struct metric *m;

					if (p->bench[b] != p->panels[i].bench)
						continue;
					m = metrics_find(plot_runs_set(p, s, f,
								       b),
							 p->panels[i].ref->name);
					x += m ? m->n : 0;
				}
			if (x > most)
				most = x;
		}
	return most;
}

static void plot_runs_free(struct plot_runs *p)
{
	for (size_t s = 0; p->sets && s < p->n_sides; s++) {
		for (size_t i = 0;
		     p->sets[s] && i < p->sides[s].n_files * p->n_bench; i++)
			metrics_free(&p->sets[s][i]);
		free(p->sets[s]);
	}
	free(p->sets);
	free(p->row);
	free(p->bench);
	free(p->panels);
}

int plot_data_runs(const struct plot_rows *cfg, const struct side *sides,
		   size_t n, FILE *f, bool ascii, size_t *panels, char *err,
		   size_t len)
{
	struct plot_runs p = { .n_sides = n, .sides = sides };
	json_t *machine = NULL;
	char title[512];
	int rc;

	p.sets = calloc(n, sizeof(*p.sets));
	p.row = calloc(n, sizeof(*p.row));
	rc = p.sets && p.row ? plot_runs_benches(&p) : -ENOMEM;
	if (!rc)
		rc = plot_runs_extract(&p);
	if (!rc)
		rc = plot_runs_check(cfg->metrics, "--metric", &p, err,
				     len);
	if (!rc)
		rc = plot_runs_check(cfg->events, "-e", &p, err, len);
	if (!rc)
		rc = plot_runs_check(cfg->primary, "--primary", &p, err, len);
	if (!rc)
		rc = plot_runs_panels(cfg, &p);
	if (rc)
		goto out;
	if (!p.n_panels) {
		snprintf(err, len, "no benchmark has a measured run to plot; is %s a complete result?",
			 sides[0].files[0]->path ? sides[0].files[0]->path :
						   "the result");
		rc = -EINVAL;
		goto out;
	}
	machine = compare_machine(sides[0].files[0]);
	if (!machine) {
		rc = -ENOMEM;
		goto out;
	}
	*panels = p.n_panels;
	if (!cfg->metrics && !cfg->events && p.n_panels > PLOT_RUNS_MAX_PANELS)
		p.n_panels = PLOT_RUNS_MAX_PANELS;
	if (p.n_bench == 1)
		snprintf(title, sizeof(title), "%s: %s", p.bench[0],
			 cfg->dist ? "distribution of the measured runs" :
				     "every measured run");
	else
		snprintf(title, sizeof(title), "%zu benchmarks: %s", p.n_bench,
			 cfg->dist ? "distribution of the measured runs" :
				     "every measured run");
	fputs("0", f);
	fputc('\t', f);
	plot_put_str(f, title, ascii);
	fputc('\t', f);
	plot_put_str(f, cfg->dist ?
		     "box: quartiles, median, 1.5 IQR whiskers; dots: every measured run" :
		     "x: measured run in run order (warm-up excluded); gaps separate boots",
		     ascii);
	fprintf(f, "\t%zu\t%zu\t%zu", p.n_panels, n, plot_runs_most(&p));
	plot_put_machine(f, machine, ascii);
	fputs("\n\n\n", f);
	plot_runs_write(&p, f, ascii);
out:
	json_decref(machine);
	plot_runs_free(&p);
	return rc == -ENOMEM ? err_nomem(err, len) : rc;
}
