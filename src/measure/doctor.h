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
};

int doctor_run(const struct doctor_ctx *ctx, struct doctor_check **out,
	       size_t *n);
void doctor_free(struct doctor_check *c, size_t n);
/* Busy percentage of cpu between two /proc/stat snapshots (time not in
 * idle or iowait), or -1 when the CPU's line is missing or no time passed. */
int doctor_busy_pct(const char *stat_a, const char *stat_b, int cpu);

#endif
