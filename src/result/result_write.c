// SPDX-License-Identifier: MIT
/*
 * result_write: the result file, streamed. A whole-result jansson tree
 * costs about 5 KB per run and its text another 640 bytes, so 100000 runs
 * of /bin/true once took half a gigabyte to save. Here only the head (the
 * document with every benchmark's "runs" empty, result_head_json) is a
 * tree; each run is built, checked, dumped and freed in turn. The text is
 * byte for byte what json_dumps(result_to_json(r), JSON_INDENT(1)) and a
 * newline give: jansson dumps each piece at depth 0 and the writer indents
 * every line it starts (JSON text has no raw newline inside a string).
 *
 * The writer never writes what the reader rejects: the head goes through
 * the reader's result_parse_doc and every run through its
 * result_parse_run (result_parse.c: the same code, not a copy), and the
 * bytes are counted against RESULT_MAX_BYTES. What is written is the
 * dump of exactly those trees, which jansson reads back as the same tree.
 * A rejected result is not published (the temp file goes, the caller
 * keeps the journal); after a rejection the rest is still counted, not
 * written, so the message is the one the whole reader would give: the
 * size first, then the first key it refuses.
 *
 * Publishing is result_io.c's: mkstemp in the same directory, fsync,
 * result_publish (rename over nothing), fsync the directory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hold.h"
#include "result_parse_priv.h"

#define WRITE_FLAGS (JSON_INDENT(1) | JSON_ENCODE_ANY)

struct out {
	FILE *f;
	char buf[1 << 16]; /* jansson's pieces, a few bytes each, gathered */
	size_t used;
	size_t bytes;     /* counted, written or not */
	unsigned indent;  /* spaces after each newline */
	bool stop;        /* rejected or too large: count, do not write */
	int err;          /* first write error, -errno */
	struct ctx c;     /* the reader's checks */
	char why[1024];   /* their first rejection */
	int rejected;     /* -EINVAL or -ENOMEM from them, else 0 */
	struct result back; /* what the head reads back as (its events) */
};

/* What is gathered, into o->f. */
static void out_flush(struct out *o)
{
	if (o->used && !o->err && fwrite(o->buf, 1, o->used, o->f) != o->used)
		o->err = errno ? -errno : -EIO;
	o->used = 0;
}

/* n bytes more: gathered in o->buf (one fwrite a piece of jansson's was
 * most of an import's time, issue 44) */
static void out_raw(struct out *o, const char *buf, size_t n)
{
	o->bytes += n;
	if (o->bytes > RESULT_MAX_BYTES)
		o->stop = true;
	if (o->stop || o->err)
		return;
	if (n > sizeof(o->buf) - o->used)
		out_flush(o);
	if (n > sizeof(o->buf)) {
		if (!o->err && fwrite(buf, 1, n, o->f) != n)
			o->err = errno ? -errno : -EIO;
		return;
	}
	memcpy(o->buf + o->used, buf, n);
	o->used += n;
}

/* json_dump_callback's sink: text with every line it starts indented. */
static int out_cb(const char *buf, size_t size, void *data)
{
	static const char spaces[16] = "                ";
	struct out *o = data;

	while (size) {
		const char *nl = memchr(buf, '\n', size);
		size_t n = nl ? (size_t)(nl - buf) + 1 : size;

		out_raw(o, buf, n);
		for (unsigned left = nl ? o->indent : 0; left;) {
			unsigned k = left < sizeof(spaces) ? left :
							     sizeof(spaces);

			out_raw(o, spaces, k);
			left -= k;
		}
		buf += n;
		size -= n;
	}
	return o->err ? -1 : 0;
}

static void out_text(struct out *o, const char *s)
{
	out_cb(s, strlen(s), o);
}

/* A value (any JSON) at the current indentation; -ENOMEM on failure. */
static int out_value(struct out *o, const json_t *v)
{
	if (json_dump_callback(v, out_cb, o, WRITE_FLAGS) && !o->err)
		return -ENOMEM;
	return 0;
}

static int out_key(struct out *o, const char *key)
{
	json_t *k = json_string(key);
	int rc = k ? out_value(o, k) : -ENOMEM;

	json_decref(k);
	out_text(o, ": ");
	return rc;
}

/* What the whole reader would make of one run. */
static void out_check_run(struct out *o, const json_t *j, size_t b, size_t i)
{
	char key[KEY_MAX];
	struct run run;
	int rc;

	if (o->rejected)
		return;
	result_key_fmt(key, "benchmarks[%zu].runs[%zu]", b, i);
	rc = result_parse_run(&o->c, j, key, &run);
	result_run_free(&run);
	if (rc) {
		o->rejected = rc;
		o->stop = true;
	}
}

/* The runs array of benchmark b, one run's tree at a time. */
static int out_runs(struct out *o, const struct result *r, size_t b,
		    const bool *supported, int *err, const char **why)
{
	const struct benchmark *bench = &r->bench[b];
	unsigned at = o->indent;

	if (!bench->n_runs) {
		out_text(o, "[]");
		return 0;
	}
	out_text(o, "[");
	o->indent = at + 1;
	for (size_t i = 0; i < bench->n_runs; i++) {
		json_t *j = result_run_json_why(&bench->runs[i], supported,
						r->n_events, err, why);

		if (!j)
			return -1;
		out_text(o, i ? ",\n" : "\n");
		out_check_run(o, j, b, i);
		*err = out_value(o, j);
		json_decref(j);
		if (*err)
			return -1;
	}
	o->indent = at;
	out_text(o, "\n]");
	return 0;
}

/* Object v as jansson dumps it, but for member hole, which fill writes
 * (index: which benchmark, for the runs). */
static int out_object(struct out *o, json_t *v, const char *hole,
		      int (*fill)(struct out *, json_t *, size_t, void *),
		      size_t index, void *arg)
{
	unsigned at = o->indent;
	const char *k;
	json_t *m;
	bool first = true;
	int rc;

	if (!json_object_size(v))
		return out_value(o, v);
	out_text(o, "{");
	o->indent = at + 1;
	json_object_foreach(v, k, m) {
		out_text(o, first ? "\n" : ",\n");
		first = false;
		rc = out_key(o, k);
		if (!rc)
			rc = strcmp(k, hole) ? out_value(o, m) :
					       fill(o, m, index, arg);
		if (rc)
			return rc;
	}
	o->indent = at;
	out_text(o, "\n}");
	return 0;
}

struct out_doc {
	const struct result *r;
	const bool *supported;
	int err;          /* encoding error: -ENOMEM or -ERANGE */
	const char *why;  /* its reason */
};

static int out_fill_runs(struct out *o, json_t *runs, size_t b, void *arg)
{
	struct out_doc *d = arg;

	(void)runs; /* empty in the head */
	return out_runs(o, d->r, b, d->supported, &d->err, &d->why) ? -1 : 0;
}

static int out_fill_bench(struct out *o, json_t *bench, size_t index,
			  void *arg)
{
	unsigned at = o->indent;
	size_t n = json_array_size(bench), i;
	json_t *b;

	(void)index;
	if (!n)
		return out_value(o, bench);
	out_text(o, "[");
	o->indent = at + 1;
	json_array_foreach(bench, i, b) {
		out_text(o, i ? ",\n" : "\n");
		if (out_object(o, b, "runs", out_fill_runs, i, arg))
			return -1;
	}
	o->indent = at;
	out_text(o, "\n]");
	return 0;
}

/* The document into o->f; 0, or -1 with d->err and d->why set. */
static int out_doc(struct out *o, struct out_doc *d)
{
	json_t *head = result_head_json(d->r, &d->err, &d->why);
	int rc = -1;

	d->supported = result_supported(d->r);
	if (!head || !d->supported)
		goto out;
	/* the reader's checks of the header; they set c.events for the
	 * runs' counters */
	o->rejected = result_parse_doc(&o->c, head, &o->back);
	if (o->rejected)
		o->stop = true;
	rc = out_object(o, head, "benchmarks", out_fill_bench, 0, d);
	out_text(o, "\n");
	if (rc && !d->why)
		d->why = "out of memory";
	if (rc && !d->err)
		d->err = -ENOMEM;
out:
	free((void *)d->supported);
	json_decref(head);
	return rc;
}

/* The verdict: encoding, size, the reader's checks, then the disk. */
static int out_verdict(struct out *o, const struct out_doc *d, int rc,
		       const char *path, const char *tmp, char *err,
		       size_t len)
{
	if (rc) {
		snprintf(err, len, "%s: cannot encode the result: %s", path,
			 d->why ? d->why : "out of memory");
		return d->err ? d->err : -ENOMEM;
	}
	if (o->bytes > RESULT_MAX_BYTES) {
		snprintf(err, len,
			 "%s: not written: the result would be %zu MiB, above the %u MiB abstat reads back; save fewer runs or events per file (-r, -e)",
			 path, o->bytes >> 20, RESULT_MAX_BYTES >> 20);
		return -EFBIG;
	}
	if (o->rejected == -ENOMEM) {
		snprintf(err, len, "%s: out of memory", path);
		return -ENOMEM;
	}
	if (o->rejected) {
		snprintf(err, len,
			 "not written: abstat would not read it back: %s",
			 o->why);
		return -EINVAL;
	}
	if (o->err) {
		snprintf(err, len, "cannot write %s: %s", tmp,
			 strerror(-o->err));
		return o->err;
	}
	return 0;
}

/* Stream r into fd (a new temp file), checked; fsync'd. */
static int result_write_stream(const struct result *r, int fd,
			       const char *path, const char *tmp, char *err,
			       size_t len)
{
	struct out *o = calloc(1, sizeof(*o));
	struct out_doc d = { r, NULL, 0, NULL };
	mode_t mask = umask(0);
	int rc;

	umask(mask);
	if (!o) {
		snprintf(err, len, "%s: out of memory", path);
		close(fd);
		return -ENOMEM;
	}
	o->c = (struct ctx){ path, o->why, sizeof(o->why), NULL, 0 };
	/* mkstemp makes 0600; a result is shared like any file written */
	if (fchmod(fd, 0666 & ~mask))
		o->err = -errno;
	o->f = fdopen(fd, "w");
	if (!o->f) {
		o->err = -errno;
		close(fd);
	}
	rc = o->f ? out_doc(o, &d) : 0;
	if (o->f && !o->stop)
		out_flush(o);
	if (o->f && !o->err && fflush(o->f))
		o->err = -errno;
	if (o->f && !o->err && !o->stop && fsync(fileno(o->f)))
		o->err = -errno;
	if (o->f && fclose(o->f) && !o->err)
		o->err = -errno;
	rc = out_verdict(o, &d, rc, path, tmp, err, len);
	result_clear(&o->back);
	free(o);
	return rc;
}

int result_write(const struct result *r, const char *path, bool force,
		 char *err, size_t len)
{
	const char *base = strrchr(path, '/');
	char *dir = NULL, *tmp = NULL;
	int fd, rc;

	rc = result_check_output(path, force, err, len);
	if (rc)
		return rc;
	dir = result_dirname(path);
	base = base ? base + 1 : path;
	if (!dir || asprintf(&tmp, "%s/.%s.XXXXXX", dir, base) < 0) {
		free(dir);
		snprintf(err, len, "%s: out of memory", path);
		return -ENOMEM;
	}
	fd = mkstemp(tmp);
	if (fd >= 0)
		hold_take(fd, false); /* held while written (hold.h) */
	if (fd < 0) {
		rc = -errno;
		snprintf(err, len,
			 "cannot create a file in %s: %s; choose a writable directory",
			 dir, strerror(errno));
		goto out_free;
	}
	rc = result_write_stream(r, fd, path, tmp, err, len);
	if (!rc)
		rc = result_publish(tmp, path, force, err, len);
	if (rc) {
		unlink(tmp);
		goto out_free;
	}
	rc = result_sync_dir(path);
	if (rc)
		snprintf(err, len, "%s written but its directory %s could not be synced: %s",
			 path, dir, strerror(-rc));
out_free:
	free(tmp);
	free(dir);
	return rc;
}
