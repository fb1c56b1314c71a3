// SPDX-License-Identifier: MIT
/* sysroot: paths of /proc and /sys under a root (sysroot.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include "sysroot.h"

int sysroot_path(const char *root, const char *rel, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s%s", root ? root : "", rel);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int sysroot_open(const char *root, const char *rel)
{
	char path[PATH_MAX];

	if (sysroot_path(root, rel, path, sizeof(path))) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return open(path, O_RDONLY | O_CLOEXEC);
}

FILE *sysroot_fopen(const char *root, const char *rel)
{
	int fd = sysroot_open(root, rel);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "r");
	if (!f) {
		int e = errno;

		close(fd);
		errno = e;
	}
	return f;
}
