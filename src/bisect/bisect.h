/* SPDX-License-Identifier: MIT */
/*
 * bisect: the bisect engine (src/bisect), git bisect decided by
 * measurement. bisect_run takes what to bisect and how (struct
 * bisect_input, filled by src/cmd/cmd_bisect.c from the command line);
 * it says everything, diagnostics and the lines of its report alike,
 * through the input's sink, never by printing, and measures a command
 * through the input's sessions (the session driver, which the command
 * lends it). A bisect's state is one JSON file beside git's own
 * BISECT_LOG (GIT_DIR/abstat-bisect/state.json) with the private work
 * trees of the ends next to it; every finished step is saved there
 * before git hears of it, so an interrupted bisect goes on where it
 * stopped.
 */
#ifndef ABSTAT_BISECT_H
#define ABSTAT_BISECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare.h"
#include "sink.h"

/* The engine's exit statuses: the values of the command line's (msg.h,
 * which cmd_bisect.c checks), so that the command returns them as they
 * are. */
enum bisect_status {
	BISECT_OK = 0,
	BISECT_FAILED = 1,      /* no first bad commit, or no change at it */
	BISECT_USAGE = 2,       /* a bad input, ends not distinguishable */
	BISECT_WORKLOAD = 4,    /* COMMAND or a build failed */
	BISECT_IO = 5,
	BISECT_INTERRUPTED = 130,
};

/* One run of a round: which side, and whether it is a warm-up. */
struct bisect_run {
	size_t side;
	bool warmup;
};

struct result;
/* The session driver, lent by the command (src/engine's session, which
 * the bisect engine does not include): COMMAND measured in several
 * work trees, interleaved in one session. Each returns 0 or an exit
 * status after saying why (the session's own messages, through the
 * command's sink). */
struct bisect_sessions {
	/* A session of n sides, argvs[i] side i's command (NULL-
	 * terminated) run in dir, name the benchmark's name; quiet: the environment's
	 * warnings were said at an earlier session. The sides' results
	 * (the session's, until close) into res[0..n). */
	int (*open)(void *ctx, char **const *argvs, const char *name,
		    size_t n, const char *dir, bool quiet, void **session,
		    struct result **res);
	/* Runs in this order, into the results open gave. */
	int (*round)(void *ctx, void *session, const struct bisect_run *runs,
		     size_t n_runs);
	void (*close)(void *ctx, void *session);
	void *ctx;
};

/* What to bisect, and how. */
struct bisect_input {
	const char *repo;         /* --repo DIR, or NULL: the current one */
	const char *good, *bad;   /* --good, --bad as given */
	const char *build;        /* --build CMD (sh -c) */
	const char *measure;      /* --measure CMD, or NULL: argv */
	char *const *argv;        /* COMMAND [ARG...] */
	size_t argc;
	const char *report;       /* -o REPORT, or NULL */
	bool force;               /* --force: overwrite REPORT */
	unsigned repeat, warmup;  /* -r: runs a side a round; --warmup */
	unsigned max_runs;        /* --max-runs: a side's runs (or boots) */
	/* compare's model: alpha, the primary row, the seed...; the engine
	 * sets events NULL (every row) and commands_differ (the sides are
	 * builds) */
	struct compare_opts model;
	struct sink sink;
	struct bisect_sessions sessions;
};

/* The bisect: an exit status (enum bisect_status), after saying why. */
int bisect_run(const struct bisect_input *in);

/* A delta of one side against another on the primary row (compare.h):
 * a fraction, its interval at 1 - alpha, and whether the verdict is
 * "yes" (a significant change, Holm over the model's tests). */
struct bisect_delta {
	bool has;
	double d, lo, hi;
	bool sig;
	bool tested;    /* lo, hi from a test (or exact), not a point */
};

/* A delta counts as a change within a bisect when its verdict is yes
 * and it is at least this part of the ends' change: a difference a
 * test can see but far below the regression (one page of 3000 between
 * two identical binaries in two work trees) is no part of it. */
#define BISECT_PART 0.1

/* Whether d counts as a change, against the ends' delta e. */
bool bisect_counts(const struct bisect_delta *d, const struct bisect_delta *e);

struct bisect_step {
	char *commit;           /* full SHA */
	char *subject;
	char *decision;         /* "good", "bad", "skip" */
	char *reason;           /* why (skips, between), or NULL */
	bool measured;
	struct bisect_delta vs_good, vs_bad, end; /* end: bad vs good */
	size_t runs;            /* a side's measured runs */
};

struct bisect_state {
	const struct bisect_input *in;
	char *top;              /* the work tree */
	char *gitdir;           /* its git directory (absolute) */
	char *dir;              /* gitdir/abstat-bisect */
	char *good, *bad;       /* full SHAs of the ends */
	const char *build;      /* --build */
	const char *measure;    /* --measure, or NULL: COMMAND in sessions */
	char *orig;             /* --measure: HEAD before the bisect (a
				 * branch or a SHA), checked out at its end */
	char *built;            /* --measure: the commit last built in top */
	char *const *argv;      /* COMMAND [ARG...] as given */
	size_t argc;
	char *metric;           /* the primary row's metric, or NULL */
	bool quiet_sessions;    /* the first session has warned */
	bool ends_done;
	struct bisect_delta ends; /* bad vs good */
	size_t ends_runs;
	struct bisect_step *steps;
	size_t n_steps;
	/* what was under way, saved before it started: "building" or
	 * "measuring" busy_commit in busy_tree ("top", the work tree, or a
	 * private tree's name); a resume starts it again, a build from a
	 * clean tree. NULL: nothing. */
	char *busy, *busy_commit, *busy_tree;
	/* the end */
	char *first_bad, *first_subject, *parent;
	struct bisect_delta vs_parent;
	size_t parent_runs;
	bool parent_measured;
	char *note;             /* several commits, only skips left, ... */
	/* several commits make the change (bisect_culprits): each the
	 * first commit at a level, measured against its parent; n < 2
	 * when not */
	struct bisect_culprit {
		char *commit, *subject, *parent;
		struct bisect_delta vs_parent;
		size_t runs;
		bool measured;
	} *culprits;
	size_t n_culprits;
	char **candidates;      /* git's "could be any of" list */
	size_t n_candidates;
};

/* bisect_say.c: say text (printf's fmt) at level through the sink */
void bisect_say(const struct bisect_state *st, enum say_level level,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An error said; returns BISECT_USAGE. */
int bisect_usage(const struct bisect_state *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* bisect_measure.c */
#define BISECT_SIDES_MAX 3 /* good, step, bad */

/* What a measurement is for: the ends, a step, a commit and its parent. */
enum bisect_kind { BISECT_ENDS, BISECT_STEP, BISECT_PARENT };

struct bisect_outcome {
	struct bisect_delta d[BISECT_SIDES_MAX]; /* side i against side 0 */
	struct bisect_delta step_vs_bad;         /* BISECT_STEP */
	size_t runs;                             /* the fewest of a side */
};

/* Measure COMMAND in trees[0..n) (n <= BISECT_SIDES_MAX) interleaved,
 * round after round until kind has its answer or a side has --max-runs
 * runs: the last round's deltas in oc. 0 or an exit status after
 * saying why. */
int bisect_measure(struct bisect_state *st,
		   char *const *trees, size_t n, enum bisect_kind kind,
		   struct bisect_outcome *oc);
/* compare_build on sides (the first the baseline): the deltas of the
 * others into d[1...]; *boots (when not NULL) the fewest boots of a
 * side, 0 unless the boot is the unit (DESIGN_BOOTS). 0 or an exit
 * status after saying why. */
struct side;
int bisect_model(struct bisect_state *st,
		 const struct side *sides, size_t n, struct bisect_delta *d,
		 size_t *boots);
/* Two sides: the second's delta against the first, the runs a side. */
int bisect_pair(struct bisect_state *st,
		char *const *trees, enum bisect_kind kind,
		struct bisect_delta *d, size_t *runs);
/* Whether a measurement of kind has its answer; for a step (trees good,
 * step, bad) the decision ("good", "bad", or "skip": between the ends)
 * and its reason in reason (empty when none). */
bool bisect_decided(enum bisect_kind kind, const struct bisect_outcome *oc,
		    const char **decision, char *reason, size_t len);

/* bisect_step.c */
/* One step at HEAD: build, measure, decide; saved, said, and told to
 * git. Whether the bisect is done, or -1 (an exit status in *rc). */
int bisect_step(struct bisect_state *st, char *const *ends, int *rc);
/* The first bad commit against its parent, each built in a private
 * work tree (the ends' where they are the ends). */
int bisect_parent(struct bisect_state *st, char *const *ends);
/* bisect_tree.c */
/* The ends in private work trees (ends[0], ends[1]: 4096 bytes each),
 * built: 0 or an exit status after saying why. */
int bisect_end_trees(struct bisect_state *st, char *const *ends);
/* --build in tree, its output in dir/build.log: 0 built,
 * > 0 its exit status (a skip), or -errno. */
int bisect_build(const struct bisect_state *st, const char *tree);
/* A private work tree dir/name (end0, end1, par0, par1: names of one
 * length) at sha, made or moved there: 0 or an exit status after
 * saying why. */
int bisect_tree(const struct bisect_state *st, const char *name,
		const char *sha, char *path, size_t len);

/* bisect_culprits.c: a regression made of several commits. When a
 * measured step lies between the ends (significant against both), the
 * commits where the primary row moves from one level to the next (the
 * good end, between, the bad end) are narrowed down in the history
 * (good..bad, first parents) by more steps where two measured commits
 * of different levels are not neighbours, then each is measured against
 * its parent: st->culprits, when two or more. 0 or an exit status
 * after saying why. */
int bisect_culprits(struct bisect_state *st,
		    char *const *ends);

/* bisect_boots.c: --measure, each side's boots its result files */
/* HEAD's commit checked out and built in st->top for sha: 0, > 0 the
 * build's exit status, or -errno. */
int bisect_boots_ready(struct bisect_state *st, const char *sha);
/* The ends: measured until they differ or --max-runs boots a side. */
int bisect_boots_ends(struct bisect_state *st);
/* A step at HEAD (built): its outcome in oc, or a reason to skip it in
 * reason (rc 0 either way; oc->runs 0 when skipped). */
int bisect_boots_step(struct bisect_state *st,
		      struct bisect_outcome *oc, char *reason, size_t len);
/* The first bad commit against its parent, measured where they have no
 * boots yet. */
int bisect_boots_pair(struct bisect_state *st,
		      const char *parent, const char *first_bad);

/* bisect_resume.c */
/* git bisect VERB [SHA]: whether the bisect is done (git named the first
 * bad commit, or only skips are left: st's end set), or -1 after
 * saying why. */
int bisect_mark(struct bisect_state *st, const char *verb, const char *sha);
/* Tell git bisect the saved steps its log lacks (all when it was reset),
 * then ask git whether the bisect is over: 1 done, 0 not, -1 after
 * saying why. */
int bisect_replay(struct bisect_state *st);
/* The loaded steps are this bisect's: decisions good, bad or skip, full
 * commit ids between the ends; in_progress a commit id and a tree of
 * its own. 0, or EXIT_USAGE after one line. */
int bisect_check_steps(const struct bisect_state *st);
/* Record what starts now (doing "building" or "measuring" sha in tree:
 * "top" or a private tree's name; doing NULL: nothing) and save the
 * state (warned when it cannot be): 0 or -errno. */
int bisect_busy(struct bisect_state *st, const char *doing, const char *sha,
		const char *tree);
/* After an interrupted build: its tree cleaned so that it builds again
 * from the commit alone (git clean -fdX in the work tree: what git
 * ignores; reset --hard and clean -ffdx in a private tree). */
void bisect_resume_clean(struct bisect_state *st);
/* Whether an exit status is 128 + a signal (stopped, not a verdict). */
bool bisect_signalled(int status);

/* bisect_git.c */
/* Run argv in dir (fork, chdir, exec; PATH lookup, LC_ALL=C): its
 * stdout and stderr into *out (NUL-terminated, free it) when out is
 * not NULL, else into log_fd (-1: abstat's own). The exit status,
 * 128 + a signal's number, or -errno. */
int bisect_exec(const char *dir, char *const *argv, int log_fd, char **out);
/* The same with env (NAME=VALUE words, NULL-terminated) added. */
int bisect_exec_env(const char *dir, char *const *argv, int log_fd,
		    char **out, char *const *env);
/* git -C dir ARGS... (NULL-terminated): its exit status or -errno, its
 * output in *out (trailing newlines cut) when out is not NULL. */
int bisect_git(const char *dir, char **out, ...) __attribute__((sentinel));
/* The first line of text, at most 160 characters, for a message. */
void bisect_first_line(const char *text, char *buf, size_t len);

/* bisect_report.c */
/* state.json in st->dir (a temporary file, fsync, rename, fsync of the
 * directory): 0 or -errno. */
int bisect_state_save(const struct bisect_state *st);
/* The saved state into st (its top, gitdir, dir set): 1 when there is
 * one, 0 when not, -EINVAL (with why in err) when it is not this
 * bisect's (other ends, build or command) or unreadable. */
int bisect_state_load(struct bisect_state *st, char *err, size_t len);
void bisect_state_free(struct bisect_state *st);
/* One line per step, as said while bisecting (80 columns). */
void bisect_print_step(const struct bisect_state *st,
		       const struct bisect_step *s, size_t i, FILE *out);
/* The same through the sink (SAY_OUT). */
void bisect_say_step(const struct bisect_state *st,
		     const struct bisect_step *s, size_t i);
/* s (NULL: "") with its controls escaped into buf (escape_str), for
 * the terminal and the mail; the JSON keeps s as it is. Returns buf. */
const char *bisect_shown(const char *s, char *buf, size_t len);
/* "+6.1% [+5.0, +7.2]" */
void bisect_delta_text(const struct bisect_delta *d, char *buf, size_t len);
/* The culprits (st->culprits) as bisect prints them at its end: each
 * commit, its subject, its delta against its parent. */
void bisect_print_culprits(const struct bisect_state *st, FILE *out);
void bisect_say_culprits(const struct bisect_state *st);
/* The mail summary (72 columns), for stdout and the report. */
char *bisect_mail(const struct bisect_state *st);
/* The report at path (-o): 0 or -errno with why in err. */
int bisect_report_write(const struct bisect_state *st, const char *path,
			bool force, char *err, size_t len);

#endif
