// SPDX-License-Identifier: MIT
/*
 * journal: every finished run on disk before the next one starts (see
 * journal.h). One line per run, written with a single write(2) on an
 * O_APPEND descriptor and fsync'd, so a crash can cut at most the last
 * line; a short write is truncated away so the next line starts clean.
 * Format: abstat-result(5), JOURNAL.
 *
 * One session owns its journal. It is made as a new temporary file
 * (mkostemp: O_EXCL, so never through a symlink), locked (flock, held
 * until the session ends), given its header line with the session's pid
 * and id, and only then put in place by a rename that replaces nothing.
 * So a journal at the name is always complete and, while its session
 * lives, locked: a second session on the same output sees the lock and is
 * refused with the first one's pid; with --force it replaces only a
 * journal nobody holds, and never opens the name for writing (a planted
 * symlink is refused, never followed). Every run line carries the session
 * id, so recover can tell one session's runs from a mixed journal.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "hold.h"
#include "journal.h"
#include "rkeys.h"

#define JOURNAL_FORMAT "abstat-journal"

struct journal {
	char *path;   /* "<output>.journal" */
	char *output;
	char *session;  /* config.session of the header, or NULL */
	char *staged; /* journal_open_over: its name until journal_commit */
	int fd;
	off_t end;    /* the file's length: where the next line starts */
	size_t n_events;
	size_t n_bench;
	bool *supported; /* per event: write its counters, or null */
};

const char *journal_path(const struct journal *j)
{
	return j->path;
}

static void journal_close(struct journal *j)
{
	if (!j)
		return;
	hold_drop(j->fd);
	if (j->fd >= 0)
		close(j->fd);
	if (j->staged)
		unlink(j->staged); /* never committed: a partial copy */
	free(j->staged);
	free(j->path);
	free(j->output);
	free(j->session);
	free(j->supported);
	free(j);
}

void journal_abandon(struct journal *j)
{
	journal_close(j);
}

void journal_discard(struct journal *j)
{
	if (j)
		unlink(j->path);
	journal_close(j);
}

/* Append one line (text + '\n') with one write; on failure cut it off. */
static int journal_line(struct journal *j, json_t *o, char *err, size_t len)
{
	char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
	size_t n = text ? strlen(text) : 0;
	off_t at;
	ssize_t w;
	int rc = 0;

	json_decref(o);
	if (!text) {
		snprintf(err, len, "%s: cannot encode a run (out of memory or a count above 2^63-1)",
			 j->path);
		return -ENOMEM;
	}
	text[n] = '\n'; /* replaces the NUL; the length is kept in n */
	at = j->end; /* only this session appends to its journal */
	do
		w = write(j->fd, text, n + 1);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)(n + 1)) {
		rc = w < 0 ? -errno : -ENOSPC;
		if (ftruncate(j->fd, at))
			rc = rc ? rc : -errno;
	} else {
		j->end += (off_t)(n + 1);
		if (fsync(j->fd))
			rc = -errno;
	}
	if (rc)
		snprintf(err, len, "cannot write to the journal %s: %s", j->path,
			 strerror(-rc));
	free(text);
	return rc;
}

static json_t *journal_header(const struct result *r)
{
	json_t *h = result_head_json(r, NULL, NULL); /* runs: [] */

	if (!h)
		return NULL;
	/* pid: who holds the lock, for the message to a second session */
	if (json_object_set_new(h, "format", json_string(JOURNAL_FORMAT)) ||
	    json_object_set_new(h, "pid", json_integer(getpid()))) {
		json_decref(h);
		return NULL;
	}
	return h;
}

/*
 * The name is taken: say by what. A live session (locked): -EBUSY with its
 * pid. An earlier session's journal (unlocked): -EEXIST, or with force
 * remove it (only that inode, checked under its lock) and return -EAGAIN
 * to try again, or, given over, rename over onto it there and return 0.
 * Anything but a regular file: refused, never followed.
 */
static int journal_taken(const char *path, bool force, const char *over,
			 char *err, size_t len)
{
	struct stat st, now;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	int rc;

	if (fd < 0 && errno == ENOENT)
		return -EAGAIN; /* gone meanwhile */
	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
			snprintf(err, len,
				 "%s is %s, not a journal; abstat never writes through it, even with --force: remove it or choose another -o",
				 path, result_kind_name(st.st_mode));
			rc = -EEXIST;
		} else {
			rc = -errno;
			snprintf(err, len, "cannot read the journal %s: %s",
				 path, strerror(errno));
		}
		goto out;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK) {
			rc = -errno;
			snprintf(err, len, "cannot lock the journal %s: %s",
				 path, strerror(errno));
			goto out;
		}
		hold_busy(fd, path, err, len);
		rc = -EBUSY;
		goto out;
	}
	if (!force) {
		snprintf(err, len,
			 "%s exists: an earlier session was cut off (no live session holds it); recover it with 'abstat recover %s -o FILE', remove it, or use --force",
			 path, path);
		rc = -EEXIST;
		goto out;
	}
	/* Ours under the lock: replace it only if the name still holds it */
	rc = -EAGAIN;
	if (lstat(path, &now) || now.st_dev != st.st_dev ||
	    now.st_ino != st.st_ino)
		goto out;
	if (over ? rename(over, path) : unlink(path)) {
		rc = -errno;
		snprintf(err, len, "cannot replace the old journal %s: %s",
			 path, strerror(errno));
	} else if (over) {
		rc = 0;
	}
out:
	if (fd >= 0)
		close(fd);
	return rc;
}

/* Publish the new journal tmp at j->path: to a free name, or over an
 * earlier session's journal when force (with over, renamed there under
 * its lock, so no journal is ever missing from the name). */
static int journal_place(struct journal *j, const char *tmp, bool force,
			 bool over, char *err, size_t len)
{
	int rc = 0;

	for (int tries = 0; !rc; tries++) {
		rc = result_publish(tmp, j->path, false, err, len);
		if (rc != -EEXIST)
			break;
		rc = journal_taken(j->path, force, over ? tmp : NULL, err, len);
		if (rc != -EAGAIN)
			break;
		rc = 0;
		if (tries == 8) {
			snprintf(err, len,
				 "%s keeps changing: another session is starting on the same output; try again",
				 j->path);
			rc = -EBUSY;
		}
	}
	return rc;
}

/* A new, locked journal file with its header, moved to j->path (staged:
 * kept under its temporary name in j->staged). */
static int journal_create(struct journal *j, const struct result *r,
			  bool force, bool staged, char *err, size_t len)
{
	const char *base = strrchr(j->path, '/');
	char *tmp = NULL;
	mode_t mask = umask(0);
	int rc;

	umask(mask);
	base = base ? base + 1 : j->path;
	if (asprintf(&tmp, "%.*s.%s.XXXXXX", (int)(base - j->path), j->path,
		     base) < 0) {
		return err_nomem(err, len);
	}
	j->fd = mkostemp(tmp, O_CLOEXEC | O_APPEND);
	if (j->fd < 0) {
		rc = -errno;
		snprintf(err, len, "cannot create the journal %s: %s", j->path,
			 strerror(errno));
		free(tmp);
		return rc;
	}
	if (fchmod(j->fd, 0666 & ~mask))
		rc = -errno;
	else
		rc = hold_take(j->fd, true);
	if (rc) {
		snprintf(err, len, "cannot lock the journal %s: %s", tmp,
			 strerror(-rc));
		goto out;
	}
	rc = journal_line(j, journal_header(r), err, len);
	if (!rc && staged) {
		j->staged = tmp;
		return 0;
	}
	if (!rc)
		rc = journal_place(j, tmp, force, false, err, len);
out:
	if (rc)
		unlink(tmp);
	free(tmp);
	return rc;
}

static int journal_start(const char *output, const struct result *r,
			 bool force, bool staged, struct journal **out,
			 char *err, size_t len)
{
	struct journal *j = calloc(1, sizeof(*j));
	json_t *id = json_object_get(r->config, RK_SESSION);
	int rc;

	*out = NULL;
	if (!j)
		return err_nomem(err, len);
	j->fd = -1;
	j->n_events = r->n_events;
	j->n_bench = r->n_bench;
	j->supported = calloc(r->n_events + 1, sizeof(*j->supported));
	j->output = strdup(output);
	j->session = json_is_string(id) ? strdup(json_string_value(id)) : NULL;
	if (!j->supported || !j->output || (id && !j->session) ||
	    asprintf(&j->path, "%s.journal", output) < 0) {
		j->path = NULL;
		journal_close(j);
		return err_nomem(err, len);
	}
	for (size_t i = 0; i < r->n_events; i++)
		j->supported[i] = r->events[i].state == EVENT_OK;
	rc = result_check_output(output, force, err, len);
	if (rc)
		goto fail;
	rc = journal_create(j, r, force, staged, err, len);
	if (rc)
		goto fail;
	if (staged) {
		*out = j;
		return 0;
	}
	rc = result_sync_dir(j->path);
	if (rc) {
		snprintf(err, len, "cannot sync the directory of %s: %s",
			 j->path, strerror(-rc));
		goto fail_unlink;
	}
	*out = j;
	return 0;
fail_unlink:
	unlink(j->path);
fail:
	journal_close(j);
	return rc;
}

int journal_open(const char *output, const struct result *r, bool force,
		 struct journal **out, char *err, size_t len)
{
	return journal_start(output, r, force, false, out, err, len);
}

int journal_open_over(const char *output, const struct result *r,
		      struct journal **out, char *err, size_t len)
{
	return journal_start(output, r, true, true, out, err, len);
}

int journal_commit(struct journal *j, char *err, size_t len)
{
	int rc;

	if (!j->staged)
		return 0;
	rc = journal_place(j, j->staged, true, true, err, len);
	if (rc)
		return rc;
	free(j->staged);
	j->staged = NULL;
	rc = result_sync_dir(j->path);
	if (rc)
		snprintf(err, len, "cannot sync the directory of %s: %s",
			 j->path, strerror(-rc));
	return rc;
}

int journal_append(struct journal *j, size_t bench, const struct run *run,
		   char *err, size_t len)
{
	json_t *o = json_object();

	if (bench >= j->n_bench) {
		json_decref(o);
		snprintf(err, len, "%s: benchmark %zu out of range", j->path,
			 bench);
		return -EINVAL;
	}
	if (o) {
		json_object_set_new(o, "bench", json_integer((json_int_t)bench));
		if (j->session)
			json_object_set_new(o, "session",
					    json_string(j->session));
		if (json_object_set_new(o, "run",
					result_run_to_json_mask(run,
								j->supported,
								j->n_events))) {
			json_decref(o);
			o = NULL;
		}
	}
	return journal_line(j, o, err, len);
}

int journal_finish(struct journal *j, const struct result *r, bool force,
		   char *err, size_t len)
{
	char why[512];
	int rc = result_write(r, j->output, force, why, sizeof(why));

	if (rc) {
		snprintf(err, len,
			 "%s; the measured runs are kept in %s: recover them with 'abstat recover %s -o FILE'",
			 why, j->path, j->path);
		journal_close(j);
		return rc;
	}
	/* Published and synced: only now may the journal go */
	unlink(j->path);
	journal_close(j);
	return 0;
}

/* Whether run line o may join r: its session is the header's (a line of
 * another session means two sessions wrote the journal) and its index
 * follows the benchmark's last one (a repeated index means lines were
 * written twice). Either way the journal is not one session's runs. */
static int journal_run_fits(const struct result *r, const json_t *o,
			    size_t bench, const struct run *run,
			    const char *name, char *err, size_t len)
{
	json_t *want = json_object_get(r->config, RK_SESSION);
	json_t *got = json_object_get(o, "session");
	const struct benchmark *b = &r->bench[bench];

	if (got && (!json_is_string(got) || !json_is_string(want) ||
		    strcmp(json_string_value(got), json_string_value(want)))) {
		snprintf(err, len,
			 "%s: session: %s%.32s%s is not the header's session %s%.32s%s: two sessions wrote this journal; it is not recovered",
			 name, json_is_string(got) ? "\"" : "",
			 json_is_string(got) ? json_string_value(got) : "(not a string)",
			 json_is_string(got) ? "\"" : "",
			 json_is_string(want) ? "\"" : "",
			 json_is_string(want) ? json_string_value(want) : "(none)",
			 json_is_string(want) ? "\"" : "");
		result_msg_clean(err);
		return -EINVAL;
	}
	if (b->n_runs && run->index <= b->runs[b->n_runs - 1].index) {
		snprintf(err, len,
			 "%s: run.index: %u of benchmark %zu %s index %u before it: duplicated runs; it is not recovered",
			 name, run->index, bench,
			 run->index == b->runs[b->n_runs - 1].index ? "repeats the" : "comes after",
			 b->runs[b->n_runs - 1].index);
		return -EINVAL;
	}
	return 0;
}

/* Line no (1-based) of the journal: {"bench": N, "session": ID,
 * "run": {...}}. */
static int journal_run_line(const char *path, struct result *r,
			    const char *line, size_t n, unsigned no,
			    char *err, size_t len)
{
	char name[4096 + 32], why[1024], key[32];
	json_t *o, *b, *run_j;
	struct run run, *slot;
	int rc;

	rc = result_load_json_line(line, n, path, (int)no, &o, err, len);
	snprintf(name, sizeof(name), "%s: line %u", path, no);
	if (rc)
		return rc;
	b = json_object_get(o, "bench");
	run_j = json_object_get(o, "run");
	rc = -EINVAL;
	if (!json_is_integer(b) || json_integer_value(b) < 0 ||
	    (size_t)json_integer_value(b) >= r->n_bench) {
		snprintf(err, len,
			 "%s: bench: expected a benchmark index below %zu",
			 name, r->n_bench);
	} else if (!json_is_object(run_j)) {
		snprintf(err, len, "%s: run: expected an object", name);
	} else {
		size_t bi = (size_t)json_integer_value(b);

		snprintf(key, sizeof(key), "run");
		rc = result_run_parse(run_j, r, key, &run, why, sizeof(why));
		if (rc) {
			snprintf(err, len, "%s: %s", name, why);
		} else if ((rc = journal_run_fits(r, o, bi, &run, name, err,
						  len))) {
			result_run_free(&run);
			rc = -ENOTUNIQ;
		} else if ((slot = result_run_add(&r->bench[bi], NULL))) {
			*slot = run;
		} else {
			result_run_free(&run);
			rc = -ENOMEM;
			snprintf(err, len, "%s: out of memory", name);
		}
	}
	json_decref(o);
	return rc;
}

/* *other: the header is JSON of another format (not a journal at all). */
static int journal_header_read(const char *path, const char *buf, size_t n,
			       struct result *r, bool *other, char *err,
			       size_t len)
{
	json_t *h, *f;
	int rc = result_load_json(buf, n, path, &h, err, len);

	*other = false;
	if (rc)
		return rc;
	f = json_object_get(h, "format");
	if (json_is_string(f) && !strcmp(json_string_value(f), RESULT_FORMAT)) {
		snprintf(err, len,
			 "%s: format: a result file, not a journal; read it with 'abstat show'",
			 path);
		*other = true;
		rc = -EINVAL;
	} else if (!json_is_string(f) ||
		   strcmp(json_string_value(f), JOURNAL_FORMAT)) {
		snprintf(err, len, "%s: format: not \"%s\"; not an abstat journal",
			 path, JOURNAL_FORMAT);
		*other = true;
		rc = -EINVAL;
	} else {
		/* the header is a result without runs but for its format */
		json_object_set_new(h, "format", json_string(RESULT_FORMAT));
		rc = result_from_json(h, path, r, err, len);
	}
	json_decref(h);
	return rc;
}

/* The journal at path as a result; *torn: the line number of a last line
 * cut off by a crash (ignored), or 0. */
int journal_load(const char *path, struct result **out, unsigned *torn,
		 char *err, size_t len)
{
	struct result *r = calloc(1, sizeof(*r));
	char *buf = NULL, *p, *nl;
	size_t size;
	unsigned no = 1;
	bool other;
	int rc;

	*out = NULL;
	*torn = 0;
	if (!r)
		return err_nomem(err, len);
	rc = result_slurp(path, RESULT_MAX_BYTES, &buf, &size, err, len);
	if (rc)
		goto fail_free;
	nl = memchr(buf, '\n', size);
	rc = journal_header_read(path, buf, nl ? (size_t)(nl - buf) : size, r,
				 &other, err, len);
	if (rc == -EINVAL && !nl && !other) {
		/* one write of a whole line: no newline means it was cut */
		snprintf(err, len, "%s: line 1: %s", path, size ?
			 "the header is incomplete (cut off by a crash); nothing to recover" :
			 "empty file; not an abstat journal");
		goto fail_free;
	}
	if (rc)
		goto fail_free;
	for (p = nl ? nl + 1 : buf + size; p < buf + size; p = nl + 1) {
		size_t n;

		no++;
		nl = memchr(p, '\n', (size_t)(buf + size - p));
		n = nl ? (size_t)(nl - p) : (size_t)(buf + size - p);
		rc = journal_run_line(path, r, p, n, no, err, len);
		/* Only a last line without its newline was cut by a crash
		 * (each line is one write, newline included); any other,
		 * a complete last line too, must parse */
		if (rc == -EINVAL && !nl) {
			*torn = no;
			rc = 0;
		}
		if (rc == -ENOTUNIQ)
			rc = -EINVAL; /* never a torn line: refused */
		if (rc || !nl)
			break;
	}
	free(buf);
	buf = NULL;
	if (rc)
		goto fail;
	free(r->status);
	r->status = strdup("partial");
	if (!r->status)
		goto fail_nomem;
	if (*torn) {
		char w[160];

		snprintf(w, sizeof(w),
			 "journal line %u was incomplete (cut off by a crash) and was ignored",
			 *torn);
		if (json_array_append_new(r->warnings, json_string(w)))
			goto fail_nomem;
	}
	*out = r;
	return 0;
fail_nomem:
	rc = -ENOMEM;
	snprintf(err, len, "%s: out of memory", path);
	goto fail;
fail_free:
	free(buf);
fail:
	result_free(r);
	return rc;
}

/* Its runs, per benchmark: none fewer than old's? */
static bool journal_holds(const struct result *r, const struct result *old)
{
	if (r->n_bench != old->n_bench)
		return false;
	for (size_t b = 0; b < r->n_bench; b++)
		if (r->bench[b].n_runs < old->bench[b].n_runs)
			return false;
	return true;
}

int journal_load_any(const char *path, struct result **out, unsigned *torn,
		     enum journal_from *from, char *err, size_t len)
{
	struct result *old = NULL;
	char *alt = NULL, why[1024];
	unsigned old_torn;
	struct stat st;
	int rc, alt_rc;

	*from = JOURNAL_PLAIN;
	if (asprintf(&alt, "%s.resumed", path) < 0)
		return err_nomem(err, len);
	if (lstat(alt, &st)) {
		free(alt);
		return journal_load(path, out, torn, err, len);
	}
	alt_rc = journal_load(alt, &old, &old_torn, why, sizeof(why));
	free(alt);
	rc = journal_load(path, out, torn, err, len);
	if (alt_rc) {
		/* not a journal's second name: path alone, as it is */
		return rc;
	}
	if (!rc && journal_holds(*out, old)) {
		*from = JOURNAL_RESUMED_COPY;
		result_free(old);
		return 0;
	}
	result_free(*out);
	*out = old;
	*torn = old_torn;
	*from = JOURNAL_RESUMED_USED;
	return 0;
}

int journal_recover(const char *path, struct result **out, char *err,
		    size_t len)
{
	unsigned torn;

	return journal_load(path, out, &torn, err, len);
}
