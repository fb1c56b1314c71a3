/* SPDX-License-Identifier: MIT */
/*
 * boots_plan: the plan of abstat boots, DIR/plan.json (JSON, jansson):
 * its two sides (label, kernel, initrd, command line, release), how the
 * next kernel boots, the abstat run words, and every boot in order with
 * its state. Saved whole and atomically (a temporary file, fsync,
 * rename, fsync of DIR) at every change of state, so a power loss keeps
 * the plan as it was before or after the change, never half of it.
 * Returns 0 or -errno with why in err (err.h); prints nothing.
 */
#ifndef ABSTAT_BOOTS_PLAN_H
#define ABSTAT_BOOTS_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#define BOOTS_PLAN_FILE "plan.json"
#define BOOTS_LOCK_FILE "plan.lock" /* the lock of the step that acts */
#define BOOTS_SELF_FILE "abstat.sha256" /* install: the abstat it runs */
#define BOOTS_PLAN_MAX (1 << 20)    /* bytes: 198 boots' notes fit */
#define BOOTS_MAX_TRIES 2 /* a boot is tried twice at most (mismatches) */

/* boots --method, --on-mismatch (in the order of their --help values) */
#define BOOTS_K_MAX 99              /* boots init's -k: boots a side */
#define BOOTS_LIMIT_MAX 864000      /* boots init's --limit: s */
enum boots_method { BOOTS_KEXEC, BOOTS_GRUB, BOOTS_CMD };
enum boots_mismatch { BOOTS_RETRY, BOOTS_STOP };

enum boots_state {
	BOOT_PENDING, /* not booted yet */
	BOOT_BOOTING, /* its kernel was booted; the next step checks it */
	BOOT_RUNNING, /* the step measures (interrupted if found so) */
	BOOT_DONE,    /* its result is DIR/boot-NN-LABEL.json */
	BOOT_PARTIAL, /* interrupted; the runs it finished were recovered */
	BOOT_FAILED,  /* no result: note says why */
};

struct boots_side {
	char *label, *kernel, *initrd, *cmdline, *release;
	/* kexec: the kernel's and initrd's sha256 at init, checked before
	 * each kexec; NULL otherwise */
	char *kernel_sha256, *initrd_sha256;
};

struct boots_boot {
	unsigned side;         /* 0: A, 1: B */
	enum boots_state state;
	unsigned tries;        /* times its kernel was booted */
	long long booted_at;   /* when it was last booted (s since 1970) */
	char *from_boot;       /* the boot_id of the boot that booted it */
	char *note;            /* what happened, or NULL */
};

struct boots_plan {
	enum boots_method method;
	enum boots_mismatch mismatch;
	char *next;            /* --method cmd */
	unsigned limit_s;
	char *order;           /* "abab" or "random seed N" */
	struct boots_side sides[2];
	char **run;            /* abstat run's words, NULL-terminated */
	size_t n_run;
	struct boots_boot *boots;
	size_t n_boots;
	char *stopped;         /* why the plan stopped, NULL: it goes on */
};

extern const char *const boots_state_names[];
extern const char *const boots_method_names[];
extern const char *const boots_mismatch_names[];

/* What boots init asks for (cmd_boots.c fills it from the command
 * line): boots_plan_new's input. */
struct boots_plan_input {
	const char *side[2];      /* LABEL=KERNEL, A then B */
	const char *initrd[2], *cmdline[2], *release[2]; /* or NULL */
	enum boots_method method;
	enum boots_mismatch mismatch;
	unsigned limit_s;         /* a boot's time for a result */
	const char *next;         /* --next CMD (method cmd), or NULL */
	char *const *run;         /* the abstat run words */
	size_t n_run;
	unsigned k;               /* boots a side */
	bool random;              /* --order random (else alternate) */
	uint64_t seed;            /* random's */
};

/* The plan in describes (boots per side, order, sides). */
int boots_plan_new(const struct boots_plan_input *in, struct boots_plan *p,
		   char *err, size_t len);
/* Read DIR/plan.json relative to DIR's fd dfd (boots_plan_open; no
 * link, this user's, at most BOOTS_PLAN_MAX bytes) and check it as init
 * would (boots_plan_check); -ENOENT: no plan. dir names it in messages. */
int boots_plan_load(int dfd, const char *dir, struct boots_plan *p,
		    char *err, size_t len);
/* Whether p keeps init's limits: labels (boots_plan_label_ok, two
 * different), kernel, initrd, release and command line free of control
 * characters (--next and the run words: tabs and newlines only), the
 * limit, K boots a side (1 to BOOTS_K_MAX), tries. -EINVAL and why. */
int boots_plan_check(const struct boots_plan *p, char *err, size_t len);
/* A side's label: letters, digits and . _ + - (what a result file's name
 * and compare's specs take). */
bool boots_plan_label_ok(const char *s, size_t n);
/* DIR opened once (boots_trust.c): every directory above it root's (or
 * this user's) and written by no one else unless sticky, walked with
 * O_NOFOLLOW one openat at a time; DIR and every file in it this user's,
 * no link, writable by no one else. Its fd (O_CLOEXEC), or -errno with
 * which and the fix in err; every file of the plan is then opened
 * relative to it. */
int boots_plan_open(const char *dir, char *err, size_t len);
/* mkdir DIR (0755; there already: 0) in its parent, opened as
 * boots_plan_open opens DIR and trusted as the directories above it;
 * !make: only whether the parent is trusted. */
int boots_plan_mkdir(const char *dir, bool make, char *err, size_t len);
/* -EPERM unless st (of path) is this user's (or root's), no link, and
 * writable by no one else: err says which and the fix. */
int boots_trust_stat(const struct stat *st, const char *path, char *err,
		     size_t len);
/* Walk path from / (openat, O_NOFOLLOW), every directory above it root's
 * or this user's and written by no one else unless sticky (what names
 * the kind of file in messages); the fd of path itself (a directory
 * when dir), not checked; or -errno with why in err. */
int boots_trust_walk(const char *path, bool dir, const char *what,
		     char *err, size_t len);
/* boots_trust_walk, and path itself root's (or this user's) and
 * writable by no one else: what root may run or boot. Its fd. */
int boots_trust_exec(const char *path, bool dir, const char *what,
		     char *err, size_t len);
/* boots_trust_exec of a file, whose sha256 must be want (NULL: none
 * recorded, init --no-check: root's is enough): its fd, or -errno. */
int boots_trust_hashed(const char *path, const char *want, const char *what,
		       char *err, size_t len);
/* The lock of DIR/plan.lock (relative to dfd), held while the returned
 * fd is open (by the commands the step runs, too), with this pid in it;
 * -EBUSY when another step holds it (err names its pid). probe: only
 * whether one does (0, or -EBUSY), nothing held or made. */
int boots_plan_lock(int dfd, const char *dir, bool probe, char *err,
		    size_t len);
/* Create name (relative to dfd; AT_FDCWD and a path outside a plan)
 * afresh: a private temporary name (O_EXCL, O_NOFOLLOW: never through
 * a link), 0644, renamed over whatever name was. An fd open for
 * writing, or -errno with why in err (dir/name, or name when NULL). */
int boots_plan_create(int dfd, const char *dir, const char *name, char *err,
		      size_t len);
/* Write text to name atomically: a private temporary name (as
 * boots_plan_create), fsync, renamed over name, the directory fsync'd.
 * 0 or -errno with why in err. */
int boots_plan_write(int dfd, const char *dir, const char *name,
		     const char *text, char *err, size_t len);
/* -EEXIST (err: a plan is there; --force replaces it) or 0. */
int boots_plan_exists(int dfd, const char *dir, char *err, size_t len);
/* Write DIR/plan.json atomically; force: replace an existing plan. */
int boots_plan_save(int dfd, const char *dir, const struct boots_plan *p,
		    bool force, char *err, size_t len);
void boots_plan_free(struct boots_plan *p);
/* The first boot not done, partial or failed, or NULL (the plan is over). */
struct boots_boot *boots_plan_current(struct boots_plan *p);
/* Boot b's number (1-based) and result file DIR/boot-NN-LABEL.json. */
size_t boots_plan_index(const struct boots_plan *p, const struct boots_boot *b);
void boots_plan_result(const char *dir, const struct boots_plan *p,
		       const struct boots_boot *b, const char *suffix,
		       char *buf, size_t len);
/* b's note replaced by the formatted text. */
int boots_plan_note(struct boots_boot *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
