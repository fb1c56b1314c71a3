// SPDX-License-Identifier: MIT
/*
 * boots_trust: what root reads and runs for a plan is root's. A path is
 * walked from / one directory at a time, each opened with O_NOFOLLOW
 * relative to the one above (openat) and checked by fstat on what was
 * opened: every directory above must be root's (or this user's) and
 * writable by no one else unless sticky, so that nobody else can put
 * another file in its place, then or later; the plan's directory is
 * kept open (boots_plan_open) and its files opened relative to it.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boots_plan.h"
#include "err.h"
#include "sha256.h"

int boots_trust_stat(const struct stat *st, const char *path, char *err,
		     size_t len)
{
	/* root's is trusted too: status and report of root's plan by a
	 * user, who can change nothing in it */
	if (st->st_uid != geteuid() && st->st_uid != 0)
		snprintf(err, len,
			 "%s is owned by uid %u, not by uid %u who runs the plan: anyone who owns it can make root run their commands; chown %u %s, or write a new plan in a directory of your own",
			 path, (unsigned)st->st_uid, (unsigned)geteuid(),
			 (unsigned)geteuid(), path);
	else if (S_ISLNK(st->st_mode))
		snprintf(err, len,
			 "%s is a symbolic link: a plan's files are its own, never links; remove it",
			 path);
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(err, len,
			 "%s is writable by others (mode %04o): anyone could rewrite the plan root runs; chmod go-w %s",
			 path, (unsigned)(st->st_mode & 07777), path);
	else
		return 0;
	return -EPERM;
}

/* A directory above path (at, the part walked so far): root's or this
 * user's, written by no one else unless sticky. */
static int trust_above(const struct stat *st, const char *at,
		       const char *path, const char *what, char *err,
		       size_t len)
{
	if (st->st_uid != 0 && st->st_uid != geteuid())
		snprintf(err, len,
			 "%s, above %s, is owned by uid %u: its owner can put another %s in its place; keep it where every directory above is root's (not under a home directory)",
			 at, path, (unsigned)st->st_uid, what);
	else if (!S_ISDIR(st->st_mode))
		snprintf(err, len, "%s, above %s, is not a directory", at,
			 path);
	else if ((st->st_mode & (S_IWGRP | S_IWOTH)) &&
		 !(st->st_mode & S_ISVTX))
		snprintf(err, len,
			 "%s, above %s, is writable by others (mode %04o): anyone could put another %s in its place; chmod go-w %s, or keep it elsewhere",
			 at, path, (unsigned)(st->st_mode & 07777), what, at);
	else
		return 0;
	return -EPERM;
}

int boots_trust_walk(const char *path, bool dir, const char *what,
		     char *err, size_t len)
{
	char real[PATH_MAX], at[PATH_MAX] = "", *save = NULL, *part, *next;
	int fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC), nfd, rc;
	struct stat st;

	if (!realpath(path, real) || fd < 0) {
		rc = -errno;
		snprintf(err, len, "%s: %s; give the path of an existing %s",
			 path, strerror(errno), what);
		if (fd >= 0)
			close(fd);
		return rc;
	}
	part = strtok_r(real, "/", &save);
	for (; part; part = next) {
		next = strtok_r(NULL, "/", &save);
		if (fstat(fd, &st))
			rc = -errno;
		else
			rc = trust_above(&st, *at ? at : "/", path, what, err,
					 len);
		if (rc) {
			close(fd);
			return rc;
		}
		nfd = openat(fd, part, O_RDONLY | O_NOFOLLOW | O_CLOEXEC |
				       (next || dir ? O_DIRECTORY : O_NONBLOCK));
		rc = -errno;
		close(fd);
		snprintf(at + strlen(at), sizeof(at) - strlen(at), "/%s",
			 part);
		if (nfd < 0) {
			snprintf(err, len, "%s: %s (a link or a directory changed while it was walked); give a path whose directories are root's",
				 at, strerror(-rc));
			return rc;
		}
		fd = nfd;
	}
	return fd;
}

int boots_trust_exec(const char *path, bool dir, const char *what,
		     char *err, size_t len)
{
	int fd = boots_trust_walk(path, dir, what, err, len);
	struct stat st;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) || (st.st_uid != 0 && st.st_uid != geteuid()) ||
	    (st.st_mode & (S_IWGRP | S_IWOTH))) {
		snprintf(err, len,
			 "%s %s is owned by uid %u with mode %04o: root would run what another user can change; give a%s %s that is root's and writable by root alone (chown 0, chmod go-w)",
			 what, path, (unsigned)st.st_uid,
			 (unsigned)(st.st_mode & 07777),
			 strchr("aeiou", *what) ? "n" : "", what);
		close(fd);
		return -EPERM;
	}
	return fd;
}

/* Every file in DIR (its fd) trusted as DIR is. */
static int plan_trust_files(int dfd, const char *dir, char *err, size_t len)
{
	char path[4096];
	struct dirent *e;
	struct stat st;
	int fd = dup(dfd), rc = 0;
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;

	if (!d) {
		if (fd >= 0)
			close(fd);
		return err_nomem(err, len);
	}
	while (!rc && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (fstatat(dfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
			continue; /* gone meanwhile */
		rc = boots_trust_stat(&st, path, err, len);
	}
	closedir(d);
	return rc;
}

int boots_plan_open(const char *dir, char *err, size_t len)
{
	struct stat st;
	int fd, rc;

	if (access(dir, F_OK) && errno == ENOENT) {
		snprintf(err, len,
			 "%s/%s: no plan there; write one with abstat boots init %s A=KERNEL B=KERNEL -- RUN-ARGS",
			 dir, BOOTS_PLAN_FILE, dir);
		return -ENOENT;
	}
	fd = boots_trust_walk(dir, true, "plan", err, len);
	if (fd < 0)
		return fd;
	if (fstat(fd, &st))
		rc = -errno;
	else
		rc = boots_trust_stat(&st, dir, err, len) ?:
		     plan_trust_files(fd, dir, err, len);
	if (rc) {
		close(fd);
		return rc;
	}
	return fd;
}

int boots_trust_hashed(const char *path, const char *want, const char *what,
		       char *err, size_t len)
{
	int fd = boots_trust_exec(path, false, what, err, len), rc;
	char hash[65];

	if (fd < 0)
		return fd;
	rc = sha256_fd(fd, hash);
	if (!rc && (!want || !strcmp(hash, want)))
		return fd; /* none recorded (init --no-check): root's, as is */
	close(fd);
	if (rc) {
		snprintf(err, len, "cannot read %s %s: %s", what, path,
			 strerror(-rc));
		return rc;
	}
	snprintf(err, len,
		 "%s %s changed since abstat boots init (sha256 %.12s, recorded %.12s): nothing is booted; abstat boots init --force with the %s to boot",
		 what, path, hash, want, what);
	return -EPERM;
}

int boots_plan_mkdir(const char *dir, bool make, char *err, size_t len)
{
	char parent[PATH_MAX], *slash;
	const char *base;
	struct stat st;
	int fd, rc = 0;

	if (snprintf(parent, sizeof(parent), "%s", dir) >= (int)sizeof(parent))
		return -ENAMETOOLONG;
	while ((slash = strrchr(parent, '/')) && slash != parent && !slash[1])
		*slash = '\0'; /* DIR/ */
	slash = strrchr(parent, '/');
	base = slash ? dir + (slash - parent) + 1 : dir;
	if (slash)
		slash[slash == parent] = '\0';
	fd = boots_trust_walk(slash ? parent : ".", true, "plan", err, len);
	if (fd < 0)
		return fd;
	if (fstat(fd, &st))
		rc = -errno;
	else
		rc = trust_above(&st, slash ? parent : ".", dir, "plan", err,
				 len);
	if (!rc && make && mkdirat(fd, base, 0755) && errno != EEXIST) {
		rc = -errno;
		snprintf(err, len, "cannot make %s: %s; give a directory on persistent storage",
			 dir, strerror(errno));
	}
	close(fd);
	return rc;
}
