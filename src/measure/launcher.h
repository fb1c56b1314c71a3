/* SPDX-License-Identifier: MIT */
/*
 * launcher: start one run of a workload (N simultaneous copies), counted
 * from its exec to its exit, and nothing of abstat itself.
 *
 * Each copy is born from the spawn helper (libexec/abstat-spawn, one per
 * session, see spawn_proto.h): a tiny static process whose vfork-style
 * clone (CLONE_VM | CLONE_VFORK | CLONE_PARENT) is abstat's child but
 * starts from the helper's few hundred kB, not abstat's address space,
 * so wait4's maxrss is the workload's own. The child pins itself, joins
 * the cpuset and waits on a gate socket; abstat attaches the counter
 * group to its pid (disabled leader, enable_on_exec), opens the gate;
 * the child redirects its output, drops privileges and execs. Exec
 * failure comes back on the gate socket (close-on-exec: end of file is
 * success). Without the helper (not built or installed), copies are
 * cloned from abstat itself as before (self_open backends: a vfork-style
 * clone that opens the counters on itself; attach backends: fork and
 * gate), and maxrss includes abstat's resident size; the session says so.
 *
 * While copies run, the parent serves the measured-region protocol
 * (ABSTAT_CTL, see abstat-workloads(7)), drains stderr into a tail buffer,
 * enforces the timeout by killing the process group, and reaps with wait4.
 * Counters are read after every copy has exited, then closed. abstat is
 * a child subreaper (launcher_contain), so whatever a run left behind,
 * setsid or not, is then its child: killed, reaped and counted
 * (launcher_orphans.c).
 */
#ifndef ABSTAT_LAUNCHER_H
#define ABSTAT_LAUNCHER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "counters.h"
#include "cpu.h"
#include "result.h"

struct launch_helper; /* the spawn helper (launcher_helper.c) */

/*
 * Sampling beside the counters (abstat profile, profile.c): per copy, the
 * caller's state (launch_copy.sample) is opened on the child's pid when
 * the counters are (on_exec: enabled by its exec; else at once), with
 * the CPU the copy is pinned to (-1: not pinned to one), follows
 * the measured region (first: the region starts, what came before is
 * dropped), is drained whenever fd() polls readable and closed once the
 * copy is reaped (after a last drain). NULL in the spec: no sampling.
 */
enum launch_region { LAUNCH_REGION_FIRST, LAUNCH_REGION_ON,
		     LAUNCH_REGION_OFF };
struct launch_sampling {
	int (*open)(void *sample, pid_t pid, int cpu, bool on_exec);
	/* Where the copy's first region begin time will be (CLOCK_MONOTONIC,
	 * 0 until the workload, which toggles the sampler itself, stores it;
	 * in shared memory) or NULL: samples before it are not the
	 * region's. Called after open. */
	void (*begin_at)(void *sample, const uint64_t *begin_ns);
	int (*fd)(void *sample);
	void (*region)(void *sample, enum launch_region what);
	void (*drain)(void *sample);
	void (*close)(void *sample);
};

struct launch_spec {
	const struct backend_ops *backend;
	struct launch_helper *helper; /* NULL: clone from abstat itself */
	char *const *argv;     /* argv[0] is a path (resolved by the caller) */
	char *const *envp;     /* base environment; ABSTAT_CTL is added */
	const char *dir;       /* where it runs (chdir before the exec),
				* NULL: abstat's directory */
	bool show_output;      /* else stdout -> /dev/null, stderr -> tail */
	bool capture_output;   /* stdout too goes to the stderr pipe, and
				* the last RESULT_OUTPUT_MAX bytes of it
				* become proc_sample.output */
	double timeout_s;      /* 0 = none */
	const char *cgroup_procs; /* file the child writes "0" into, or NULL */
	bool drop_priv;        /* --user: groups, gid, uid in that order */
	uid_t uid;
	gid_t gid;
	const gid_t *groups;
	size_t n_groups;
	size_t n_events;       /* counters per copy (sizes proc_sample) */
	const sigset_t *stop_signals; /* blocked while running; a delivery
					 interrupts the run */
	volatile sig_atomic_t *stop_flag; /* set by the signal handler */
	const struct launch_sampling *sampling; /* abstat profile, or NULL */
};

struct launch_copy {
	int cpu;                 /* -1: not pinned */
	const struct cpu_list *cpus; /* several CPUs: the affinity is the
				      * whole set (cpu is its first); else
				      * NULL */
	struct counter_set *set; /* prepared by the backend */
	void *sample;            /* spec->sampling's state of this copy */
};

#define LAUNCH_TAIL 512
#define LAUNCH_HEAD 512

struct launch_outcome {
	bool interrupted;      /* a stop signal arrived; copies were killed */
	bool timed_out;
	bool exec_failed;
	int exec_errno;
	int open_errno;        /* counters could not be opened in the child */
	int bad_event;         /* index of the event that failed to open */
	unsigned leftover;     /* processes the run left behind, killed */
	unsigned leftover_setsid; /* of those, ones that called setsid() */
	bool protocol_error;   /* malformed region protocol message */
	bool self_region;      /* a copy marked its region itself
				* (ABSTAT_REGION, no handshake) */
	bool handshake;        /* a copy marked it with the handshake
				* (ABSTAT_CTL: enable/ack) */
	char read_err[256];    /* a counter read failed validation */
	char region_err[256];  /* the region page (ABSTAT_REGION) says
				* what cannot be: the field, its value */
	char stderr_tail[LAUNCH_TAIL]; /* last bytes of the first failing
					  copy's stderr */
	char stderr_head[LAUNCH_HEAD]; /* and its first bytes (the real
					  error is often the first line) */
	unsigned long long stderr_bytes; /* how many it wrote in all */
};

/* Run the copies once. out[i].counters must hold spec->n_events values.
 * 0 when every copy ran (whatever its exit status), -EINTR when stopped,
 * -errno on a launcher failure (exec, counters: see o). */
int launcher_run(const struct launch_spec *spec, struct launch_copy *copies,
		 size_t n, struct proc_sample *out, struct launch_outcome *o);

/* Start the spawn helper at path (once per session): 0, or -errno and a
 * sentence in err. Stop closes its socket and reaps it. */
int launcher_helper_start(const char *path, struct launch_helper **out,
			  char *err, size_t len);
void launcher_helper_stop(struct launch_helper *h);
/* The helper, started early (its exec and set-up overlap abstat's own
 * start-up), put where abstat waits: on cpu (>= 0) and at abstat's
 * SCHED_FIFO once raised (launcher_prio_follow). 0 or -errno. */
int launcher_helper_place(struct launch_helper *h, int cpu);
/* Until then it may set up on the CPUs but cpu (abstat's, >= 0). */
void launcher_helper_aside(struct launch_helper *h, int cpu);

/* launcher_prio.c: abstat runs SCHED_FIFO (priority 1, its children
 * SCHED_OTHER: SCHED_RESET_ON_FORK) while runs go, so that nothing of
 * abstat's is left to run on the workload's CPU once a run's region can
 * begin; the spawn helper follows it. 0 or -errno (EPERM: not root nor
 * RLIMIT_RTPRIO). restore: the policy before. */
int launcher_prio_raise(void);
void launcher_prio_restore(void);
/* pid (the spawn helper) at the policy raise gave abstat, if it did: 0
 * or -errno. */
int launcher_prio_follow(pid_t pid);

/* Make abstat a child subreaper, so that every process a run leaves
 * behind is reparented to it (and found, killed and reaped after the
 * run). 0 or -errno. */
int launcher_contain(void);
/* After a hook: kill and reap every child of abstat but the spawn
 * helper h (what the hook left, setsid() or not, reparented to abstat by
 * launcher_contain). How many there were; *setsid: of them, session
 * leaders. */
unsigned launcher_sweep_all(const struct launch_helper *h, unsigned *setsid);

/* Resolve a command name through PATH like execvp. 0 or -ENOENT/-EACCES. */
int launcher_resolve(const char *cmd, char *buf, size_t len);

/* Monotonic nanoseconds. */
unsigned long long launcher_now_ns(void);

/* launcher_access.c: with spec->drop_priv, 0 when the account can execute
 * path (an absolute path); else -EACCES and a sentence in err naming the
 * directory or file it cannot pass, its mode and owner, and the fix. */
int launcher_user_access(const struct launch_spec *spec, const char *path,
			 char *err, size_t len);

#endif
