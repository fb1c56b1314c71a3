// SPDX-License-Identifier: MIT
/*
 * launcher_access: can the --user account execute the workload? Checked
 * once before measuring, in a forked child that drops to the account's
 * groups, gid and uid (as the launcher does before exec) and asks
 * access(2) about every directory on the path and the file itself, so a
 * checkout in a 0700 directory is named as the reason instead of every
 * run failing.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launcher.h"

/* In the child: the length of the first prefix of path the account cannot
 * pass (a directory it cannot search, or the file it cannot execute), or
 * 0 when it can. */
static size_t launcher_blocked_prefix(const char *path)
{
	char buf[4096];
	size_t n = strlen(path);

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, path, n + 1);
	for (size_t i = 1; i < n; i++) {
		if (buf[i] != '/')
			continue;
		buf[i] = '\0';
		if (access(buf, X_OK) != 0)
			return i;
		buf[i] = '/';
	}
	return access(path, X_OK) != 0 ? n : 0;
}

static size_t launcher_probe_as(const struct launch_spec *spec,
				const char *path)
{
	int st;
	pid_t pid = fork();

	if (pid < 0)
		return 0; /* cannot tell; the run reports exec failures */
	if (pid == 0) {
		size_t n;

		if (setgroups(spec->n_groups, spec->groups) ||
		    setgid(spec->gid) || setuid(spec->uid))
			_exit(255);
		n = launcher_blocked_prefix(path);
		_exit(n > 254 ? 254 : (int)n);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return 0;
	return WEXITSTATUS(st) == 254 ? strlen(path) : WEXITSTATUS(st);
}

int launcher_user_access(const struct launch_spec *spec, const char *path,
			 char *err, size_t len)
{
	struct passwd *pw = getpwuid(spec->uid);
	char part[4096], user[256];
	struct stat st;
	size_t n;

	if (!spec->drop_priv || path[0] != '/')
		return 0;
	/* getpwuid's buffer is reused below */
	snprintf(user, sizeof(user), "%s", pw ? pw->pw_name : "the --user account");
	n = launcher_probe_as(spec, path);
	if (n == 0)
		return 0;
	if (n >= sizeof(part) || n > strlen(path))
		n = strlen(path);
	snprintf(part, sizeof(part), "%.*s", (int)n, path);
	if (stat(part, &st) != 0)
		st.st_mode = 0, st.st_uid = 0;
	pw = getpwuid(st.st_uid);
	if (n < strlen(path))
		snprintf(err, len, "user %s cannot execute %s: directory %s (mode %04o, owner %s) is not searchable by %s; copy the program to a directory %s can reach, or chmod o+x %s",
			 user, path, part, st.st_mode & 07777,
			 pw ? pw->pw_name : "?", user, user, part);
	else
		snprintf(err, len, "user %s cannot execute %s (mode %04o, owner %s); chmod o+rx it or choose another --user",
			 user, path, st.st_mode & 07777,
			 pw ? pw->pw_name : "?");
	return -EACCES;
}
