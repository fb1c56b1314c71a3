/* SPDX-License-Identifier: MIT */
/*
 * launcher_priv: what launcher.c (starting copies, sampling),
 * launcher_spawn.c (the child and the spawn paths), launcher_wait.c (the
 * region protocol, reaping), launcher_base.c (what they all use) and the
 * other launcher_*.c share; not an API, launcher.h is.
 */
#ifndef ABSTAT_LAUNCHER_PRIV_H
#define ABSTAT_LAUNCHER_PRIV_H

#include <sched.h>
#include <stdint.h>
#include <sys/resource.h>
#include <unistd.h>

#include "launcher.h"
#include "spawn_proto.h"

/* The parent's view of one copy, from its start to its reaping. */
struct copy_state {
	pid_t pid;
	int pidfd, ctl_r, ack_w, err_r;
	bool done, started, region_seen, in_region, waiting_ack;
	bool sampler_hup; /* the sampler's fd hung up: not polled again */
	unsigned long long start_ns, end_ns, region_start_ns, region_ns;
	struct counter_value *baseline;
	char line[128];
	size_t line_len;
	char tail[LAUNCH_TAIL];
	size_t tail_len;
	char head[LAUNCH_HEAD];
	size_t head_len;
	unsigned long long err_bytes; /* stderr bytes read in all */
	char *out;            /* capture_output: the last bytes, a ring */
	size_t out_len, out_head;
	int status;
	struct rusage ru;
	bool has_ops;
	uint64_t ops;
	int gate; /* the exec report, read once the copy is reaped; or -1 */
	/* abstat's copies of the child's ends of the control and stderr
	 * pipes, held until the copy is reaped: the child's exit then closes
	 * no last writer, so it wakes abstat once (the pidfd), not once per
	 * pipe while the exiting child still holds the pipe's lock. Only
	 * for a lone copy (-1 otherwise): many copies keep their
	 * descriptor count. */
	int hold_ctl, hold_err;
	/* the pipes and the gate are the session's (struct launch_keep):
	 * not closed with the copy */
	bool kept;
	/* the run's region page (launcher_region.c) and this copy's entry
	 * in it; NULL: the backend keeps its counters (the handshake) */
	struct launch_page *page;
	size_t index;
	/* a lone copy's go, sent on gate when abstat is about to sleep */
	bool go_pending;
	int go_fd[SPAWN_GO_FDS];
	size_t go_n;
};

/* launcher_keep.c: the pipes and gate socket of a lone copy, kept from
 * one clean run to the next. abstat's ends and its copies of the child's
 * (for the holds and to see that nothing was left unread); the helper
 * holds the child's ends it was last sent. valid: reusable now. */
struct launch_keep {
	int ctl_r, ctl_w, ack_r, ack_w, err_r, err_w, gate;
	bool valid;
};

void launcher_keep_init(struct launch_keep *k);
/* Close the set: the next run makes new plumbing. */
void launcher_keep_drop(struct launch_keep *k);
/* The set can serve a run (with a stderr pipe or without). */
bool launcher_keep_ready(const struct launch_keep *k, bool with_err);
/* New plumbing (cs's ends and the child's) becomes the set; valid once
 * launcher_keep_end finds the run clean. */
void launcher_keep_store(struct launch_keep *k, const struct copy_state *cs,
			 int ctl_w, int ack_r, int err_w);
/* After the copy is reaped and read: take the set back from cs (whose
 * fields become -1, so the copy's clean-up closes none of it) and keep
 * it for the next run if clean and nothing is left unread in it; else
 * close it. */
void launcher_keep_end(struct launch_keep *k, struct copy_state *cs,
		       bool clean);
/* launcher_helper.c: the helper's set (NULL without a helper). */
struct launch_keep *launcher_helper_keep(struct launch_helper *h);

/* launcher_region.c: the region page of a run (workloads/abstat.h,
 * ABSTAT_REGION), one per process, kept from run to run. Laid out for
 * n copies of s, reset; NULL when the backend cannot hand its counters
 * to the workload (then the handshake marks regions) or out of memory. */
struct launch_page;
struct launch_page *launcher_page_prepare(const struct launch_spec *s,
					  const struct launch_copy *copies,
					  size_t n);
/* What copy i's child gets with its go, once the counters (and the
 * sampler) are open: the page's descriptor, then the copy's counters
 * (and sampler) in the page's order; how many (0: none, hand nothing). */
size_t launcher_page_fds(struct launch_page *pg, const struct launch_spec *s,
			 const struct launch_copy *cp, size_t i, int *fds);
/* Copy i was reaped: counted in at the barrier of the copies, if it had
 * not come, so the others do not wait for it. */
void launcher_page_gone(struct launch_page *pg, size_t i);
/* Where copy i's first begin time will be (0 until then). */
const uint64_t *launcher_page_begin(struct launch_page *pg, size_t i);
/* After the copy's read: what its markers say (ops, region time, the
 * counters less their baselines) into p, once checked against the run
 * abstat timed itself: start_ns (before it was started) to end_ns (when
 * it was reaped); what cannot be is o->region_err. */
void launcher_page_apply(struct launch_page *pg, size_t i,
			 const struct launch_spec *s,
			 const struct launch_copy *cp, struct proc_sample *p,
			 unsigned long long start_ns,
			 unsigned long long end_ns, struct launch_outcome *o);

static inline void launcher_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* One copy's child as the spawn paths see it (launcher_spawn.c). */
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

/* launcher_spawn.c: environ plus ABSTAT_CTL=ctl (ctl,ack) and room for
 * ABSTAT_REGION, whose slot is *free_slot (a pointer array; strings
 * shared); NULL when out of memory. */
char **launcher_env(char *const *base, char *ctl, size_t *free_slot);
/* The three ways a copy is born: the vfork path (a self_open backend,
 * no helper: the child opens its counters), the attach path (abstat
 * forks itself, counters attached while it waits on a gate), the helper
 * (keep: a lone copy's kept plumbing, or NULL; reuse: its ends as they
 * are; defer: the exec report waits for the copy's end). 0 with *pid, or
 * -errno; c->stage and c->err say how far the child got. */
int launcher_spawn_vfork(struct child_ctx *c, pid_t *pid);
int launcher_spawn_attach(struct child_ctx *c, pid_t *pid,
			  struct launch_outcome *o);
int launcher_spawn_helper(struct child_ctx *c, pid_t *pid,
			  struct launch_outcome *o, struct copy_state *defer,
			  struct launch_keep *keep, bool reuse);
/* The exec report on gate: end of file once the child has exec'd, or
 * where it failed (c->stage, c->err); closes gate unless kept. */
void launcher_exec_report(struct child_ctx *c, int gate, bool kept);

/* launcher_spawn.c: the go (g 'g') or not ('x') on a child's gate,
 * with the region page and copy's counters when it gets them (fds[nfd],
 * launcher_page_fds). 0 or -errno. */
int launcher_go(int gate, char g, size_t copy, const int *fds, size_t nfd);

/* launcher_base.c: SCM_RIGHTS of fds[nfd] as m's control, in buf[cap]
 * (CMSG_SPACE of them at least, aligned for a cmsghdr). */
struct msghdr;
void launcher_rights(struct msghdr *m, char *buf, size_t cap, const int *fds,
		     size_t nfd);
/* ABSTAT_CTL= or ABSTAT_REGION=: abstat's to set, never passed on from
 * the caller's environment. */
bool launcher_env_ours(const char *var);
/* The affinity of a copy (empty when not pinned). */
void launcher_cpu_set(const struct launch_copy *cp, cpu_set_t *set);

/* launcher_helper.c: ask the helper for a child gated on *gate (abstat's
 * end of the gate socket), with fds ctl_w, ack_r, err_w (-1 with
 * show_output). keep: the helper holds the child's ends for the next
 * runs (a lone copy's kept set); reuse: *gate is the kept gate and the
 * helper uses the ends it holds (fds unused); else a new gate socket.
 * 0 with *pid and *gate, or -errno. */
int launcher_helper_spawn(struct launch_helper *h, const struct launch_spec *s,
			  const struct launch_copy *cp, const sigset_t *mask,
			  const int fds[3], bool keep, bool reuse, pid_t *pid,
			  int *gate);
/* The helper's pid (0 for none). */
pid_t launcher_helper_pid(const struct launch_helper *h);

/* launcher_orphans.c: once every copy is reaped, kill, reap and count
 * what the run left behind (every child of abstat but keep). */
void launcher_sweep(pid_t keep, struct launch_outcome *o);

/* Poll until every copy is reaped; serve the protocol meanwhile. mask:
 * the signal mask to poll with (abstat's, less the stop signals). */
int launcher_wait(const struct launch_spec *s, struct launch_copy *copies,
		  struct copy_state *cs, size_t n, const sigset_t *mask,
		  struct launch_outcome *o);
/* wait4 one copy (its rusage and end time). */
void launcher_reap(struct copy_state *cs, struct launch_outcome *o);
/* SIGKILL the process group of every copy started and not yet reaped. */
void launcher_kill_all(struct copy_state *cs, size_t n);

#endif
