// SPDX-License-Identifier: MIT
/*
 * exec: fork(); the child execs 'exec-target' (a tiny static program that
 * exits at once, built next to this one); the parent waits (UnixBench
 * "Execl Throughput" re-execs itself; a fixed tiny target keeps the cost
 * independent of this program). -x PATH runs another program instead.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness.h"

static char target[PATH_MAX];

static int exec_option(int opt, const char *arg)
{
	(void)opt;
	if (strlen(arg) >= sizeof(target))
		return harness_error("-x: path too long");
	strcpy(target, arg);
	return 0;
}

/* exec-target next to this binary: argv[0] when it has a slash (abstat
 * passes the full path), else /proc/self/exe on Linux. */
static int exec_find_target(void)
{
	char self[PATH_MAX];
	const char *slash;
	ssize_t len = -1;

	if (strchr(harness_argv0, '/')) {
		len = (ssize_t)strlen(harness_argv0);
		if (len >= (ssize_t)sizeof(self))
			return harness_error("argv[0] too long");
		memcpy(self, harness_argv0, (size_t)len + 1);
	}
#ifdef __linux__
	if (len < 0) {
		len = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (len >= 0)
			self[len] = '\0';
	}
#endif
	if (len < 0)
		return harness_error("cannot tell where exec-target is; run me by path or give -x PATH");
	slash = strrchr(self, '/');
	if ((size_t)snprintf(target, sizeof(target), "%.*s/exec-target",
			     (int)(slash - self), self) >= sizeof(target))
		return harness_error("path of exec-target too long");
	return 0;
}

static int exec_setup(uint64_t n)
{
	(void)n;
	if (!target[0] && exec_find_target() < 0)
		return -1;
	if (access(target, X_OK) < 0)
		return harness_perror(target);
	return 0;
}

static int64_t exec_run(uint64_t n)
{
	char *const argv[] = { target, NULL };
	char *const envp[] = { NULL };

	for (uint64_t i = 0; i < n; i++) {
		int status;
		pid_t pid = fork();

		if (pid < 0)
			return harness_perror("fork");
		if (pid == 0) {
			execve(target, argv, envp);
			_exit(127);
		}
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			return harness_error("%s did not exit 0", target);
	}
	return (int64_t)n;
}

const struct workload workload = {
	.name = "exec",
	.op = "fork() + execve() of a tiny static program + waitpid()",
	.default_n = 400,
	.optstring = "x:",
	.opt_usage = "  -x PATH  program to exec (default: exec-target next to this one)\n",
	.option = exec_option,
	.setup = exec_setup,
	.run = exec_run,
};
