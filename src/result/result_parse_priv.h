/* SPDX-License-Identifier: MIT */
/*
 * result_parse_priv: what the result readers share (not an API; result.h
 * is). result_check.c checks values and words errors; result_parse.c reads
 * a whole jansson tree; result_stream.c feeds it one run at a time.
 */
#ifndef ABSTAT_RESULT_PARSE_PRIV_H
#define ABSTAT_RESULT_PARSE_PRIV_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "result.h"

#define KEY_MAX 256 /* a key path, as named in messages */

/* One read: the file named in messages, where they go, and the events
 * the counters are checked against. */
struct ctx {
	const char *file;
	char *err;
	size_t len;
	const struct event *events; /* NULL: counters not checked per event */
	size_t n_events;
};

/* result_check.c. Every check returns 0, -EINVAL with
 * "FILE: key: what" in c->err, or -ENOMEM. result_say words it;
 * result_fail is result_say, then -EINVAL: a macro, so that clang's
 * analyzer, which does not follow a variadic call, sees that it never
 * returns 0 (test 288). */
__attribute__((format(printf, 3, 4))) void
result_say(const struct ctx *c, const char *key, const char *fmt, ...);
#define result_fail(c, key, ...) (result_say(c, key, __VA_ARGS__), -EINVAL)
/* Keys longer than KEY_MAX are cut: they only label a message. */
__attribute__((format(printf, 2, 3))) void
result_key_fmt(char *out, const char *fmt, ...);
void result_key_field(char *out, const char *parent, const char *name);
void result_key_index(char *out, const char *parent, size_t i);
const char *result_type_name(const json_t *v);
/* Member name of obj, which must exist and have the type and range. */
int result_get_int(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max,
		   long long *out);
int result_get_u64(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, uint64_t *out);
int result_get_i32(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max, int *out);
int result_get_bool(const struct ctx *c, const json_t *obj,
		    const char *parent, const char *name, bool *out);
/* A string (or, when nullable, null -> NULL); *out is strdup'd. */
int result_get_str(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, bool nullable, char **out);
/* An array or object; key receives its path (the parent of its members). */
int result_get_obj(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, json_type type, json_t **out, char *key);
/* A NULL-terminated string array from a JSON array of strings. */
int result_get_strv(const struct ctx *c, const json_t *a, const char *key,
		    char ***out);
/* v (env, config: free-form) nests at most FREE_DEPTH_MAX levels. */
int result_check_depth(const struct ctx *c, const json_t *v, const char *key,
		       int depth);
/* env.kernel.config, when present: a string source and an object of
 * options whose names and values kconfig.h allows, at most
 * KCONFIG_OPTIONS_MAX (compare reads them one by one). */
int result_check_kconfig(const struct ctx *c, const json_t *env);

/* result_parse.c: one run, one benchmark (its runs included, if any), the
 * whole document (setting c->events for the runs that follow). */
int result_parse_run(const struct ctx *c, const json_t *o, const char *key,
		     struct run *run);
/* -EINVAL when the last benchmark of r has an earlier one's name. */
int result_bench_again(const struct ctx *c, struct result *r,
		       const char *key);
int result_parse_bench(const struct ctx *c, const json_t *o, const char *key,
		       struct benchmark *b);
int result_parse_doc(struct ctx *c, const json_t *j, struct result *r);

/* result_parse_score.c: a run's "scores" (an object of numbers) and the
 * document's score definitions ("scores", optional). */
int result_parse_run_scores(const struct ctx *c, const json_t *o,
			    const char *key, struct run *run);
int result_parse_scores(const struct ctx *c, const json_t *j,
			struct result *r);
/* result_fast.c: the run object at buf[*pos..size) read without a tree
 * into *run, *pos moved past it; -EAGAIN (run left empty) for anything
 * but the usual run, which result_parse_run then reads. */
int result_run_fast(const struct ctx *c, const char *buf, size_t size,
		    size_t *pos, struct run *run);
/* The value of member key of a benchmark (name, argv, workload, copies:
 * bit 0..3 of *seen, set when tried) read the same way into *b; -EAGAIN
 * for any other key or value (what was allocated stays in *b). */
#define RESULT_BENCH_FAST_ALL 0xfu
int result_bench_fast(const char *buf, size_t size, size_t *pos,
		      const char *key, size_t klen, struct benchmark *b,
		      unsigned *seen);

/* result_window.c: the pages of a mapped text given back behind the
 * streaming reader. base is the mapping (page-aligned); buf[0..given)
 * was given back; every: how many bytes behind the cursor it waits for. */
struct result_window {
	const char *base;
	size_t given, every;
};
/* What result_read gives back of a mapped file at a time: 256 KiB, 17
 * madvise calls for a 4.3 MB file; with 1 MiB the window still made
 * compare's peak (330 kB above it). */
#define RESULT_WINDOW ((size_t)1 << 18)
/* Give back the pages before buf[pos] once every bytes are behind the
 * last ones given back (w NULL: nothing, the text is not mapped). */
void result_window_release(struct result_window *w, size_t pos);
/* the system's page size (result_window.c) */
size_t result_page_size(void);
/* Read the regular file open at fd (st: its fstat, st_size > 0) through
 * a private mapping, giving back window bytes at a time (0: none);
 * -ENOTSUP when it cannot be mapped (read it instead), -EIO when it
 * changed while it was read, else as result_parse_buffer. */
struct stat;
int result_map_read(int fd, const struct stat *st, const char *path,
		    size_t window, struct result **out, char *err, size_t len);
/* result_io.c, result_stream.c: result_parse_buffer and
 * result_parse_stream giving back buf's pages behind the streaming
 * reader through w (NULL: none). */
int result_parse_text(const char *buf, size_t size, const char *name,
		      struct result_window *w, struct result **out, char *err,
		      size_t len);
int result_stream_text(const char *buf, size_t size, const char *name,
		       struct result_window *w, struct result **out,
		       char *err, size_t len);

#endif
