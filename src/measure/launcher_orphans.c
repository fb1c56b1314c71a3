// SPDX-License-Identifier: MIT
/*
 * launcher_orphans: what a run leaves behind. abstat is a child
 * subreaper (prctl PR_SET_CHILD_SUBREAPER, launcher_contain), so a
 * process whose parent dies is reparented to abstat, not to init,
 * whatever it did with setsid() or setpgid(); the runs themselves are
 * abstat's children too (the helper clones them with CLONE_PARENT).
 * Once every copy of a run is reaped, any child of abstat other than the
 * helper is something the run left behind: it and its descendants get
 * SIGTERM (and SIGCONT, should they be stopped), a short grace, then
 * SIGKILL, round by round until none is left, and each is reaped.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "launcher_priv.h"

#define ORPHANS_MAX 256     /* children looked at per round */
#define ORPHANS_GRACE_MS 100 /* between SIGTERM and SIGKILL */
#define ORPHANS_DEPTH 64

struct orphans {
	pid_t *seen; /* every live process noted, to count each once */
	size_t n, cap;
	unsigned setsid; /* of those, session leaders */
};

int launcher_contain(void)
{
	return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) ? -errno : 0;
}

/* Append the pids listed in the /proc/.../children file open at fd
 * (read from its start: a seq_file lists the children of now). */
static size_t orphans_list(int fd, pid_t *out, size_t n, size_t max)
{
	char buf[4096], *p, *end;
	ssize_t got;

	do
		got = pread(fd, buf, sizeof(buf) - 1, 0);
	while (got < 0 && errno == EINTR);
	if (got <= 0)
		return n;
	buf[got] = '\0';
	for (p = buf; n < max; p = end) {
		long v = strtol(p, &end, 10);

		if (end == p)
			break;
		if (v > 0)
			out[n++] = (pid_t)v;
	}
	return n;
}

static size_t orphans_read(const char *path, pid_t *out, size_t n, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return n;
	n = orphans_list(fd, out, n, max);
	close(fd);
	return n;
}

/* The children of pid, from every thread's list. */
static size_t orphans_children(pid_t pid, pid_t *out, size_t max)
{
	char path[64];
	struct dirent *d;
	size_t n = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir)
		return 0;
	while ((d = readdir(dir)) && n < max) {
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task/%.16s/children",
			 (int)pid, d->d_name);
		n = orphans_read(path, out, n, max);
	}
	closedir(dir);
	return n;
}

/* abstat's own children but keep. abstat has one thread: its list, from
 * a descriptor kept open for the session (read again per run: one pread
 * instead of getpid, open, read and close). Only abstat sweeps: its
 * forked children exec or exit before they could. */
static size_t orphans_direct(pid_t keep, pid_t *out, size_t max)
{
	static int fd = -1;
	size_t n, k = 0;

	if (fd < 0) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d/task/%d/children",
			 (int)getpid(), (int)getpid());
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return 0;
	}
	n = orphans_list(fd, out, 0, max);
	for (size_t i = 0; i < n; i++)
		if (out[i] != keep)
			out[k++] = out[i];
	return k;
}

/* Count p once if it is alive (not a zombie); note a session leader. */
static void orphans_note(struct orphans *w, pid_t p)
{
	char path[64], buf[512], *r;
	int fd, sid = 0;
	char state = 0;
	ssize_t got;

	for (size_t i = 0; i < w->n; i++)
		if (w->seen[i] == p)
			return;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)p);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	got = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (got <= 0)
		return;
	buf[got] = '\0';
	/* pid (comm) state ppid pgrp session: comm may hold anything */
	r = strrchr(buf, ')');
	if (!r || sscanf(r + 1, " %c %*d %*d %d", &state, &sid) != 2 ||
	    state == 'Z' || state == 'X')
		return;
	if (w->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 16;
		pid_t *s = realloc(w->seen, cap * sizeof(*s));

		if (!s)
			return;
		w->seen = s;
		w->cap = cap;
	}
	w->seen[w->n++] = p;
	w->setsid += sid == p;
}

/* Signal p and, depth first, the descendants it still parents. */
static void orphans_signal(struct orphans *w, pid_t p, int sig, int depth)
{
	pid_t kids[ORPHANS_MAX];
	size_t n;

	orphans_note(w, p);
	kill(p, sig);
	if (sig == SIGTERM)
		kill(p, SIGCONT);
	if (depth >= ORPHANS_DEPTH)
		return;
	n = orphans_children(p, kids, ORPHANS_MAX);
	for (size_t i = 0; i < n; i++)
		orphans_signal(w, kids[i], sig, depth + 1);
}

/* Reap the direct orphans that are gone; how many remain. */
static size_t orphans_reap_gone(pid_t keep)
{
	pid_t kids[ORPHANS_MAX];
	size_t n = orphans_direct(keep, kids, ORPHANS_MAX), left = 0;

	for (size_t i = 0; i < n; i++)
		left += waitpid(kids[i], NULL, WNOHANG) == 0;
	return left;
}

void launcher_sweep(pid_t keep, struct launch_outcome *o)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };
	struct orphans w = { 0 };
	pid_t kids[ORPHANS_MAX];
	size_t n = orphans_direct(keep, kids, ORPHANS_MAX);

	if (!n)
		return; /* the usual case: one read of /proc */
	for (size_t i = 0; i < n; i++)
		orphans_signal(&w, kids[i], SIGTERM, 0);
	for (int t = 0; t < ORPHANS_GRACE_MS / 5 && orphans_reap_gone(keep); t++)
		nanosleep(&nap, NULL);
	/* What is still there, and what the dead left to abstat. */
	for (int round = 0; round < 1000; round++) {
		n = orphans_direct(keep, kids, ORPHANS_MAX);
		if (!n)
			break;
		for (size_t i = 0; i < n; i++)
			orphans_signal(&w, kids[i], SIGKILL, 0);
		for (size_t i = 0; i < n; i++)
			while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR)
				;
	}
	o->leftover += (unsigned)w.n;
	o->leftover_setsid += w.setsid;
	free(w.seen);
}

unsigned launcher_sweep_all(const struct launch_helper *h, unsigned *setsid)
{
	struct launch_outcome o = { 0 };

	launcher_sweep(launcher_helper_pid(h), &o);
	*setsid = o.leftover_setsid;
	return o.leftover;
}
