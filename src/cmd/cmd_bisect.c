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
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bisect.h"
#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"

/* A private work tree of the bisect: dir/name at sha, made or moved
 * there. 0 or an exit status after printing. */
int bisect_tree(const struct bisect_state *st, const char *name,
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

int bisect_build(const struct bisect_state *st, const char *tree)
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

/* Build tree (an end or a parent) or say why not: 0, or an exit
 * status after printing. */
static int bisect_build_end(struct bisect_state *st, const char *tree,
			    const char *what, const char *sha)
{
	int rc;

	bisect_busy(st, "building", sha, strrchr(tree, '/') + 1);
	rc = bisect_build(st, tree);
	if (!rc)
		return EXIT_OK;
	if (bisect_signalled(rc)) {
		msg_notice("bisect: the build of the %s end %.12s was stopped (exit %d); the same command starts it again from a clean tree",
			   what, sha, rc);
		return EXIT_INTERRUPTED;
	}
	if (rc < 0)
		msg_error("bisect: cannot run the build of the %s end %.12s: %s",
			  what, sha, strerror(-rc));
	else
		msg_error("bisect: the %s end %.12s does not build (exit %d); see %s/build.log",
			  what, sha, rc, st->dir);
	return rc < 0 ? EXIT_IO : EXIT_WORKLOAD;
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
	bisect_busy(st, "building", s->commit, "top");
	b = st->measure ? bisect_boots_ready(st, s->commit) :
			  bisect_build(st, st->top);
	if (b < 0) {
		msg_error("bisect: cannot run the build: %s", strerror(-b));
		*rc = EXIT_IO;
		return -1;
	}
	if (bisect_signalled(b)) {
		/* stopped, not failed: no decision; the next run builds it
		 * again from a clean tree (bisect_resume_clean) */
		msg_notice("bisect: the build of %.12s was stopped (exit %d): no decision",
			   s->commit, b);
		*rc = EXIT_INTERRUPTED;
		return -1;
	}
	if (!b)
		bisect_busy(st, "measuring", s->commit, "top");
	if (b == 125 || b > 0) {
		snprintf(reason, sizeof(reason), b == 125 ?
			 "the build said skip (exit 125)" :
			 "the build failed (exit %d)", b);
	} else if (st->measure) {
		*rc = bisect_boots_step(cfg, st, &oc, reason, sizeof(reason));
		if (*rc)
			return -1;
		if (oc.runs)
			bisect_step_decide(s, &oc, &decision, reason,
					   sizeof(reason));
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
	free(st->busy); /* saved with the step that ends it */
	st->busy = NULL;
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
	if (st->measure)
		return bisect_boots_pair(cfg, st, st->parent, st->first_bad);
	if (strcmp(st->parent, st->good)) {
		rc = bisect_tree(st, "par0", st->parent, pt, sizeof(pt));
		if (rc)
			return rc;
		trees[0] = pt;
		bisect_busy(st, "building", st->parent, "par0");
		rc = bisect_build(st, pt);
		if (bisect_signalled(rc))
			return EXIT_INTERRUPTED;
		if (rc) {
			msg_warn("bisect: the first bad commit's parent %.12s does not build: no delta against it",
				 st->parent);
			return EXIT_OK;
		}
	}
	if (strcmp(st->first_bad, st->bad)) {
		rc = bisect_tree(st, "par1", st->first_bad, ft, sizeof(ft));
		if (rc)
			return rc;
		bisect_busy(st, "building", st->first_bad, "par1");
		rc = bisect_build(st, ft);
		if (rc)
			return bisect_signalled(rc) ? EXIT_INTERRUPTED :
			       EXIT_WORKLOAD;
		trees[1] = ft;
	}
	bisect_busy(st, "measuring", st->first_bad, "par1");
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
	const char *repo = cfg->bisect.repo ? cfg->bisect.repo : ".";
	char line[200];
	int rc;

	st->build = cfg->bisect.build_cmd;
	st->measure = cfg->bisect.measure_cmd;
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
	rc = bisect_rev(st, "--good", cfg->bisect.good, &st->good);
	if (!rc)
		rc = bisect_rev(st, "--bad", cfg->bisect.bad, &st->bad);
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

/* The ends in private work trees, built: 0 or an exit status after
 * printing. */
static int bisect_end_trees(struct bisect_state *st, char *const *ends)
{
	int rc = bisect_tree(st, "end0", st->good, ends[0], 4096);

	if (!rc)
		rc = bisect_tree(st, "end1", st->bad, ends[1], 4096);
	if (!rc)
		rc = bisect_build_end(st, ends[0], "good", st->good);
	if (!rc)
		rc = bisect_build_end(st, ends[1], "bad", st->bad);
	if (!rc)
		bisect_busy(st, NULL, NULL, NULL);
	return rc;
}

/* --measure: the work tree's HEAD before the bisect (its branch, or its
 * commit), saved before anything is checked out, for the end. 0 or an
 * exit status. */
static int bisect_orig(struct bisect_state *st, int loaded)
{
	if (loaded && st->orig)
		return EXIT_OK;
	if (bisect_git(st->top, &st->orig, "symbolic-ref", "--quiet",
		       "--short", "HEAD", NULL) || !st->orig || !st->orig[0]) {
		free(st->orig);
		st->orig = NULL;
		if (bisect_git(st->top, &st->orig, "rev-parse", "HEAD", NULL))
			return EXIT_IO;
	}
	if (bisect_state_save(st))
		msg_warn("bisect: cannot save the state in %s", st->dir);
	return EXIT_OK;
}

/* The ends measured against each other; refused (EXIT_USAGE) when not
 * distinguishable. 0 or an exit status after printing. */
static int bisect_ends(const struct config *cfg, struct bisect_state *st,
		       char *const *ends)
{
	char d[64], range[200], *count = NULL;
	int rc;

	if (!st->ends_done) {
		rc = st->measure ? bisect_boots_ends(cfg, st) :
				   bisect_pair(cfg, st, ends, BISECT_ENDS,
					       &st->ends, &st->ends_runs);
		if (rc)
			return rc;
		st->ends_done = true;
		if (bisect_state_save(st))
			msg_warn("bisect: cannot save the state in %s",
				 st->dir);
	}
	bisect_delta_text(&st->ends, d, sizeof(d));
	if (!st->ends.sig) {
		msg_error("bisect: good and bad are not distinguishable here: %s (%s, %zu %s a side); more runs or boots?",
			  d, st->metric ? st->metric : "primary metric",
			  st->ends_runs, st->measure ? "boots" : "runs");
		return EXIT_USAGE;
	}
	snprintf(range, sizeof(range), "%s..%s", st->good, st->bad);
	if (bisect_git(st->top, &count, "rev-list", "--count", range, NULL))
		count = NULL;
	printf("bisect of %s commits: good %.12s, bad %.12s\n",
	       count ? count : "?", st->good, st->bad);
	free(count);
	printf("bad against good: %s (%s, %zu %s a side)\n", d,
	       bisect_shown(st->metric ? st->metric : "primary metric",
			    range, 21),
	       st->ends_runs, st->measure ? "boots" : "runs");
	printf(" # commit       delta vs good          %s dec. subject\n",
	       st->measure ? "boots" : " runs");
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
	char d[64] = "", err[512];
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
		printf("first bad commit: %s\n  \"%s\"\n", st->first_bad,
		       bisect_shown(st->first_subject, err, 75));
		if (st->parent_measured) {
			bisect_delta_text(&st->vs_parent, d, sizeof(d));
			printf("  %s against its parent %.12s (%zu %s a side)\n",
			       d, st->parent, st->parent_runs,
			       st->measure ? "boots" : "runs");
		}
	}
	if ((rc = bisect_culprits(cfg, st, ends)))
		return rc;
	if (st->n_culprits >= 2) {
		bisect_print_culprits(st, stdout);
	} else if (st->first_bad && st->parent_measured &&
		   !st->vs_parent.sig) {
		/* even under -q: it is why the exit is 1 */
		msg_notice("bisect: the first bad commit %.12s shows no change against its parent (%s): a step was decided by noise or the change is several commits; rerun with more runs (-r, --max-runs) (exit 1)",
			   st->first_bad, d);
		rc = EXIT_FAILED;
	} else if (!st->first_bad) {
		printf("no first bad commit: %s\n", st->note ? st->note : "");
		for (size_t i = 0; i < st->n_candidates; i++)
			printf("  candidate %s\n", st->candidates[i]);
		rc = EXIT_FAILED;
	}
	for (size_t i = 0; i < st->n_steps && !st->note; i++)
		if (st->steps[i].reason &&
		    strstr(st->steps[i].reason, "several commits"))
			st->note = strdup("several commits: a step lies between the ends (its reason says)");
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

static int cmd_bisect(const struct config *cfg)
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
	if (loaded && (rc = bisect_check_steps(&st)))
		goto out;
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
	bisect_resume_clean(&st);
	rc = st.measure ? bisect_orig(&st, loaded) :
			  bisect_end_trees(&st, ends);
	if (!rc)
		rc = bisect_ends(cfg, &st, ends);
	if (rc == EXIT_USAGE && (st.ends_done || st.measure)) {
		if (report && bisect_report_write(&st, report, cfg->force, err,
						  sizeof(err)))
			msg_error("bisect: %s", err);
		if (st.orig)
			bisect_git(st.top, NULL, "checkout", "--quiet",
				   st.orig, NULL);
		bisect_cleanup(&st);
	}
	if (rc == EXIT_INTERRUPTED)
		msg_notice("bisect: stopped while measuring the ends; the same command starts again from %s",
			   st.dir);
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
		bisect_git(st.top, NULL, "bisect", "reset", st.orig, NULL);
		bisect_cleanup(&st);
	}
out:
	bisect_state_free(&st);
	free(report);
	return rc;
}

static const struct cli_use bisect_opts[] = {
	USE(OPT_GOOD), USE(OPT_BAD), USE(OPT_REPO), USE(OPT_BUILD),
	USE(OPT_MEASURE),
	{ OPT_OUTPUT, "REPORT", "write the report (JSON): every step, the\n"
				"first bad commit, the mail summary", NULL },
	USE_HELP(OPT_FORCE, "overwrite REPORT"),
	USE_HELP(OPT_REPEAT, "runs a side each round of a step"),
	USE(OPT_MAX_RUNS), USE(OPT_WARMUP), MEASURE_OPTS_READ USE(OPT_CPU),
	USE(OPT_NO_PIN), USE(OPT_TIMEOUT), USE(OPT_USER_ONLY), USE(OPT_ALPHA),
	USE(OPT_PRIMARY), USE(OPT_SEED), USE(OPT_QUIET),
	USE(OPT_PROGRESS), END,
};

/* --good, --bad and --build, and what to measure: -- COMMAND or
 * --measure. */
static int cmd_bisect_operands(struct config *cfg, int argc, char **argv)
{
	if (!cfg->bisect.good || !cfg->bisect.bad || !cfg->bisect.build_cmd)
		return cli_usage("bisect: --good REV, --bad REV and --build 'CMD' are required; usage: abstat bisect --good REV --bad REV --build 'make' -- COMMAND");
	if (argc < 1 && !cfg->bisect.measure_cmd)
		return cli_usage("bisect: no command to measure; give it after --, e.g. -- ./prog ARGS (or --measure 'CMD')");
	if (argc && cfg->bisect.measure_cmd)
		return cli_usage("bisect: --measure and a COMMAND after --: give one (--measure measures each side itself)");
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

const struct cmd_entry cmd_entry_bisect = {
	.name = "bisect",
	.summary = "git bisect by measurement: which commit made it slower",
	.run = cmd_bisect,
	.flags = CMD_MEASURES,
	.in_order = true,
	.usage = "abstat bisect --good REV --bad REV --build 'CMD' [OPTIONS] "
		 "(-- COMMAND [ARG...] | --measure 'CMD')",
	.intro = "  git bisect decided by measurement: each commit is built and\n"
		 "  COMMAND measured interleaved against the good and bad ends;\n"
		 "  good, bad, or more runs, or skipped with the reason. With\n"
		 "  --measure (kernels) each side's boots are its result files\n",
	.opts = bisect_opts,
	.operands = cmd_bisect_operands,
};
