// SPDX-License-Identifier: MIT
/*
 * bisect_git: the processes of a bisect: git (its bisect, worktree,
 * rev-parse and log verbs) and the build command, each forked and
 * exec'd with its arguments as words, never through a shell; only
 * --build's string is given to /bin/sh -c, as documented.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bisect.h"

/* Read fd to its end into a NUL-terminated buffer: 0 or -errno. */
static int bisect_slurp(int fd, char **out)
{
	size_t n = 0, cap = 4096;
	char *buf = malloc(cap);

	if (!buf)
		return -ENOMEM;
	for (;;) {
		ssize_t k;

		if (cap - n < 1024) {
			char *p = realloc(buf, cap * 2);

			if (!p) {
				free(buf);
				return -ENOMEM;
			}
			buf = p;
			cap *= 2;
		}
		k = read(fd, buf + n, cap - n - 1);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		n += (size_t)k;
	}
	buf[n] = '\0';
	*out = buf;
	return 0;
}

int bisect_exec(const char *dir, char *const *argv, int log_fd, char **out)
{
	return bisect_exec_env(dir, argv, log_fd, out, NULL);
}

int bisect_exec_env(const char *dir, char *const *argv, int log_fd,
		    char **out, char *const *env)
{
	int pipefd[2] = { -1, -1 }, status, rc = 0;
	pid_t pid;

	if (out && pipe(pipefd))
		return -errno;
	pid = fork();
	if (pid < 0) {
		rc = -errno;
		if (out) {
			close(pipefd[0]);
			close(pipefd[1]);
		}
		return rc;
	}
	if (!pid) {
		int fd = out ? pipefd[1] : log_fd;

		if (fd >= 0 && (dup2(fd, STDOUT_FILENO) < 0 ||
				dup2(fd, STDERR_FILENO) < 0))
			_exit(127);
		if (out)
			close(pipefd[0]);
		if (dir && chdir(dir))
			_exit(127);
		setenv("LC_ALL", "C", 1);
		for (size_t i = 0; env && env[i]; i++)
			putenv(env[i]);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (out) {
		close(pipefd[1]);
		rc = bisect_slurp(pipefd[0], out);
		close(pipefd[0]);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (rc) {
		free(*out);
		*out = NULL;
		return rc;
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

int bisect_git(const char *dir, char **out, ...)
{
	char *argv[16] = { "git", "-C", (char *)dir };
	size_t n = 3;
	char *text = NULL;
	va_list ap;
	int rc;

	va_start(ap, out);
	while (n < 15 && (argv[n] = va_arg(ap, char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	rc = bisect_exec(NULL, argv, -1, &text);
	if (rc >= 0 && text) {
		size_t k = strlen(text);

		while (k && text[k - 1] == '\n')
			text[--k] = '\0';
	}
	if (out)
		*out = text;
	else
		free(text);
	return rc;
}

void bisect_first_line(const char *text, char *buf, size_t len)
{
	size_t n = text ? strcspn(text, "\n") : 0;

	if (n > 160)
		n = 160;
	snprintf(buf, len, "%.*s", (int)n, text ? text : "");
}
