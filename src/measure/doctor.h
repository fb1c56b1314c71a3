/* SPDX-License-Identifier: MIT */
/*
 * doctor: the checks behind `abstat doctor` (doctor.c): what on this
 * machine will make measurements noisy or wrong, and the fix. They return
 * findings and never print; cmd_doctor.c prints them and run prints the
 * WARN lines (session.c).
 */
#ifndef ABSTAT_DOCTOR_H
#define ABSTAT_DOCTOR_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "cpu.h"

enum doctor_level { DOCTOR_OK, DOCTOR_WARN, DOCTOR_FAIL };

struct doctor_check {
	enum doctor_level level;
	char *name;   /* "governor" */
	char *file;   /* what it read */
	char *detail; /* what it found */
	char *fix;    /* one concrete fix, NULL for OK */
};

struct doctor_ctx {
	const char *root;
	const struct cpu_list *pinned; /* CPUs that will run the workload */
	bool user_only;                /* counting user space only */
	const char *backend;
	json_t *env; /* env_capture()'s, borrowed; NULL: doctor_run captures */
	bool smt_later; /* no smt check: the caller watches (below) */
};

/* The smt check samples /proc/stat twice, this far apart. */
#define DOCTOR_SMT_NAP_NS (200 * 1000 * 1000)
#define DOCTOR_STAT_MAX 65536

/*
 * The smt check without its wait, for a session: begin takes the first
 * snapshot before the runs (false when no pinned CPU has an online
 * sibling outside the pinned set, or /proc/stat cannot be read), end
 * the second once DOCTOR_SMT_NAP_NS or more have passed, and gives the
 * check (WARN or OK) in *out[1] (doctor_free(*out, 1)): 0 or -errno.
 */
struct doctor_smt_watch {
	int cpu, sib;
	char rel[256]; /* the sibling list it read */
	char *stat;    /* the first snapshot */
};
bool doctor_smt_begin(const char *root, const struct cpu_list *pinned,
		      struct doctor_smt_watch *w);
int doctor_smt_end(const char *root, struct doctor_smt_watch *w,
		   struct doctor_check **out);

int doctor_run(const struct doctor_ctx *ctx, struct doctor_check **out,
	       size_t *n);
void doctor_free(struct doctor_check *c, size_t n);
/* Busy percentage of cpu between two /proc/stat snapshots (time not in
 * idle or iowait), or -1 when the CPU's line is missing or no time passed. */
int doctor_busy_pct(const char *stat_a, const char *stat_b, int cpu);

#endif
