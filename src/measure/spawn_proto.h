/* SPDX-License-Identifier: MIT */
/*
 * spawn_proto: what abstat (launcher_helper.c) and its spawn helper
 * (libexec/abstat-spawn.c) say to each other. Both ends are built from
 * this tree at once, so the layout is the C layout of this machine.
 *
 * Why a helper: at exec the kernel records the old address space's
 * high-water RSS into the process's maxrss (fs/exec.c, exec_mmap:
 * setmax_mm_hiwater_rss), and fork copies the parent's RSS into the
 * child's. A workload started from abstat (fork or vfork) would report
 * abstat's own resident size, which grows over a session. The helper is
 * a tiny static program started once per session; each run is a
 * clone(CLONE_VM | CLONE_VFORK | CLONE_PARENT) of it, so the workload is
 * born from a few hundred kB and is still abstat's child (wait4, pidfd).
 *
 * The stream socket on the helper's fd SPAWN_FD carries framed messages
 * abstat -> helper: a header, then len bytes. SPAWN_CONFIG (what to run)
 * is sent when it changes; a SPAWN_RUN carries, as SCM_RIGHTS, the
 * child's end of a gate socket and its pipes (SPAWN_FD_*), or nothing:
 * then the helper uses the ones it kept (spawn_run.keep), which a lone
 * copy reuses from run to run while its runs end cleanly
 * (launcher_keep.c). On
 * the gate socket the child writes its pid (int32_t; the helper writes
 * -errno when clone fails), pins itself, joins the cgroup, then waits
 * for a struct spawn_go from abstat, which attaches the counters
 * meanwhile (go 'g'; anything else or end of file: give up). With it come,
 * as SCM_RIGHTS, the region page and the counters the workload toggles
 * itself (ABSTAT_REGION, workloads/abstat.h), or nothing. A
 * failure before exec is written there as a struct spawn_report; the
 * gate is close-on-exec, so end of file means the exec happened (on a
 * kept gate, where the helper's copy stays open: nothing to read once the
 * child is reaped).
 */
#ifndef ABSTAT_SPAWN_PROTO_H
#define ABSTAT_SPAWN_PROTO_H

#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#define SPAWN_FD 3
#define SPAWN_NAME "abstat-spawn"
#define SPAWN_MAX_CONFIG (8u << 20) /* argv + environment, bytes */

enum spawn_type { SPAWN_CONFIG = 1, SPAWN_RUN = 2 };

/* The fds a SPAWN_RUN carries, in order; SPAWN_FD_ERR only without
 * show_output (stderr goes to a pipe, stdin and stdout to /dev/null). */
enum spawn_fd { SPAWN_FD_GATE, SPAWN_FD_CTL, SPAWN_FD_ACK, SPAWN_FD_ERR,
		SPAWN_N_FDS };

/* Where a child failed before exec (struct spawn_report.stage). */
enum spawn_stage { SPAWN_STAGE_SETUP = 1, SPAWN_STAGE_EXEC = 3 };

struct spawn_hdr {
	uint32_t type; /* enum spawn_type */
	uint32_t len;  /* bytes that follow */
};

/* SPAWN_CONFIG: this, n_groups gid_t, then NUL-terminated strings:
 * argv[0] (a path) .. argv[argc - 1], envp[0] .. envp[envc - 1] (no
 * ABSTAT_CTL: the child adds its own), cgroup_procs when has_cgroup, and
 * the directory to run in when has_dir. */
struct spawn_config {
	uint32_t argc, envc, n_groups;
	uint32_t uid, gid;
	uint8_t show_output, drop_priv, has_cgroup;
	uint8_t capture_output; /* stdout to SPAWN_FD_ERR too */
	uint8_t has_dir;        /* then dir: chdir there before the exec */
};

/* SPAWN_RUN. */
struct spawn_run {
	uint32_t pin;  /* sched_setaffinity(cpus) */
	uint32_t keep; /* hold the fds sent for the next runs; else close
			* them once the child is born (its gate's end of
			* file is then the exec) */
	cpu_set_t cpus;
	sigset_t mask; /* the signal mask to exec with */
};

/* abstat -> child on the gate: go (or not), and which copy of the run
 * this is (its entry in the region page). SPAWN_GO_FDS descriptors at
 * most come with it: the page first, then the counters. */
struct spawn_go {
	char go;        /* 'g': exec; anything else: give up */
	uint8_t pad[3];
	uint32_t copy;
};
#define SPAWN_GO_FDS 33

/* Text without stdio or allocation (a vfork-style child writes it):
 * append s, or the decimal of v, at out + *k. */
static inline void spawn_append(char *out, size_t *k, const char *s)
{
	while (*s)
		out[(*k)++] = *s++;
}

static inline void spawn_decimal(char *out, size_t *k, unsigned v)
{
	char num[12];
	int n = 0;

	do
		num[n++] = (char)('0' + v % 10);
	while ((v /= 10) && n < 11);
	while (n)
		out[(*k)++] = num[--n];
}

/* "ABSTAT_REGION=<fd[0]>,<copy>,<fd[1]>,...": the region page, the copy
 * and its counters (workloads/abstat.h); out holds SPAWN_REGION_ENV. */
#define SPAWN_REGION_ENV (16 + (SPAWN_GO_FDS + 1) * 11)
static inline void spawn_region_env(char *out, const int *fd, size_t nfd,
				    uint32_t copy)
{
	size_t k = 0;

	spawn_append(out, &k, "ABSTAT_REGION=");
	spawn_decimal(out, &k, (unsigned)fd[0]);
	out[k++] = ',';
	spawn_decimal(out, &k, copy);
	for (size_t i = 1; i < nfd; i++) {
		out[k++] = ',';
		spawn_decimal(out, &k, (unsigned)fd[i]);
	}
	out[k] = '\0';
}

struct spawn_report {
	int32_t stage; /* enum spawn_stage */
	int32_t err;   /* errno */
};

#endif
