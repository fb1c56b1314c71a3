// SPDX-License-Identifier: MIT
/*
 * bisect_boots: a bisect measured by --measure CMD, for kernels: a side
 * is a commit checked out and built in the repository's own work tree
 * (one object tree, incremental builds: no private work trees), then
 * measured by sh -c CMD there, which writes one abstat result file a
 * boot into $ABSTAT_BISECT_OUT. The files are kept per commit
 * (GIT_DIR/abstat-bisect/units/SHA/; each call's folder in calls/SHA-N),
 * so a side measured once (an end, a step) is never measured again for
 * the first bad commit and its parent, and an interrupted bisect keeps
 * every boot it had. The boot is the unit (DESIGN_BOOTS): compare's
 * model on the sides' files, the same rule as in one session; a side
 * not decided yet is measured again (more boots), up to --max-runs
 * files a side. The sides are measured one after another, not
 * interleaved: fit for exact counts (QEMU icount) and boots, whose
 * unit already holds what drifts from boot to boot.
 */
#include <errno.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect.h"
#include "side.h"

enum { BOOTS_GOOD, BOOTS_SIDE, BOOTS_BAD };

int bisect_boots_ready(struct bisect_state *st, const char *sha)
{
	char *head = NULL;
	int rc = 0;

	if (st->built && !strcmp(st->built, sha))
		return 0;
	if (bisect_git(st->top, &head, "rev-parse", "HEAD", NULL) ||
	    !head || strcmp(head, sha))
		rc = bisect_git(st->top, NULL, "checkout", "--quiet",
				"--detach", sha, NULL);
	free(head);
	if (rc)
		return rc < 0 ? rc : -EIO;
	rc = bisect_build(st, st->top);
	free(st->built);
	st->built = rc ? NULL : strdup(sha);
	return rc;
}

/* The result files of the last call (its folder out) moved beside it,
 * into units (N-NAME.json): how many. */
static size_t bisect_boots_keep(const char *units, const char *out, int n)
{
	DIR *d = opendir(out);
	struct dirent *e;
	size_t kept = 0;

	while (d && (e = readdir(d))) {
		size_t k = strlen(e->d_name);
		char from[PATH_MAX + 300], to[PATH_MAX + 300];

		if (k < 6 || strcmp(e->d_name + k - 5, ".json"))
			continue;
		snprintf(from, sizeof(from), "%s/%s", out, e->d_name);
		snprintf(to, sizeof(to), "%s/%d-%s", units, n, e->d_name);
		if (!rename(from, to))
			kept++;
	}
	if (d)
		closedir(d);
	return kept;
}

/* One call of --measure for sha (checked out and built in top) as side:
 * 0 with its files kept, > 0 its exit status (or 1: no file), -errno. */
static int bisect_boots_call(const struct bisect_state *st, const char *sha,
			     const char *side)
{
	char units[PATH_MAX], out[PATH_MAX + 16];
	char *env[6] = { NULL }, *argv[] = { "/bin/sh", "-c",
					     (char *)st->measure, NULL };
	int n = 1, rc;

	snprintf(units, sizeof(units), "%s/units", st->dir);
	mkdir(units, 0755);
	snprintf(units, sizeof(units), "%s/units/%s", st->dir, sha);
	if (mkdir(units, 0755) && errno != EEXIST)
		return -errno;
	/* the call's folder apart from units: side_read reads a folder's
	 * *.json files below it too (lab.sh's compare.json) */
	snprintf(out, sizeof(out), "%s/calls", st->dir);
	mkdir(out, 0755);
	for (;; n++) {
		snprintf(out, sizeof(out), "%s/calls/%.40s-%d", st->dir, sha,
			 n);
		if (!mkdir(out, 0755))
			break;
		if (errno != EEXIST)
			return -errno;
	}
	if (asprintf(&env[0], "ABSTAT_BISECT_TREE=%s", st->top) < 0 ||
	    asprintf(&env[1], "ABSTAT_BISECT_SIDE=%s", side) < 0 ||
	    asprintf(&env[2], "ABSTAT_BISECT_COMMIT=%s", sha) < 0 ||
	    asprintf(&env[3], "ABSTAT_BISECT_OUT=%s", out) < 0 ||
	    asprintf(&env[4], "ABSTAT_BISECT_ROUND=%d", n) < 0) {
		rc = -ENOMEM;
		goto out;
	}
	bisect_say(st, SAY_INFO, "bisect: measuring %s %.12s (call %d): %s", side, sha, n,
		 st->measure);
	rc = bisect_exec_env(st->top, argv, STDERR_FILENO, NULL, env);
	if (!rc && !bisect_boots_keep(units, out, n))
		rc = 1000; /* no result file */
out:
	for (size_t i = 0; i < 5; i++)
		free(env[i]);
	return rc;
}

/* The model of the commits' files (labels the sides'): deltas in d,
 * *boots the fewest a side (0: none, or not boots). */
static int bisect_boots_model( struct bisect_state *st, char *const *shas,
			      const char *const *labels, size_t n,
			      struct bisect_delta *d, size_t *boots)
{
	char *specs[BISECT_SIDES_MAX] = { NULL }, err[512];
	struct side *sides = NULL;
	size_t n_sides = 0;
	int rc = BISECT_IO;

	*boots = 0;
	for (size_t i = 0; i < n; i++)
		if (asprintf(&specs[i], "%s=%s/units/%s", labels[i], st->dir,
			     shas[i]) < 0)
			goto out;
	rc = side_read(specs, n, &sides, &n_sides, err, sizeof(err));
	if (rc == -ENOENT) {
		rc = BISECT_OK; /* a side without files yet */
		goto out;
	}
	if (rc) {
		bisect_say(st, SAY_ERROR, "bisect: %s", err);
		rc = BISECT_USAGE;
		goto out;
	}
	rc = bisect_model(st, sides, n_sides, d, boots);
	if (!rc && !*boots) {
		bisect_say(st, SAY_ERROR, "bisect: the result files of a side are of one boot (sessions, not boots); --measure's unit is the boot: one file a boot");
		rc = BISECT_USAGE;
	}
out:
	side_free(sides, n_sides);
	for (size_t i = 0; i < n; i++)
		free(specs[i]);
	return rc;
}

/* The result files kept for sha: its boots so far. */
static size_t bisect_boots_count(const struct bisect_state *st,
				 const char *sha)
{
	char units[PATH_MAX];
	DIR *d;
	struct dirent *e;
	size_t n = 0;

	snprintf(units, sizeof(units), "%s/units/%s", st->dir, sha);
	d = opendir(units);
	while (d && (e = readdir(d))) {
		size_t k = strlen(e->d_name);

		n += k > 5 && !strcmp(e->d_name + k - 5, ".json");
	}
	if (d)
		closedir(d);
	return n;
}

/* A pair's answer: a change, and for the ends one known to within half
 * of it (its interval clear of the midpoint a step is held against). */
static bool bisect_boots_clear(const struct bisect_delta *d, bool ends)
{
	if (!d->sig || !d->tested)
		return false;
	return !ends || (d->d > 0 ? d->lo > d->d / 2 : d->hi < d->d / 2);
}

/* Why a call failed, for a skip or an error. */
static void bisect_boots_why(int rc, char *buf, size_t len)
{
	if (rc == 125)
		snprintf(buf, len, "the measure said skip (exit 125)");
	else if (rc == 1000)
		snprintf(buf, len, "the measure wrote no result file");
	else if (rc < 0)
		snprintf(buf, len, "the measure cannot run: %s", strerror(-rc));
	else
		snprintf(buf, len, "the measure failed (exit %d)", rc);
}

/* Two commits (the ends, a commit and its parent), each built and
 * measured until the second's delta against the first is a change or
 * both have --max-runs boots. 0 or an exit status after saying why. */
static int bisect_boots_two( struct bisect_state *st,
			    char *const *shas, const char *const *labels,
			    bool ends, struct bisect_delta *d, size_t *boots)
{
	struct bisect_delta dd[2];
	char why[200];
	int rc;

	for (;;) {
		rc = bisect_boots_model(st, shas, labels, 2, dd, boots);
		if (rc)
			return rc;
		*d = dd[1];
		if ((*boots && bisect_boots_clear(d, ends)) ||
		    *boots >= st->in->max_runs)
			return BISECT_OK;
		for (size_t i = 0; i < 2; i++) {
			rc = bisect_boots_ready(st, shas[i]);
			if (rc) {
				bisect_say(st, SAY_ERROR, "bisect: the %s %.12s does not build (exit %d); see %s/build.log",
					  labels[i], shas[i], rc, st->dir);
				return rc < 0 ? BISECT_IO : BISECT_WORKLOAD;
			}
			rc = bisect_boots_call(st, shas[i], labels[i]);
			if (rc == 130)
				return BISECT_INTERRUPTED;
			if (rc) {
				bisect_boots_why(rc, why, sizeof(why));
				bisect_say(st, SAY_ERROR, "bisect: %s at the %s %.12s; see its output above",
					  why, labels[i], shas[i]);
				return BISECT_WORKLOAD;
			}
		}
	}
}

int bisect_boots_ends( struct bisect_state *st)
{
	char *shas[2] = { st->good, st->bad };
	static const char *const labels[2] = { "good", "bad" };

	return bisect_boots_two(st, shas, labels, true, &st->ends,
				&st->ends_runs);
}

int bisect_boots_pair( struct bisect_state *st,
		      const char *parent, const char *first_bad)
{
	char *shas[2] = { (char *)parent, (char *)first_bad };
	static const char *const labels[2] = { "parent", "first-bad" };
	int rc = bisect_boots_two(st, shas, labels, false,
				  &st->vs_parent, &st->parent_runs);

	st->parent_measured = !rc;
	return rc;
}

int bisect_boots_step( struct bisect_state *st,
		      struct bisect_outcome *oc, char *reason, size_t len)
{
	char *head = NULL;
	static const char *const labels[3] = { "good", "step", "bad" };
	int rc = BISECT_OK;

	memset(oc, 0, sizeof(*oc));
	if (bisect_git(st->top, &head, "rev-parse", "HEAD", NULL) || !head) {
		free(head);
		return BISECT_IO;
	}
	for (;;) {
		char *shas[3] = { st->good, head, st->bad };
		char *other[2] = { st->bad, head };
		static const char *const olab[2] = { "bad", "step" };
		struct bisect_delta d[2];
		const char *decision;
		size_t boots = 0;
		int c = bisect_boots_call(st, head, "step");

		if (c == 130) {
			rc = BISECT_INTERRUPTED;
			break;
		}
		if (c) {
			bisect_boots_why(c, reason, len);
			oc->runs = 0;
			break;
		}
		rc = bisect_boots_model(st, shas, labels, 3, oc->d,
					&oc->runs);
		if (!rc)
			rc = bisect_boots_model(st, other, olab, 2, d,
						&boots);
		if (rc)
			break;
		oc->step_vs_bad = d[1];
		/* the budget is the step's: the ends' boots are measured */
		oc->runs = bisect_boots_count(st, head);
		if (bisect_decided(BISECT_STEP, oc, &decision, reason, len) ||
		    oc->runs >= st->in->max_runs)
			break;
	}
	free(head);
	return rc;
}
