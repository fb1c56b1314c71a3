// SPDX-License-Identifier: MIT
/*
 * metrics: one benchmark of a result -> named per-run series. Counters are
 * scaled by perf's rule (counters_scale); derived values (IPC, miss
 * ratios, per-op) are computed per run and only then summarised, so a
 * ratio of medians never stands in for a median of ratios. Names are
 * stable: --metric, compare rows and plot data use them.
 *
 *   <event>             each event of the result, unit from the event
 *   IPC[:mod]           instructions / cycles
 *   cache-miss-ratio    cache-misses / cache-references
 *   L1-dcache-miss-ratio  L1-dcache-load-misses / L1-dcache-loads
 *   LLC-miss-ratio      LLC-load-misses / LLC-loads
 *   branch-miss-ratio   branch-misses / branches (or branch-instructions)
 *   wall user sys       ns (wait4 rusage for user/sys)
 *   maxrss              kB
 *   ns/op ops/s         region_ns (wall_ns when no region) per op
 *   <event>/op          each counted event per op
 *   <score>             each score of the result (--score, --parser),
 *                       first: what the benchmark itself reports
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "result_keys.h"

static bool metrics_measured(const struct run *run)
{
	return !run->warmup && run->status == RUN_OK;
}

/* One allocation per metric: its values, then its name and unit (a
 * compare of 50 boots per side makes 145000 metrics; four allocations
 * each were a fifth of its time). The array of metrics grows by
 * doubling: capacity 4, then the next power of two of n. */
static struct metric *metrics_add(struct metric_set *set, const char *name,
				  const char *unit, enum metric_kind kind,
				  size_t cap)
{
	size_t n = set->n, ln = strlen(name) + 1;
	size_t lu = strlen(unit ? unit : "") + 1;
	size_t vals = (cap ? cap : 1) * sizeof(double);
	struct metric *m;
	char *blk;

	if (n == 0 || (n >= 4 && !(n & (n - 1)))) {
		m = realloc(set->m, (n ? 2 * n : 4) * sizeof(*m));
		if (!m)
			return NULL;
		set->m = m;
	}
	blk = calloc(1, vals + ln + lu);
	if (!blk)
		return NULL;
	m = &set->m[n];
	memset(m, 0, sizeof(*m));
	m->v = (double *)(void *)blk;
	m->name = memcpy(blk + vals, name, ln);
	m->unit = memcpy(blk + vals + ln, unit ? unit : "", lu);
	m->kind = kind;
	m->supported = true;
	m->counted = true;
	set->n++;
	return m;
}

/* m's reason: "WHAT N of M runs" (the measured runs it lacks a value
 * in), and why it can lack one: "not counted in 2 of 10 runs (never
 * scheduled on the PMU)", "not in 3 of 3 runs of the imported file" (an
 * imported event), "not in the output of 1 of 5 runs" (a score). */
static void metrics_missing(struct metric *m, size_t measured,
			    const char *what, const char *why)
{
	char buf[128];

	snprintf(buf, sizeof(buf), "%s %zu of %zu runs%s", what,
		 measured - m->n, measured, why);
	m->reason = strdup(buf);
}

/* A score's value in run, false when the run has none. */
static bool metrics_score(const struct run *run, const char *name,
			  double *val)
{
	json_t *v = run->scores ? json_object_get(run->scores, name) : NULL;

	if (!json_is_number(v))
		return false;
	*val = json_number_value(v);
	return true;
}

/* One row per score definition that some measured run has (a suite's
 * other benchmarks' scores, a parser's that the tool never printed are
 * left out; a run without a required score has failed). */
static int metrics_scores(const struct result *r, const struct benchmark *b,
			  struct metric_set *set)
{
	for (size_t i = 0; i < r->n_scores; i++) {
		const struct score_def *d = &r->scores[i];
		struct metric *m;
		size_t measured = 0, found = 0;
		double val;

		for (size_t k = 0; k < b->n_runs; k++)
			found += metrics_measured(&b->runs[k]) &&
				 metrics_score(&b->runs[k], d->name, &val);
		if (!found)
			continue; /* another benchmark's, or a parser's the
				   * tool did not print */
		m = metrics_add(set, d->name, d->unit, METRIC_SCORE, b->n_runs);
		if (!m)
			return -ENOMEM;
		m->higher_is_better = d->higher;
		for (size_t k = 0; k < b->n_runs; k++) {
			if (!metrics_measured(&b->runs[k]))
				continue;
			measured++;
			if (metrics_score(&b->runs[k], d->name, &val))
				m->v[m->n++] = val;
			else
				m->counted = false;
		}
		if (!m->counted)
			metrics_missing(m, measured, "not in the output of", "");
	}
	return 0;
}

/* Scaled value of event i in run, false when not counted. */
static bool metrics_counter(const struct result *r, const struct run *run,
			    size_t i, double *val, bool *mux)
{
	*mux = false;
	if (r->events[i].state != EVENT_OK || !run->total.counters ||
	    result_not_counted(&r->events[i]))
		return false;
	return counters_scale(&run->total.counters[i], val, mux);
}

static int metrics_events(const struct result *r, const struct benchmark *b,
			  struct metric_set *set)
{
	for (size_t i = 0; i < r->n_events; i++) {
		const struct event *ev = &r->events[i];
		struct metric *m = metrics_add(set, ev->name, ev->unit,
					       METRIC_COUNTER, b->n_runs);
		size_t measured = 0;

		if (!m)
			return -ENOMEM;
		m->modelled = ev->modelled;
		m->emulated = ev->emulated;
		if (ev->state != EVENT_OK) {
			m->supported = false;
			m->reason = strdup(ev->reason ? ev->reason :
							"not supported");
			continue;
		}
		if (result_not_counted(ev)) {
			m->counted = false;
			m->reason = strdup(result_not_counted(ev));
			continue;
		}
		for (size_t k = 0; k < b->n_runs; k++) {
			double val;
			bool mux;

			if (!metrics_measured(&b->runs[k]))
				continue;
			measured++;
			if (!metrics_counter(r, &b->runs[k], i, &val, &mux)) {
				m->counted = false;
				continue;
			}
			m->scaled |= mux;
			m->v[m->n++] = val;
		}
		if (!m->counted && !strcmp(ev->pmu ? ev->pmu : "", "imported"))
			metrics_missing(m, measured, "not in",
					" of the imported file");
		else if (!m->counted)
			metrics_missing(m, measured, "not counted in",
					" (never scheduled on the PMU)");
	}
	return 0;
}

/* Index of the event whose name is base + suffix (suffix: ":u" or ""). */
static int metrics_event(const struct result *r, const char *base,
			 const char *suffix)
{
	size_t n = strlen(base);

	/* compared in place: this runs 25 times per benchmark and file */
	for (size_t i = 0; i < r->n_events; i++)
		if (!strncmp(r->events[i].name, base, n) &&
		    !strcmp(r->events[i].name + n, suffix))
			return (int)i;
	return -1;
}

struct metrics_ratio {
	const char *name, *num, *den, *den_alt;
	bool higher_is_better;
};

static const struct metrics_ratio metrics_ratios[] = {
	{ "IPC", "instructions", "cycles", "cpu-cycles", true },
	{ "cache-miss-ratio", "cache-misses", "cache-references", NULL, false },
	{ "L1-dcache-miss-ratio", "L1-dcache-load-misses", "L1-dcache-loads",
	  NULL, false },
	{ "LLC-miss-ratio", "LLC-load-misses", "LLC-loads", NULL, false },
	{ "branch-miss-ratio", "branch-misses", "branches",
	  "branch-instructions", false },
};

static int metrics_ratio(const struct result *r, const struct benchmark *b,
			 const struct metrics_ratio *d, const char *suffix,
			 struct metric_set *set)
{
	int ni = metrics_event(r, d->num, suffix), di;
	char name[128];
	struct metric *m;

	di = metrics_event(r, d->den, suffix);
	if (di < 0 && d->den_alt)
		di = metrics_event(r, d->den_alt, suffix);
	if (ni < 0 || di < 0)
		return 0;
	snprintf(name, sizeof(name), "%s%s", d->name, suffix);
	m = metrics_add(set, name, "", METRIC_DERIVED, b->n_runs);
	if (!m)
		return -ENOMEM;
	m->higher_is_better = d->higher_is_better;
	for (int e = 0; e < 2; e++) {
		const struct event *ev = &r->events[e ? di : ni];

		if (ev->state != EVENT_OK && m->supported) {
			m->supported = false;
			m->reason = strdup(ev->reason ? ev->reason :
							"not supported");
		}
	}
	if (!m->supported)
		return 0;
	for (size_t k = 0; k < b->n_runs; k++) {
		const struct run *run = &b->runs[k];
		double num, den;
		bool mx1, mx2;

		if (!metrics_measured(run))
			continue;
		if (!metrics_counter(r, run, ni, &num, &mx1) ||
		    !metrics_counter(r, run, di, &den, &mx2) || den <= 0) {
			m->counted = false;
			continue;
		}
		m->scaled |= mx1 || mx2;
		m->v[m->n++] = num / den;
	}
	if (!m->counted)
		m->reason = strdup("not counted in some runs");
	return 0;
}

static int metrics_derived(const struct result *r, const struct benchmark *b,
			   struct metric_set *set)
{
	static const char *const suffixes[] = { "", ":u", ":k" };

	size_t nd = sizeof(metrics_ratios) / sizeof(metrics_ratios[0]);

	for (size_t s = 0; s < 3; s++)
		for (size_t d = 0; d < nd; d++)
			if (metrics_ratio(r, b, &metrics_ratios[d],
					  suffixes[s], set))
				return -ENOMEM;
	return 0;
}

enum metrics_time { T_WALL, T_USER, T_SYS, T_RSS, T_NS_OP, T_OPS_S };

static double metrics_time_value(const struct proc_sample *p, int which)
{
	double ns = (double)(p->region_ns ? p->region_ns : p->wall_ns);

	switch (which) {
	case T_WALL:
		return (double)p->wall_ns;
	case T_USER:
		return (double)p->user_ns;
	case T_SYS:
		return (double)p->sys_ns;
	case T_RSS:
		return (double)p->maxrss_kb;
	case T_NS_OP:
		return ns / (double)p->ops;
	default:
		return ns > 0 ? (double)p->ops * 1e9 / ns : 0;
	}
}

/* An imported result (abstat-import(1)) whose source does not record
 * the time metric name: the source's name, else NULL. */
static const char *metrics_not_recorded(const struct result *r,
					const char *name)
{
	return result_not_recorded(r, name) ?
		       result_imported_str(r, RK_SOURCE) : NULL;
}

static int metrics_times(const struct result *r, const struct benchmark *b,
			 bool per_op, struct metric_set *set)
{
	static const char *const names[] = { "wall", "user", "sys", "maxrss",
					     "ns/op", "ops/s" };
	static const char *const units[] = { "ns", "ns", "ns", "kB", "ns",
					     "ops/s" };
	int first = per_op ? T_NS_OP : T_WALL, last = per_op ? T_OPS_S : T_RSS;

	for (int t = first; t <= last; t++) {
		struct metric *m = metrics_add(set, names[t], units[t],
					       per_op ? METRIC_PER_OP :
							METRIC_TIME,
					       b->n_runs);

		if (!m)
			return -ENOMEM;
		m->higher_is_better = t == T_OPS_S;
		if (metrics_not_recorded(r, names[t])) {
			double mean = result_imported_mean(r, b->name, names[t]);
			char why[96];

			if (mean >= 0) /* hyperfine: its mean, not the runs */
				snprintf(why, sizeof(why),
					 "not recorded per run by %s; its mean: %.4g ms",
					 metrics_not_recorded(r, names[t]),
					 mean * 1e3);
			else
				snprintf(why, sizeof(why), "not recorded by %s",
					 metrics_not_recorded(r, names[t]));
			m->supported = false;
			m->reason = strdup(why);
			continue;
		}
		for (size_t k = 0; k < b->n_runs; k++)
			if (metrics_measured(&b->runs[k]))
				m->v[m->n++] = metrics_time_value(
					&b->runs[k].total, t);
	}
	return 0;
}

/* Event i of every measured run divided by its operations (per_op) or
 * its copies, as the metric NAME SUFFIX of kind. 0 or -ENOMEM. */
static int metrics_event_over(const struct result *r,
			      const struct benchmark *b, size_t i,
			      const char *suffix, enum metric_kind kind,
			      bool per_op, struct metric_set *set)
{
	char name[160];
	struct metric *m;

	snprintf(name, sizeof(name), "%s%s", r->events[i].name, suffix);
	m = metrics_add(set, name, r->events[i].unit, kind, b->n_runs);
	if (!m)
		return -ENOMEM;
	m->modelled = r->events[i].modelled;
	m->emulated = r->events[i].emulated;
	for (size_t k = 0; k < b->n_runs; k++) {
		const struct run *run = &b->runs[k];
		double val;
		bool mux;

		if (!metrics_measured(run))
			continue;
		if (!metrics_counter(r, run, i, &val, &mux)) {
			m->counted = false;
			continue;
		}
		m->scaled |= mux;
		m->v[m->n++] = val / (per_op ? (double)run->total.ops :
				      (double)(run->n_copies ? run->n_copies :
								1));
	}
	if (!m->counted)
		m->reason = strdup("not counted in some runs");
	return 0;
}

static int metrics_per_event_op(const struct result *r,
				const struct benchmark *b,
				struct metric_set *set)
{
	for (size_t i = 0; i < r->n_events; i++)
		if (r->events[i].state == EVENT_OK &&
		    metrics_event_over(r, b, i, "/op", METRIC_PER_OP, true,
				       set))
			return -ENOMEM;
	return 0;
}

/* With copies (--copies N), each counter per copy beside its sum,
 * "<event>/copy": the sum over a run's copies divided by their number,
 * so that 1 copy against 2 reads as the cost each one had. */
static int metrics_per_copy(const struct result *r, const struct benchmark *b,
			    bool copies, struct metric_set *set)
{
	for (size_t i = 0; copies && i < r->n_events; i++)
		if (r->events[i].state == EVENT_OK &&
		    !result_not_counted(&r->events[i]) &&
		    metrics_event_over(r, b, i, "/copy", METRIC_COUNTER, false,
				       set))
			return -ENOMEM;
	return 0;
}

/* Per-op metrics need ops > 0 in every measured run. */
static bool metrics_have_ops(const struct benchmark *b)
{
	size_t measured = 0;

	for (size_t k = 0; k < b->n_runs; k++) {
		const struct run *run = &b->runs[k];

		if (!metrics_measured(run))
			continue;
		measured++;
		if (!run->total.has_ops || !run->total.ops)
			return false;
	}
	return measured > 0;
}

bool metrics_copies(const struct benchmark *b)
{
	for (size_t k = 0; k < b->n_runs; k++)
		if (metrics_measured(&b->runs[k]) && b->runs[k].n_copies > 1)
			return true;
	return false;
}

/* The row metric m is read beside ("" when none): a ratio's numerator
 * (IPC beside instructions), a counter per op or per copy beside the
 * counter, as timec prints them. */
static void metrics_source(const struct metric *m, char *buf, size_t len)
{
	size_t n = strlen(m->name), nd = sizeof(metrics_ratios) /
					 sizeof(metrics_ratios[0]);

	buf[0] = '\0';
	if (m->kind == METRIC_DERIVED) {
		for (size_t d = 0; d < nd; d++) {
			size_t k = strlen(metrics_ratios[d].name);

			if (!strncmp(m->name, metrics_ratios[d].name, k))
				snprintf(buf, len, "%s%s", metrics_ratios[d].num,
					 m->name + k);
		}
	} else if (m->kind == METRIC_PER_OP && n > 3 &&
		   !strcmp(m->name + n - 3, "/op") && strcmp(m->name, "ns/op")) {
		snprintf(buf, len, "%.*s", (int)(n - 3), m->name);
	} else if (n > 5 && !strcmp(m->name + n - 5, "/copy")) {
		snprintf(buf, len, "%.*s", (int)(n - 5), m->name);
	}
}

/* Each row that is read beside another (metrics_source) moved after it,
 * the others in their order; 0 or -ENOMEM. */
static int metrics_beside(struct metric_set *set)
{
	struct metric *m = calloc(set->n + 1, sizeof(*m));
	bool *placed = calloc(set->n + 1, sizeof(*placed));
	char src[160];
	size_t k = 0;

	if (!m || !placed) {
		free(m);
		free(placed);
		return -ENOMEM;
	}
	for (size_t i = 0; i < set->n; i++) {
		metrics_source(&set->m[i], src, sizeof(src));
		if (placed[i] || (src[0] && metrics_find(set, src)))
			continue;
		m[k++] = set->m[i];
		placed[i] = true;
		for (size_t j = 0; j < set->n; j++) {
			metrics_source(&set->m[j], src, sizeof(src));
			if (!placed[j] && src[0] &&
			    !strcmp(src, set->m[i].name)) {
				m[k++] = set->m[j];
				placed[j] = true;
			}
		}
	}
	for (size_t i = 0; i < set->n; i++) /* a source itself beside one */
		if (!placed[i])
			m[k++] = set->m[i];
	free(set->m);
	free(placed);
	set->m = m;
	return 0;
}

int metrics_extract(const struct result *r, const struct benchmark *b,
		    struct metric_set *out)
{
	return metrics_extract_copies(r, b, metrics_copies(b), out);
}

int metrics_extract_copies(const struct result *r, const struct benchmark *b,
			   bool per_copy, struct metric_set *out)
{
	int rc;

	out->n = 0;
	out->m = NULL;
	rc = metrics_scores(r, b, out);
	if (!rc)
		rc = metrics_events(r, b, out);
	if (!rc)
		rc = metrics_per_copy(r, b, per_copy, out);
	if (!rc)
		rc = metrics_derived(r, b, out);
	if (!rc)
		rc = metrics_times(r, b, false, out);
	if (!rc && metrics_have_ops(b)) {
		rc = metrics_times(r, b, true, out);
		if (!rc)
			rc = metrics_per_event_op(r, b, out);
	}
	if (!rc)
		rc = metrics_beside(out);
	if (rc)
		metrics_free(out);
	return rc;
}

void metrics_free(struct metric_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->m[i].reason);
		free(set->m[i].v); /* with the name and unit */
	}
	free(set->m);
	set->m = NULL;
	set->n = 0;
}

const struct metric *metrics_find(const struct metric_set *set,
				  const char *name)
{
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->m[i].name, name))
			return &set->m[i];
	return NULL;
}
