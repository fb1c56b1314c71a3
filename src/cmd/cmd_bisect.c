// SPDX-License-Identifier: MIT
/*
 * cmd_bisect: `abstat bisect --good REV --bad REV --build CMD -- COMMAND`.
 * git bisect decided by measurement, on one boot. The ends are checked
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
#include <fcntl.h>
#include <unistd.h>

#include "bisect.h"
#include "commands.h"
#include "launcher.h"
#include "msg.h"
#include "session.h"

#define BISECT_SIDES_MAX 3

/* What a measurement is for: the ends, a step, a commit and its parent. */
enum bisect_kind { BISECT_ENDS, BISECT_STEP, BISECT_PARENT };

struct bisect_outcome {
	struct bisect_delta d[BISECT_SIDES_MAX]; /* side i against side 0 */
	struct bisect_delta step_vs_bad;         /* BISECT_STEP */
	size_t runs;                             /* the fewest of a side */
};

/* A private work tree of the bisect: dir/name at sha, made or moved
 * there. 0 or an exit status after printing. */
static int bisect_tree(const struct bisect_state *st, const char *name,
		       const char *sha, char *path, size_t len)
{
	char *out = NULL, line[200];
	int rc;

	snprintf(path, len, "%s/%s", st->dir, name);
	if (access(path, F_OK))
		rc = bisect_git(st->top, &out, "worktree", "add", "--detach",
				"--force", path, sha, NULL);
	else
		rc = bisect_git(path, &out, "checkout", "--quiet", "--detach",
				sha, NULL);
	bisect_first_line(out, line, sizeof(line));
	free(out);
	if (rc) {
		msg_error("bisect: git cannot check %.12s out in %s: %s; 'git worktree prune' and removing %s starts afresh",
			  sha, path, rc < 0 ? strerror(-rc) : line, st->dir);
		return EXIT_IO;
	}
	return EXIT_OK;
}

/* --build in tree: 0 built, > 0 its exit status (a skip), or -errno.
 * Its output goes to dir/build.log. */
static int bisect_build(const struct bisect_state *st, const char *tree)
{
	char log[4096];
	char *argv[] = { "/bin/sh", "-c", (char *)st->build, NULL };
	int fd, rc;

	snprintf(log, sizeof(log), "%s/build.log", st->dir);
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	rc = bisect_exec(tree, argv, fd, NULL);
	close(fd);
	return rc;
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
			cli_free_words(argv);
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
		return;
	}
}

/* compare_build on sides (the first is the baseline): the deltas of the
 * others into d[1...]. 0 or an exit status after printing. */
static int bisect_model(const struct config *cfg, struct bisect_state *st,
			const struct side *sides, size_t n,
			struct bisect_delta *d)
{
	struct compare_opts o;
	struct compare_model *m = NULL;
	const char *metric = NULL;
	char err[512];

	cmd_compare_opts(cfg, &o);
	o.events = NULL;          /* -e is what to count: every row stays */
	o.commands_differ = true; /* the sides are builds, as in versus */
	if (compare_build(&o, sides, n, &m, err, sizeof(err))) {
		msg_error("bisect: %s", err);
		return EXIT_USAGE;
	}
	for (size_t i = 1; i < n; i++)
		bisect_delta_of(m, i, &d[i], &metric);
	if (metric && !st->metric)
		st->metric = strdup(metric);
	compare_model_free(m);
	return EXIT_OK;
}

/* The run order of one round: every side once, the first side a round
 * later each round (ABC BCA CAB), after the warm-up in the first. */
static struct plan_item *bisect_plan(const struct config *cfg, size_t n,
				     size_t round, size_t *n_plan)
{
	size_t warm = round ? 0 : cfg->warmup, per = warm + cfg->repeat, k = 0;
	struct plan_item *plan = calloc(per * n, sizeof(*plan));

	for (size_t r = 0; plan && r < per; r++)
		for (size_t i = 0; i < n; i++)
			plan[k++] = (struct plan_item){
				.result = (i + round * per + r) % n,
				.warmup = r < warm,
			};
	*n_plan = k;
	return plan;
}

/* Whether a measurement of kind has its answer; for a step, the
 * decision ("good", "bad", "skip" for between) and its reason. */
static bool bisect_decided(enum bisect_kind kind,
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
	if (!g->has || !e->has || !e->sig)
		return false;
	s = e->d >= 0 ? 1 : -1;
	lo = s > 0 ? g->lo : -g->hi;
	hi = s > 0 ? g->hi : -g->lo;
	mid = s * e->d / 2;
	at = s * g->d;
	bisect_delta_text(g, dg, sizeof(dg));
	bisect_delta_text(e, de, sizeof(de));
	if (hi < mid || lo > mid) {
		*decision = hi < mid ? "good" : "bad";
		if (hi < mid ? g->sig : b->sig)
			snprintf(reason, len,
				 "a part of the change: %s of the ends' %s (several commits?)",
				 dg, de);
		return true;
	}
	if (g->sig && b->sig && at > 0 && at < s * e->d) {
		*decision = "skip";
		snprintf(reason, len,
			 "between the ends: %s of %s, a regression made of several commits",
			 dg, de);
		return true;
	}
	return false;
}

/* Measure COMMAND in trees[0..n) interleaved, round after round until
 * kind has its answer or a side has --max-runs runs: the last round's
 * deltas in oc. 0 or an exit status after printing. */
static int bisect_measure(const struct config *cfg, struct bisect_state *st,
			  char *const *trees, size_t n, enum bisect_kind kind,
			  struct bisect_outcome *oc)
{
	static const char *const labels[] = { "A", "B", "C" };
	struct config c = *cfg;
	struct target t[BISECT_SIDES_MAX];
	struct result *res[BISECT_SIDES_MAX] = { NULL };
	struct journal *jr[BISECT_SIDES_MAX] = { NULL };
	struct side sides[BISECT_SIDES_MAX];
	const char *base = strrchr(st->argv[0], '/');
	struct session s;
	int rc = EXIT_IO;

	memset(&s, 0, sizeof(s));
	memset(t, 0, sizeof(t));
	memset(oc, 0, sizeof(*oc));
	for (size_t i = 0; i < n; i++) {
		t[i].name = (char *)(base ? base + 1 : st->argv[0]);
		t[i].argv = bisect_argv(st, trees[i]);
		if (!t[i].argv)
			goto out;
	}
	/* a step is a versus of its sides: one session, interleaved */
	c.cmd = CMD_VERSUS;
	c.targets = t;
	c.n_targets = n;
	c.output = NULL;
	/* the environment's warnings once, at the first session */
	msg_set_quiet(cfg->quiet || st->quiet_sessions);
	rc = session_open(&s, &c);
	msg_set_quiet(cfg->quiet);
	st->quiet_sessions = true;
	for (size_t i = 0; !rc && i < n; i++) {
		res[i] = session_result(&s, labels[i], &t[i], 1);
		sides[i] = (struct side){ .label = (char *)labels[i],
					  .files = &res[i], .n_files = 1 };
		if (!res[i])
			rc = EXIT_IO;
	}
	for (size_t round = 0; !rc; round++) {
		size_t n_plan;
		struct plan_item *plan = bisect_plan(&c, n, round, &n_plan);
		const char *decision;
		char reason[256];

		if (!plan) {
			rc = EXIT_IO;
			break;
		}
		rc = session_measure(&s, res, jr, plan, n_plan);
		free(plan);
		if (rc)
			break;
		rc = bisect_model(&c, st, sides, n, oc->d);
		if (!rc && kind == BISECT_STEP) {
			struct side other[2] = { sides[2], sides[1] };
			struct bisect_delta d[2];

			rc = bisect_model(&c, st, other, 2, d);
			oc->step_vs_bad = d[1];
		}
		oc->runs = SIZE_MAX;
		for (size_t i = 0; i < n; i++)
			if (cmd_measured(res[i]) < oc->runs)
				oc->runs = cmd_measured(res[i]);
		if (rc || bisect_decided(kind, oc, &decision, reason,
					 sizeof(reason)) ||
		    oc->runs >= cfg->bisect_max_runs)
			break;
	}
out:
	session_close(&s);
	for (size_t i = 0; i < n; i++) {
		result_free(res[i]);
		cli_free_words(t[i].argv);
	}
	return rc;
}

/* Two sides (the ends, a commit and its parent): the second's delta
 * against the first, and the runs a side. 0 or an exit status. */
static int bisect_pair(const struct config *cfg, struct bisect_state *st,
		       char *const *trees, enum bisect_kind kind,
		       struct bisect_delta *d, size_t *runs)
{
	struct bisect_outcome oc;
	int rc = bisect_measure(cfg, st, trees, 2, kind, &oc);

	if (!rc) {
		*d = oc.d[1];
		*runs = oc.runs;
	}
	return rc;
}

/* Build tree (an end or a parent) or say why not: 0, or an exit
 * status after printing. */
static int bisect_build_end(const struct bisect_state *st, const char *tree,
			    const char *what, const char *sha)
{
	int rc = bisect_build(st, tree);

	if (!rc)
		return EXIT_OK;
	if (rc < 0)
		msg_error("bisect: cannot run the build of the %s end %.12s: %s",
			  what, sha, strerror(-rc));
	else
		msg_error("bisect: the %s end %.12s does not build (exit %d); see %s/build.log",
			  what, sha, rc, st->dir);
	return rc < 0 ? EXIT_IO : EXIT_WORKLOAD;
}

/* What git said after a mark: the first bad commit, or only skipped
 * commits left (their list); false while there is a next step. */
static bool bisect_done(struct bisect_state *st, const char *text)
{
	const char *p = strstr(text, " is the first bad commit");
	const char *any = strstr(text, "could be any of:");

	if (p) {
		const char *line = p;

		while (line > text && line[-1] != '\n')
			line--;
		st->first_bad = strndup(line, (size_t)(p - line));
		return true;
	}
	if (!strstr(text, "only 'skip'ped commits left"))
		return false;
	for (const char *l = any ? strchr(any, '\n') : NULL; l && l[1];
	     l = strchr(l + 1, '\n')) {
		size_t k = strspn(l + 1, "0123456789abcdef");
		char **c;

		if (k < 7)
			break;
		c = realloc(st->candidates,
			    (st->n_candidates + 1) * sizeof(*c));
		if (!c)
			break;
		st->candidates = c;
		c[st->n_candidates++] = strndup(l + 1, k);
	}
	free(st->note);
	st->note = strdup("only skipped commits are left: the first bad commit is one of the candidates");
	return true;
}

/* git bisect VERB [SHA]: whether the bisect is done (bisect_done), or
 * -1 after printing. */
static int bisect_mark(struct bisect_state *st, const char *verb,
		       const char *sha)
{
	char *out = NULL, line[200];
	int rc = bisect_git(st->top, &out, "bisect", verb, sha, NULL);
	bool done;

	if (rc < 0 || (rc && !strstr(out ? out : "", "skip"))) {
		bisect_first_line(out, line, sizeof(line));
		msg_error("bisect: git bisect %s %.12s failed: %s", verb,
			  sha ? sha : "", rc < 0 ? strerror(-rc) : line);
		free(out);
		return -1;
	}
	done = bisect_done(st, out ? out : "");
	free(out);
	return done;
}

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
static int bisect_step(const struct config *cfg, struct bisect_state *st,
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
		*rc = EXIT_IO;
		return -1;
	}
	st->steps = steps;
	s = &steps[st->n_steps];
	memset(s, 0, sizeof(*s));
	if (bisect_git(st->top, &s->commit, "rev-parse", "HEAD", NULL) ||
	    bisect_git(st->top, &s->subject, "log", "-1", "--format=%s",
		       NULL)) {
		msg_error("bisect: git cannot say which commit is checked out in %s",
			  st->top);
		*rc = EXIT_IO;
		free(s->commit);
		free(s->subject);
		return -1;
	}
	b = bisect_build(st, st->top);
	if (b < 0) {
		msg_error("bisect: cannot run the build: %s", strerror(-b));
		*rc = EXIT_IO;
		return -1;
	}
	if (b == 125 || b > 0) {
		snprintf(reason, sizeof(reason), b == 125 ?
			 "the build said skip (exit 125)" :
			 "the build failed (exit %d)", b);
	} else {
		*rc = bisect_measure(cfg, st, trees, 3, BISECT_STEP, &oc);
		if (*rc == EXIT_WORKLOAD || *rc == EXIT_FAILED) {
			/* COMMAND fails at this commit (said above) */
			*rc = EXIT_OK;
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
	if (bisect_state_save(st))
		msg_warn("bisect: cannot save the state in %s; an interruption now loses this step",
			 st->dir);
	bisect_print_step(st, s, st->n_steps - 1, stdout);
	b = bisect_mark(st, decision, s->commit);
	if (b < 0)
		*rc = EXIT_IO;
	return b;
}

/* The first bad commit against its parent, each built in a private work
 * tree (the ends' where they are the ends). Prints why when it cannot. */
static int bisect_parent(const struct config *cfg, struct bisect_state *st,
			 char *const *ends)
{
	char pt[4096], ft[4096];
	char *trees[2] = { ends[0], ends[1] };
	char rev[128];
	int rc;

	snprintf(rev, sizeof(rev), "%s^", st->first_bad);
	if (bisect_git(st->top, &st->parent, "rev-parse", "--verify",
		       "--quiet", rev, NULL))
		return EXIT_OK;
	if (strcmp(st->parent, st->good)) {
		rc = bisect_tree(st, "par0", st->parent, pt, sizeof(pt));
		if (rc)
			return rc;
		trees[0] = pt;
		if (bisect_build(st, pt)) {
			msg_warn("bisect: the first bad commit's parent %.12s does not build: no delta against it",
				 st->parent);
			return EXIT_OK;
		}
	}
	if (strcmp(st->first_bad, st->bad)) {
		rc = bisect_tree(st, "par1", st->first_bad, ft, sizeof(ft));
		if (rc || bisect_build(st, ft))
			return rc ? rc : EXIT_WORKLOAD;
		trees[1] = ft;
	}
	rc = bisect_pair(cfg, st, trees, BISECT_PARENT, &st->vs_parent,
			 &st->parent_runs);
	st->parent_measured = !rc;
	return rc;
}

/* rev as a full commit SHA into *sha: 0 or an exit status after
 * printing. */
static int bisect_rev(const struct bisect_state *st, const char *opt,
		      const char *rev, char **sha)
{
	char spec[512];

	snprintf(spec, sizeof(spec), "%s^{commit}", rev);
	if (!bisect_git(st->top, sha, "rev-parse", "--verify", "--quiet",
			spec, NULL) && *sha && **sha)
		return EXIT_OK;
	free(*sha);
	*sha = NULL;
	msg_error("bisect: %s %s is not a commit of %s; give a SHA, tag or branch",
		  opt, rev, st->top);
	return EXIT_USAGE;
}

/* The repository, its git directory, the ends as SHAs and the state
 * directory's path. 0 or an exit status after printing. */
static int bisect_setup(const struct config *cfg, struct bisect_state *st)
{
	const char *repo = cfg->bisect_repo ? cfg->bisect_repo : ".";
	char line[200];
	int rc;

	st->build = cfg->bisect_build;
	st->argv = cfg->files;
	st->argc = cfg->n_files;
	rc = bisect_git(repo, &st->top, "rev-parse", "--show-toplevel", NULL);
	if (rc || !st->top || !st->top[0]) {
		bisect_first_line(st->top, line, sizeof(line));
		msg_error("bisect: %s is not in a git work tree (%s); give --repo DIR",
			  repo, rc < 0 ? strerror(-rc) : line);
		return EXIT_USAGE;
	}
	if (bisect_git(st->top, &st->gitdir, "rev-parse", "--absolute-git-dir",
		       NULL)) {
		msg_error("bisect: git cannot say where the git directory of %s is (git 2.13 or later is needed)",
			  st->top);
		return EXIT_USAGE;
	}
	if (asprintf(&st->dir, "%s/abstat-bisect", st->gitdir) < 0) {
		st->dir = NULL;
		return EXIT_IO;
	}
	rc = bisect_rev(st, "--good", cfg->bisect_good, &st->good);
	if (!rc)
		rc = bisect_rev(st, "--bad", cfg->bisect_bad, &st->bad);
	if (!rc && !strcmp(st->good, st->bad))
		rc = msg_usage("bisect: --good and --bad are the same commit %.12s; give two",
			       st->good);
	return rc;
}

/* A fresh bisect may start: no other bisect in progress, no changes to
 * tracked files. 0 or an exit status after printing. */
static int bisect_fresh_check(const struct bisect_state *st)
{
	char log[4096], *out = NULL;
	int rc;

	snprintf(log, sizeof(log), "%s/BISECT_LOG", st->gitdir);
	if (!access(log, F_OK))
		return msg_usage("bisect: a git bisect is already in progress in %s; 'git bisect reset' ends it",
				 st->top);
	rc = bisect_git(st->top, &out, "status", "--porcelain",
			"--untracked-files=no", NULL);
	if (!rc && out && out[0])
		rc = 1;
	free(out);
	if (rc)
		return msg_usage("bisect: %s has changes to tracked files; commit or stash them first (git bisect checks out each step)",
				 st->top);
	return EXIT_OK;
}

/* Tell git bisect the steps saved before an interruption that its log
 * does not hold yet (all of them when it was reset). Whether the
 * bisect is done, or -1 after printing. */
static int bisect_replay(struct bisect_state *st)
{
	char path[4096], *log = NULL;
	int fd, done = 0;

	snprintf(path, sizeof(path), "%s/BISECT_LOG", st->gitdir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		char *out = NULL;
		int rc = bisect_git(st->top, &out, "bisect", "start", st->bad,
				    st->good, NULL);

		if (rc) {
			msg_error("bisect: git bisect start failed: %.160s",
				  out ? out : strerror(-rc));
			free(out);
			return -1;
		}
		done = bisect_done(st, out ? out : "");
		free(out);
		log = strdup("");
	} else {
		char *argv[] = { "cat", path, NULL };

		close(fd);
		if (bisect_exec(NULL, argv, -1, &log))
			log = NULL;
	}
	if (!log)
		return -1;
	for (size_t i = 0; !done && i < st->n_steps; i++)
		if (!strstr(log, st->steps[i].commit))
			done = bisect_mark(st, st->steps[i].decision,
					   st->steps[i].commit);
	free(log);
	return done;
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

/* The ends measured against each other; refused (EXIT_USAGE) when not
 * distinguishable. 0 or an exit status after printing. */
static int bisect_ends(const struct config *cfg, struct bisect_state *st,
		       char *const *ends)
{
	char d[64], range[200], *count = NULL;
	int rc;

	if (!st->ends_done) {
		rc = bisect_pair(cfg, st, ends, BISECT_ENDS, &st->ends,
				 &st->ends_runs);
		if (rc)
			return rc;
		st->ends_done = true;
		if (bisect_state_save(st))
			msg_warn("bisect: cannot save the state in %s",
				 st->dir);
	}
	bisect_delta_text(&st->ends, d, sizeof(d));
	if (!st->ends.sig) {
		msg_error("bisect: good and bad are not distinguishable here: %s (%s, %zu runs a side); more runs or boots?",
			  d, st->metric ? st->metric : "primary metric",
			  st->ends_runs);
		return EXIT_USAGE;
	}
	snprintf(range, sizeof(range), "%s..%s", st->good, st->bad);
	if (bisect_git(st->top, &count, "rev-list", "--count", range, NULL))
		count = NULL;
	printf("bisect of %s commits: good %.12s, bad %.12s\n",
	       count ? count : "?", st->good, st->bad);
	free(count);
	printf("bad against good: %s (%.20s, %zu runs a side)\n", d,
	       st->metric ? st->metric : "primary metric", st->ends_runs);
	printf(" # commit       delta vs good           runs dec. subject\n");
	fflush(stdout);
	return EXIT_OK;
}

/* -o relative to where abstat started, before it moves to the work
 * tree. NULL without -o. */
static char *bisect_report_path(const struct config *cfg)
{
	char cwd[PATH_MAX], *p;

	if (!cfg->output)
		return NULL;
	if (cfg->output[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return strdup(cfg->output);
	if (asprintf(&p, "%s/%s", cwd, cfg->output) < 0)
		return NULL;
	return p;
}

/* The end: the first bad commit, its delta against its parent, the
 * mail summary; the report. An exit status. */
static int bisect_finish(const struct config *cfg, struct bisect_state *st,
			 char *const *ends, const char *report)
{
	char d[64], err[512];
	char *mail;
	int rc = EXIT_OK;

	if (st->first_bad) {
		char rev[128];

		snprintf(rev, sizeof(rev), "%s", st->first_bad);
		free(st->first_bad);
		st->first_bad = NULL;
		if (bisect_git(st->top, &st->first_bad, "rev-parse", rev,
			       NULL) ||
		    bisect_git(st->top, &st->first_subject, "log", "-1",
			       "--format=%s", st->first_bad, NULL))
			return EXIT_IO;
		rc = bisect_parent(cfg, st, ends);
		if (rc)
			return rc;
		printf("first bad commit: %s\n  \"%.74s\"\n", st->first_bad,
		       st->first_subject);
		if (st->parent_measured) {
			bisect_delta_text(&st->vs_parent, d, sizeof(d));
			printf("  %s against its parent %.12s (%zu runs a side)\n",
			       d, st->parent, st->parent_runs);
		}
	} else {
		printf("no first bad commit: %s\n", st->note ? st->note : "");
		for (size_t i = 0; i < st->n_candidates; i++)
			printf("  candidate %s\n", st->candidates[i]);
		rc = EXIT_FAILED;
	}
	for (size_t i = 0; i < st->n_steps && !st->note; i++)
		if (st->steps[i].reason &&
		    strstr(st->steps[i].reason, "several commits"))
			st->note = strdup("a regression made of several commits: a step lies between the ends (see its reason)");
	mail = bisect_mail(st);
	if (mail)
		printf("\n%s", mail);
	free(mail);
	if (report && bisect_report_write(st, report, cfg->force, err,
					  sizeof(err))) {
		msg_error("bisect: %s", err);
		return EXIT_IO;
	}
	if (report)
		msg_info("saved %s", report);
	return rc;
}

int cmd_bisect(const struct config *cfg)
{
	struct bisect_state st;
	char good[4096], bad[4096], err[512];
	char *ends[2] = { good, bad };
	char *report = bisect_report_path(cfg);
	int rc, done, loaded;

	memset(&st, 0, sizeof(st));
	rc = bisect_setup(cfg, &st);
	if (rc)
		goto out;
	if (report && !cfg->force && !access(report, F_OK)) {
		rc = msg_usage("bisect: %s exists; --force overwrites it",
			       report);
		goto out;
	}
	loaded = bisect_state_load(&st, err, sizeof(err));
	if (loaded < 0) {
		rc = msg_usage("bisect: %s", err);
		goto out;
	}
	if (loaded)
		msg_info("bisect: going on with the bisect in %s (%zu steps done)",
			 st.dir, st.n_steps);
	else if ((rc = bisect_fresh_check(&st)))
		goto out;
	if (mkdir(st.dir, 0755) && errno != EEXIST) {
		msg_error("bisect: cannot make %s: %s", st.dir,
			  strerror(errno));
		rc = EXIT_IO;
		goto out;
	}
	/* COMMAND runs in the work tree (the ends' programs in theirs) */
	if (chdir(st.top)) {
		rc = EXIT_IO;
		goto out;
	}
	rc = bisect_tree(&st, "end0", st.good, good, sizeof(good));
	if (!rc)
		rc = bisect_tree(&st, "end1", st.bad, bad, sizeof(bad));
	if (!rc)
		rc = bisect_build_end(&st, good, "good", st.good);
	if (!rc)
		rc = bisect_build_end(&st, bad, "bad", st.bad);
	if (!rc)
		rc = bisect_ends(cfg, &st, ends);
	if (rc == EXIT_USAGE && st.ends_done) {
		if (report && bisect_report_write(&st, report, cfg->force, err,
						  sizeof(err)))
			msg_error("bisect: %s", err);
		bisect_cleanup(&st);
	}
	if (rc)
		goto out;
	done = bisect_replay(&st);
	while (!done)
		done = bisect_step(cfg, &st, ends, &rc);
	if (done < 0) {
		if (!rc || rc == EXIT_INTERRUPTED)
			msg_notice("bisect: stopped; the same command goes on from the state in %s ('git bisect reset' and removing it gives up)",
				   st.dir);
		rc = rc ? rc : EXIT_IO;
		goto out;
	}
	rc = bisect_finish(cfg, &st, ends, report);
	if (rc == EXIT_OK || rc == EXIT_FAILED) {
		bisect_git(st.top, NULL, "bisect", "reset", NULL);
		bisect_cleanup(&st);
	}
out:
	bisect_state_free(&st);
	free(report);
	return rc;
}
