// SPDX-License-Identifier: MIT
/*
 * bisect_measure: one measurement of a bisect (the ends, a step, a
 * commit and its parent): COMMAND from each side's work tree, the sides
 * interleaved in one session as versus does, round after round until
 * the answer is there or --max-runs; every delta, interval and verdict
 * from compare's model (compare_build), only the rule of a step's
 * decision (bisect_decided) bisect's own.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bisect.h"
#include "launcher.h"
#include "side.h"

static void bisect_free_words(char **w)
{
	for (size_t i = 0; w && w[i]; i++)
		free(w[i]);
	free(w);
}

/* COMMAND for the work tree tree: a program named by a relative path,
 * and every argument that is a relative path existing in tree, made
 * absolute there; a bare program name is looked up on PATH. NULL when
 * out of memory, or (with why printed) when the program is not found. */
static char **bisect_argv(const struct bisect_state *st, const char *tree)
{
	char **argv = calloc(st->argc + 1, sizeof(*argv));
	char path[PATH_MAX + 256];

	for (size_t i = 0; argv && i < st->argc; i++) {
		const char *w = st->argv[i];
		bool rel = w[0] != '/' && w[0] != '-' && (strchr(w, '/') ||
							   i > 0);

		snprintf(path, sizeof(path), "%s/%s", tree, w);
		if (rel && (i == 0 || !access(path, F_OK)))
			w = path;
		else if (i == 0 && !strchr(w, '/') &&
			 launcher_resolve(w, path, sizeof(path)) == 0)
			w = path;
		argv[i] = strdup(w);
		if (!argv[i]) {
			bisect_free_words(argv);
			return NULL;
		}
	}
	return argv;
}

/* The primary row's delta of side s in m. */
static void bisect_delta_of(const struct compare_model *m, size_t s,
			    struct bisect_delta *d, const char **metric)
{
	memset(d, 0, sizeof(*d));
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];
		const struct compare_delta *cd = &row->delta[s];

		if (!row->primary)
			continue;
		if (metric)
			*metric = row->metric;
		d->has = cd->has_delta && !cd->absolute;
		d->d = cd->delta;
		d->lo = cd->lo;
		d->hi = cd->hi;
		/* a change when the test and the interval agree on it */
		d->sig = cd->verdict == VERDICT_SIGNIFICANT &&
			 !cd->ci_disagrees;
		/* an interval, not the point repeated: a test ran (on 3
		 * boots a side at least) or the values are exact */
		d->tested = (cd->has_p || cd->exact) && !cd->few_boots;
		return;
	}
}

/* bisect_model at the compare options model. */
static int bisect_model_at(struct bisect_state *st,
			   const struct compare_opts *model,
			   const struct side *sides, size_t n,
			   struct bisect_delta *d, size_t *boots)
{
	struct compare_opts o = *model;
	struct compare_model *m = NULL;
	const char *metric = NULL;
	char err[512];

	o.events = NULL;          /* -e is what to count: every row stays */
	o.commands_differ = true; /* the sides are builds, as in versus */
	if (compare_build(&o, sides, n, &m, err, sizeof(err))) {
		bisect_say(st, SAY_ERROR, "bisect: %s", err);
		return BISECT_USAGE;
	}
	for (size_t i = 1; i < n; i++)
		bisect_delta_of(m, i, &d[i], &metric);
	for (size_t i = 0; boots && i < n; i++)
		if (!i || m->boots[i] < *boots)
			*boots = m->design == DESIGN_BOOTS ? m->boots[i] : 0;
	if (metric && !st->metric)
		st->metric = strdup(metric);
	compare_model_free(m);
	return BISECT_OK;
}

int bisect_model(struct bisect_state *st, const struct side *sides, size_t n,
		 struct bisect_delta *d, size_t *boots)
{
	return bisect_model_at(st, &st->in->model, sides, n, d, boots);
}

/* The run order of one round: every side once, the first side a round
 * later each round (ABC BCA CAB), after the warm-up in the first. */
static struct bisect_run *bisect_plan(const struct bisect_input *in,
				      size_t n, size_t round, size_t *n_plan)
{
	size_t warm = round ? 0 : in->warmup;
	size_t per = warm + in->repeat, k = 0;
	struct bisect_run *plan = calloc(per * n, sizeof(*plan));

	for (size_t r = 0; plan && r < per; r++)
		for (size_t i = 0; i < n; i++)
			plan[k++] = (struct bisect_run){
				.side = (i + round * per + r) % n,
				.warmup = r < warm,
			};
	*n_plan = k;
	return plan;
}

bool bisect_counts(const struct bisect_delta *d, const struct bisect_delta *e)
{
	return d->sig && (!e->has || fabs(d->d) >= BISECT_PART * fabs(e->d));
}

/* Whether a measurement of kind has its answer; for a step, the
 * decision ("good", "bad", "skip" for between) and its reason. */
bool bisect_decided(enum bisect_kind kind,
			   const struct bisect_outcome *oc,
			   const char **decision, char *reason, size_t len)
{
	const struct bisect_delta *g = &oc->d[1], *e = &oc->d[2],
				  *b = &oc->step_vs_bad;
	double s, lo, hi, mid, at;
	char dg[64], de[64];

	reason[0] = '\0';
	if (kind != BISECT_STEP)
		return oc->d[1].sig;
	if (!g->has || !g->tested || !e->has || !e->sig)
		return false;
	s = e->d >= 0 ? 1 : -1;
	lo = s > 0 ? g->lo : -g->hi;
	hi = s > 0 ? g->hi : -g->lo;
	mid = s * e->d / 2;
	at = s * g->d;
	bisect_delta_text(g, dg, sizeof(dg));
	bisect_delta_text(e, de, sizeof(de));
	if (hi < mid || lo > mid) {
		bool good = hi < mid;

		*decision = good ? "good" : "bad";
		if (good ? bisect_counts(g, e) && at > 0 :
			   bisect_counts(b, e) && at < s * e->d)
			snprintf(reason, len,
				 "a part of the change: %s of the ends' %s (several commits?)",
				 dg, de);
		else if (!good && bisect_counts(b, e))
			snprintf(reason, len, "beyond the bad end: %s of %s",
				 dg, de);
		return true;
	}
	if (bisect_counts(g, e) && bisect_counts(b, e) && at > 0 &&
	    at < s * e->d) {
		*decision = "skip";
		snprintf(reason, len,
			 "between the ends: %s of %s, a regression made of several commits",
			 dg, de);
		return true;
	}
	return false;
}

/* Rounds of the open session until kind has its answer or a side has
 * --max-runs runs: the last round's deltas in oc. model: compare's
 * options, at the alpha this measurement means. */
static int bisect_rounds(struct bisect_state *st, void *h,
			 struct result **res, size_t n, enum bisect_kind kind,
			 const struct compare_opts *model,
			 struct bisect_outcome *oc)
{
	static const char *const labels[] = { "A", "B", "C" };
	const struct bisect_sessions *ss = &st->in->sessions;
	struct side sides[BISECT_SIDES_MAX];
	int rc = BISECT_OK;

	for (size_t i = 0; i < n; i++)
		sides[i] = (struct side){ .label = (char *)labels[i],
					  .files = &res[i], .n_files = 1 };
	for (size_t round = 0; !rc; round++) {
		size_t n_plan;
		struct bisect_run *plan = bisect_plan(st->in, n, round,
						      &n_plan);
		const char *decision;
		char reason[256];

		if (!plan)
			return BISECT_IO;
		rc = ss->round(ss->ctx, h, plan, n_plan);
		free(plan);
		if (rc)
			break;
		rc = bisect_model_at(st, model, sides, n, oc->d, NULL);
		if (!rc && kind == BISECT_STEP) {
			struct side other[2] = { sides[2], sides[1] };
			struct bisect_delta d[2];

			rc = bisect_model_at(st, model, other, 2, d, NULL);
			oc->step_vs_bad = d[1];
		}
		oc->runs = SIZE_MAX;
		for (size_t i = 0; i < n; i++)
			if (result_measured(res[i]) < oc->runs)
				oc->runs = result_measured(res[i]);
		if (rc || bisect_decided(kind, oc, &decision, reason,
					 sizeof(reason)) ||
		    oc->runs >= st->in->max_runs)
			break;
	}
	return rc;
}

/* Measure COMMAND in trees[0..n) interleaved, round after round until
 * kind has its answer or a side has --max-runs runs: the last round's
 * deltas in oc. 0 or an exit status after saying why. */
int bisect_measure(struct bisect_state *st, char *const *trees, size_t n,
		   enum bisect_kind kind, struct bisect_outcome *oc)
{
	const struct bisect_input *in = st->in;
	const struct bisect_sessions *ss = &in->sessions;
	struct compare_opts model = in->model;
	char **argvs[BISECT_SIDES_MAX] = { NULL };
	struct result *res[BISECT_SIDES_MAX] = { NULL };
	const char *base = strrchr(st->argv[0], '/');
	void *h = NULL;
	int rc = BISECT_IO;

	memset(oc, 0, sizeof(*oc));
	for (size_t i = 0; i < n; i++) {
		argvs[i] = bisect_argv(st, trees[i]);
		if (!argvs[i])
			goto out;
	}
	/* the ends are looked at after every round until they differ: at
	 * alpha over the rounds --max-runs allows (Bonferroni), so that two
	 * builds of one program pass for different in alpha of bisects at
	 * most, not in alpha at each look (issue 51: the paired test on an
	 * interleaved session has the power to find 0.0% otherwise) */
	if (kind == BISECT_ENDS && in->repeat)
		model.alpha /= (double)((in->max_runs + in->repeat - 1) /
					in->repeat);
	/* a step is a versus of its sides: one session, interleaved; the
	 * environment's warnings once, at the first session */
	/* COMMAND runs in the work tree (the ends' programs in theirs) */
	rc = ss->open(ss->ctx, argvs, base ? base + 1 : st->argv[0], n,
		      st->top, st->quiet_sessions, &h, res);
	st->quiet_sessions = true;
	if (!rc)
		rc = bisect_rounds(st, h, res, n, kind, &model, oc);
	if (h)
		ss->close(ss->ctx, h);
out:
	for (size_t i = 0; i < n; i++)
		bisect_free_words(argvs[i]);
	return rc;
}

/* Two sides (the ends, a commit and its parent): the second's delta
 * against the first, and the runs a side. 0 or an exit status. */
int bisect_pair( struct bisect_state *st,
		       char *const *trees, enum bisect_kind kind,
		       struct bisect_delta *d, size_t *runs)
{
	struct bisect_outcome oc;
	int rc = bisect_measure(st, trees, 2, kind, &oc);

	if (!rc) {
		*d = oc.d[1];
		*runs = oc.runs;
	}
	return rc;
}

