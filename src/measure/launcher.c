// SPDX-License-Identifier: MIT
/* launcher: spawn, pin, count, reap (see launcher.h for the design). This
 * file starts the copies (the child, the vfork and attach spawn paths,
 * pipes, environment) and turns what they did into samples;
 * launcher_wait.c serves the region protocol until they are reaped. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
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

/* What the child tells the parent when it fails before exec (the
 * helper's child says SPAWN_STAGE_*, the same numbers). */
enum child_stage { STAGE_OK, STAGE_SETUP = SPAWN_STAGE_SETUP,
		   STAGE_COUNTERS, STAGE_EXEC = SPAWN_STAGE_EXEC };

struct child_ctx {
	const struct launch_spec *spec;
	const struct launch_copy *copy;
	char *const *envp;
	int ctl_w, ack_r, err_w, devnull;
	int gate;         /* attach path: the child's end of the gate socket
			   * (wait for a byte, report failure; close-on-exec) */
	sigset_t mask;    /* signal mask to exec with */
	/* the run's region page and this copy's entry (NULL: none) */
	struct launch_page *page;
	size_t index;
	size_t env_n;     /* the vfork path: envp's free slot for */
	char region_env[SPAWN_REGION_ENV]; /* ABSTAT_REGION */
	/* Written by the vfork child, read by the parent (shared memory). */
	volatile int stage, err, bad;
};


unsigned long long launcher_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* A regular file (not a directory that happens to be searchable). */
static bool launcher_is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int launcher_resolve(const char *cmd, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	int saw_eacces = 0, saw_dir = 0;

	if (strchr(cmd, '/')) {
		if (snprintf(buf, len, "%s", cmd) >= (int)len)
			return -ENAMETOOLONG;
		return access(buf, X_OK) ? -errno : 0;
	}
	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *end = strchrnul(path, ':');
		int n = (int)(end - path);

		snprintf(buf, len, "%.*s%s%s", n, path, n ? "/" : "", cmd);
		if (!access(buf, X_OK)) {
			if (launcher_is_file(buf))
				return 0;
			saw_dir = 1; /* as execvp, go on looking */
		} else if (errno == EACCES) {
			saw_eacces = 1;
		}
		path = *end ? end + 1 : end;
	}
	return saw_eacces ? -EACCES : saw_dir ? -EISDIR : -ENOENT;
}

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
		if (rc < 0) {
			c->bad = bad;
			errno = -rc;
			goto fail;
		}
		/* The counter fds now sit in abstat's table too; from here
		 * on the child works on a private copy. */
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

void launcher_cpu_set(const struct launch_copy *cp, cpu_set_t *set)
{
	const struct cpu_list *l = cp->cpus;

	CPU_ZERO(set);
	if (cp->cpu < 0)
		return;
	CPU_SET(cp->cpu, set);
	for (size_t i = 0; l && i < l->n; i++)
		if (l->cpu[i] >= 0 && l->cpu[i] < CPU_SETSIZE)
			CPU_SET(l->cpu[i], set);
}

bool launcher_env_ours(const char *var)
{
	return !strncmp(var, "ABSTAT_CTL=", 11) ||
	       !strncmp(var, "ABSTAT_REGION=", 14);
}

/* environ plus ABSTAT_CTL=ctl,ack and room for ABSTAT_REGION, whose slot
 * is *free (a pointer array; strings shared). */
static char **launcher_env(char *const *base, char *ctl, size_t *free_slot)
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

static int launcher_spawn_vfork(struct child_ctx *c, pid_t *pid)
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
static void launcher_exec_report(struct child_ctx *c, int gate, bool kept)
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

void launcher_rights(struct msghdr *m, char *buf, size_t cap, const int *fds,
		     size_t nfd)
{
	struct cmsghdr *h;

	memset(buf, 0, cap);
	m->msg_control = buf;
	m->msg_controllen = CMSG_SPACE(nfd * sizeof(int));
	h = CMSG_FIRSTHDR(m);
	h->cmsg_level = SOL_SOCKET;
	h->cmsg_type = SCM_RIGHTS;
	h->cmsg_len = CMSG_LEN(nfd * sizeof(int));
	memcpy(CMSG_DATA(h), fds, nfd * sizeof(int));
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
static int launcher_spawn_attach(struct child_ctx *c, pid_t *pid,
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
static int launcher_spawn_helper(struct child_ctx *c, pid_t *pid,
				 struct launch_outcome *o,
				 struct copy_state *defer,
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

/* The kept output as a string: a NUL byte becomes '?'; when the ring
 * wrapped, from the first whole line on. NULL when out of memory. */
static char *launcher_output(const struct copy_state *cs)
{
	size_t n = cs->out_len, start, skip = 0;
	char *text = malloc(n + 1);

	if (!text)
		return NULL;
	start = n < RESULT_OUTPUT_MAX ? 0 : cs->out_head;
	for (size_t i = 0; i < n; i++) {
		char c = cs->out[(start + i) % RESULT_OUTPUT_MAX];

		text[i] = c ? c : '?';
	}
	text[n] = '\0';
	if (n == RESULT_OUTPUT_MAX) {
		char *nl = memchr(text, '\n', n);

		skip = nl ? (size_t)(nl - text) + 1 : 0;
		memmove(text, text + skip, n - skip + 1);
	}
	return text;
}

static void launcher_sample(const struct launch_spec *s,
			    const struct launch_copy *cp,
			    const struct copy_state *cs, struct proc_sample *p)
{
	p->wall_ns = cs->end_ns - cs->start_ns;
	p->user_ns = cs->ru.ru_utime.tv_sec * 1000000000ull +
		     cs->ru.ru_utime.tv_usec * 1000ull;
	p->sys_ns = cs->ru.ru_stime.tv_sec * 1000000000ull +
		    cs->ru.ru_stime.tv_usec * 1000ull;
	p->maxrss_kb = cs->ru.ru_maxrss;
	if (WIFSIGNALED(cs->status)) {
		p->exit_status = -1;
		p->term_signal = WTERMSIG(cs->status);
	} else {
		p->exit_status = WEXITSTATUS(cs->status);
		p->term_signal = 0;
	}
	p->has_ops = cs->has_ops;
	p->ops = cs->ops;
	p->region_ns = cs->region_ns;
	p->cpu = cp->cpu;
	p->start_ns = cs->start_ns;
	p->end_ns = cs->end_ns;
	if (!cs->region_seen)
		return;
	for (size_t e = 0; e < s->n_events; e++) {
		struct counter_value *v = &p->counters[e];
		const struct counter_value *b = &cs->baseline[e];

		v->value = v->value >= b->value ? v->value - b->value : 0;
		v->enabled_ns = v->enabled_ns >= b->enabled_ns ?
					v->enabled_ns - b->enabled_ns : 0;
		v->running_ns = v->running_ns >= b->running_ns ?
					v->running_ns - b->running_ns : 0;
	}
}

/* Pipes of one copy: control (child writes), ack (parent writes), stderr. */
static int launcher_pipes(struct copy_state *cs, struct child_ctx *c,
			  bool show_output)
{
	int ctl[2], ack[2], err[2] = { -1, -1 };

	if (pipe2(ctl, O_CLOEXEC) < 0)
		return -errno;
	if (pipe2(ack, O_CLOEXEC) < 0)
		goto fail_ctl;
	if (!show_output && pipe2(err, O_CLOEXEC) < 0)
		goto fail_ack;
	cs->ctl_r = ctl[0];
	cs->ack_w = ack[1];
	cs->err_r = err[0];
	c->ctl_w = ctl[1];
	c->ack_r = ack[0];
	c->err_w = err[1];
	fcntl(cs->ctl_r, F_SETFL, O_NONBLOCK);
	if (cs->err_r >= 0)
		fcntl(cs->err_r, F_SETFL, O_NONBLOCK);
	return 0;
fail_ack:
	close(ack[0]);
	close(ack[1]);
fail_ctl:
	close(ctl[0]);
	close(ctl[1]);
	return -errno;
}

/* defer: one copy, whose exec report can wait for its end (no other copy
 * is started after it). */
/* What a child that failed before or at exec tells the outcome. */
static int launcher_failed(const struct child_ctx *c, struct launch_outcome *o)
{
	if (c->stage == STAGE_COUNTERS) {
		o->open_errno = c->err;
		o->bad_event = c->bad;
	} else {
		o->exec_failed = true;
		o->exec_errno = c->err;
	}
	return -(c->err ? c->err : EIO);
}

/* A deferred exec report, once the copy is reaped: a failure is the
 * run's outcome as if it had been read at exec. */
static int launcher_deferred(struct copy_state *cs, struct launch_outcome *o)
{
	struct child_ctx c = { .gate = -1 };

	if (cs->gate < 0)
		return 0;
	launcher_exec_report(&c, cs->gate, cs->kept);
	if (!cs->kept)
		cs->gate = -1;
	if (c.stage == STAGE_EXEC && !c.err)
		return 0;
	return launcher_failed(&c, o);
}

static int launcher_start(const struct launch_spec *s, struct launch_copy *cp,
			  struct copy_state *cs, struct child_ctx *c,
			  int devnull, const sigset_t *child_mask,
			  struct launch_outcome *o, bool defer)
{
	struct launch_page *page = cs->page;
	size_t index = cs->index;
	struct launch_keep *keep;
	char ctl_env[64];
	bool reuse;
	char **env;
	int rc;

	memset(c, 0, sizeof(*c));
	c->spec = s;
	c->copy = cp;
	c->devnull = devnull;
	c->gate = -1;
	c->bad = -1;
	c->mask = *child_mask;
	c->page = page;
	c->index = index;
	keep = launcher_helper_keep(s->helper);
	if (!defer && keep) {
		/* several copies send their own fds, and the helper drops
		 * the kept ones for them (--copies 1,2 in one session) */
		launcher_keep_drop(keep);
		keep = NULL;
	}
	reuse = keep && launcher_keep_ready(keep, !s->show_output);
	if (reuse) {
		cs->ctl_r = keep->ctl_r;
		cs->ack_w = keep->ack_w;
		cs->err_r = keep->err_r;
		c->ctl_w = keep->ctl_w;
		c->ack_r = keep->ack_r;
		c->err_w = keep->err_w;
	} else {
		if (keep)
			launcher_keep_drop(keep);
		rc = launcher_pipes(cs, c, s->show_output);
		if (rc < 0)
			return rc;
		if (keep)
			launcher_keep_store(keep, cs, c->ctl_w, c->ack_r,
					    c->err_w);
	}
	cs->kept = keep != NULL;
	snprintf(ctl_env, sizeof(ctl_env), "ABSTAT_CTL=%d,%d", c->ctl_w,
		 c->ack_r);
	env = s->helper ? NULL : launcher_env(s->envp, ctl_env, &c->env_n);
	if (!s->helper && !env)
		return -ENOMEM;
	c->envp = env;
	cs->start_ns = launcher_now_ns();
	if (s->helper)
		rc = launcher_spawn_helper(c, &cs->pid, o,
					   defer ? cs : NULL, keep, reuse);
	else if (s->backend->self_open)
		rc = launcher_spawn_vfork(c, &cs->pid);
	else
		rc = launcher_spawn_attach(c, &cs->pid, o);
	free(env);
	if (defer) { /* one copy: two more descriptors, not two per copy */
		cs->hold_ctl = c->ctl_w;
		cs->hold_err = c->err_w;
		c->ctl_w = c->err_w = -1;
	}
	if (cs->kept)
		c->ack_r = -1; /* the set's */
	launcher_close(&c->ctl_w);
	launcher_close(&c->ack_r);
	launcher_close(&c->err_w);
	if (rc < 0 && cs->pid <= 0)
		return rc;
	cs->started = true;
	if (rc < 0 || c->stage != STAGE_EXEC || c->err) {
		/* The child failed before or at exec and has exited. */
		waitpid(cs->pid, NULL, 0);
		cs->done = true;
		if (rc < 0)
			return rc;
		return launcher_failed(c, o);
	}
	cs->pidfd = (int)syscall(SYS_pidfd_open, cs->pid, 0);
	if (cs->pidfd < 0)
		return -errno;
	/* the vfork path: exec is done, sampling starts now */
	if (s->sampling && !s->helper && s->backend->self_open) {
		rc = s->sampling->open(cp->sample, cs->pid,
				       cp->cpus ? -1 : cp->cpu, false);
		if (rc < 0)
			o->open_errno = -rc;
		else if (s->sampling->begin_at)
			s->sampling->begin_at(cp->sample,
					      launcher_page_begin(page, index));
	}
	return rc;
}

static void launcher_cleanup(const struct launch_spec *s,
			     struct launch_copy *copies, struct copy_state *cs,
			     size_t n, struct launch_outcome *o)
{
	launcher_kill_all(cs, n);
	for (size_t i = 0; i < n; i++) {
		if (cs[i].started && !cs[i].done)
			launcher_reap(&cs[i], o);
		launcher_close(&cs[i].pidfd);
		launcher_close(&cs[i].ctl_r);
		launcher_close(&cs[i].ack_w);
		launcher_close(&cs[i].err_r);
		launcher_close(&cs[i].hold_ctl);
		launcher_close(&cs[i].hold_err);
		s->backend->close(copies[i].set);
		if (s->sampling)
			s->sampling->close(copies[i].sample);
		free(cs[i].baseline);
		free(cs[i].out);
	}
	free(cs);
	launcher_sweep(launcher_helper_pid(s->helper), o);
}

int launcher_run(const struct launch_spec *s, struct launch_copy *copies,
		 size_t n, struct proc_sample *out, struct launch_outcome *o)
{
	struct copy_state *cs = calloc(n, sizeof(*cs));
	struct launch_page *page;
	struct child_ctx c;
	sigset_t child_mask;
	int devnull, rc = 0;

	memset(o, 0, sizeof(*o));
	o->bad_event = -1;
	if (!cs)
		return -ENOMEM;
	/* Only abstat's own children need it: the helper holds its own. */
	devnull = s->helper || s->show_output ? -1 :
		  open("/dev/null", O_RDWR | O_CLOEXEC);
	if (devnull < 0 && !s->helper && !s->show_output) {
		free(cs);
		return -errno;
	}
	sigprocmask(SIG_SETMASK, NULL, &child_mask);
	if (s->stop_signals)
		for (int sig = 1; sig < NSIG; sig++)
			if (sigismember(s->stop_signals, sig) == 1)
				sigdelset(&child_mask, sig);
	page = launcher_page_prepare(s, copies, n);
	for (size_t i = 0; i < n; i++) {
		cs[i].page = page;
		cs[i].index = i;
		cs[i].pidfd = cs[i].ctl_r = cs[i].ack_w = cs[i].err_r = -1;
		cs[i].gate = cs[i].hold_ctl = cs[i].hold_err = -1;
		cs[i].baseline = calloc(s->n_events ? s->n_events : 1,
					sizeof(*cs[i].baseline));
		if (s->capture_output)
			cs[i].out = malloc(RESULT_OUTPUT_MAX);
		if (!cs[i].baseline || (s->capture_output && !cs[i].out))
			rc = -ENOMEM;
	}
	for (size_t i = 0; i < n && !rc; i++)
		rc = launcher_start(s, &copies[i], &cs[i], &c, devnull,
				    &child_mask, o, n == 1);
	launcher_close(&devnull);
	if (!rc)
		rc = launcher_wait(s, copies, cs, n, &child_mask, o);
	for (size_t i = 0; i < n; i++) {
		int r = launcher_deferred(&cs[i], o);

		rc = rc ? rc : r;
	}
	for (size_t i = 0; i < n && (!rc || rc == -EINTR); i++) {
		char err[200];

		if (!cs[i].started)
			continue;
		if (s->backend->read(copies[i].set, out[i].counters, err,
				     sizeof(err)) < 0 &&
		    !o->read_err[0])
			snprintf(o->read_err, sizeof(o->read_err), "%s", err);
		launcher_sample(s, &copies[i], &cs[i], &out[i]);
		launcher_page_apply(page, i, s, &copies[i], &out[i],
				    cs[i].end_ns, o);
		if (cs[i].out)
			out[i].output = launcher_output(&cs[i]);
	}
	for (size_t i = 0; i < n; i++) {
		bool failed = !WIFEXITED(cs[i].status) ||
			      WEXITSTATUS(cs[i].status);

		if (cs[i].tail_len && (failed || !o->stderr_tail[0])) {
			memcpy(o->stderr_tail, cs[i].tail, cs[i].tail_len);
			o->stderr_tail[cs[i].tail_len] = '\0';
			if (failed)
				break;
		}
	}
	if (n == 1)
		launcher_keep_end(launcher_helper_keep(s->helper), &cs[0],
				  !rc && !o->timed_out && !o->interrupted &&
				  !o->protocol_error && !cs[0].line_len);
	launcher_cleanup(s, copies, cs, n, o);
	if (n == 1 && o->leftover && s->helper)
		launcher_keep_drop(launcher_helper_keep(s->helper));
	return rc;
}
