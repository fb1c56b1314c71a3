// SPDX-License-Identifier: MIT
/*
 * bisect_resume: what makes a bisect go on after an interruption. Every
 * step is saved in GIT_DIR/abstat-bisect/state.json before git hears of
 * it, and what is under way (building or measuring a commit, in the
 * work tree or a private one) before it starts: a build or measurement
 * stopped by a signal is never a decision. The same command again
 * checks the saved steps (good, bad or skip, full commit ids between
 * the ends: anything else is refused), cleans the tree of an
 * interrupted build (git clean -fdX in the work tree: the files git
 * ignores, the build's outputs; git clean -ffdx and reset --hard in a
 * private tree), replays to git bisect the steps its log lacks, and
 * asks git whether the bisect is over (git bisect next) before it
 * measures anything.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bisect.h"

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
	st->note = strdup("only skipped commits are left; the candidates are listed");
	return true;
}

/* git bisect VERB [SHA]: whether the bisect is done (bisect_done), or
 * -1 after saying why. */
int bisect_mark(struct bisect_state *st, const char *verb,
		       const char *sha)
{
	char *out = NULL, line[200];
	int rc = bisect_git(st->top, &out, "bisect", verb, sha, NULL);
	bool done;

	if (rc < 0 || (rc && !strstr(out ? out : "", "skip"))) {
		bisect_first_line(out, line, sizeof(line));
		bisect_say(st, SAY_ERROR, "bisect: git bisect %s %.12s failed: %s", verb,
			  sha ? sha : "", rc < 0 ? strerror(-rc) : line);
		free(out);
		return -1;
	}
	done = bisect_done(st, out ? out : "");
	free(out);
	return done;
}

/* Tell git bisect the steps saved before an interruption that its log
 * does not hold yet (all of them when it was reset). Whether the
 * bisect is done, or -1 after saying why. */
int bisect_replay(struct bisect_state *st)
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
			bisect_say(st, SAY_ERROR, "bisect: git bisect start failed: %.160s",
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
	if (!done) {
		/* every step in git's log already (interrupted after the
		 * last mark, measuring the first bad commit against its
		 * parent): git says whether it is over, never a step again */
		char *out = NULL;

		bisect_git(st->top, &out, "bisect", "next", NULL);
		done = bisect_done(st, out ? out : "");
		free(out);
	}
	return done;
}

/* A full commit id: 40 (SHA-1) or 64 (SHA-256) lowercase hex digits. */
static bool bisect_full_id(const char *s)
{
	size_t n = strlen(s);

	return (n == 40 || n == 64) && strspn(s, "0123456789abcdef") == n;
}

/* sha lies between the ends: good is its ancestor, it is bad's. */
static bool bisect_in_range(const struct bisect_state *st, const char *sha)
{
	return !bisect_git(st->top, NULL, "merge-base", "--is-ancestor",
			   st->good, sha, NULL) &&
	       !bisect_git(st->top, NULL, "merge-base", "--is-ancestor", sha,
			   st->bad, NULL);
}

static const char *bisect_tree_ok(const char *t)
{
	static const char *const names[] = { "top", "end0", "end1", "par0",
					     "par1", NULL };

	for (int i = 0; names[i]; i++)
		if (!strcmp(t, names[i]))
			return names[i];
	return NULL;
}

int bisect_check_steps(const struct bisect_state *st)
{
	char shown[200];

	for (size_t i = 0; i < st->n_steps; i++) {
		const struct bisect_step *s = &st->steps[i];
		const char *why = NULL;

		if (strcmp(s->decision, "good") && strcmp(s->decision, "bad") &&
		    strcmp(s->decision, "skip"))
			why = "its decision is not good, bad or skip";
		else if (!bisect_full_id(s->commit))
			why = "its commit is not a full commit id";
		else if (!bisect_in_range(st, s->commit))
			why = "its commit is not between the good and bad ends";
		if (why)
			return bisect_usage(st, "bisect: %s/state.json: step %zu (%s %s): %s; 'git bisect reset' and removing %s starts afresh",
					 st->dir, i + 1,
					 bisect_shown(s->decision, shown, 40),
					 bisect_shown(s->commit, shown + 40, 80),
					 why, st->dir);
	}
	if (st->busy && (!bisect_full_id(st->busy_commit) ||
			 !bisect_tree_ok(st->busy_tree)))
		return bisect_usage(st, "bisect: %s/state.json: in_progress is not this bisect's (a commit id and a tree of its own); 'git bisect reset' and removing %s starts afresh",
				 st->dir, st->dir);
	return BISECT_OK;
}

int bisect_busy(struct bisect_state *st, const char *doing, const char *sha,
		const char *tree)
{
	char *b = doing ? strdup(doing) : NULL;
	char *c = doing ? strdup(sha) : NULL, *t = doing ? strdup(tree) : NULL;

	free(st->busy);
	free(st->busy_commit);
	free(st->busy_tree);
	st->busy = b;
	st->busy_commit = c;
	st->busy_tree = t;
	if (doing && (!b || !c || !t)) {
		free(b);
		free(c);
		free(t);
		st->busy = st->busy_commit = st->busy_tree = NULL;
		return -ENOMEM;
	}
	if (!bisect_state_save(st))
		return 0;
	bisect_say(st, SAY_WARN, "bisect: cannot save the state in %s; an interruption now is not known to the next run",
		 st->dir);
	return -EIO;
}

void bisect_resume_clean(struct bisect_state *st)
{
	char path[4096];
	const char *tree;

	if (!st->busy || strcmp(st->busy, "building"))
		return;
	tree = bisect_tree_ok(st->busy_tree);
	if (!tree)
		return;
	bisect_say(st, SAY_NOTICE, "bisect: the build of %.12s was interrupted: it starts again from a clean tree (git clean %s in %s)",
		   st->busy_commit, strcmp(tree, "top") ? "-ffdx" : "-fdX",
		   strcmp(tree, "top") ? tree : st->top);
	if (!strcmp(tree, "top")) {
		/* the files git ignores: the build's outputs, half written */
		bisect_git(st->top, NULL, "clean", "-fdX", "--quiet", NULL);
		return;
	}
	snprintf(path, sizeof(path), "%s/%s", st->dir, tree);
	if (access(path, F_OK))
		return;
	bisect_git(path, NULL, "reset", "--hard", "--quiet", NULL);
	bisect_git(path, NULL, "clean", "-ffdx", "--quiet", NULL);
}

bool bisect_signalled(int status)
{
	return status > 128 && status <= 128 + 64;
}
