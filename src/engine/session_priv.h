/* SPDX-License-Identifier: MIT */
/*
 * session_priv: what session.c (set-up), session_measure.c (the
 * measuring loop), session_hooks.c and session_signal.c share; not an
 * API, session.h is.
 */
#ifndef ABSTAT_SESSION_PRIV_H
#define ABSTAT_SESSION_PRIV_H

#include <signal.h>
#include <stdbool.h>

#include "session.h"

/*
 * session_signal.c. A first stop signal (SIGINT, SIGTERM, SIGHUP,
 * SIGUSR1...) has come: schedule no more runs. The flag it reads stays at
 * file scope in session_signal.c, next to its handler, because a signal
 * handler can reach nothing else.
 */
bool session_stopping(void);
/* That flag, for the launcher to poll (launch_spec.stop_flag). */
volatile sig_atomic_t *session_stop_flag(void);
/* Where a running hook's process group is kept (0: none), for the
 * second signal to kill (session.h, hook_pgid). */
volatile sig_atomic_t *session_hook_pgid(void);
/* The stop signals into s->stop_signals, handled, and blocked except
 * inside the launcher's ppoll. */
void session_signals(struct session *s);
/* The cpuset a second signal removes before it leaves (NULL: none). */
struct cpuset;
void session_signal_cpuset(struct cpuset *cs);

/* session_say.c. What the session says, through the sink of its input
 * (session_input.h; sink_say for a level), one line: an error; an
 * error that returns EXIT_USAGE. The engine prints no message itself. */
void session_error(const struct sink *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
int session_usage(const struct sink *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A run warning: said (SAY_WARN, the progress line cleared
 * first) and recorded in every result of the session in the same
 * words. */
void session_warn(struct session *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* session_measure.c. --launcher-cpu: move abstat (and so the spawn
 * helper and the hooks it starts later) to the workload's CPU when one
 * copy runs on one CPU; sets s->launcher_cpu (-1: left where it was). */
void session_colocate(struct session *s);
/* session_measure.c: the spawn helper started (once a session; its
 * failure is a warning). */
void session_launcher_spawn(struct session *s);
/* session.c: the doctor's smt check once the runs went on long enough;
 * last: at the end, whatever the time. */
void session_smt_check(struct session *s, bool last);

/* session_hooks.c. The suite line of plan item i (run -S), or NULL. */
const struct suite_entry *session_entry(const struct session *s,
					const struct plan_item *plan,
					size_t i);
/* Hook h of a benchmark: its suite line's, else the command line's
 * (NULL: none). */
const char *session_hook_cmd(const struct session *s,
			     const struct suite_entry *e, enum suite_hook h);
/* Run hook name (cmd NULL: none) with b's {NAME} values, bounded by
 * --timeout (else HOOKS_TIMEOUT_S) and the stop signals; EXIT_OK,
 * EXIT_INTERRUPTED, or EXIT_WORKLOAD after one error line naming b,
 * when and the hook. */
int session_hook(struct session *s, const char *name, const char *cmd,
		 const struct benchmark *b, const char *when);
/* The plan's marks (calloc'd, n_plan + 1; NULL when out of memory): */
enum {
	SESSION_FIRST = 1,  /* the first item of its benchmark */
	SESSION_LAST = 2,   /* the last item of its benchmark */
	SESSION_SET_UP = 4, /* on a first item: --setup ran, --cleanup not */
};
unsigned char *session_plan_marks(struct result **results,
				  const struct plan_item *plan, size_t n_plan);
/* --setup before plan item i when it is its benchmark's first. */
int session_setup(struct session *s, const struct plan_item *plan,
		  size_t i, const struct benchmark *b, unsigned char *marks);
/* --cleanup after the last item of each benchmark (item i), or, at_end,
 * for every benchmark set up and not yet cleaned up. */
int session_cleanup(struct session *s, struct result **results,
		    const struct plan_item *plan, size_t n_plan, size_t i,
		    unsigned char *marks, bool at_end);
/* The run's scores from its kept output; a missing one fails a run that
 * had not failed already. */
void session_scores(const struct session *s, const struct suite_entry *e,
		    struct run *run);
/* config.oversubscribe and config.ops_from (the score that counted the
 * operations) into config; 0 or -ENOMEM (session_hooks.c). */
int session_config_counts(const struct session *s, json_t *config);

#endif
