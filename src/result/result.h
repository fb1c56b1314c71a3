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
#include <sys/types.h>

#include "counters.h"

#define RESULT_FORMAT "abstat-result"
/* Version 2 added a benchmark's "params" and a run's "profile"; 3 an
 * event's "counted" (false, with its reason, for an event that counts
 * nothing by construction: its values are not measurements); the reader
 * takes versions RESULT_SCHEMA_MIN to RESULT_SCHEMA_VERSION. */
#define RESULT_SCHEMA_VERSION 3
#define RESULT_SCHEMA_MIN 1
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
	char *output;       /* the kept output (stdout and stderr, the last
			     * RESULT_OUTPUT_MAX bytes), or NULL */
};

/* A run keeps at most the last RESULT_OUTPUT_MAX bytes of each copy's
 * output (abstat-run(1), abstat-result(5)). */
#define RESULT_OUTPUT_MAX (64u << 10)

/* A score: a metric read from the workload's output (--score, --parser;
 * score.h). */
struct score_def {
	char *name;   /* the metric's name, e.g. "events/s" */
	char *unit;   /* "" when none */
	bool higher;  /* higher is better (the default), else lower */
	char *regex;  /* PCRE2 (score.c); its first group is the value */
	bool optional; /* a parser's: a run may lack it (not a failure) */
};

/* One folded call chain of a profiled run and its sample count: frames
 * root first, ';' between them, kernel frames suffixed "_[k]" (the
 * folded form of FlameGraph's stackcollapse scripts; abstat-result(5)). */
struct run_stack {
	char *frames;
	uint64_t count;
};

struct run {
	unsigned index;     /* 0.. in order of execution within a benchmark */
	bool warmup;        /* kept in the file, out of the statistics */
	enum run_status status;
	char *reason;       /* why it failed, NULL when RUN_OK */
	struct proc_sample total; /* copies aggregated: sums; wall = max */
	size_t n_copies;          /* 1 for a plain run */
	struct proc_sample *copies; /* NULL when n_copies == 1 */
	/* abstat profile: samples taken and lost, the folded stacks */
	bool profiled;
	uint64_t samples, lost;
	size_t n_stacks;
	struct run_stack *stacks;
	json_t *scores;     /* NAME -> number (the run's scores), or NULL */
};

struct benchmark {
	char *name;        /* workload name or command basename */
	char **argv;       /* NULL-terminated */
	char *workload;    /* built-in workload name or NULL */
	unsigned copies;
	json_t *params;    /* scanned parameters, NAME -> string value, or
			    * NULL (an object; abstat-result(5)) */
	size_t n_runs;
	struct run *runs;
};

struct result {
	int schema_version;
	char *tool_version;
	char *created;     /* ISO 8601 UTC */
	char *label;
	char *status;      /* "complete", "interrupted", "partial",
			    * "failed" */
	char *path;        /* the file it was read from, or NULL */
	json_t *env;       /* env capture, kept as JSON (object) */
	json_t *config;    /* options that shaped the measurement (object) */
	json_t *warnings;  /* array of strings */
	size_t n_events;
	struct event *events;
	size_t n_bench;
	struct benchmark *bench;
	size_t n_scores;   /* the score definitions ("scores") */
	struct score_def *scores;
	json_t *bench_index; /* name -> index (result_bench_find), or NULL */
	size_t n_indexed;  /* the benchmarks in bench_index so far */
	size_t n_imported; /* runs an import made (import_run's cap) */
};

/* The first benchmark of r named name, or NULL: by a hash index of the
 * names (built as benchmarks are appended, so finding each of 200,000 is
 * no quadratic scan; a scan where memory runs out). Benchmarks are only
 * ever appended and never renamed while it is in use. */
struct benchmark *result_bench_find(struct result *r, const char *name);
/* "BASE k=v k2=v2" in the order of params (NAME -> string value): a
 * scanned benchmark's name (abstat run -P, hyperfine -P imports). NULL
 * when out of memory. */
char *result_bench_name(const char *base, const json_t *params);
/* How many measured runs (not warm-ups) of r succeeded. */
size_t result_measured(const struct result *r);

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
/* A new run at the end of b's runs, zeroed, counted in b->n_runs (so
 * freeing b frees it even half filled): the one way runs are added (a
 * session, a journal, an import, the streaming reader). cap: the
 * capacity of b->runs, which then grows by doubling (NULL: exactly one
 * more). NULL when out of memory (b unchanged). */
struct run *result_run_add(struct benchmark *b, size_t *cap);

/* Aggregate run->copies into run->total (sums; wall/region = max). */
void result_run_aggregate(struct run *run, size_t n_events);

/* Index of the event named name, or -1. */
int result_event_index(const struct result *r, const char *name);

/* Flags every reader passes to jansson's json_loadb (the fuzz target too):
 * duplicate keys rejected; trailing data and bare scalars are rejected by
 * jansson's defaults. */
#define RESULT_JSON_FLAGS JSON_REJECT_DUPLICATES

/* Free r's score definitions (none left). */
void result_scores_clear(struct result *r);
/* Free what r owns but not r (for a struct filled by result_from_json). */
void result_clear(struct result *r);
/* Parse a whole file held in memory, as result_read does after reading
 * it; name is the file named in messages. 0 or -EINVAL/-ENOMEM. */
int result_parse_buffer(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len);
/* result_parse_buffer without ever holding the whole file as a jansson
 * tree (one run's tree at a time). -EAGAIN when it declines (anything
 * unusual or wrong: result_parse_buffer then parses the file whole and
 * words the error), 0, or -ENOMEM. */
int result_parse_stream(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len);
/* jansson parse of buf with RESULT_JSON_FLAGS; errors as
 * "NAME: line L, column C (after key "K"): what" (K: the nearest key
 * before the error; integers beyond 2^63-1 are named by their JSON path). */
int result_load_json(const char *buf, size_t size, const char *name,
		     json_t **out, char *err, size_t len);
/* Replace control characters (a newline from the file) with '?' so a
 * message stays one line. */
void result_msg_clean(char *msg);
/* The same for text that starts at line number line of its file. */
int result_load_json_line(const char *buf, size_t size, const char *name,
			  int line, json_t **out, char *err, size_t len);
/* Read a whole file (at most max bytes) into a NUL-terminated buffer. */
int result_slurp(const char *path, size_t max, char **buf, size_t *size,
		 char *err, size_t len);
/* Before measuring: 0 when path can be written (its directory is writable
 * and, unless force, no such file exists; with force, what exists is a
 * regular file); else -errno and a reason. */
int result_check_output(const char *path, bool force, char *err,
			size_t len);
/* result_run_from_json with the events known (an unsupported event's
 * counter must be null); key prefixes every key in messages. */
int result_run_parse(const json_t *j, const struct result *r,
		     const char *key, struct run *run, char *err, size_t len);
/* result_run_to_json writing null for the events not supported[i]
 * (supported NULL: every event has a counter). */
json_t *result_run_to_json_mask(const struct run *run, const bool *supported,
				size_t n_events);
/* fsync the directory holding path, so a new name in it survives a crash
 * (EINVAL, a file system that cannot, counts as done). 0 or -errno. */
int result_sync_dir(const char *path);
/* result_to_json; on failure *err is -ENOMEM or -ERANGE (a count beyond
 * the format's 2^63-1) and *why says it in words. */
json_t *result_to_json_why(const struct result *r, int *err,
			   const char **why);

/* The document without its runs (every benchmark's "runs" empty): what
 * the writer streams the runs into, one at a time. NULL on failure, *err
 * and *why as for result_to_json_why. */
json_t *result_head_json(const struct result *r, int *err, const char **why);
/* result_run_to_json_mask saying why on failure (-ENOMEM or -ERANGE). */
json_t *result_run_json_why(const struct run *run, const bool *supported,
			    size_t n_events, int *err, const char **why);
/* supported[i]: event i has counters in the runs (else null); calloc'd,
 * n_events + 1 entries, NULL when out of memory. */
bool *result_supported(const struct result *r);
/* Why a supported event counts nothing by construction, or NULL when it
 * counts: a software event the kernel raises from kernel code only
 * (context switches, CPU migrations, cgroup switches) under
 * exclude_kernel (--user-only), or one its file says is not counted
 * (ev->not_counted). Older files are read by the same rule. */
const char *result_not_counted(const struct event *ev);

/* Move tmp to path (same file system) without replacing an existing file
 * unless force: renameat2(RENAME_NOREPLACE), or link()+unlink() where the
 * file system lacks it. Even with force only a regular file is replaced.
 * 0 or -errno (-EEXIST) with a one-line reason. Also used by plot. */
int result_publish(const char *tmp, const char *path, bool force, char *err,
		   size_t len);
/* -EEXIST and a reason naming what is there when path exists and is not
 * a regular file (a device, FIFO, directory, symlink); else 0. */
int result_check_replace(const char *path, char *err, size_t len);
/* The directory part of path ("." when there is none). Caller frees;
 * NULL when out of memory. */
char *result_dirname(const char *path);
/* "a directory", "a FIFO", ... for a st_mode. */
const char *result_kind_name(mode_t mode);

#endif
