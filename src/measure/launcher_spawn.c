// SPDX-License-Identifier: MIT
/* launcher_spawn: how a copy is born (see launcher.h for the design):
 * the child between fork and exec (pinned, its counters and region page,
 * its fds, then exec), the vfork path that opens counters on itself, the
 * attach path that forks abstat and waits on a gate, the helper path
 * (spawn_proto.h), and the go and exec report on the gate. launcher.c
 * starts the copies with them and turns what they did into samples. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launcher_priv.h"
#include "spawn_proto.h"

/* The vfork child's frames on the private stack never unwind (it execs),
 * so under AddressSanitizer their scope poisoning would outlive it and
 * trip the next child: the parent clears it after each spawn. */
#if defined(__SANITIZE_ADDRESS__)
#define LAUNCH_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LAUNCH_ASAN 1
#endif
#endif
#ifdef LAUNCH_ASAN
#include <sanitizer/asan_interface.h>
#define launcher_unpoison(p, n) __asan_unpoison_memory_region(p, n)
#else
#define launcher_unpoison(p, n) ((void)(p), (void)(n))
#endif

#define LAUNCH_STACK (256 * 1024)

/* The vfork child, once its counters are open on itself and its fd table
 * is its own: the workload gets the region page and its counters
 * (ABSTAT_REGION), not close-on-exec. */
static int launcher_child_region(struct child_ctx *c)
{
	int fds[SPAWN_GO_FDS];
	size_t n;

	if (!c->page)
		return 0;
	n = launcher_page_fds(c->page, c->spec, c->copy, c->index, fds);
	if (!n)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (fcntl(fds[i], F_SETFD, 0) < 0)
			return -1;
	spawn_region_env(c->region_env, fds, n, (uint32_t)c->index);
	((char **)c->envp)[c->env_n] = c->region_env;
	return 0;
}

/* The child, between clone/fork and exec: async-signal-safe calls only
 * (in the vfork case it runs on abstat's memory, on a private stack). */
static int launcher_child(void *arg)
{
	struct child_ctx *c = arg;
	const struct launch_spec *s = c->spec;
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	static const int reset[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE,
				     SIGCHLD, SIGQUIT };
	int bad = -1, rc;
	struct spawn_go go;

	for (size_t i = 0; i < sizeof(reset) / sizeof(reset[0]); i++)
		sigaction(reset[i], &dfl, NULL);
	c->stage = STAGE_SETUP;
	if (setpgid(0, 0) < 0)
		goto fail;
	if (c->copy->cpu >= 0) {
		cpu_set_t set;

		launcher_cpu_set(c->copy, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0)
			goto fail;
	}
	if (s->cgroup_procs) {
		int fd = open(s->cgroup_procs, O_WRONLY | O_CLOEXEC);

		if (fd < 0 || write(fd, "0", 1) != 1)
			goto fail;
		close(fd);
	}
	if (s->backend->self_open) {
		c->stage = STAGE_COUNTERS;
		rc = s->backend->open(c->copy->set, 0, false, &bad);
		/* the sampler too, here: opened after the exec, it missed a
		 * workload that was already gone (ESRCH) */
		if (!rc && s->sampling)
			rc = s->sampling->open(c->copy->sample, 0,
					       c->copy->cpus ? -1 : c->copy->cpu,
					       true);
		if (rc < 0) {
			c->bad = bad;
			errno = -rc;
			goto fail;
		}
		/* The counter and sampler fds now sit in abstat's table too
		 * (and the ring in its memory); from here on the child works
		 * on a private copy. */
		c->stage = STAGE_SETUP;
		if (unshare(CLONE_FILES) < 0 || launcher_child_region(c) < 0)
			goto fail;
	} else if (read(c->gate, &go, sizeof(go)) != sizeof(go) ||
		   go.go != 'g') {
		goto fail; /* the parent gave up */
	}
	if (fcntl(c->ctl_w, F_SETFD, 0) < 0 || fcntl(c->ack_r, F_SETFD, 0) < 0)
		goto fail;
	if (!s->show_output) {
		if (dup2(c->devnull, 0) < 0 ||
		    dup2(s->capture_output ? c->err_w : c->devnull, 1) < 0 ||
		    dup2(c->err_w, 2) < 0)
			goto fail;
	}
	if (s->drop_priv) {
		if (setgroups(s->n_groups, s->groups) < 0 ||
		    setgid(s->gid) < 0 || setuid(s->uid) < 0)
			goto fail;
	}
	if (s->dir && chdir(s->dir) < 0)
		goto fail;
	sigprocmask(SIG_SETMASK, &c->mask, NULL);
	c->stage = STAGE_EXEC;
	execve(s->argv[0], s->argv, c->envp);
fail:
	c->err = errno;
	if (c->gate >= 0) {
		struct spawn_report rep = { c->stage, c->err };

		if (write(c->gate, &rep, sizeof(rep)) < 0)
			_exit(127);
	}
	_exit(127);
}

/* environ plus ABSTAT_CTL=ctl,ack and room for ABSTAT_REGION, whose slot
 * is *free (a pointer array; strings shared). */
char **launcher_env(char *const *base, char *ctl, size_t *free_slot)
{
	size_t n = 0, k = 0;
	char **env;

	while (base && base[n])
		n++;
	env = calloc(n + 3, sizeof(*env));
	if (!env)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!launcher_env_ours(base[i]))
			env[k++] = base[i];
	env[k++] = ctl;
	*free_slot = k;
	return env;
}

int launcher_spawn_vfork(struct child_ctx *c, pid_t *pid)
{
	static char *stack;
	sigset_t all, old;

	if (!stack) {
		stack = malloc(LAUNCH_STACK);
		if (!stack)
			return -ENOMEM;
	}
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	*pid = clone(launcher_child, stack + LAUNCH_STACK,
		     CLONE_VM | CLONE_VFORK | CLONE_FILES | SIGCHLD, c);
	sigprocmask(SIG_SETMASK, &old, NULL);
	launcher_unpoison(stack, LAUNCH_STACK);
	if (*pid < 0)
		return -errno;
	return 0;
}

/* The exec report on gate: end of file once the child has exec'd (its
 * end is close-on-exec), or where it failed. Closes gate. A kept gate
 * (launcher_keep.c) has the helper's copy of the child's end open, so
 * it never reaches end of file: read once the copy is reaped, without
 * waiting, a report is there or the exec happened; it stays open. */
void launcher_exec_report(struct child_ctx *c, int gate, bool kept)
{
	struct spawn_report rep;
	ssize_t got;

	do
		got = kept ? recv(gate, &rep, sizeof(rep), MSG_DONTWAIT) :
			     read(gate, &rep, sizeof(rep));
	while (got < 0 && errno == EINTR);
	c->stage = STAGE_EXEC;
	if (got == sizeof(rep)) {
		c->stage = rep.stage;
		c->err = rep.err;
	}
	if (!kept)
		close(gate);
}

int launcher_go(int gate, char g, size_t copy, const int *fds, size_t nfd)
{
	struct spawn_go go = { .go = g, .copy = (uint32_t)copy };
	union {
		char buf[CMSG_SPACE(SPAWN_GO_FDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct iovec iov = { &go, sizeof(go) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };
	ssize_t put;

	if (nfd)
		launcher_rights(&m, u.buf, sizeof(u.buf), fds, nfd);
	do
		put = sendmsg(gate, &m, MSG_NOSIGNAL);
	while (put < 0 && errno == EINTR);
	if (put < 0)
		return -errno;
	return put == sizeof(go) ? 0 : -EIO;
}

/* The child (of abstat or of the helper) waits on gate: attach the
 * counters to it, open the gate, and wait for its exec or its failure
 * report (launcher_exec_report). With defer, the go waits in defer until
 * launcher_wait is about to sleep (so that abstat does nothing on the
 * copy's CPU once it runs) and the report is read once the child is
 * reaped, so abstat sleeps once per run rather than twice (exec, then
 * exit). */
static int launcher_attach(struct child_ctx *c, pid_t pid, int gate,
			   struct launch_outcome *o, struct copy_state *defer)
{
	const struct backend_ops *b = c->spec->backend;
	const struct launch_sampling *smp = c->spec->sampling;
	int rc, bad = -1, fds[SPAWN_GO_FDS];
	size_t nfd = 0;

	rc = b->open(c->copy->set, pid, false, &bad);
	if (!rc && b->start)
		rc = b->start(c->copy->set);
	if (!rc && smp)
		rc = smp->open(c->copy->sample, pid,
			       c->copy->cpus ? -1 : c->copy->cpu, true);
	if (!rc && smp && smp->begin_at)
		smp->begin_at(c->copy->sample,
			      launcher_page_begin(c->page, c->index));
	if (!rc && c->page)
		nfd = launcher_page_fds(c->page, c->spec, c->copy, c->index,
					fds);
	if (rc < 0) {
		o->open_errno = -rc;
		o->bad_event = bad;
		/* The child reads no 'g' and exits: end of file, or an 'x'
		 * on a kept gate (a lone copy's), which stays open for
		 * launcher_keep_end to drop. */
		if (!defer)
			close(gate);
		else if (launcher_go(gate, 'x', c->index, NULL, 0) < 0)
			return rc; /* the child is gone already */
		return rc;
	}
	if (defer) {
		c->stage = STAGE_EXEC;
		defer->gate = gate;
		defer->go_pending = true;
		memcpy(defer->go_fd, fds, nfd * sizeof(*fds));
		defer->go_n = nfd;
		return 0;
	}
	rc = launcher_go(gate, 'g', c->index, fds, nfd);
	launcher_exec_report(c, gate, false);
	return rc;
}

/* No helper, an attach backend: fork abstat itself (see launcher.h). */
int launcher_spawn_attach(struct child_ctx *c, pid_t *pid,
			  struct launch_outcome *o)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0)
		return -errno;
	c->gate = sv[1];
	*pid = fork();
	if (*pid == 0) {
		close(sv[0]);
		launcher_child(c);
	}
	close(sv[1]);
	c->gate = -1;
	if (*pid < 0) {
		close(sv[0]);
		return -errno;
	}
	return launcher_attach(c, *pid, sv[0], o, NULL);
}

/* The usual path: the helper clones the child (see spawn_proto.h). keep:
 * a lone copy's kept plumbing (launcher_keep.c), or NULL. */
int launcher_spawn_helper(struct child_ctx *c, pid_t *pid,
			  struct launch_outcome *o, struct copy_state *defer,
			  struct launch_keep *keep, bool reuse)
{
	const int fds[3] = { c->ctl_w, c->ack_r, c->err_w };
	int gate = reuse ? keep->gate : -1, rc;

	rc = launcher_helper_spawn(c->spec->helper, c->spec, c->copy, &c->mask,
				   fds, keep != NULL, reuse, pid, &gate);
	if (rc < 0)
		return rc;
	if (keep)
		keep->gate = gate; /* the set's from now on */
	return launcher_attach(c, *pid, gate, o, defer);
}
