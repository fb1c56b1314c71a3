// SPDX-License-Identifier: MIT
/*
 * hooks: one hook command, run through /bin/sh -c with posix_spawn and
 * waited for; its outcome in one sentence. The child gets an empty
 * signal mask and default dispositions: abstat blocks its stop signals
 * between runs and ignores SIGPIPE, and neither should reach a hook.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hooks.h"

extern char **environ;

int hooks_config(json_t *config, const char *setup, const char *cleanup,
		 const char *prepare, const char *conclude)
{
	const char *names[] = { "setup", "cleanup", "prepare", "conclude" };
	const char *cmds[] = { setup, cleanup, prepare, conclude };

	for (size_t i = 0; i < 4; i++)
		if (cmds[i] && json_object_set_new(config, names[i],
						   json_string(cmds[i])))
			return -ENOMEM;
	return 0;
}

int hooks_run(const char *name, const char *cmd, char *err, size_t len)
{
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	pid_t pid;
	int rc, status;

	sigemptyset(&none);
	sigfillset(&all);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
					      POSIX_SPAWN_SETSIGDEF);
	rc = posix_spawn(&pid, "/bin/sh", &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc) {
		snprintf(err, len, "--%s '%s' could not start: %s", name, cmd,
			 strerror(rc));
		return -rc; /* posix_spawn returns the errno */
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			rc = -errno;
			snprintf(err, len, "--%s '%s': cannot wait for it: %s",
				 name, cmd, strerror(-rc));
			return rc;
		}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	if (WIFSIGNALED(status))
		snprintf(err, len, "--%s '%s' was killed by signal %d (%s)",
			 name, cmd, WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else
		snprintf(err, len, "--%s '%s' exited with status %d", name,
			 cmd, WEXITSTATUS(status));
	return -ECANCELED;
}
