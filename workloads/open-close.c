// SPDX-License-Identifier: MIT
/* open-close: open(O_RDONLY) + close() of an existing file (OpenBSD 6.x
 * thread). The file is created in setup in a private directory under
 * $TMPDIR (or /tmp), so the path lookup is the same every run; -f FILE
 * opens FILE instead. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"

static char dir[PATH_MAX], path[PATH_MAX];

static int open_close_option(int opt, const char *arg)
{
	(void)opt;
	if (strlen(arg) >= sizeof(path))
		return harness_error("-f: path too long");
	strcpy(path, arg);
	return 0;
}

static int open_close_setup(uint64_t n)
{
	int fd;

	(void)n;
	if (path[0])
		return access(path, R_OK) < 0 ? harness_perror(path) : 0;
	fd = harness_tmpfile(dir, path, sizeof(path), 0);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int64_t open_close_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		int fd = open(path, O_RDONLY);

		if (fd < 0)
			return harness_perror(path);
		close(fd);
	}
	return (int64_t)n;
}

static void open_close_teardown(void)
{
	harness_tmpfile_remove(dir, path);
}

const struct workload workload = {
	.name = "open-close",
	.op = "open() + close() of an existing file",
	.default_n = 400000,
	.optstring = "f:",
	.opt_usage = "  -f FILE  open FILE (default: one made in a private $TMPDIR dir)\n",
	.option = open_close_option,
	.setup = open_close_setup,
	.run = open_close_run,
	.teardown = open_close_teardown,
};
