// SPDX-License-Identifier: MIT
/*
 * result_stream: the streaming reader. A 4 MB result (50 benchmarks x
 * 100 runs) is a 45 MB jansson tree, so building it whole to read the file
 * costs ten times the file in memory. Here only the structure around the
 * runs is scanned by hand: the document with its "benchmarks" array
 * emptied is parsed by jansson (header, env, events), then each benchmark
 * with its "runs" emptied, then each run, one small tree at a time. Every
 * byte of the file is still parsed by jansson under RESULT_JSON_FLAGS
 * except the brackets, commas and the two keys scanned here, which are
 * checked strictly. Anything unusual (an escape in a key, a duplicate key,
 * any error at all) declines with -EAGAIN and the caller reads the file
 * the plain way (result_parse.c), which also words the error message.
 * A mapped file's pages behind the cursor are given back after each run
 * and benchmark (result_window.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result_parse_priv.h"

struct scan {
	const char *b;
	size_t n, i;
	struct result_window *w; /* NULL: the text is not mapped */
};

static void scan_ws(struct scan *s)
{
	while (s->i < s->n && (s->b[s->i] == ' ' || s->b[s->i] == '\t' ||
			       s->b[s->i] == '\n' || s->b[s->i] == '\r'))
		s->i++;
}

static bool scan_char(struct scan *s, char c)
{
	scan_ws(s);
	if (s->i < s->n && s->b[s->i] == c) {
		s->i++;
		return true;
	}
	return false;
}

/* A key of plain characters (no escape, no control character). */
static bool scan_key(struct scan *s, const char **key, size_t *klen)
{
	size_t start;

	if (!scan_char(s, '"'))
		return false;
	start = s->i;
	while (s->i < s->n && s->b[s->i] != '"') {
		if (s->b[s->i] == '\\' || (unsigned char)s->b[s->i] < 0x20)
			return false;
		s->i++;
	}
	if (s->i >= s->n)
		return false;
	*key = s->b + start;
	*klen = s->i - start;
	s->i++;
	return scan_char(s, ':');
}

/* What scan_skip stops at inside an object or array, and in a string. */
static const unsigned char scan_stop[256] = {
	['"'] = 1, ['{'] = 2, ['['] = 2, ['}'] = 3, [']'] = 3,
};
static const bool scan_str_stop[256] = { ['"'] = true, ['\\'] = true };

/* Step over one value, only finding where it ends: jansson checks it.
 * Called on every byte of the runs, so the loops are table lookups. */
static bool scan_skip(struct scan *s, size_t *start)
{
	const unsigned char *b = (const unsigned char *)s->b;
	size_t depth = 0, i, n = s->n;

	scan_ws(s);
	*start = i = s->i;
	if (i < n && !scan_stop[b[i]]) {
		/* a bare scalar: up to the next delimiter */
		while (i < n && !strchr(",]} \t\r\n", b[i]))
			i++;
		s->i = i;
		return i > *start;
	}
	while (i < n) {
		switch (scan_stop[b[i++]]) {
		case 1:
			while (i < n && !scan_str_stop[b[i]])
				i++;
			while (i < n && b[i] == '\\') {
				i += 2;
				while (i < n && !scan_str_stop[b[i]])
					i++;
			}
			if (i >= n)
				goto out;
			i++; /* the closing quote */
			if (!depth) {
				s->i = i;
				return true;
			}
			break;
		case 2:
			depth++;
			break;
		case 3:
			if (!depth)
				goto out;
			if (!--depth) {
				s->i = i;
				return true;
			}
			break;
		default:
			break;
		}
		while (i < n && !scan_stop[b[i]])
			i++;
	}
out:
	s->i = i > n ? n : i;
	return false;
}

static bool key_is(const char *k, size_t kl, const char *want)
{
	return kl == strlen(want) && !memcmp(k, want, kl);
}

/* Walk the object at s->i; the span of the value of member want (the
 * first one; a second makes jansson reject the rest) into [*vs, *ve), and
 * the object's end. */
static bool scan_object(struct scan *s, const char *want, size_t *os,
			size_t *vs, size_t *ve)
{
	const char *k;
	size_t kl, at;

	*vs = *ve = 0;
	scan_ws(s);
	*os = s->i;
	if (!scan_char(s, '{'))
		return false;
	if (scan_char(s, '}'))
		return true;
	do {
		if (!scan_key(s, &k, &kl) || !scan_skip(s, &at))
			return false;
		if (key_is(k, kl, want) && !*ve) {
			*vs = at;
			*ve = s->i;
		}
	} while (scan_char(s, ','));
	return scan_char(s, '}');
}

/* jansson on buf[0..a) + "[]" + buf[b..end): the text with one array
 * emptied. */
static json_t *load_without(const char *buf, size_t start, size_t a,
			    size_t b, size_t end)
{
	size_t n = (a - start) + 2 + (end - b);
	char *t = malloc(n + 1);
	json_t *j;

	if (!t)
		return NULL;
	memcpy(t, buf + start, a - start);
	memcpy(t + (a - start), "[]", 2);
	memcpy(t + (a - start) + 2, buf + b, end - b);
	t[n] = '\0';
	j = json_loadb(t, n, RESULT_JSON_FLAGS, NULL);
	free(t);
	return j;
}

static int stream_runs(struct ctx *c, struct scan *s, const char *bkey,
		       struct benchmark *b)
{
	size_t cap = 0, start;
	char k[KEY_MAX];

	if (!scan_char(s, '['))
		return -EAGAIN;
	if (scan_char(s, ']'))
		return 0;
	do {
		json_t *j;
		int rc;

		/* counted at once, so a half-parsed run is freed too */
		if (!result_run_add(b, &cap))
			return -ENOMEM;
		if (!result_run_fast(c, s->b, s->n, &s->i,
				     &b->runs[b->n_runs - 1])) {
			result_window_release(s->w, s->i);
			continue;
		}
		/* not the usual run: jansson and result_parse_run */
		if (!scan_skip(s, &start))
			return -EAGAIN;
		j = json_loadb(s->b + start, s->i - start, RESULT_JSON_FLAGS,
			       NULL);
		if (!j)
			return -EAGAIN;
		result_key_fmt(k, "%s.runs[%zu]", bkey, b->n_runs - 1);
		rc = result_parse_run(c, j, k, &b->runs[b->n_runs - 1]);
		json_decref(j);
		if (rc)
			return rc == -ENOMEM ? rc : -EAGAIN;
		result_window_release(s->w, s->i);
	} while (scan_char(s, ','));
	if (!scan_char(s, ']'))
		return -EAGAIN;
	/* the doubling's slack back: a side of 50 boots is 50 files */
	if (cap > b->n_runs + 1) {
		struct run *nr = realloc(b->runs, (b->n_runs + 1) *
						  sizeof(*nr));

		b->runs = nr ? nr : b->runs;
	}
	return 0;
}

static void stream_free_runs(struct benchmark *t)
{
	for (size_t i = 0; i < t->n_runs; i++)
		result_run_free(&t->runs[i]);
	free(t->runs);
}

/* One benchmark: its runs read in place (one pass over them), then the
 * rest by jansson with "runs" emptied, which also rejects a second
 * "runs". */
static void stream_bench_clear(struct benchmark *b)
{
	for (size_t i = 0; b->argv && b->argv[i]; i++)
		free(b->argv[i]);
	free(b->argv);
	free(b->name);
	free(b->workload);
	memset(b, 0, sizeof(*b));
}

static int stream_bench(struct ctx *c, struct scan *s, const char *k,
			struct benchmark *b)
{
	struct benchmark t = { 0 };
	size_t os, rs = 0, re = 0, kl, at;
	unsigned seen = 0;
	bool fast = true;
	const char *key;
	json_t *j;
	int rc = -EAGAIN;

	scan_ws(s);
	os = s->i;
	if (!scan_char(s, '{') || scan_char(s, '}'))
		return -EAGAIN;
	do {
		if (!scan_key(s, &key, &kl))
			goto out;
		if (key_is(key, kl, "runs") && !re) {
			scan_ws(s);
			rs = s->i;
			rc = stream_runs(c, s, k, &t);
			if (rc)
				goto out;
			re = s->i;
			rc = -EAGAIN;
		} else {
			/* the usual member, read in place */
			if (fast && !result_bench_fast(s->b, s->n, &s->i, key,
						       kl, b, &seen))
				continue;
			fast = false;
			if (!scan_skip(s, &at))
				goto out;
		}
	} while (scan_char(s, ','));
	if (!scan_char(s, '}') || !re)
		goto out;
	if (fast && seen == RESULT_BENCH_FAST_ALL) {
		b->runs = t.runs ? t.runs : calloc(1, sizeof(*b->runs));
		b->n_runs = t.n_runs;
		return b->runs ? 0 : -ENOMEM;
	}
	/* anything unusual: jansson and result_parse_bench, from scratch */
	stream_bench_clear(b);
	j = load_without(s->b, os, rs, re, s->i);
	if (!j)
		goto out;
	rc = result_parse_bench(c, j, k, b);
	json_decref(j);
	if (!rc) {
		if (t.runs) {
			free(b->runs);
			b->runs = t.runs;
			b->n_runs = t.n_runs;
		}
		return 0;
	}
out:
	stream_free_runs(&t);
	return rc == -ENOMEM ? rc : -EAGAIN;
}

static int stream_benchmarks(struct ctx *c, struct scan *s, struct result *r)
{
	size_t cap = 0;

	if (!scan_char(s, '['))
		return -EAGAIN;
	if (scan_char(s, ']'))
		return 0;
	do {
		struct benchmark *b;
		char k[KEY_MAX];
		int rc;

		if (r->n_bench + 1 >= cap) {
			cap = cap ? 2 * cap : 16;
			b = realloc(r->bench, cap * sizeof(*b));
			if (!b)
				return -ENOMEM;
			r->bench = b;
		}
		b = &r->bench[r->n_bench++];
		memset(b, 0, sizeof(*b));
		result_key_index(k, "benchmarks", r->n_bench - 1);
		rc = stream_bench(c, s, k, b);
		if (!rc && result_bench_again(c, r, k))
			rc = -EAGAIN; /* the tree reader says so, once */
		if (rc)
			return rc;
		result_window_release(s->w, s->i);
	} while (scan_char(s, ','));
	return scan_char(s, ']') ? 0 : -EAGAIN;
}

/* Where the value of member want starts, walking the object at s->i up
 * to it (the members after it are not looked at). */
static bool scan_until(struct scan *s, const char *want, size_t *vs)
{
	const char *k;
	size_t kl, at;

	if (!scan_char(s, '{'))
		return false;
	do {
		if (!scan_key(s, &k, &kl))
			return false;
		if (key_is(k, kl, want)) {
			scan_ws(s);
			*vs = s->i;
			return true;
		}
		if (!scan_skip(s, &at))
			return false;
	} while (scan_char(s, ','));
	return false;
}

/* The document with the benchmarks array at buf[bs..be) (be: where the
 * text after the array starts): the head by jansson, then the array. */
static int stream_doc(struct ctx *c, const char *buf, size_t size, size_t bs,
		      size_t be, struct result_window *w, struct result **out)
{
	struct scan s = { buf, be, bs, w };
	struct result *r;
	json_t *head;
	int rc;

	head = load_without(buf, 0, bs, be, size);
	if (!head)
		return -EAGAIN;
	r = calloc(1, sizeof(*r));
	if (!r) {
		json_decref(head);
		return -ENOMEM;
	}
	rc = result_parse_doc(c, head, r);
	json_decref(head);
	if (!rc && r->n_bench)
		rc = -EAGAIN;
	if (!rc) {
		free(r->bench);
		r->bench = NULL;
		rc = stream_benchmarks(c, &s, r);
		scan_ws(&s);
		if (!rc && s.i != be)
			rc = -EAGAIN;
	}
	if (!rc) {
		r->path = strdup(c->file);
		rc = r->path ? 0 : -ENOMEM;
	}
	if (rc) {
		result_clear(r);
		free(r);
		return rc;
	}
	*out = r;
	return 0;
}

int result_parse_stream(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len)
{
	return result_stream_text(buf, size, name, NULL, out, err, len);
}

int result_stream_text(const char *buf, size_t size, const char *name,
		       struct result_window *w, struct result **out,
		       char *err, size_t len)
{
	struct ctx c = { name, err, len, NULL, 0 };
	struct scan s = { buf, size, 0, w };
	size_t os, bs, be, end = size;
	int rc = -EAGAIN;

	*out = NULL;
	/* abstat writes "benchmarks" last: then it ends at the closing
	 * brace, and the file is read in one pass. Anything else (another
	 * member after it) fails the check at its end, and the array is
	 * found by skipping it first. */
	while (end && buf[end - 1] && strchr(" \t\r\n", buf[end - 1]))
		end--;
	if (end && buf[end - 1] == '}' && scan_until(&s, "benchmarks", &bs))
		rc = stream_doc(&c, buf, size, bs, end - 1, w, out);
	if (rc && rc != -ENOMEM) {
		s = (struct scan){ buf, size, 0, w };
		if (!scan_object(&s, "benchmarks", &os, &bs, &be) || !be)
			return -EAGAIN;
		scan_ws(&s);
		if (s.i != size)
			return -EAGAIN;
		c.events = NULL;
		c.n_events = 0;
		rc = stream_doc(&c, buf, size, bs, be, w, out);
	}
	if (rc == -ENOMEM)
		snprintf(err, len, "%s: out of memory", name);
	return rc == -ENOMEM ? rc : rc ? -EAGAIN : 0;
}
