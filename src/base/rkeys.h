/* SPDX-License-Identifier: MIT */
/*
 * rkeys: the names of the result's config and environment keys that are
 * written in one place and read in another (the session, env capture
 * and the importers write them; src/result's accessors, result_keys.h,
 * read them). A misspelt name fails to build. abstat-result(5)
 * documents the keys.
 */
#ifndef ABSTAT_RKEYS_H
#define ABSTAT_RKEYS_H

/* config: the options that shaped the measurement */
#define RK_SESSION     "session"     /* random id of the session */
#define RK_INTERLEAVED "interleaved" /* versus: sides in turns */
#define RK_REPEAT      "repeat"      /* measured runs planned a benchmark */
#define RK_WARMUP      "warmup"      /* warm-up runs before them */
#define RK_CPUS        "cpus"        /* the CPU list ("" with --no-pin) */
#define RK_USER_ONLY   "user_only"   /* counters in user mode only */
#define RK_VERSUS      "versus"      /* this side: { label, argv } */
#define RK_LABEL       "label"
#define RK_ARGV        "argv"
#define RK_IMPORTED    "imported"    /* config and env of an import */

/* config.imported.benchmarks.NAME: a source's means with no runs */
#define RK_BENCHMARKS  "benchmarks"
#define RK_USER_MEAN   "user_mean_s"
#define RK_SYS_MEAN    "system_mean_s"

/* env: the machine and what measured it */
#define RK_CPU         "cpu"         /* { model_name, emulated, ... } */
#define RK_MODEL_NAME  "model_name"
#define RK_EMULATED    "emulated"    /* a CPU the emulator models (lab) */
#define RK_PMUS        "pmus"        /* [{ name, ... }] */
#define RK_NAME        "name"
#define RK_HYPERVISOR  "hypervisor"  /* true, false, or absent */
#define RK_LAB_COUNTER "lab_counter" /* the x86_64 lab's counter */
#define RK_KERNEL      "kernel"      /* { release, ... } */
#define RK_RELEASE     "release"
/* env.imported: where an import came from */
#define RK_SOURCE      "source"
#define RK_PRIMARY     "primary"     /* the source's own primary row */
#define RK_NOT_RECORDED "not_recorded" /* times it does not record */
#define RK_TIME_UNIT   "time_unit"

#endif
