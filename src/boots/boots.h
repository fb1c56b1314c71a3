/* SPDX-License-Identifier: MIT */
/*
 * boots: what the files of abstat boots share (cmd_boots.c, the verbs;
 * cmd_boots_step.c, one step; boots_exec.c, the commands a step runs;
 * boots_plan*.c, the plan file).
 */
#ifndef ABSTAT_BOOTS_H
#define ABSTAT_BOOTS_H

#include <stdio.h>

#include "boots_plan.h"
#include "sink.h"

#define BOOTS_KILLED 1000 /* boots_spawn: ran past its limit, killed */

struct boots_ctx {
	const char *dir;  /* the plan's directory */
	const char *root; /* where /proc is read ($ABSTAT_SYSROOT, or "") */
	bool dry_run;     /* print the commands, run nothing, save nothing */
	const char *cmd;  /* boots VERB, for messages */
	int dfd;          /* DIR, open (boots_plan_open): its files' base */
	const char *self; /* this abstat's path, shown (argv[0] of doctor, run) */
	int self_fd;      /* the abstat hashed: what doctor and run exec */
	/* what src/boots says (a check's failure, a command it cannot
	 * start): cmd_boots.c's messages (one line, no prefix) */
	struct sink sink;
};

/* Say "c->cmd: " and fmt's text at level through c's sink. */
void boots_say(const struct boots_ctx *c, enum say_level level,
	       const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* env (NAME=VALUE words, or NULL) and argv as one line sh would read
 * back: NAME='VALUE' and words quoted where needed. */
void boots_print_argv(FILE *f, char *const *env, char *const *argv);
/* Catch SIGINT, SIGTERM, SIGHUP and SIGQUIT for a step: each is passed
 * on to the command it waits for, and boots_signalled says which came
 * (0: none), so that the step records the boot and boots nothing. */
void boots_signals(void);
int boots_signalled(void);
/* Run argv (env: NAME=VALUE more, or NULL) with its stdout and stderr
 * in out (DIR/NAME, NAME created afresh relative to c->dfd,
 * boots_plan_create; NULL: abstat's), killed
 * past limit_s (0: none): its exit status, 128 + a signal, BOOTS_KILLED,
 * or -errno; with dry_run print it and return 0. After a stop signal it
 * runs nothing: 128 + the signal. argv[0] == c->self execs c->self_fd
 * (fexecve: the binary that was hashed, never its path again). */
int boots_spawn(const struct boots_ctx *c, char *const *argv,
		char *const *env, const char *out, unsigned limit_s);
/* Boot b's kernel the plan's way; *what names the command that failed.
 * Returns when the reboot is under way (or it failed: its status). */
int boots_boot_kernel(const struct boots_ctx *c, const struct boots_plan *p,
		      const struct boots_boot *b, char **what);
/* What can be checked before a reboot (boots_check.c): each failure
 * printed as one line with its fix; the count of errors. */
int boots_check(const struct boots_ctx *c, const struct boots_plan *p);
/* One step (cmd_boots_step.c): an exit status. */
int boots_step(const struct boots_ctx *c, struct boots_plan *p);

#endif
