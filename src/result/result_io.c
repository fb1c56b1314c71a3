// SPDX-License-Identifier: MIT
/*
 * result_io: publishing a result file atomically and reading files in.
 *
 * Side A of a kernel comparison may cost a reboot to measure again, so a
 * result is never half-written and never overwrites another one: it goes to
 * a mkstemp() file in the same directory (same file system, no predictable
 * name), is fsync'd, then renamed over nothing (renameat2 RENAME_NOREPLACE;
 * link()+unlink() where the file system lacks it) and the directory is
 * fsync'd so the new name survives a crash too. The writer that streams
 * the file into the temp file is result_write.c. A regular file is read
 * through a mapping (result_map.c), anything else into a buffer; either
 * text becomes a result in result_text.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "hold.h"
#include "result_parse_priv.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif

char *result_dirname(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

static int result_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int rc = 0;

	if (fd < 0)
		return -errno;
	/* Some file systems cannot sync a directory (EINVAL): nothing to do */
	if (fsync(fd) && errno != EINVAL)
		rc = -errno;
	close(fd);
	return rc;
}

int result_sync_dir(const char *path)
{
	char *dir = result_dirname(path);
	int rc = dir ? result_fsync_dir(dir) : -ENOMEM;

	free(dir);
	return rc;
}

const char *result_kind_name(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:
		return "a regular file";
	case S_IFDIR:
		return "a directory";
	case S_IFLNK:
		return "a symbolic link";
	case S_IFIFO:
		return "a FIFO";
	case S_IFCHR:
		return "a character device";
	case S_IFBLK:
		return "a block device";
	case S_IFSOCK:
		return "a socket";
	default:
		return "not a regular file";
	}
}

/*
 * --force replaces a result, never what else may sit at the name: renaming
 * over a device, FIFO or symlink destroys it (as root, -o /dev/null --force
 * once replaced the system's /dev/null), and a directory is never a result.
 */
int result_check_replace(const char *path, char *err, size_t len)
{
	struct stat st;

	if (lstat(path, &st) || S_ISREG(st.st_mode))
		return 0;
	snprintf(err, len,
		 "%s is %s; abstat replaces only a regular file, even with --force: choose another name",
		 path, result_kind_name(st.st_mode));
	return -EEXIST;
}

int result_check_output(const char *path, bool force, char *err, size_t len)
{
	char *dir;
	struct stat st;
	int rc = hold_check_output(path, err, len);

	if (rc)
		return rc;
	if (force) {
		rc = result_check_replace(path, err, len);
		if (rc)
			return rc;
	}
	dir = result_dirname(path);
	if (!dir)
		return err_nomem(err, len);
	if (!force && lstat(path, &st) == 0) {
		snprintf(err, len,
			 "%s exists; use --force to overwrite it or choose another name",
			 path);
		rc = -EEXIST;
	} else if (access(dir, W_OK | X_OK)) {
		rc = -errno;
		snprintf(err, len,
			 "cannot write a file in %s: %s; choose a writable directory",
			 dir, strerror(errno));
	}
	free(dir);
	return rc;
}

static int result_publish_new(const char *tmp, const char *path);

/*
 * --force: rename tmp over what is at path, holding that file's lock for
 * the rename, so that no session takes it meanwhile (a journal only ever
 * comes to a free name, and one that is replaced is first locked). A
 * file abstat cannot open (another user's, unreadable) is no journal and
 * is replaced as before.
 */
static int result_publish_over(const char *tmp, const char *path, char *err,
			       size_t len)
{
	for (int tries = 0; tries < 8; tries++) {
		struct stat st, now;
		int fd, rc = result_publish_new(tmp, path);

		if (rc != -EEXIST)
			return rc;
		/* checked again here: the name may have changed since */
		rc = result_check_replace(path, err, len);
		if (rc)
			return rc;
		fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT)
			continue;
		if (fd < 0 && errno != EACCES)
			return -errno;
		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB)) {
			rc = errno == EWOULDBLOCK ? -EBUSY : -errno;
			if (rc == -EBUSY)
				hold_busy(fd, path, err, len);
			close(fd);
			return rc;
		}
		if (fd >= 0 && (fstat(fd, &st) || lstat(path, &now) ||
				st.st_dev != now.st_dev ||
				st.st_ino != now.st_ino)) {
			close(fd);
			continue; /* replaced meanwhile: look again */
		}
		rc = fd >= 0 ? hold_check_journal(fd, path, err, len) : 0;
		if (!rc)
			rc = hold_check_next(path, err, len);
		if (!rc && rename(tmp, path))
			rc = -errno;
		if (fd >= 0)
			close(fd);
		return rc;
	}
	snprintf(err, len,
		 "%s keeps changing: another session is writing the same name; try again",
		 path);
	return -EBUSY;
}

/* Move tmp to path, refusing to replace an existing file unless force,
 * and anything but a regular file even then, or what another session
 * holds (hold.h). */
int result_publish(const char *tmp, const char *path, bool force, char *err,
		   size_t len)
{
	int rc;

	err[0] = '\0';
	if (force) {
		rc = result_publish_over(tmp, path, err, len);
	} else {
		rc = hold_check_next(path, err, len);
		if (!rc)
			rc = result_publish_new(tmp, path);
		/* say why when it is a journal or held: never "use --force" */
		if (rc == -EEXIST &&
		    hold_check_output(path, err, len) == -EBUSY)
			rc = -EBUSY;
	}
	if (rc == -EEXIST && !err[0])
		snprintf(err, len,
			 "%s exists; use --force to overwrite it or choose another name",
			 path);
	else if (rc && !err[0])
		snprintf(err, len, "cannot rename %s to %s: %s", tmp, path,
			 strerror(-rc));
	return rc;
}

static int result_publish_new(const char *tmp, const char *path)
{
	if (!renameat2(AT_FDCWD, tmp, AT_FDCWD, path, RENAME_NOREPLACE))
		return 0;
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return -errno;
	/* No RENAME_NOREPLACE here: link() fails with EEXIST just the same */
	if (link(tmp, path))
		return -errno;
	unlink(tmp);
	return 0;
}

static int result_open(const char *path, char *err, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		fd = -errno;
		snprintf(err, len, "%s: %s", path, strerror(errno));
	}
	return fd;
}

static int result_too_big(const char *path, size_t max, char *err,
			  size_t len)
{
	snprintf(err, len,
		 "%s: file is larger than the %zu MiB limit; not an abstat file",
		 path, max >> 20);
	return -EFBIG;
}

/* result_slurp of the file open at fd (closed here). */
static int result_slurp_fd(int fd, const char *path, size_t max, char **buf,
			   size_t *size, char *err, size_t len)
{
	size_t cap = 65536, n = 0;
	char *b = NULL;
	int rc = 0;

	*buf = NULL;
	*size = 0;
	for (;;) {
		ssize_t got;

		if (n + 1 >= cap || !b) {
			char *nb;

			if (b)
				cap *= 2;
			if (cap > max + 2)
				cap = max + 2;
			nb = realloc(b, cap);
			if (!nb) {
				rc = -ENOMEM;
				snprintf(err, len, "%s: out of memory", path);
				break;
			}
			b = nb;
		}
		got = read(fd, b + n, cap - 1 - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = -errno;
			snprintf(err, len, "%s: %s", path, strerror(errno));
			break;
		}
		if (got == 0)
			break;
		n += (size_t)got;
		if (n > max) {
			rc = result_too_big(path, max, err, len);
			break;
		}
	}
	close(fd);
	if (rc) {
		free(b);
		return rc;
	}
	b[n] = '\0';
	*buf = b;
	*size = n;
	return 0;
}

int result_slurp(const char *path, size_t max, char **buf, size_t *size,
		 char *err, size_t len)
{
	int fd = result_open(path, err, len);

	*buf = NULL;
	*size = 0;
	if (fd < 0)
		return fd;
	return result_slurp_fd(fd, path, max, buf, size, err, len);
}

int result_read(const char *path, struct result **out, char *err, size_t len)
{
	int fd = result_open(path, err, len), rc = -ENOTSUP;
	struct stat st;
	size_t size;
	char *buf;

	*out = NULL;
	if (fd < 0)
		return fd;
	/* a regular file (not /proc's, which say 0 bytes) is mapped */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((uintmax_t)st.st_size > RESULT_MAX_BYTES) {
			close(fd);
			result_too_big(path, RESULT_MAX_BYTES, err, len);
			return -EINVAL;
		}
		rc = result_map_read(fd, &st, path, RESULT_WINDOW, out, err,
				     len);
	}
	if (rc != -ENOTSUP) {
		close(fd);
		return rc;
	}
	/* read from where the file is: a pipe cannot be read twice */
	rc = result_slurp_fd(fd, path, RESULT_MAX_BYTES, &buf, &size, err,
			     len);
	if (rc)
		return rc == -EFBIG ? -EINVAL : rc;
	rc = result_parse_buffer(buf, size, path, out, err, len);
	free(buf);
	return rc;
}
