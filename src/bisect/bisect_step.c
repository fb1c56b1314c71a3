// SPDX-License-Identifier: MIT
/*
 * bisect_step: the work of one commit: a private work tree made and
 * built (the ends, a parent), a step at the checked-out HEAD built,
 * measured and decided, and the first bad commit against its parent.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bisect.h"

/* A measured step's deltas and its decision, with the reason. */
static void bisect_step_decide(struct bisect_step *s,
			       const struct bisect_outcome *oc,
			       const char **decision, char *reason, size_t len)
{
	char dg[64], db[64];

	s->measured = true;
	s->vs_good = oc->d[1];
	s->end = oc->d[2];
	s->vs_bad = oc->step_vs_bad;
	s->runs = oc->runs;
	if (bisect_decided(BISECT_STEP, oc, decision, reason, len))
		return;
	bisect_delta_text(&oc->d[1], dg, sizeof(dg));
	bisect_delta_text(&oc->step_vs_bad, db, sizeof(db));
	snprintf(reason, len,
		 "not decided after %zu runs: %s against good, %s against bad",
		 oc->runs, dg, db);
}

/* One step at HEAD: build, measure, decide; saved, printed, and told to
 * git. Whether the bisect is done, or -1 (an exit status in *rc). */
int bisect_step(struct bisect_state *st,
		       char *const *ends, int *rc)
{
	struct bisect_step *s, *steps;
	struct bisect_outcome oc;
	char *trees[3] = { ends[0], st->top, ends[1] };
	char reason[256] = "";
	const char *decision = "skip";
	int b;

	steps = realloc(st->steps, (st->n_steps + 1) * sizeof(*steps));
	if (!steps) {
		*rc = BISECT_IO;
		return -1;
	}
	st->steps = steps;
	s = &steps[st->n_steps];
	memset(s, 0, sizeof(*s));
	if (bisect_git(st->top, &s->commit, "rev-parse", "HEAD", NULL) ||
	    bisect_git(st->top, &s->subject, "log", "-1", "--format=%s",
		       NULL)) {
		bisect_say(st, SAY_ERROR, "bisect: git cannot say which commit is checked out in %s",
			  st->top);
		*rc = BISECT_IO;
		free(s->commit);
		free(s->subject);
		return -1;
	}
	bisect_busy(st, "building", s->commit, "top");
	b = st->measure ? bisect_boots_ready(st, s->commit) :
			  bisect_build(st, st->top);
	if (b < 0) {
		bisect_say(st, SAY_ERROR, "bisect: cannot run the build: %s", strerror(-b));
		*rc = BISECT_IO;
		return -1;
	}
	if (bisect_signalled(b)) {
		/* stopped, not failed: no decision; the next run builds it
		 * again from a clean tree (bisect_resume_clean) */
		bisect_say(st, SAY_NOTICE, "bisect: the build of %.12s was stopped (exit %d): no decision",
			   s->commit, b);
		*rc = BISECT_INTERRUPTED;
		return -1;
	}
	if (!b)
		bisect_busy(st, "measuring", s->commit, "top");
	if (b == 125 || b > 0) {
		snprintf(reason, sizeof(reason), b == 125 ?
			 "the build said skip (exit 125)" :
			 "the build failed (exit %d)", b);
	} else if (st->measure) {
		*rc = bisect_boots_step(st, &oc, reason, sizeof(reason));
		if (*rc)
			return -1;
		if (oc.runs)
			bisect_step_decide(s, &oc, &decision, reason,
					   sizeof(reason));
	} else {
		*rc = bisect_measure(st, trees, 3, BISECT_STEP, &oc);
		if (*rc == BISECT_WORKLOAD || *rc == BISECT_FAILED) {
			/* COMMAND fails at this commit (said above) */
			*rc = BISECT_OK;
			snprintf(reason, sizeof(reason),
				 "the command failed at this commit");
		} else if (*rc) {
			return -1;
		} else {
			bisect_step_decide(s, &oc, &decision, reason,
					   sizeof(reason));
		}
	}
	s->decision = strdup(decision);
	s->reason = reason[0] ? strdup(reason) : NULL;
	st->n_steps++;
	free(st->busy); /* saved with the step that ends it */
	st->busy = NULL;
	if (bisect_state_save(st))
		bisect_say(st, SAY_WARN, "bisect: cannot save the state in %s; an interruption now loses this step",
			 st->dir);
	bisect_say_step(st, s, st->n_steps - 1);
	b = bisect_mark(st, decision, s->commit);
	if (b < 0)
		*rc = BISECT_IO;
	return b;
}

/* The first bad commit against its parent, each built in a private work
 * tree (the ends' where they are the ends). Prints why when it cannot. */
int bisect_parent(struct bisect_state *st,
			 char *const *ends)
{
	char pt[4096], ft[4096];
	char *trees[2] = { ends[0], ends[1] };
	char rev[128];
	int rc;

	snprintf(rev, sizeof(rev), "%s^", st->first_bad);
	if (bisect_git(st->top, &st->parent, "rev-parse", "--verify",
		       "--quiet", rev, NULL))
		return BISECT_OK;
	if (st->measure)
		return bisect_boots_pair(st, st->parent, st->first_bad);
	if (strcmp(st->parent, st->good)) {
		rc = bisect_tree(st, "par0", st->parent, pt, sizeof(pt));
		if (rc)
			return rc;
		trees[0] = pt;
		bisect_busy(st, "building", st->parent, "par0");
		rc = bisect_build(st, pt);
		if (bisect_signalled(rc))
			return BISECT_INTERRUPTED;
		if (rc) {
			bisect_say(st, SAY_WARN, "bisect: the first bad commit's parent %.12s does not build: no delta against it",
				 st->parent);
			return BISECT_OK;
		}
	}
	if (strcmp(st->first_bad, st->bad)) {
		rc = bisect_tree(st, "par1", st->first_bad, ft, sizeof(ft));
		if (rc)
			return rc;
		bisect_busy(st, "building", st->first_bad, "par1");
		rc = bisect_build(st, ft);
		if (rc)
			return bisect_signalled(rc) ? BISECT_INTERRUPTED :
			       BISECT_WORKLOAD;
		trees[1] = ft;
	}
	bisect_busy(st, "measuring", st->first_bad, "par1");
	rc = bisect_pair(st, trees, BISECT_PARENT, &st->vs_parent,
			 &st->parent_runs);
	st->parent_measured = !rc;
	return rc;
}
