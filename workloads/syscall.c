// SPDX-License-Identifier: MIT
/*
 * syscall: UnixBench "System Call Overhead": close(dup(fd)); getpid();
 * getuid(); umask(022) -- five system calls per operation. getpid and
 * getuid go through syscall(2) on Linux: glibc cached getpid() for years,
 * which made UnixBench measure a library call. UnixBench dups fd 0; we dup
 * a /dev/null descriptor opened in setup so the result does not depend on
 * what stdin is (or whether it is open).
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

#include "harness.h"

static int fd = -1;

static int syscall_setup(uint64_t n)
{
	(void)n;
	fd = open("/dev/null", O_RDONLY);
	return fd < 0 ? harness_perror("/dev/null") : 0;
}

static int64_t syscall_run(uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		close(dup(fd));
#ifdef __linux__
		syscall(SYS_getpid);
		syscall(SYS_getuid);
#else
		getpid();
		getuid();
#endif
		umask(022);
	}
	return (int64_t)n;
}

static void syscall_teardown(void)
{
	close(fd);
}

const struct workload workload = {
	.name = "syscall",
	.op = "close(dup(fd)); getpid(); getuid(); umask(022)",
	.default_n = 500000,
	.setup = syscall_setup,
	.run = syscall_run,
	.teardown = syscall_teardown,
};
