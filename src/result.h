/* SPDX-License-Identifier: MIT */
/*
 * result: the in-memory result model and its JSON file form (jansson).
 * Everything after the counters are read works from this model, so show,
 * compare and plot need no PMU. The file format is abstat-result(5).
 */
#ifndef ABSTAT_RESULT_H
#define ABSTAT_RESULT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "counters.h"

#define RESULT_FORMAT "abstat-result"
#define RESULT_SCHEMA_VERSION 1
#define RESULT_MAX_BYTES (256u << 20)

enum run_status {
	RUN_OK,       /* exit 0, every counter read */
	RUN_FAILED,   /* non-zero exit, signal, exec failure, bad read */
	RUN_TIMEOUT,  /* killed after --timeout */
};

/* One process of one run (one copy). */
struct proc_sample {
	uint64_t wall_ns;   /* CLOCK_MONOTONIC, spawn to reap */
	uint64_t user_ns, sys_ns; /* wait4 rusage */
	uint64_t maxrss_kb;
	int exit_status;    /* -1 when killed by a signal */
	int term_signal;    /* 0 when it exited */
	bool has_ops;
	uint64_t ops;       /* operations reported by the workload or --ops */
	uint64_t region_ns; /* measured region wall time, 0 = no region */
	int cpu;            /* CPU it was pinned to, -1 = not pinned */
	uint64_t start_ns, end_ns; /* monotonic, relative to session start */
	struct counter_value *counters; /* one per result event */
};

struct run {
	unsigned index;     /* 0.. in order of execution within a benchmark */
	bool warmup;        /* kept in the file, out of the statistics */
	enum run_status status;
	char *reason;       /* why it failed, NULL when RUN_OK */
	struct proc_sample total; /* copies aggregated: sums; wall = max */
	size_t n_copies;          /* 1 for a plain run */
	struct proc_sample *copies; /* NULL when n_copies == 1 */
};

struct benchmark {
	char *name;        /* workload name or command basename */
	char **argv;       /* NULL-terminated */
	char *workload;    /* built-in workload name or NULL */
	unsigned copies;
	size_t n_runs;
	struct run *runs;
};

struct result {
	int schema_version;
	char *tool_version;
	char *created;     /* ISO 8601 UTC */
	char *label;
	char *status;      /* "complete", "interrupted", "partial" */
	char *path;        /* the file it was read from, or NULL */
	json_t *env;       /* env capture, kept as JSON (object) */
	json_t *config;    /* options that shaped the measurement (object) */
	json_t *warnings;  /* array of strings */
	size_t n_events;
	struct event *events;
	size_t n_bench;
	struct benchmark *bench;
};

/* Publish atomically: temp file in the same directory, fsync, rename
 * (without replacing an existing file unless force), fsync the directory.
 * 0 or -errno with a one-line reason in err. */
int result_write(const struct result *r, const char *path, bool force,
		 char *err, size_t len);
/* Strict reader. 0 or -EINVAL/-errno with "FILE: key: what" in err. */
int result_read(const char *path, struct result **out, char *err, size_t len);
void result_free(struct result *r);

json_t *result_to_json(const struct result *r);
int result_from_json(const json_t *j, const char *path, struct result *r,
		     char *err, size_t len);
/* One run as JSON (for the journal) and back. */
json_t *result_run_to_json(const struct run *run, size_t n_events);
int result_run_from_json(const json_t *j, size_t n_events, struct run *run,
			 char *err, size_t len);
void result_run_free(struct run *run);

/* Aggregate run->copies into run->total (sums; wall/region = max). */
void result_run_aggregate(struct run *run, size_t n_events);

/* Index of the event named name, or -1. */
int result_event_index(const struct result *r, const char *name);

#endif
