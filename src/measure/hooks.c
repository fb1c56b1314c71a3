// SPDX-License-Identifier: MIT
/*
 * hooks: one hook command, run through /bin/sh -c with posix_spawn in a
 * process group of its own and waited for through a pidfd in ppoll, so
 * that its time limit and the session's stop signals end the wait: then
 * its whole group is killed (SIGKILL: a hook that was told to stop has
 * nothing to save) and reaped. The child gets an empty signal mask and
 * default dispositions: abstat blocks its stop signals between runs and
 * ignores SIGPIPE, and neither should reach a hook.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
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

static double hooks_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int hooks_spawn(const char *cmd, pid_t *pid)
{
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	sigset_t none, all;
	int rc;

	sigemptyset(&none);
	sigfillset(&all);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &all);
	posix_spawnattr_setpgroup(&at, 0); /* its own group: killed whole */
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK |
					      POSIX_SPAWN_SETSIGDEF |
					      POSIX_SPAWN_SETPGROUP);
	rc = posix_spawn(pid, "/bin/sh", &fa, &at, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	return rc;
}

/*
 * Wait for pid (its pidfd) within lim: 0 when it has exited, -ETIME when
 * its time is up, -EINTR on a stop signal, -errno when it cannot be
 * waited for. The stop signals are unblocked in ppoll only: one that
 * comes while abstat looks at the flag waits there, never lost.
 */
static int hooks_wait(int pidfd, const struct hooks_limits *lim,
		      double limit_s)
{
	double deadline = hooks_now_s() + limit_s;
	sigset_t mask;

	sigprocmask(SIG_SETMASK, NULL, &mask);
	for (int sig = 1; lim->stop_signals && sig < NSIG; sig++)
		if (sigismember(lim->stop_signals, sig) == 1)
			sigdelset(&mask, sig);
	for (;;) {
		struct pollfd p = { pidfd, POLLIN, 0 };
		double left = deadline - hooks_now_s();
		struct timespec ts;
		int n;

		if (lim->stop_flag && *lim->stop_flag)
			return -EINTR;
		if (left <= 0)
			return -ETIME;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		n = ppoll(&p, 1, &ts, &mask);
		if (n > 0)
			return 0;
		if (n < 0 && errno != EINTR)
			return -errno;
	}
}

int hooks_run(const char *name, const char *cmd,
	      const struct hooks_limits *lim, char *err, size_t len)
{
	double limit_s = lim->timeout_s > 0 ? lim->timeout_s : HOOKS_TIMEOUT_S;
	int rc, status, pidfd;
	pid_t pid;

	rc = hooks_spawn(cmd, &pid);
	if (rc) {
		snprintf(err, len, "--%s '%s' could not start: %s", name, cmd,
			 strerror(rc));
		return -rc; /* posix_spawn returns the errno */
	}
	if (lim->pgid)
		*lim->pgid = pid;
	pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	rc = pidfd < 0 ? -errno : hooks_wait(pidfd, lim, limit_s);
	if (pidfd >= 0)
		close(pidfd);
	if (rc)
		kill(-pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (lim->pgid)
		*lim->pgid = 0;
	if (rc == -EINTR) {
		int sig = *lim->stop_flag; /* the handler stores the signal */

		snprintf(err, len,
			 "--%s '%s' was stopped by signal %d (%s): its process group was killed",
			 name, cmd, sig, strsignal(sig));
		return -EINTR;
	}
	if (rc == -ETIME) {
		snprintf(err, len,
			 "--%s '%s' timed out after %g s (%s); its process group was killed",
			 name, cmd, limit_s,
			 lim->timeout_s > 0 ? "--timeout" :
					      "the hooks' limit without --timeout");
		return -ETIME;
	}
	if (rc) {
		snprintf(err, len, "--%s '%s': cannot wait for it: %s", name,
			 cmd, strerror(-rc));
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
