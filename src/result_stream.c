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

/* What scan_skip stops at inside an object or array. */
static const bool scan_special[256] = {
	['"'] = true, ['{'] = true, ['}'] = true, ['['] = true, [']'] = true,
};

/* Step over one value, only finding where it ends: jansson checks it. */
static bool scan_skip(struct scan *s, size_t *start)
{
	size_t depth = 0;

	scan_ws(s);
	*start = s->i;
	do {
		char c;

		if (s->i >= s->n)
			return false;
		c = s->b[s->i];
		if (c == '"') {
			for (s->i++; s->i < s->n && s->b[s->i] != '"'; s->i++)
				if (s->b[s->i] == '\\')
					s->i++;
			if (s->i >= s->n)
				return false;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (!depth)
				return false;
			depth--;
		} else if (!depth) {
			/* a bare scalar: up to the next delimiter */
			while (s->i < s->n && !strchr(",]} \t\r\n", s->b[s->i]))
				s->i++;
			return s->i > *start;
		} else {
			/* inside: straight to the next quote or bracket */
			while (s->i + 1 < s->n &&
			       !scan_special[(unsigned char)s->b[s->i + 1]])
				s->i++;
		}
		s->i++;
	} while (depth);
	return true;
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

		if (!scan_skip(s, &start))
			return -EAGAIN;
		j = json_loadb(s->b + start, s->i - start, RESULT_JSON_FLAGS,
			       NULL);
		if (!j)
			return -EAGAIN;
		if (b->n_runs + 1 >= cap) {
			struct run *nr;

			cap = cap ? 2 * cap : 64;
			nr = realloc(b->runs, cap * sizeof(*nr));
			if (!nr) {
				json_decref(j);
				return -ENOMEM;
			}
			b->runs = nr;
		}
		result_key_fmt(k, "%s.runs[%zu]", bkey, b->n_runs);
		b->n_runs++; /* so a half-parsed run is freed too */
		rc = result_parse_run(c, j, k, &b->runs[b->n_runs - 1]);
		json_decref(j);
		if (rc)
			return rc == -ENOMEM ? rc : -EAGAIN;
	} while (scan_char(s, ','));
	return scan_char(s, ']') ? 0 : -EAGAIN;
}

static int stream_benchmarks(struct ctx *c, struct scan *s, struct result *r)
{
	size_t cap = 0;

	if (!scan_char(s, '['))
		return -EAGAIN;
	if (scan_char(s, ']'))
		return 0;
	do {
		size_t os, rs, re;
		struct benchmark *b;
		char k[KEY_MAX];
		struct scan runs;
		json_t *j;
		int rc;

		if (!scan_object(s, "runs", &os, &rs, &re) || !re)
			return -EAGAIN;
		j = load_without(s->b, os, rs, re, s->i);
		if (!j)
			return -EAGAIN;
		if (r->n_bench + 1 >= cap) {
			cap = cap ? 2 * cap : 16;
			b = realloc(r->bench, cap * sizeof(*b));
			if (!b) {
				json_decref(j);
				return -ENOMEM;
			}
			r->bench = b;
		}
		b = &r->bench[r->n_bench++];
		memset(b, 0, sizeof(*b));
		result_key_index(k, "benchmarks", r->n_bench - 1);
		rc = result_parse_bench(c, j, k, b);
		json_decref(j);
		if (rc)
			return rc == -ENOMEM ? rc : -EAGAIN;
		runs = (struct scan){ s->b, re, rs };
		rc = stream_runs(c, &runs, k, b);
		if (rc)
			return rc;
		scan_ws(&runs);
		if (runs.i != re)
			return -EAGAIN;
	} while (scan_char(s, ','));
	return scan_char(s, ']') ? 0 : -EAGAIN;
}

int result_parse_stream(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len)
{
	struct ctx c = { name, err, len, NULL, 0 };
	struct scan s = { buf, size, 0 };
	size_t os, bs, be;
	struct result *r;
	json_t *head;
	int rc;

	*out = NULL;
	if (!scan_object(&s, "benchmarks", &os, &bs, &be) || !be)
		return -EAGAIN;
	scan_ws(&s);
	if (s.i != size)
		return -EAGAIN;
	head = load_without(buf, 0, bs, be, size);
	if (!head)
		return -EAGAIN;
	r = calloc(1, sizeof(*r));
	if (!r) {
		json_decref(head);
		return -ENOMEM;
	}
	rc = result_parse_doc(&c, head, r);
	json_decref(head);
	if (!rc && r->n_bench)
		rc = -EAGAIN;
	if (!rc) {
		free(r->bench);
		r->bench = NULL;
		s = (struct scan){ buf, be, bs };
		rc = stream_benchmarks(&c, &s, r);
		scan_ws(&s);
		if (!rc && s.i != be)
			rc = -EAGAIN;
	}
	if (!rc) {
		r->path = strdup(name);
		rc = r->path ? 0 : -ENOMEM;
	}
	if (rc) {
		result_clear(r);
		free(r);
		if (rc == -ENOMEM)
			snprintf(err, len, "%s: out of memory", name);
		return rc == -ENOMEM ? rc : -EAGAIN;
	}
	*out = r;
	return 0;
}
