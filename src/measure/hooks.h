/* SPDX-License-Identifier: MIT */
/*
 * hooks: the commands run around a benchmark, with hyperfine's names and
 * meaning: --setup once before a benchmark's first run, --cleanup once
 * after its last, --prepare before every run (warm-ups too), --conclude
 * after every run. Each goes through /bin/sh -c as abstat itself (not
 * pinned, not counted, outside the cpuset, never --user), stdin and
 * stdout on /dev/null, stderr through, in a process group of its own; a
 * non-zero exit is fatal. A hook is bounded: --timeout (as a run is), or
 * HOOKS_TIMEOUT_S without one, and a stop signal of the session; either
 * kills its process group.
 */
#ifndef ABSTAT_HOOKS_H
#define ABSTAT_HOOKS_H

#include <jansson.h>
#include <signal.h>
#include <stddef.h>

/* A hook's limit without --timeout (abstat-run(1)). */
#define HOOKS_TIMEOUT_S 600.0

/* What bounds one hook. */
struct hooks_limits {
	double timeout_s;              /* 0: HOOKS_TIMEOUT_S */
	/* unblocked while the hook runs, so that they reach the session's
	 * handler (NULL: none) */
	const sigset_t *stop_signals;
	/* set by that handler (to the signal's number): kill the hook and
	 * stop (NULL: the hook runs on whatever came before, as a --cleanup
	 * after a stop does) */
	volatile sig_atomic_t *stop_flag;
	/* the hook's process group while it runs, else 0: for the handler
	 * to kill on its way out (NULL: not published) */
	volatile sig_atomic_t *pgid;
};

/* The hooks given (NULL: none), into the result's config ("setup",
 * "cleanup", "prepare", "conclude": the commands). 0 or -ENOMEM. */
int hooks_config(json_t *config, const char *setup, const char *cleanup,
		 const char *prepare, const char *conclude);

/* Run cmd (hook name, e.g. "prepare") with /bin/sh -c and wait for it,
 * within lim. 0, or -errno with the sentence in err: -ECANCELED when it
 * ran and failed ("--NAME 'CMD' exited with status N", "was killed by
 * signal N"); -ETIME when it "timed out after S s (--timeout); its
 * process group was killed"; -EINTR when a stop signal came (its process
 * group killed); another -errno when it "could not start: why" or could
 * not be waited for. */
int hooks_run(const char *name, const char *cmd,
	      const struct hooks_limits *lim, char *err, size_t len);

#endif
