// SPDX-License-Identifier: MIT
/* socket: socket(AF_INET, SOCK_STREAM) + close() (FreeBSD 4.7 vs 5.2
 * thread): allocating and freeing a socket, no network traffic. */
#include <sys/socket.h>
#include <netinet/in.h>
#include <unistd.h>

#include "harness.h"

static int socket_setup(uint64_t n)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);

	(void)n;
	if (s < 0)
		return harness_perror("socket(AF_INET, SOCK_STREAM)");
	close(s);
	return 0;
}

static int64_t socket_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		int s = socket(AF_INET, SOCK_STREAM, 0);

		if (s < 0)
			return harness_perror("socket");
		close(s);
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "socket",
	.op = "socket(AF_INET, SOCK_STREAM) + close()",
	.default_n = 100000,
	.setup = socket_setup,
	.run = socket_run,
};
