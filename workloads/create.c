// SPDX-License-Identifier: MIT
/*
 * create: bonnie++ "sequential create": in a private directory under
 * $TMPDIR (or /tmp) create a file (O_CREAT|O_EXCL), write 512 bytes, close
 * it (no fsync) -- then, every 256 files, unlink the batch in creation
 * order. One operation is one file created, written, closed and unlinked.
 * The directory is made in setup and removed in teardown.
 */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

#define BATCH 256
#define FILE_BYTES 512

static char dir[PATH_MAX];
static int dirfd_ = -1;

static int create_setup(uint64_t n)
{
	(void)n;
	if (harness_tmpdir(dir, sizeof(dir)) < 0)
		return -1;
	dirfd_ = open(dir, O_RDONLY | O_DIRECTORY);
	return dirfd_ < 0 ? harness_perror(dir) : 0;
}

/* "f0001023": fixed width, no stdio in the loop. */
static void create_name(char *name, uint64_t i)
{
	name[0] = 'f';
	for (int k = 7; k >= 1; k--, i /= 10)
		name[k] = (char)('0' + i % 10);
	name[8] = '\0';
}

static int create_unlink(uint64_t from, uint64_t to)
{
	char name[9];

	for (uint64_t i = from; i < to; i++) {
		create_name(name, i % BATCH);
		if (unlinkat(dirfd_, name, 0) < 0)
			return harness_perror("unlink");
	}
	return 0;
}

static int64_t create_run(uint64_t n)
{
	static const char data[FILE_BYTES];
	char name[9];
	uint64_t done = 0;

	for (uint64_t i = 0; i < n; i++) {
		int fd;

		create_name(name, i % BATCH);
		fd = openat(dirfd_, name, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			return harness_perror("create");
		if (write(fd, data, sizeof(data)) != (ssize_t)sizeof(data)) {
			close(fd);
			return harness_perror("write");
		}
		close(fd);
		if ((i + 1) % BATCH == 0) {
			if (create_unlink(done, i + 1) < 0)
				return -1;
			done = i + 1;
		}
	}
	if (create_unlink(done, n) < 0)
		return -1;
	return (int64_t)n;
}

static void create_teardown(void)
{
	char name[9];

	if (dirfd_ < 0)
		return;
	for (uint64_t i = 0; i < BATCH; i++) { /* after a failure */
		create_name(name, i);
		unlinkat(dirfd_, name, 0);
	}
	close(dirfd_);
	rmdir(dir);
}

const struct workload workload = {
	.name = "create",
	.op = "create + write 512 bytes + close + unlink a file",
	.default_n = 1000,
	.n_means = "files",
	.setup = create_setup,
	.run = create_run,
	.teardown = create_teardown,
};
