/* SPDX-License-Identifier: MIT */
/*
 * result_keys: the result's config and environment read by name, not by
 * string. Every key of config and env that code above src/result reads
 * is named in rkeys.h (a misspelt one fails to build), and each is read
 * through a typed accessor here that says what is there: a value, or
 * its absence (an older result, an import that did not record it).
 */
#ifndef ABSTAT_RESULT_KEYS_H
#define ABSTAT_RESULT_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"
#include "rkeys.h"

/* config */
const char *result_session(const struct result *r);
bool result_interleaved(const struct result *r);
/* repeat + warmup, both recorded: true and *runs; else false */
bool result_planned_runs(const struct result *r, size_t *runs);
/* the CPU list; NULL when not recorded or empty (--no-pin) */
const char *result_cpus(const struct result *r);
bool result_user_only(const struct result *r);
/* versus: whether the result is a side of versus; its label (NULL:
 * none), its argv's words and the n-th one ("" where not a string) */
bool result_versus_has(const struct result *r);
const char *result_versus_label(const struct result *r);
size_t result_versus_argc(const struct result *r);
const char *result_versus_argv(const struct result *r, size_t n);
/* an import's mean of bench's user or sys time, seconds; -1: none */
double result_imported_mean(const struct result *r, const char *bench,
			    const char *metric);

/* env */
/* the CPU's model name; NULL when not recorded or "unknown" */
const char *result_cpu_model(const struct result *r);
/* the same, "unknown CPU" where it is NULL: what titles print */
const char *result_cpu_name(const struct result *r);
bool result_cpu_emulated(const struct result *r);
/* uname's release of the measuring kernel; NULL: not recorded */
const char *result_kernel_release(const struct result *r);
/* hypervisor: 1 a virtual machine, 0 bare metal, -1 not known */
int result_hypervisor(const struct result *r);
/* the PMUs listed, the n-th one's name (NULL: none); whether a list
 * is there at all (an empty one: no PMU) */
size_t result_n_pmus(const struct result *r);
const char *result_pmu_name(const struct result *r, size_t n);
bool result_has_pmus(const struct result *r);
const char *result_lab_counter(const struct result *r);
/* env.imported's strings (RK_SOURCE, RK_PRIMARY, RK_TIME_UNIT) */
const char *result_imported_str(const struct result *r, const char *key);
/* whether the import's source does not record metric */
bool result_not_recorded(const struct result *r, const char *metric);

#endif
