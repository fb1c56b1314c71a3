// SPDX-License-Identifier: MIT
/*
 * launcher_helper: abstat's end of the spawn helper (spawn_proto.h
 * says why runs are born from it and what the two ends say). Starts it
 * once per session, sends it the configuration when that changes, asks
 * it for one child per copy and hands back the child's pid and its gate
 * socket; launcher.c attaches the counters and opens the gate.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "err.h"
#include "launcher_priv.h"
#include "spawn_proto.h"

struct launch_helper {
	pid_t pid;
	int sock;
	char *sent;       /* the configuration it holds */
	size_t sent_len;
	char *buf;        /* the configuration being built */
	size_t cap, len;
	struct launch_keep keep; /* a lone copy's plumbing (launcher_keep.c) */
};

int launcher_helper_start(const char *path, struct launch_helper **out,
			  char *err, size_t len)
{
	char *const argv[] = { (char *)SPAWN_NAME, NULL };
	char *const envp[] = { NULL };
	posix_spawn_file_actions_t fa;
	struct launch_helper *h;
	int sv[2], rc;

	*out = NULL;
	h = calloc(1, sizeof(*h));
	if (!h)
		return err_nomem(err, len);
	launcher_keep_init(&h->keep);
	/* The helper's end has no close-on-exec: it becomes SPAWN_FD. */
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) < 0) {
		rc = -errno;
		snprintf(err, len, "cannot start %s: socketpair: %s", path,
			 strerror(errno));
		free(h);
		return rc;
	}
	fcntl(sv[0], F_SETFD, FD_CLOEXEC);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, sv[1], SPAWN_FD);
	rc = -posix_spawn(&h->pid, path, &fa, NULL, argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	close(sv[1]);
	if (rc < 0) {
		snprintf(err, len, "cannot start %s: %s", path, strerror(-rc));
		close(sv[0]);
		free(h);
		return rc;
	}
	h->sock = sv[0];
	*out = h;
	return 0;
}

void launcher_helper_aside(struct launch_helper *h, int cpu)
{
	cpu_set_t set;

	if (!h || cpu < 0)
		return;
	/* every CPU but abstat's (the kernel keeps those online and in
	 * abstat's cpuset); none: it sets up after abstat, where it is */
	CPU_ZERO(&set);
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (c != cpu)
			CPU_SET(c, &set);
	sched_setaffinity(h->pid, sizeof(set), &set);
}

int launcher_helper_place(struct launch_helper *h, int cpu)
{
	cpu_set_t set;

	if (!h)
		return 0;
	if (cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(h->pid, sizeof(set), &set) < 0)
			return -errno;
	}
	return launcher_prio_follow(h->pid);
}

void launcher_helper_stop(struct launch_helper *h)
{
	if (!h)
		return;
	close(h->sock); /* end of file: it exits */
	while (waitpid(h->pid, NULL, 0) < 0 && errno == EINTR)
		;
	launcher_keep_drop(&h->keep);
	free(h->sent);
	free(h->buf);
	free(h);
}

pid_t launcher_helper_pid(const struct launch_helper *h)
{
	return h ? h->pid : 0;
}

struct launch_keep *launcher_helper_keep(struct launch_helper *h)
{
	return h ? &h->keep : NULL;
}

static int launcher_helper_put(struct launch_helper *h, const void *p,
			       size_t n)
{
	if (h->len + n > h->cap) {
		size_t cap = h->cap ? h->cap : 4096;
		char *b;

		while (cap < h->len + n)
			cap *= 2;
		b = realloc(h->buf, cap);
		if (!b)
			return -ENOMEM;
		h->buf = b;
		h->cap = cap;
	}
	memcpy(h->buf + h->len, p, n);
	h->len += n;
	return 0;
}

static int launcher_helper_str(struct launch_helper *h, const char *s)
{
	return launcher_helper_put(h, s, strlen(s) + 1);
}

/* The configuration of spec in h->buf (after a header). */
static int launcher_helper_build(struct launch_helper *h,
				 const struct launch_spec *s)
{
	struct spawn_config c = {
		.n_groups = s->drop_priv ? (uint32_t)s->n_groups : 0,
		.uid = s->uid,
		.gid = s->gid,
		.show_output = s->show_output,
		.capture_output = s->capture_output,
		.drop_priv = s->drop_priv,
		.has_cgroup = s->cgroup_procs != NULL,
		.has_dir = s->dir != NULL,
	};
	struct spawn_hdr hdr = { SPAWN_CONFIG, 0 };
	int rc;

	while (s->argv[c.argc])
		c.argc++;
	for (size_t i = 0; s->envp && s->envp[i]; i++)
		c.envc += !launcher_env_ours(s->envp[i]);
	h->len = 0;
	rc = launcher_helper_put(h, &hdr, sizeof(hdr));
	rc = rc ? rc : launcher_helper_put(h, &c, sizeof(c));
	if (c.n_groups && !rc)
		rc = launcher_helper_put(h, s->groups,
					 c.n_groups * sizeof(gid_t));
	for (uint32_t i = 0; i < c.argc && !rc; i++)
		rc = launcher_helper_str(h, s->argv[i]);
	for (size_t i = 0; s->envp && s->envp[i] && !rc; i++)
		if (!launcher_env_ours(s->envp[i]))
			rc = launcher_helper_str(h, s->envp[i]);
	if (c.has_cgroup && !rc)
		rc = launcher_helper_str(h, s->cgroup_procs);
	if (c.has_dir && !rc)
		rc = launcher_helper_str(h, s->dir);
	if (rc)
		return rc;
	if (h->len - sizeof(hdr) > SPAWN_MAX_CONFIG)
		return -E2BIG;
	hdr.len = (uint32_t)(h->len - sizeof(hdr));
	memcpy(h->buf, &hdr, sizeof(hdr));
	return 0;
}

static int launcher_helper_send(int sock, const void *p, size_t n)
{
	const char *b = p;

	while (n) {
		ssize_t put = send(sock, b, n, MSG_NOSIGNAL);

		if (put < 0 && errno == EINTR)
			continue;
		if (put < 0)
			return -errno;
		b += put;
		n -= (size_t)put;
	}
	return 0;
}

/* Send the configuration unless the helper holds the same one. */
static int launcher_helper_config(struct launch_helper *h,
				  const struct launch_spec *s)
{
	int rc = launcher_helper_build(h, s);
	char *keep;

	if (rc)
		return rc;
	if (h->sent && h->sent_len == h->len &&
	    !memcmp(h->sent, h->buf, h->len))
		return 0;
	rc = launcher_helper_send(h->sock, h->buf, h->len);
	if (rc)
		return rc;
	keep = realloc(h->sent, h->len);
	if (!keep) {
		free(h->sent);
		h->sent = NULL; /* sent again next time */
		return 0;
	}
	memcpy(keep, h->buf, h->len);
	h->sent = keep;
	h->sent_len = h->len;
	return 0;
}

int launcher_helper_spawn(struct launch_helper *h, const struct launch_spec *s,
			  const struct launch_copy *cp, const sigset_t *mask,
			  const int fds[3], bool keep, bool reuse, pid_t *pid,
			  int *gate)
{
	struct spawn_hdr hdr = { SPAWN_RUN, sizeof(struct spawn_run) };
	struct spawn_run run = { .pin = cp->cpu >= 0, .keep = keep,
				 .mask = *mask };
	int sv[2] = { reuse ? *gate : -1, -1 };
	int nfd = reuse ? 0 : fds[2] >= 0 ? 4 : 3, rc;
	union {
		char buf[CMSG_SPACE(SPAWN_N_FDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov[2] = { { &hdr, sizeof(hdr) }, { &run, sizeof(run) } };
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = 2 };
	int32_t got_pid;
	ssize_t got;

	*pid = -1;
	if (!reuse)
		*gate = -1;
	rc = launcher_helper_config(h, s);
	if (rc)
		return rc;
	launcher_cpu_set(cp, &run.cpus);
	if (!reuse) {
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
			return -errno;
		launcher_rights(&m, u.buf, sizeof(u.buf),
				(int[]){ sv[1], fds[0], fds[1], fds[2] },
				(size_t)nfd);
	}
	do
		got = sendmsg(h->sock, &m, MSG_NOSIGNAL);
	while (got < 0 && errno == EINTR);
	rc = got < 0 ? -errno : 0;
	if (sv[1] >= 0)
		close(sv[1]);
	if (!rc && (size_t)got < sizeof(hdr) + sizeof(run))
		rc = -EIO; /* a blocking stream socket sends it whole */
	if (!rc) {
		do
			got = read(sv[0], &got_pid, sizeof(got_pid));
		while (got < 0 && errno == EINTR);
		if (got != sizeof(got_pid) || got_pid == 0)
			rc = -EPIPE; /* the helper is gone */
		else if (got_pid < 0)
			rc = got_pid; /* clone failed: -errno */
	}
	if (rc) {
		if (!reuse)
			close(sv[0]);
		return rc;
	}
	*pid = got_pid;
	*gate = sv[0];
	return 0;
}
