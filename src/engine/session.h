/* SPDX-License-Identifier: MIT */
/*
 * session: what run and versus share. Open the backend, resolve and probe
 * the events (announcing what cannot be counted), choose and check the
 * CPUs, set up the cpuset and the --user credentials, capture the
 * environment, then execute a plan of runs (benchmark x side, in the order
 * given: sequential for run, interleaved for versus), journaling each
 * finished run. Signals: the first SIGINT, SIGTERM (or any other catchable
 * terminating signal, session.c) stops scheduling and ends the current
 * workload; a second one removes the cpuset and exits at once, leaving
 * the journal.
 *
 * The session is the driver of cmd_run.c, cmd_versus.c, cmd_profile.c
 * and the bisect engine (lent by cmd_bisect.c), an engine below the
 * commands: it takes its own input (struct session_input,
 * session_input.h: the measure options, the samplers', a few flags,
 * the kind of measurement among them: no command entry, no config),
 * says its diagnostics once, through the input's sink (the command's,
 * which prints them), and returns exit statuses (exit_status.h). It
 * includes no header of src/cli.
 */
#ifndef ABSTAT_SESSION_H
#define ABSTAT_SESSION_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "counters.h"
#include "cpuset.h"
#include "doctor.h"
#include "exit_status.h"
#include "journal.h"
#include "launcher.h"
#include "progress.h"
#include "profile.h"
#include "result.h"
#include "session_input.h"

struct plan_item {
	size_t result; /* which result (side) */
	size_t bench;  /* which benchmark of it */
	bool warmup;
};

struct session {
	struct session_input in; /* what session_open was given */
	char id[17];          /* random, hex: config.session of its results */
	const struct backend_ops *backend;
	bool backend_up;
	struct event *events;
	size_t n_events;
	struct launch_copy *copies; /* one per --copies, with its CPU */
	size_t n_copies;
	struct cpuset *cpuset;
	struct cpu_list pinned;
	int launcher_cpu;     /* where abstat waits (--launcher-cpu), or -1 */
	gid_t *groups;
	char **user_env;      /* --user without --keep-env: the workload's */
	struct launch_spec spec;
	json_t *env;
	json_t *warnings;
	sigset_t stop_signals;
	/* the running hook's process group, for the signal handler */
	volatile sig_atomic_t *hook_pgid;
	unsigned long long t0_ns;
	/* what session_measure.c says or does once a session, its own */
	struct session_once {
		/* warned: processes left behind, a migration, a failed
		 * run, the blocking region handshake */
		bool leftover, migration, failure, handshake;
		bool traced;  /* the first run is over (ABSTAT_TRACE) */
		bool helper;  /* session_launcher_spawn ran */
	} once;
	unsigned n_failed;
	struct progress progress; /* the line on stderr (--progress) */
	struct profile *profile; /* abstat profile: the samplers, or NULL */
	/* the doctor's smt check, judged once the runs have gone on long
	 * enough (session_smt_check), not in a wait before the first */
	struct doctor_smt_watch smt;
	bool smt_on;
	unsigned long long smt_t0_ns;
};

/* Set everything up for in (copied; in->measure and in->sample are
 * read until session_close). Returns EXIT_OK or an exit status after
 * saying why through in->sink. */
int session_open(struct session *s, const struct session_input *in);
/* A new result for targets (label NULL: -n's, or the kernel release). */
struct result *session_result(struct session *s, const char *label,
			      const struct target *targets, size_t n);
/* Check an output path before measuring (exists without in->force,
 * unwritable directory). EXIT_OK or an exit status after saying why
 * through in->sink. */
int session_check_output(const struct session_input *in, const char *path);
/* Execute the plan. journals[i] may be NULL. Returns EXIT_OK,
 * EXIT_INTERRUPTED, EXIT_WORKLOAD, EXIT_COUNTERS, EXIT_IO, or EXIT_FAILED
 * (every measured run of a result failed, said once). Every result's
 * status is set ("complete", "interrupted", "partial", or "failed" when
 * runs failed and no measured run succeeded). */
int session_measure(struct session *s, struct result **results,
		    struct journal **journals, const struct plan_item *plan,
		    size_t n_plan);
/* Publish results[i] to paths[i] (through its journal when there is one)
 * and say where, in one line: for a result that did not complete, how
 * many runs it keeps and rest, the command that measures the others
 * (NULL: none). EXIT_OK or EXIT_IO. */
int session_save(struct session *s, struct result *r, struct journal *j,
		 const char *path, const char *rest);
void session_close(struct session *s);
/* A journal that a second stop signal names on its way out, with the
 * command that makes a result of it (session_signal.c; once a journal). */
void session_signal_kept(const char *journal);

/*
 * run --resume FILE (session_resume.c): what the interrupted session
 * left. Each function returns EXIT_OK or an exit status after saying why
 * through the sink session_resume_open was given.
 */
struct session_resume {
	char *output;        /* the result written: FILE, or the result a
			      * journal FILE was the journal of */
	char *journal;       /* the journal read (NULL: a result was) */
	char *backup;        /* its second name while it is rewritten */
	enum journal_from from; /* where journal_load_any read it */
	int lock;            /* the old journal's descriptor + 1 (0: none),
			      * locked while its runs are copied: a second
			      * --resume of it is refused */
	struct result *old;  /* what the session measured */
	struct sink sink; /* where its words go */
};
/* Read FILE (a result, or a journal; a missing result's journal). */
int session_resume_open(const char *file, const struct sink *sink,
			struct session_resume *rs);
/* The new session's result r is the same measurement as rs's: config,
 * events, benchmarks, environment (naming what differs). */
int session_resume_check(const struct session *s,
			 const struct session_resume *rs,
			 const struct result *r);
/* Before journal_open replaces the old journal: a second name for it. */
int session_resume_hold(struct session_resume *rs);
/* rs's runs into r (and journal j), the plan less the runs they are. */
int session_resume_apply(struct session *s, struct session_resume *rs,
			 struct result *r, struct journal *j,
			 struct plan_item *plan, size_t *n_plan);
/* Free; an old journal not yet rewritten is put back. */
void session_resume_close(struct session_resume *rs);

#endif
