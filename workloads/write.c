// SPDX-License-Identifier: MIT
/* write: write(2) of one byte to /dev/null (FreeBSD 4.7 vs 5.2 thread). */
#include <fcntl.h>
#include <unistd.h>

#include "harness.h"

static int fd = -1;

static int write_setup(uint64_t n)
{
	(void)n;
	fd = open("/dev/null", O_WRONLY);
	return fd < 0 ? harness_perror("/dev/null") : 0;
}

static int64_t write_run(uint64_t n)
{
	char c = 'x';

	for (uint64_t i = 0; i < n; i++)
		if (write(fd, &c, 1) != 1)
			return harness_perror("write /dev/null");
	return (int64_t)n;
}

static void write_teardown(void)
{
	close(fd);
}

const struct workload workload = {
	.name = "write",
	.op = "write() of 1 byte to /dev/null",
	.default_n = 2000000,
	.setup = write_setup,
	.run = write_run,
	.teardown = write_teardown,
};
