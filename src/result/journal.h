/* SPDX-License-Identifier: MIT */
/*
 * journal: nothing measured is lost. While measuring, every finished run is
 * appended to "<output>.journal" as one JSON line and fsync'd; the first
 * line is the result header (everything but the runs). At the end the
 * result is published atomically (result_write) and only then the journal
 * removed. "abstat recover" turns a left-over journal into a result marked
 * "partial". Format: abstat-result(5), JOURNAL.
 */
#ifndef ABSTAT_JOURNAL_H
#define ABSTAT_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

struct journal;

/* Create "<output>.journal", locked for this session (flock), with r's
 * header (format, version, label, env, config, events, benchmark
 * names/argv, the session's pid), held (hold.h) until it is closed.
 * An existing journal is refused: -EBUSY
 * when a live session holds it (err names its pid), -EEXIST when it is an
 * earlier session's (replaced with force) or not a regular file (never,
 * even with force). 0 or -errno with a one-line reason in err. */
int journal_open(const char *output, const struct result *r, bool force,
		 struct journal **out, char *err, size_t len);
/* journal_open for --resume, over the journal it resumes: the new
 * journal stays under a temporary name (its runs appended there) until
 * journal_commit puts it in place of the old one, under the old one's
 * lock; closed before that, it is removed and the old one stays. */
int journal_open_over(const char *output, const struct result *r,
		      struct journal **out, char *err, size_t len);
/* The journal journal_open_over started, at its name (0 when it is). */
int journal_commit(struct journal *j, char *err, size_t len);
/* Append one finished run of benchmark bench; fsync. */
int journal_append(struct journal *j, size_t bench, const struct run *run,
		   char *err, size_t len);
/* result_write(r, output, force) then unlink the journal; close. On
 * failure the journal stays and err says how to recover. */
int journal_finish(struct journal *j, const struct result *r, bool force,
		   char *err, size_t len);
/* Close, keeping the journal file (crash, second signal). */
void journal_abandon(struct journal *j);
/* Close and remove the journal file (what it held is no longer needed:
 * versus without -o, once its table is printed). */
void journal_discard(struct journal *j);
const char *journal_path(const struct journal *j);
/* Read a journal back into a result (status "partial"). */
int journal_recover(const char *path, struct result **out, char *err,
		    size_t len);
/* journal_recover, and *torn: the line cut off by a crash (0 when none). */
int journal_load(const char *path, struct result **out, unsigned *torn,
		 char *err, size_t len);

/* Where journal_load_any read the runs: path alone (no path.resumed);
 * path, which holds every run of path.resumed too; path.resumed, the
 * old journal an interrupted --resume left, whose runs path lacks (or
 * path is missing or unreadable). */
enum journal_from {
	JOURNAL_PLAIN,
	JOURNAL_RESUMED_COPY,
	JOURNAL_RESUMED_USED
};
/* journal_load of path, or of path.resumed where that holds runs path
 * lacks: whatever a --resume was stopped at, no run is lost. */
int journal_load_any(const char *path, struct result **out, unsigned *torn,
		     enum journal_from *from, char *err, size_t len);

#endif
