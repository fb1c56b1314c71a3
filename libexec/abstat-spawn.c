// SPDX-License-Identifier: MIT
/*
 * abstat-spawn: the process every run of a session is born from (see
 * src/measure/spawn_proto.h for why and for the protocol). Started by abstat
 * with its socket on fd SPAWN_FD; reads a configuration, then one
 * request per run, and starts each run as a vfork-style clone that is
 * abstat's child (CLONE_PARENT). Built static where the toolchain can,
 * so its resident size, which every workload's maxrss starts from, is a
 * few hundred kB. Exits at end of file or when abstat dies. Not a
 * workload, and nothing to run by hand.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "spawn_proto.h"

/* The current configuration, pointers into cfg_buf. */
static struct {
	char *buf;
	struct spawn_config c;
	const gid_t *groups;
	char **argv, **envp;
	const char *cgroup_procs;
	const char *dir;
} cfg;

/* One run, read by the child on the helper's memory. */
struct job {
	struct spawn_run run;
	int fd[SPAWN_N_FDS]; /* kept from run to run until new ones come */
	size_t nfd;
	int devnull;
	char ctl_env[48];
	char region_env[SPAWN_REGION_ENV];
};

static char child_stack[64 * 1024] __attribute__((aligned(16)));

/* "ABSTAT_CTL=<ctl>,<ack>". */
static void spawn_ctl_env(char *out, int ctl, int ack)
{
	size_t k = 0;

	spawn_append(out, &k, "ABSTAT_CTL=");
	spawn_decimal(out, &k, (unsigned)ctl);
	out[k++] = ',';
	spawn_decimal(out, &k, (unsigned)ack);
	out[k] = '\0';
}

/* The descriptors a message brought (SCM_RIGHTS), max at most, into fd;
 * how many. */
static size_t spawn_rights(struct msghdr *m, int *fd, size_t max)
{
	for (struct cmsghdr *c = CMSG_FIRSTHDR(m); c; c = CMSG_NXTHDR(m, c)) {
		size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);

		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		n = n > max ? max : n;
		memcpy(fd, CMSG_DATA(c), n * sizeof(int));
		return n;
	}
	return 0;
}

/*
 * Wait for abstat's struct spawn_go on the gate; with it may come the
 * region page and the counters the workload marks its region on
 * (spawn_proto.h), which become ABSTAT_REGION=<page>,<copy>,<fd>...
 * (workloads/abstat.h); they are not close-on-exec. 0 on 'g', else -1.
 */
static int spawn_go_wait(struct job *j, int gate)
{
	union {
		char buf[CMSG_SPACE(SPAWN_GO_FDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct spawn_go go;
	struct iovec iov = { &go, sizeof(go) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };
	int fd[SPAWN_GO_FDS];
	size_t nfd = 0, got = 0;

	while (got < sizeof(go)) {
		ssize_t r = recvmsg(gate, &m, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		if (!nfd)
			nfd = spawn_rights(&m, fd, SPAWN_GO_FDS);
		got += (size_t)r;
		iov.iov_base = (char *)&go + got;
		iov.iov_len = sizeof(go) - got;
		m.msg_control = NULL;
		m.msg_controllen = 0;
	}
	if (go.go != 'g')
		return -1;
	j->region_env[0] = '\0';
	if (nfd >= 2)
		spawn_region_env(j->region_env, fd, nfd, go.copy);
	return 0;
}

static int spawn_child(void *arg)
{
	struct job *j = arg;
	int gate = j->fd[SPAWN_FD_GATE];
	int32_t pid = (int32_t)getpid();
	struct spawn_report rep = { SPAWN_STAGE_SETUP, 0 };
	size_t e = cfg.c.envc;

	if (write(gate, &pid, sizeof(pid)) != sizeof(pid))
		goto fail;
	if (setpgid(0, 0) < 0)
		goto fail;
	if (j->run.pin &&
	    sched_setaffinity(0, sizeof(j->run.cpus), &j->run.cpus) < 0)
		goto fail;
	if (cfg.cgroup_procs) {
		int fd = open(cfg.cgroup_procs, O_WRONLY | O_CLOEXEC);

		if (fd < 0 || write(fd, "0", 1) != 1)
			goto fail;
		close(fd);
	}
	if (spawn_go_wait(j, gate) < 0) {
		errno = ECANCELED; /* abstat gave up (counters did not open) */
		goto fail;
	}
	if (fcntl(j->fd[SPAWN_FD_CTL], F_SETFD, 0) < 0 ||
	    fcntl(j->fd[SPAWN_FD_ACK], F_SETFD, 0) < 0)
		goto fail;
	spawn_ctl_env(j->ctl_env, j->fd[SPAWN_FD_CTL], j->fd[SPAWN_FD_ACK]);
	cfg.envp[e++] = j->ctl_env;
	if (j->region_env[0])
		cfg.envp[e++] = j->region_env;
	cfg.envp[e] = NULL;
	if (!cfg.c.show_output &&
	    (dup2(j->devnull, 0) < 0 ||
	     dup2(cfg.c.capture_output ? j->fd[SPAWN_FD_ERR] : j->devnull,
		  1) < 0 ||
	     dup2(j->fd[SPAWN_FD_ERR], 2) < 0))
		goto fail;
	if (cfg.c.drop_priv &&
	    (setgroups(cfg.c.n_groups, cfg.groups) < 0 ||
	     setgid(cfg.c.gid) < 0 || setuid(cfg.c.uid) < 0))
		goto fail;
	if (cfg.dir && chdir(cfg.dir) < 0)
		goto fail;
	sigprocmask(SIG_SETMASK, &j->run.mask, NULL);
	rep.stage = SPAWN_STAGE_EXEC;
	execve(cfg.argv[0], cfg.argv, cfg.envp);
fail:
	rep.err = errno;
	if (write(gate, &rep, sizeof(rep)) < 0)
		_exit(127);
	_exit(127);
}

/* Read exactly len bytes; 0, or -1 at end of file or on an error. */
static int spawn_read_all(int fd, void *buf, size_t len)
{
	char *p = buf;

	while (len) {
		ssize_t got = read(fd, p, len);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			return -1;
		p += got;
		len -= (size_t)got;
	}
	return 0;
}

/* NUL-terminated strings from *p up to end into out[0..n-1]. */
static int spawn_strings(char **p, const char *end, char **out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		char *z = memchr(*p, '\0', (size_t)(end - *p));

		if (!z)
			return -1;
		out[i] = *p;
		*p = z + 1;
	}
	return 0;
}

static int spawn_config(char *buf, uint32_t len)
{
	struct spawn_config c;
	char *p = buf, *end = buf + len;

	if (len < sizeof(c))
		return -1;
	memcpy(&c, buf, sizeof(c));
	p += sizeof(c);
	if (c.argc < 1 || c.argc > len || c.envc > len || c.n_groups > 65536 ||
	    (size_t)(end - p) < c.n_groups * sizeof(gid_t))
		return -1;
	free(cfg.buf);
	free(cfg.argv);
	free(cfg.envp);
	cfg.buf = buf;
	cfg.c = c;
	cfg.groups = (const gid_t *)(void *)p;
	p += c.n_groups * sizeof(gid_t);
	cfg.argv = calloc(c.argc + 1, sizeof(char *));
	/* + ABSTAT_CTL, ABSTAT_REGION */
	cfg.envp = calloc(c.envc + 3, sizeof(char *));
	cfg.cgroup_procs = NULL;
	cfg.dir = NULL;
	if (!cfg.argv || !cfg.envp ||
	    spawn_strings(&p, end, cfg.argv, c.argc) < 0 ||
	    spawn_strings(&p, end, cfg.envp, c.envc) < 0 ||
	    (c.has_cgroup &&
	     spawn_strings(&p, end, (char **)&cfg.cgroup_procs, 1) < 0) ||
	    (c.has_dir && spawn_strings(&p, end, (char **)&cfg.dir, 1) < 0))
		return -1;
	return 0;
}

static void spawn_run(struct job *j)
{
	int32_t err;
	pid_t pid;

	pid = clone(spawn_child, child_stack + sizeof(child_stack),
		    CLONE_VM | CLONE_VFORK | CLONE_PARENT | SIGCHLD, j);
	if (pid < 0) {
		err = -errno;
		if (write(j->fd[SPAWN_FD_GATE], &err, sizeof(err)) < 0)
			return;
	}
}

/* The fds of a SPAWN_RUN replace the ones kept from the last; with
 * nfd 0, close them. abstat reuses a lone copy's pipes and gate from run
 * to run, and then sends none (launcher_keep.c). */
static void spawn_keep(struct job *j, const int *fd, size_t nfd)
{
	for (int i = 0; i < SPAWN_N_FDS; i++) {
		if (j->fd[i] >= 0)
			close(j->fd[i]);
		j->fd[i] = i < (int)nfd ? fd[i] : -1;
	}
	j->nfd = nfd;
}

/* One message; 0, or -1 when abstat is gone or spoke nonsense. */
static int spawn_serve(int sock, struct job *j)
{
	union {
		char buf[CMSG_SPACE(SPAWN_N_FDS * sizeof(int))];
		struct cmsghdr align;
	} u;
	struct spawn_hdr h;
	struct iovec iov = { &h, sizeof(h) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = u.buf,
			    .msg_controllen = sizeof(u.buf) };
	int fd[SPAWN_N_FDS];
	size_t nfd;
	ssize_t got;
	char *buf;

	do
		got = recvmsg(sock, &m, MSG_CMSG_CLOEXEC | MSG_WAITALL);
	while (got < 0 && errno == EINTR);
	if (got != sizeof(h))
		return -1;
	nfd = spawn_rights(&m, fd, SPAWN_N_FDS);
	if (nfd)
		spawn_keep(j, fd, nfd);
	if (h.type == SPAWN_CONFIG) {
		if (h.len > SPAWN_MAX_CONFIG || !(buf = malloc(h.len + 1)))
			return -1;
		if (spawn_read_all(sock, buf, h.len) < 0) {
			free(buf);
			return -1;
		}
		return spawn_config(buf, h.len);
	}
	if (h.type != SPAWN_RUN || h.len != sizeof(j->run) ||
	    spawn_read_all(sock, &j->run, sizeof(j->run)) < 0 ||
	    j->nfd < SPAWN_FD_ERR || !cfg.argv ||
	    (!cfg.c.show_output && j->nfd <= SPAWN_FD_ERR))
		return -1;
	spawn_run(j);
	if (!j->run.keep)
		spawn_keep(j, NULL, 0);
	return 0;
}

/* Every disposition to SIG_DFL: abstat ignores SIGPIPE, and whatever
 * started abstat may have ignored more (glibc's sigaction refuses its
 * own two real-time signals, the kernel does not). */
static void spawn_default_signals(void)
{
	struct {
		void (*handler)(int);
		unsigned long flags;
		void (*restorer)(void);
		uint64_t mask;
	} dfl = { SIG_DFL, 0, NULL, 0 };

	for (int sig = 1; sig <= 64; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			syscall(SYS_rt_sigaction, sig, &dfl, NULL,
				sizeof(dfl.mask));
}

int main(void)
{
	struct job j = { .fd = { -1, -1, -1, -1 }, .devnull = -1 };
	sigset_t block;

	/* Runs start with default dispositions; the helper itself leaves
	 * terminal signals to abstat, and follows it when it dies. */
	spawn_default_signals();
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGQUIT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTSTP);
	sigprocmask(SIG_BLOCK, &block, NULL);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* its CPU and SCHED_FIFO: abstat's to set, before the first run
	 * (launcher_helper_place) */
	if (fcntl(SPAWN_FD, F_SETFD, FD_CLOEXEC) < 0)
		return 2;
	/* Nothing of abstat's but stdio and the socket reaches a run. */
	syscall(SYS_close_range, SPAWN_FD + 1, ~0u, 0);
	j.devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (j.devnull < 0)
		return 2;
	while (spawn_serve(SPAWN_FD, &j) == 0)
		;
	return 0;
}
