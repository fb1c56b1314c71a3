/* SPDX-License-Identifier: MIT */
/*
 * import: other tools' result files as abstat results, so compare, show
 * and plot read the peers' files (abstat-import(1)). One file per source
 * (import_hyperfine.c, import_pyperf.c, import_gobench.c,
 * import_perfstat.c) fills a result through the helpers here; import.c
 * owns the result's shape: env "imported" {source, files, not_recorded}
 * (the metrics the source does not record, shown <not supported>),
 * config "imported" (what the source recorded beyond the runs), one
 * benchmark per measured thing, one run per measured value, the source's
 * other metrics as events (pmu "imported"), its rates and sizes as
 * scores (import_score). Nothing here prints: errors
 * are one line, "FILE:LINE: what" (or "FILE: what"), in err.
 */
#ifndef ABSTAT_IMPORT_H
#define ABSTAT_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

/*
 * The sources: the one list of them. A row is X(ID, NAME, READER, WHAT):
 * its enum value IMPORT_ID, its name on the command line, its reader
 * (import_READER.c, declared below) and what of the tool it reads, for
 * import --help (IMPORT_HELP). The names (import_sources), the readers,
 * every list the command line prints, the completion (cmd_import.c's
 * first_words: abstat --complete import) and the tests' lists of sources
 * (abstat_first, tests/lib.sh) come from these rows. Adding a source
 * takes three files (test 340 adds one so): its reader's file
 * src/import/import_READER.c (the Makefile finds it), its prototype
 * below and one row here, and its section .SS NAME in
 * man/abstat-import.1 (test 090).
 */
#define IMPORT_SOURCES(X)                                                \
	X(HYPERFINE, "hyperfine", import_hyperfine,                       \
	  "hyperfine --export-json FILE")                                 \
	X(PYPERF, "pyperf", import_pyperf, "pyperf run -o FILE (JSON)")   \
	X(GOBENCH, "gobench", import_gobench, "go test -bench output")    \
	X(PERF_STAT, "perf-stat", import_perfstat,                        \
	  "perf stat -o FILE --append (default, -x or -j)")

#define IMPORT_ENUM_(id, name, reader, what) IMPORT_##id,
enum import_source { IMPORT_SOURCES(IMPORT_ENUM_) IMPORT_COUNT };
#undef IMPORT_ENUM_

/* import --help's lines between usage and options: a line a source,
 * "  NAME  WHAT" (a string constant, for the command's table). */
#define IMPORT_HELP_(id, name, reader, what) "    " name ": " what "\n"
#define IMPORT_HELP "  SOURCE, one of:\n" IMPORT_SOURCES(IMPORT_HELP_)

/* "hyperfine", "pyperf", "gobench", "perf-stat"; NULL after. */
extern const char *const import_sources[IMPORT_COUNT + 1];
/* The names joined by sep, the last by last ("a, b or c" with ", " and
 * " or "), truncated to len; returns buf. */
const char *import_sources_join(const char *sep, const char *last,
				char *buf, size_t len);
/* The source named s, or -1. */
int import_find(const char *s);

/* An empty result of source s labelled label; NULL when out of memory. */
struct result *import_new(enum import_source s, const char *label);
/*
 * The most runs one imported result holds: about what a result file of
 * RESULT_MAX_BYTES holds (a run is 300 to 500 bytes of JSON), so a huge
 * input is refused in seconds and in bounded memory, not after minutes
 * and gigabytes at the writer. A JSON input with more than
 * IMPORT_MAX_VALUES commas is refused before it is parsed.
 */
#define IMPORT_MAX_RUNS 500000
#define IMPORT_MAX_VALUES (4 * IMPORT_MAX_RUNS)

/* Read the file at path (at most RESULT_MAX_BYTES) into r. 0, or -EINVAL
 * (bad input) / -errno (cannot read) / -ENOMEM with the reason in err. */
int import_file(enum import_source s, struct result *r, const char *path,
		char *err, size_t len);
/* The reader of source s on a file's text (buf, size bytes; path names
 * it in errors): import_file without the file. 0, -EINVAL, -ENOMEM. */
int import_buffer(enum import_source s, struct result *r, const char *path,
		  const char *buf, size_t size, char *err, size_t len);
/* A command's words, split at blanks (hyperfine -N splits so too, with
 * quoting that abstat leaves as written), NULL-terminated; NULL when out
 * of memory. import_words_free frees them (NULL: nothing). */
char **import_words(const char *cmd);
void import_words_free(char **argv);
/* import --bench NAME: r's one benchmark named name (what it measured,
 * as abstat run names it, so that it pairs with a run's or another
 * import's); -EINVAL when r holds more than one. */
int import_rename(struct result *r, const char *name, char *err,
		  size_t len);
/* r holds at least one benchmark with a run; else -EINVAL and why. */
int import_check(const struct result *r, char *err, size_t len);

/* For the importers. */
int import_hyperfine(struct result *r, const char *path, const char *buf,
		     size_t size, char *err, size_t len);
int import_pyperf(struct result *r, const char *path, const char *buf,
		  size_t size, char *err, size_t len);
int import_gobench(struct result *r, const char *path, const char *buf,
		   size_t size, char *err, size_t len);
int import_perfstat(struct result *r, const char *path, const char *buf,
		    size_t size, char *err, size_t len);

/* The benchmark named name (added with argv, NULL: {name}, when new). */
struct benchmark *import_bench(struct result *r, const char *name,
			       char *const *argv);
/* A new run at the end of b, RUN_OK, every counter not counted; NULL
 * when out of memory or past IMPORT_MAX_RUNS (import_file says which). */
struct run *import_run(struct result *r, struct benchmark *b, bool warmup);
/* Index of the imported event name (added, with unit, when new; every
 * run gets a not-counted counter for it), or -ENOMEM. */
int import_event(struct result *r, const char *name, const char *unit);
/* Set run's counter i to value, exactly as the source printed it: a
 * count the source scaled up from part of the time (multiplexed) is
 * kept as printed (running = enabled: never scaled again, nor rounded
 * through a running fraction); the importer says it was scaled. */
void import_count(struct run *run, int i, double value);
/* run's score name (unit, higher or lower is better; defined in r when
 * new) is v: a value the source reports that is no count per op (a
 * rate, a memory size). 0 or -ENOMEM. */
int import_score(struct result *r, struct run *run, const char *name,
		 const char *unit, bool higher, double v);
/* The time metric (wall, user, sys, maxrss) is not in the source: its
 * row says so. 0 or -ENOMEM. */
int import_not_recorded(struct result *r, const char *metric);
/* The metric is recorded after all (import_not_recorded undone). */
void import_recorded(struct result *r, const char *metric);
/* config "imported": where the importers keep what the source recorded. */
json_t *import_meta(struct result *r);
/* A warning kept in the result (and printed by import). */
int import_warn(struct result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* "FILE:LINE: what" (line 0: "FILE: what") in err; returns -EINVAL. */
int import_err(char *err, size_t len, const char *path, int line,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A double's nearest uint64 (negative or NaN: 0, beyond: UINT64_MAX). */
uint64_t import_u64(double v);

#endif
