// SPDX-License-Identifier: MIT
/* select: select(2) with a zero timeout on a pipe that is readable (a byte
 * is written in setup), so every call returns 1 at once (FreeBSD 4.7 vs
 * 5.2 thread). */
#include <sys/select.h>
#include <unistd.h>

#include "harness.h"

static int fds[2] = { -1, -1 };

static int select_setup(uint64_t n)
{
	(void)n;
	if (pipe(fds) < 0)
		return harness_perror("pipe");
	if (write(fds[1], "x", 1) != 1)
		return harness_perror("write pipe");
	return 0;
}

static int64_t select_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		struct timeval zero = { 0, 0 };
		fd_set rd;

		FD_ZERO(&rd);
		FD_SET(fds[0], &rd);
		if (select(fds[0] + 1, &rd, NULL, NULL, &zero) != 1)
			return harness_error("select: pipe not ready");
	}
	return (int64_t)n;
}

static void select_teardown(void)
{
	close(fds[0]);
	close(fds[1]);
}

const struct workload workload = {
	.name = "select",
	.op = "select() on a readable pipe, zero timeout",
	.default_n = 1000000,
	.setup = select_setup,
	.run = select_run,
	.teardown = select_teardown,
};
