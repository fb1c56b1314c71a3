// SPDX-License-Identifier: MIT
/*
 * hold: what a live session holds, told by flock(2) (see hold.h). A lock
 * test takes a shared lock without waiting: it fails (EWOULDBLOCK) only
 * while another open file holds the exclusive one. Locks of this
 * process's own open files conflict with it the same way, so the
 * journals this process holds are remembered (device and inode) and
 * never count as another session's.
 *
 * What is at a name is opened with O_NOFOLLOW | O_NONBLOCK and looked at
 * only when it is a regular file: a FIFO neither blocks the check nor is
 * read, a symlink is never followed.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "hold.h"

#define HOLD_FORMAT "abstat-journal" /* a journal's header (journal.c) */
#define HOLD_HEAD_MAX (1u << 20)     /* a header line is far shorter */

/* This process's journals: a process-wide fact, as its locks are. */
static struct hold_id {
	dev_t dev;
	ino_t ino;
} *hold_mine;
static size_t hold_n;

static bool hold_is_mine(const struct stat *st)
{
	for (size_t i = 0; i < hold_n; i++)
		if (hold_mine[i].dev == st->st_dev &&
		    hold_mine[i].ino == st->st_ino)
			return true;
	return false;
}

int hold_take(int fd, bool journal)
{
	struct hold_id *grown;
	struct stat st;

	if (flock(fd, LOCK_EX | LOCK_NB))
		return -errno;
	if (!journal)
		return 0;
	if (fstat(fd, &st))
		return -errno;
	grown = realloc(hold_mine, (hold_n + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	hold_mine = grown;
	hold_mine[hold_n++] = (struct hold_id){ st.st_dev, st.st_ino };
	return 0;
}

void hold_drop(int fd)
{
	struct stat st;

	if (fd < 0 || fstat(fd, &st))
		return;
	for (size_t i = 0; i < hold_n; i++)
		if (hold_mine[i].dev == st.st_dev &&
		    hold_mine[i].ino == st.st_ino) {
			hold_mine[i] = hold_mine[--hold_n];
			break;
		}
	if (!hold_n) {
		free(hold_mine);
		hold_mine = NULL;
	}
}

bool hold_held(int fd)
{
	struct stat st;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || hold_is_mine(&st))
		return false;
	if (!flock(fd, LOCK_SH | LOCK_NB)) {
		flock(fd, LOCK_UN);
		return false;
	}
	return errno == EWOULDBLOCK;
}

/* The header line of the file open at fd as JSON, or NULL. */
static json_t *hold_header(int fd)
{
	size_t cap = 65536, n = 0;
	char *buf = NULL, *nl = NULL;
	json_t *h = NULL;

	while (!nl && n < HOLD_HEAD_MAX) {
		char *grown = realloc(buf, cap);
		ssize_t got;

		if (!grown)
			break;
		buf = grown;
		got = pread(fd, buf + n, cap - n, (off_t)n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		nl = memchr(buf + n, '\n', (size_t)got);
		n += (size_t)got;
		if (n == cap)
			cap *= 2;
	}
	if (nl) {
		h = json_loadb(buf, (size_t)(nl - buf), 0, NULL);
		if (!json_is_string(json_object_get(h, "format")) ||
		    strcmp(json_string_value(json_object_get(h, "format")),
			   HOLD_FORMAT)) {
			json_decref(h);
			h = NULL;
		}
	}
	free(buf);
	return h;
}

long hold_pid(int fd)
{
	json_t *h = hold_header(fd), *p = json_object_get(h, "pid");
	long pid = 0;

	if (json_is_integer(p) && json_integer_value(p) > 0)
		pid = (long)json_integer_value(p);
	json_decref(h);
	return pid;
}

void hold_busy(int fd, const char *path, char *err, size_t len)
{
	long pid = hold_pid(fd);

	if (pid)
		snprintf(err, len,
			 "%s is in use: a live session (pid %ld) is writing the same output; wait for it or choose another -o",
			 path, pid);
	else
		snprintf(err, len,
			 "%s is in use: a live session is writing it (it holds its lock); wait for it or choose another name",
			 path);
}

/* fd open on path, or -1 when there is nothing to look at: no such file,
 * or not a regular file (what the callers' own checks refuse). */
static int hold_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;

	if (fd >= 0 && (fstat(fd, &st) || !S_ISREG(st.st_mode))) {
		close(fd);
		fd = -1;
	}
	return fd;
}

int hold_check_journal(int fd, const char *path, char *err, size_t len)
{
	json_t *h = hold_header(fd);

	if (!h)
		return 0;
	json_decref(h);
	snprintf(err, len,
		 "%s is the journal of a session that was cut off, never an output (not even with --force): recover it with 'abstat recover %s -o FILE' or remove it",
		 path, path);
	return -EEXIST;
}

int hold_check_next(const char *path, char *err, size_t len)
{
	char *journal = NULL;
	int fd, rc = 0;

	/* the output of a live session: it publishes there at its end */
	if (asprintf(&journal, "%s.journal", path) < 0)
		return err_nomem(err, len);
	fd = hold_open(journal);
	if (fd >= 0 && hold_held(fd)) {
		hold_busy(fd, journal, err, len);
		rc = -EBUSY;
	}
	if (fd >= 0)
		close(fd);
	free(journal);
	return rc;
}

int hold_check_output(const char *path, char *err, size_t len)
{
	int fd = hold_open(path), rc = 0;

	if (fd >= 0 && hold_held(fd)) {
		hold_busy(fd, path, err, len);
		rc = -EBUSY;
	} else if (fd >= 0) {
		rc = hold_check_journal(fd, path, err, len);
	}
	if (fd >= 0)
		close(fd);
	return rc ? rc : hold_check_next(path, err, len);
}

int hold_check_free(const char *path, char *err, size_t len)
{
	int fd = hold_open(path), rc = 0;

	if (fd >= 0 && hold_held(fd)) {
		snprintf(err, len,
			 "%s is being written by a live session (pid %ld holds its lock); wait for it to end",
			 path, hold_pid(fd));
		rc = -EBUSY;
	}
	if (fd >= 0)
		close(fd);
	return rc;
}
