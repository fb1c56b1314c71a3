// SPDX-License-Identifier: MIT
/*
 * bisect_culprits: a regression made of several commits (issue 51).
 * git bisect looks for one first bad commit; a step that lies between
 * the ends (significant against both: bisect_decided's "a part of the
 * change" or "between the ends") says there are more. Every commit of
 * good..bad (first parents) then has a level where it was measured: 0
 * at the good end, 1 between, 2 at the bad end. Where two measured
 * commits of rising levels are not neighbours, the commit halfway
 * between them is measured against the ends (trees good, it, bad, as a
 * step), until each rise is between neighbours or nothing is left to
 * measure there; the commit after each rise is a culprit, measured
 * against its parent as the first bad commit is. Two or more: the
 * report and the mail name each.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bisect.h"

/* at most this many commits measured to narrow the rises down */
#define BISECT_CULPRIT_STEPS 12

/* A measured commit's level from its deltas against the good end (g),
 * the bad end (b) and the ends' (e): 0, 1, 2, or -1 (cannot tell). */
static int bisect_level(const struct bisect_delta *g,
			const struct bisect_delta *b,
			const struct bisect_delta *e)
{
	double s = e->d >= 0 ? 1 : -1, at = s * g->d;
	bool gc = bisect_counts(g, e), bc = bisect_counts(b, e);

	if (!g->has || !b->has || !e->has || (!gc && !bc))
		return -1;
	if (!gc)
		return 0;
	if (!bc)
		return 2;
	return at <= 0 ? 0 : at >= s * e->d ? 2 : 1;
}

struct bisect_hist {
	char **sha;     /* good..bad, oldest first (the bad end last) */
	int *level;     /* -1: not measured or undecided */
	bool *tried;    /* measured (or its build failed) */
	size_t n;
};

static void bisect_hist_free(struct bisect_hist *h)
{
	for (size_t i = 0; h->sha && i < h->n; i++)
		free(h->sha[i]);
	free(h->sha);
	free(h->level);
	free(h->tried);
}

/* The history and the levels the steps gave: 0 or -ENOMEM/-EIO. */
static int bisect_hist_read(const struct bisect_state *st,
			    struct bisect_hist *h)
{
	char range[200], *out = NULL, *line, *save = NULL;
	size_t cap = 0;
	bool nomem = false;

	memset(h, 0, sizeof(*h));
	snprintf(range, sizeof(range), "%s..%s", st->good, st->bad);
	if (bisect_git(st->top, &out, "rev-list", "--reverse",
		       "--first-parent", range, NULL) || !out) {
		free(out);
		return -EIO;
	}
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (h->n == cap) {
			size_t c = cap ? 2 * cap : 64;
			char **s = realloc(h->sha, c * sizeof(*s));
			int *l = s ? realloc(h->level, c * sizeof(*l)) : NULL;
			bool *t = l ? realloc(h->tried, c * sizeof(*t)) : NULL;

			h->sha = s ? s : h->sha;
			h->level = l ? l : h->level;
			h->tried = t ? t : h->tried;
			if (!t) {
				nomem = true;
				break;
			}
			cap = c;
		}
		h->sha[h->n] = strdup(line);
		if (!h->sha[h->n]) {
			nomem = true;
			break;
		}
		h->level[h->n] = -1;
		h->tried[h->n++] = false;
	}
	free(out);
	if (nomem || !h->n)
		return -ENOMEM;
	h->level[h->n - 1] = 2;
	h->tried[h->n - 1] = true;
	for (size_t s = 0; s < st->n_steps; s++)
		for (size_t i = 0; i < h->n; i++)
			if (!strcmp(h->sha[i], st->steps[s].commit)) {
				const struct bisect_step *p = &st->steps[s];

				h->tried[i] = true;
				if (p->measured)
					h->level[i] = bisect_level(&p->vs_good,
								   &p->vs_bad,
								   &p->end);
			}
	return 0;
}

/* The next commit to measure: halfway between the two measured
 * commits (the good end is -1) of the first rise whose commits between
 * are not all tried; -1 when none is left. */
static long bisect_next(const struct bisect_hist *h)
{
	long prev = -1;
	int lv = 0;

	for (long j = 0; j < (long)h->n; j++) {
		long best = -1;

		if (h->level[j] < 0)
			continue;
		if (h->level[j] > lv) {
			/* the untried commit nearest the middle of (prev, j) */
			long mid = prev + (j - prev) / 2;

			for (long k = prev + 1; k < j; k++)
				if (!h->tried[k] &&
				    (best < 0 || labs(k - mid) < labs(best - mid)))
					best = k;
			if (best >= 0)
				return best;
		}
		prev = j;
		lv = h->level[j];
	}
	return -1;
}

/* Commit k of h measured against the ends: its level. 0 or an exit
 * status after saying why. */
static int bisect_probe( struct bisect_state *st,
			char *const *ends, struct bisect_hist *h, long k)
{
	char tree[4096], d[64];
	char *trees[3] = { ends[0], tree, ends[1] };
	struct bisect_outcome oc;
	int rc;

	h->tried[k] = true;
	rc = bisect_tree(st, "par1", h->sha[k], tree, sizeof(tree));
	if (rc)
		return rc;
	if (bisect_build(st, tree)) {
		bisect_say(st, SAY_OUT, "   searched %.12s: does not build\n", h->sha[k]);
		return BISECT_OK;
	}
	rc = bisect_measure(st, trees, 3, BISECT_STEP, &oc);
	if (rc == BISECT_WORKLOAD || rc == BISECT_FAILED)
		return BISECT_OK;
	if (rc)
		return rc;
	h->level[k] = bisect_level(&oc.d[1], &oc.step_vs_bad, &oc.d[2]);
	bisect_delta_text(&oc.d[1], d, sizeof(d));
	/* delta against the good end, as a step's line */
	bisect_say(st, SAY_OUT, "   searched %.12s %s: %s\n", h->sha[k], d,
	       h->level[k] == 0 ? "at the good end" :
	       h->level[k] == 1 ? "between the ends" :
	       h->level[k] == 2 ? "at the bad end" : "not decided");
	return BISECT_OK;
}

/* Culprit c (commit k, its parent the commit before, or the good end)
 * measured against its parent. 0 or an exit status. */
static int bisect_culprit_pair( struct bisect_state *st, char *const *ends,
			       const struct bisect_hist *h, size_t k,
			       struct bisect_culprit *c)
{
	static const char *const names[2] = { "par0", "par1" };
	char tree[2][4096];
	char *trees[2] = { ends[0], ends[1] };
	int rc;

	c->commit = strdup(h->sha[k]);
	c->parent = strdup(k ? h->sha[k - 1] : st->good);
	if (!c->commit || !c->parent ||
	    bisect_git(st->top, &c->subject, "log", "-1", "--format=%s",
		       c->commit, NULL))
		return BISECT_IO;
	/* the ends' own trees where parent or commit is an end; a side
	 * that does not build: not measured */
	for (int i = 0; i < 2; i++) {
		if (i ? k + 1 == h->n : k == 0)
			continue;
		rc = bisect_tree(st, names[i], i ? c->commit : c->parent,
				 tree[i], sizeof(tree[i]));
		if (rc)
			return rc;
		if (bisect_build(st, tree[i]))
			return BISECT_OK;
		trees[i] = tree[i];
	}
	rc = bisect_pair(st, trees, BISECT_PARENT, &c->vs_parent,
			 &c->runs);
	c->measured = !rc;
	return rc == BISECT_WORKLOAD || rc == BISECT_FAILED ? BISECT_OK : rc;
}

/* The rises between neighbours: their commits' indexes into at (h->n
 * at most); how many. *open: a rise left between commits not all
 * measured. */
static size_t bisect_rises(const struct bisect_hist *h, size_t *at,
			   bool *open)
{
	long prev = -1;
	int lv = 0;
	size_t n = 0;

	*open = false;
	for (long j = 0; j < (long)h->n; j++) {
		if (h->level[j] < 0)
			continue;
		if (h->level[j] > lv) {
			if (j == prev + 1)
				at[n++] = (size_t)j;
			else
				*open = true;
		}
		prev = j;
		lv = h->level[j];
	}
	return n;
}

int bisect_culprits( struct bisect_state *st,
		    char *const *ends)
{
	struct bisect_hist h;
	bool between = false, open;
	size_t *at, n;
	int rc = BISECT_OK;
	long k;

	for (size_t s = 0; s < st->n_steps; s++)
		between |= st->steps[s].measured &&
			   bisect_level(&st->steps[s].vs_good,
					&st->steps[s].vs_bad,
					&st->steps[s].end) == 1;
	if (st->measure || !st->ends_done || !between)
		return BISECT_OK;
	if (bisect_hist_read(st, &h)) {
		bisect_hist_free(&h);
		bisect_say(st, SAY_WARN, "bisect: cannot read the history between the ends: the commits of the change are not named");
		return BISECT_OK;
	}
	bisect_say(st, SAY_OUT, "a step lies between the ends: looking for each commit of the change\n");
	for (int i = 0; !rc && i < BISECT_CULPRIT_STEPS &&
			(k = bisect_next(&h)) >= 0; i++)
		rc = bisect_probe(st, ends, &h, k);
	at = calloc(h.n, sizeof(*at));
	n = at && !rc ? bisect_rises(&h, at, &open) : 0;
	if (n >= 2) {
		st->culprits = calloc(n, sizeof(*st->culprits));
		for (size_t i = 0; st->culprits && !rc && i < n; i++) {
			rc = bisect_culprit_pair(st, ends, &h, at[i],
						 &st->culprits[i]);
			st->n_culprits = i + 1;
		}
		if (!st->culprits)
			rc = BISECT_IO;
		free(st->note);
		st->note = strdup(open ? "several commits; a part is between commits not measured" :
				  "several commits make the change: each is named");
	}
	free(at);
	bisect_hist_free(&h);
	return rc;
}
