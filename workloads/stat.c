// SPDX-License-Identifier: MIT
/* stat: stat() of an existing path (the OpenBSD vs Linux stat() rates
 * thread). The file is created in setup in a private directory under
 * $TMPDIR (or /tmp); -f PATH stats PATH instead. */
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"

static char dir[PATH_MAX], path[PATH_MAX];

static int stat_option(int opt, const char *arg)
{
	(void)opt;
	if (strlen(arg) >= sizeof(path))
		return harness_error("-f: path too long");
	strcpy(path, arg);
	return 0;
}

static int stat_setup(uint64_t n)
{
	struct stat st;
	int fd;

	(void)n;
	if (path[0])
		return stat(path, &st) < 0 ? harness_perror(path) : 0;
	fd = harness_tmpfile(dir, path, sizeof(path), 0);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int64_t stat_run(uint64_t n)
{
	struct stat st;

	for (uint64_t i = 0; i < n; i++)
		if (stat(path, &st) < 0)
			return harness_perror(path);
	return (int64_t)n;
}

static void stat_teardown(void)
{
	harness_tmpfile_remove(dir, path);
}

const struct workload workload = {
	.name = "stat",
	.op = "stat() of an existing path",
	.default_n = 700000,
	.optstring = "f:",
	.opt_usage = "  -f PATH  stat PATH (default: a file in a private $TMPDIR dir)\n",
	.option = stat_option,
	.setup = stat_setup,
	.run = stat_run,
	.teardown = stat_teardown,
};
