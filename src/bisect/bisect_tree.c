// SPDX-License-Identifier: MIT
/*
 * bisect_tree: the private work trees of a bisect (the ends, a parent:
 * GIT_DIR/abstat-bisect/end0, end1, par0, par1) made at a commit, and
 * --build run in a tree, its output in build.log.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bisect.h"

/* A private work tree of the bisect: dir/name at sha, made or moved
 * there. 0 or an exit status after saying why. */
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
		bisect_say(st, SAY_ERROR, "bisect: git cannot check %.12s out in %s: %s; 'git worktree prune' and removing %s starts afresh",
			  sha, path, rc < 0 ? strerror(-rc) : line, st->dir);
		return BISECT_IO;
	}
	return BISECT_OK;
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
 * status after saying why. */
static int bisect_build_end(struct bisect_state *st, const char *tree,
			    const char *what, const char *sha)
{
	int rc;

	bisect_busy(st, "building", sha, strrchr(tree, '/') + 1);
	rc = bisect_build(st, tree);
	if (!rc)
		return BISECT_OK;
	if (bisect_signalled(rc)) {
		bisect_say(st, SAY_NOTICE, "bisect: the build of the %s end %.12s was stopped (exit %d); the same command starts it again from a clean tree",
			   what, sha, rc);
		return BISECT_INTERRUPTED;
	}
	if (rc < 0)
		bisect_say(st, SAY_ERROR, "bisect: cannot run the build of the %s end %.12s: %s",
			  what, sha, strerror(-rc));
	else
		bisect_say(st, SAY_ERROR, "bisect: the %s end %.12s does not build (exit %d); see %s/build.log",
			  what, sha, rc, st->dir);
	return rc < 0 ? BISECT_IO : BISECT_WORKLOAD;
}

/* The ends in private work trees, built: 0 or an exit status after
 * saying why. */
int bisect_end_trees(struct bisect_state *st, char *const *ends)
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
