// SPDX-License-Identifier: MIT
/*
 * bisect_run: the bisect engine's course (`abstat bisect --good REV --bad
 * REV --build CMD -- COMMAND`, src/cmd/cmd_bisect.c the command): git
 * bisect decided by measurement, on one boot. The ends are checked
 * out and built once into private work trees beside git's bisect log
 * (GIT_DIR/abstat-bisect/end0, end1: git worktree, names of one length,
 * so that no side's program path moves its stack), and measured against
 * each other first: a bisect between ends that this machine cannot tell
 * apart is refused. Then git bisect checks out each step's commit in the
 * repository's own work tree, --build builds it there (a failure or exit
 * 125 is a skip), and COMMAND is run interleaved with the two ends'
 * builds, as versus does (one session, the three sides in a rotating
 * order, -r runs a side a round). The step is good when the interval of
 * its delta against the good end lies below half the ends' delta, bad
 * when above; significant against both ends and between them, it is a
 * part of the change (a regression made of several commits) and said,
 * not forced: a skip with the reason. Anything else is not yet decided:
 * another round, up to --max-runs a side, then a skip. Every statistic
 * is compare's (compare_build: the primary row's delta, its interval
 * and Holm-adjusted verdict); only the rule above is bisect's.
 *
 * The first bad commit is measured once more against its parent (built
 * in private work trees too), the report written (-o) and git bisect
 * reset. Every finished step is saved in GIT_DIR/abstat-bisect/state.json
 * before git hears of it: the same command again goes on after a Ctrl-C
 * or a reboot.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect.h"

/* rev as a full commit SHA into *sha: 0 or an exit status after
 * saying why. */
static int bisect_rev(const struct bisect_state *st, const char *opt,
		      const char *rev, char **sha)
{
	char spec[512];

	snprintf(spec, sizeof(spec), "%s^{commit}", rev);
	if (!bisect_git(st->top, sha, "rev-parse", "--verify", "--quiet",
			spec, NULL) && *sha && **sha)
		return BISECT_OK;
	free(*sha);
	*sha = NULL;
	bisect_say(st, SAY_ERROR, "bisect: %s %s is not a commit of %s; give a SHA, tag or branch",
		  opt, rev, st->top);
	return BISECT_USAGE;
}

/* The repository, its git directory, the ends as SHAs and the state
 * directory's path. 0 or an exit status after saying why. */
static int bisect_setup(struct bisect_state *st)
{
	const struct bisect_input *in = st->in;
	const char *repo = in->repo ? in->repo : ".";
	char line[200];
	int rc;

	st->build = in->build;
	st->measure = in->measure;
	st->argv = in->argv;
	st->argc = in->argc;
	rc = bisect_git(repo, &st->top, "rev-parse", "--show-toplevel", NULL);
	if (rc || !st->top || !st->top[0]) {
		bisect_first_line(st->top, line, sizeof(line));
		bisect_say(st, SAY_ERROR, "bisect: %s is not in a git work tree (%s); give --repo DIR",
			  repo, rc < 0 ? strerror(-rc) : line);
		return BISECT_USAGE;
	}
	if (bisect_git(st->top, &st->gitdir, "rev-parse", "--absolute-git-dir",
		       NULL)) {
		bisect_say(st, SAY_ERROR, "bisect: git cannot say where the git directory of %s is (git 2.13 or later is needed)",
			  st->top);
		return BISECT_USAGE;
	}
	if (asprintf(&st->dir, "%s/abstat-bisect", st->gitdir) < 0) {
		st->dir = NULL;
		return BISECT_IO;
	}
	rc = bisect_rev(st, "--good", in->good, &st->good);
	if (!rc)
		rc = bisect_rev(st, "--bad", in->bad, &st->bad);
	if (!rc && !strcmp(st->good, st->bad))
		rc = bisect_usage(st, "bisect: --good and --bad are the same commit %.12s; give two",
			       st->good);
	return rc;
}

/* A fresh bisect may start: no other bisect in progress, no changes to
 * tracked files. 0 or an exit status after saying why. */
static int bisect_fresh_check(const struct bisect_state *st)
{
	char log[4096], *out = NULL;
	int rc;

	snprintf(log, sizeof(log), "%s/BISECT_LOG", st->gitdir);
	if (!access(log, F_OK))
		return bisect_usage(st, "bisect: a git bisect is already in progress in %s; 'git bisect reset' ends it",
				 st->top);
	rc = bisect_git(st->top, &out, "status", "--porcelain",
			"--untracked-files=no", NULL);
	if (!rc && out && out[0])
		rc = 1;
	free(out);
	if (rc)
		return bisect_usage(st, "bisect: %s has changes to tracked files; commit or stash them first (git bisect checks out each step)",
				 st->top);
	return BISECT_OK;
}

/* Remove the private work trees and the state: the bisect is over. */
static void bisect_cleanup(const struct bisect_state *st)
{
	static const char *const names[] = { "end0", "end1", "par0", "par1" };
	char *rm[] = { "rm", "-rf", st->dir, NULL };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%s", st->dir, names[i]);
		if (!access(path, F_OK))
			bisect_git(st->top, NULL, "worktree", "remove",
				   "--force", path, NULL);
	}
	bisect_exec(NULL, rm, -1, NULL);
	bisect_git(st->top, NULL, "worktree", "prune", NULL);
}

/* --measure: the work tree's HEAD before the bisect (its branch, or its
 * commit), saved before anything is checked out, for the end. 0 or an
 * exit status. */
static int bisect_orig(struct bisect_state *st, int loaded)
{
	if (loaded && st->orig)
		return BISECT_OK;
	if (bisect_git(st->top, &st->orig, "symbolic-ref", "--quiet",
		       "--short", "HEAD", NULL) || !st->orig || !st->orig[0]) {
		free(st->orig);
		st->orig = NULL;
		if (bisect_git(st->top, &st->orig, "rev-parse", "HEAD", NULL))
			return BISECT_IO;
	}
	if (bisect_state_save(st))
		bisect_say(st, SAY_WARN, "bisect: cannot save the state in %s", st->dir);
	return BISECT_OK;
}

/* The ends measured against each other; refused (BISECT_USAGE) when not
 * distinguishable. 0 or an exit status after saying why. */
static int bisect_ends(struct bisect_state *st,
		       char *const *ends)
{
	char d[64], range[200], *count = NULL;
	int rc;

	if (!st->ends_done) {
		rc = st->measure ? bisect_boots_ends(st) :
				   bisect_pair(st, ends, BISECT_ENDS,
					       &st->ends, &st->ends_runs);
		if (rc)
			return rc;
		st->ends_done = true;
		if (bisect_state_save(st))
			bisect_say(st, SAY_WARN, "bisect: cannot save the state in %s",
				 st->dir);
	}
	bisect_delta_text(&st->ends, d, sizeof(d));
	if (!st->ends.sig) {
		bisect_say(st, SAY_ERROR, "bisect: good and bad are not distinguishable here: %s (%s, %zu %s a side); more runs or boots?",
			  d, st->metric ? st->metric : "primary metric",
			  st->ends_runs, st->measure ? "boots" : "runs");
		return BISECT_USAGE;
	}
	snprintf(range, sizeof(range), "%s..%s", st->good, st->bad);
	if (bisect_git(st->top, &count, "rev-list", "--count", range, NULL))
		count = NULL;
	bisect_say(st, SAY_OUT, "bisect of %s commits: good %.12s, bad %.12s\n",
	       count ? count : "?", st->good, st->bad);
	free(count);
	bisect_say(st, SAY_OUT, "bad against good: %s (%s, %zu %s a side)\n", d,
	       bisect_shown(st->metric ? st->metric : "primary metric",
			    range, 21),
	       st->ends_runs, st->measure ? "boots" : "runs");
	bisect_say(st, SAY_OUT, " # commit       delta vs good          %s dec. subject\n",
	       st->measure ? "boots" : " runs");
	return BISECT_OK;
}

/* The end: the first bad commit, its delta against its parent, the
 * mail summary; the report. An exit status. */
static int bisect_finish(struct bisect_state *st, char *const *ends)
{
	const char *report = st->in->report;
	char d[64] = "", err[512];
	char *mail;
	int rc = BISECT_OK;

	if (st->first_bad) {
		char rev[128];

		snprintf(rev, sizeof(rev), "%s", st->first_bad);
		free(st->first_bad);
		st->first_bad = NULL;
		if (bisect_git(st->top, &st->first_bad, "rev-parse", rev,
			       NULL) ||
		    bisect_git(st->top, &st->first_subject, "log", "-1",
			       "--format=%s", st->first_bad, NULL))
			return BISECT_IO;
		rc = bisect_parent(st, ends);
		if (rc)
			return rc;
		bisect_say(st, SAY_OUT, "first bad commit: %s\n  \"%s\"\n", st->first_bad,
		       bisect_shown(st->first_subject, err, 75));
		if (st->parent_measured) {
			bisect_delta_text(&st->vs_parent, d, sizeof(d));
			bisect_say(st, SAY_OUT, "  %s against its parent %.12s (%zu %s a side)\n",
			       d, st->parent, st->parent_runs,
			       st->measure ? "boots" : "runs");
		}
	}
	if ((rc = bisect_culprits(st, ends)))
		return rc;
	if (st->n_culprits >= 2) {
		bisect_say_culprits(st);
	} else if (st->first_bad && st->parent_measured &&
		   !bisect_counts(&st->vs_parent, &st->ends)) {
		char de[64];

		/* even under -q: it is why the exit is 1 */
		bisect_delta_text(&st->ends, de, sizeof(de));
		bisect_say(st, SAY_NOTICE, "bisect: the first bad commit %.12s shows no change against its parent (%s; a change is a tenth of the ends' %s at least): a step was decided by noise or the change is several commits; rerun with more runs (-r, --max-runs) (exit 1)",
			   st->first_bad, d, de);
		rc = BISECT_FAILED;
	} else if (!st->first_bad) {
		bisect_say(st, SAY_OUT, "no first bad commit: %s\n", st->note ? st->note : "");
		for (size_t i = 0; i < st->n_candidates; i++)
			bisect_say(st, SAY_OUT, "  candidate %s\n", st->candidates[i]);
		rc = BISECT_FAILED;
	}
	for (size_t i = 0; i < st->n_steps && !st->note; i++)
		if (st->steps[i].reason &&
		    strstr(st->steps[i].reason, "several commits"))
			st->note = strdup("several commits: a step lies between the ends (its reason says)");
	mail = bisect_mail(st);
	if (mail)
		bisect_say(st, SAY_OUT, "\n%s", mail);
	free(mail);
	if (report && bisect_report_write(st, report, st->in->force, err,
					  sizeof(err))) {
		bisect_say(st, SAY_ERROR, "bisect: %s", err);
		return BISECT_IO;
	}
	if (report)
		bisect_say(st, SAY_INFO, "saved %s", report);
	return rc;
}

int bisect_run(const struct bisect_input *in)
{
	struct bisect_state st;
	char good[4096], bad[4096], err[512];
	char *ends[2] = { good, bad };
	const char *report = in->report;
	int rc, done, loaded;

	memset(&st, 0, sizeof(st));
	st.in = in;
	rc = bisect_setup(&st);
	if (rc)
		goto out;
	if (report && !in->force && !access(report, F_OK)) {
		rc = bisect_usage(&st, "bisect: %s exists; --force overwrites it",
			       report);
		goto out;
	}
	loaded = bisect_state_load(&st, err, sizeof(err));
	if (loaded < 0) {
		rc = bisect_usage(&st, "bisect: %s", err);
		goto out;
	}
	if (loaded && (rc = bisect_check_steps(&st)))
		goto out;
	if (loaded)
		bisect_say(&st, SAY_INFO, "bisect: going on with the bisect in %s (%zu steps done)",
			 st.dir, st.n_steps);
	else if ((rc = bisect_fresh_check(&st)))
		goto out;
	if (mkdir(st.dir, 0755) && errno != EEXIST) {
		bisect_say(&st, SAY_ERROR, "bisect: cannot make %s: %s", st.dir,
			  strerror(errno));
		rc = BISECT_IO;
		goto out;
	}
	bisect_resume_clean(&st);
	rc = st.measure ? bisect_orig(&st, loaded) :
			  bisect_end_trees(&st, ends);
	if (!rc)
		rc = bisect_ends(&st, ends);
	if (rc == BISECT_USAGE && (st.ends_done || st.measure)) {
		if (report && bisect_report_write(&st, report, in->force, err,
						  sizeof(err)))
			bisect_say(&st, SAY_ERROR, "bisect: %s", err);
		if (st.orig)
			bisect_git(st.top, NULL, "checkout", "--quiet",
				   st.orig, NULL);
		bisect_cleanup(&st);
	}
	if (rc == BISECT_INTERRUPTED)
		bisect_say(&st, SAY_NOTICE, "bisect: stopped while measuring the ends; the same command starts again from %s",
			   st.dir);
	if (rc)
		goto out;
	done = bisect_replay(&st);
	while (!done)
		done = bisect_step(&st, ends, &rc);
	if (done < 0) {
		if (!rc || rc == BISECT_INTERRUPTED)
			bisect_say(&st, SAY_NOTICE, "bisect: stopped; the same command goes on from the state in %s ('git bisect reset' and removing it gives up)",
				   st.dir);
		rc = rc ? rc : BISECT_IO;
		goto out;
	}
	rc = bisect_finish(&st, ends);
	if (rc == BISECT_OK || rc == BISECT_FAILED) {
		bisect_git(st.top, NULL, "bisect", "reset", st.orig, NULL);
		bisect_cleanup(&st);
	}
out:
	bisect_state_free(&st);
	return rc;
}
