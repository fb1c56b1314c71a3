// SPDX-License-Identifier: MIT
/*
 * flame: folded stacks in, a merged profile, its filters, its call tree
 * and its per-function samples out (flame.h). The tree is the one
 * FlameGraph's flamegraph.pl draws from sorted folded lines: a stack
 * adds its count to every node on its path and its self to the last.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "flame.h"

/* A frame the symboliser could not name: "[unknown]", "[libc.so.6]"
 * (an address in that object), kernel ones too. */
static bool flame_unnamed(const char *f, size_t len)
{
	size_t k = sizeof(FLAME_KERNEL_SUFFIX) - 1;

	if (flame_frame_kernel(f, len))
		len -= k;
	return len >= 2 && f[0] == '[' && f[len - 1] == ']';
}

/* Fold each run of one unnamed frame into one frame, in place: a broken
 * frame-pointer walk (code built without them) repeats "[unknown]" a
 * hundred times in one sample, which tells nothing and makes the graph
 * too tall to show its samples. Named frames (real recursion) stay. */
static void flame_fold_unnamed(char *s)
{
	char *w = s, *prev = NULL;
	size_t prev_len = 0;

	for (char *f = s; *f;) {
		size_t n = strcspn(f, ";");
		bool end = !f[n];

		if (!prev || n != prev_len || memcmp(f, prev, n) ||
		    !flame_unnamed(f, n)) {
			if (prev)
				*w++ = ';';
			memmove(w, f, n);
			prev = w;
			prev_len = n;
			w += n;
		}
		f += n + !end;
	}
	*w = '\0';
}

int flame_add(struct flame_profile *p, const char *frames, size_t len,
	      uint64_t count)
{
	struct run_stack *s;

	if (!len || !count)
		return 0;
	if (p->n == p->cap) {
		size_t cap = p->cap ? 2 * p->cap : 64;

		s = realloc(p->stacks, cap * sizeof(*s));
		if (!s)
			return -ENOMEM;
		p->stacks = s;
		p->cap = cap;
	}
	s = &p->stacks[p->n];
	s->frames = strndup(frames, len);
	if (!s->frames)
		return -ENOMEM;
	flame_fold_unnamed(s->frames);
	s->count = count;
	p->n++;
	p->finished = false;
	return 0;
}

static int flame_stack_cmp(const void *a, const void *b)
{
	return strcmp(((const struct run_stack *)a)->frames,
		      ((const struct run_stack *)b)->frames);
}

int flame_finish(struct flame_profile *p)
{
	size_t k = 0;

	if (p->n) /* NULL stacks then: qsort wants a pointer */
		qsort(p->stacks, p->n, sizeof(*p->stacks), flame_stack_cmp);
	int rc = 0;

	p->total = 0;
	for (size_t i = 0; i < p->n; i++) {
		uint64_t c = p->stacks[i].count;

		if (p->total > UINT64_MAX - c)
			rc = -EOVERFLOW; /* no total that wrapped round */
		if (k && !strcmp(p->stacks[k - 1].frames, p->stacks[i].frames)) {
			p->stacks[k - 1].count += c;
			free(p->stacks[i].frames);
		} else {
			p->stacks[k++] = p->stacks[i];
		}
		p->total += c;
	}
	p->n = k;
	p->finished = true;
	return rc;
}

void flame_free(struct flame_profile *p)
{
	for (size_t i = 0; i < p->n; i++)
		free(p->stacks[i].frames);
	free(p->stacks);
	memset(p, 0, sizeof(*p));
}

int flame_from_result(struct flame_profile *p, const struct result *r)
{
	bool any = false;
	int rc = 0;

	for (size_t b = 0; b < r->n_bench && !rc; b++)
		for (size_t i = 0; i < r->bench[b].n_runs && !rc; i++) {
			const struct run *run = &r->bench[b].runs[i];

			if (run->warmup || !run->profiled ||
			    run->status != RUN_OK)
				continue;
			any = true;
			for (size_t s = 0; s < run->n_stacks && !rc; s++)
				rc = flame_add(p, run->stacks[s].frames,
					       strlen(run->stacks[s].frames),
					       run->stacks[s].count);
		}
	if (!rc && !any)
		return -ENOENT;
	return rc;
}

bool flame_frame_kernel(const char *frame, size_t len)
{
	size_t k = sizeof(FLAME_KERNEL_SUFFIX) - 1;

	return len >= k && !memcmp(frame + len - k, FLAME_KERNEL_SUFFIX, k);
}

size_t flame_strip_offset(const char *name, size_t len)
{
	const char *plus = NULL;
	bool hex;
	size_t i;

	for (i = len; i > 1; i--)
		if (name[i - 1] == '+') {
			plus = name + i - 1;
			break;
		}
	if (!plus)
		return len;
	i = (size_t)(plus - name) + 1;
	hex = i + 1 < len && name[i] == '0' &&
	      (name[i + 1] == 'x' || name[i + 1] == 'X');
	i += hex ? 2 : 0;
	if (i == len)
		return len;
	for (; i < len; i++)
		if (!(hex ? isxdigit : isdigit)((unsigned char)name[i]))
			return len;
	return (size_t)(plus - name);
}

/* Does a frame of frames (NUL-terminated) match re? */
static int flame_matches(const char *frames, const regex_t *re, bool *hit)
{
	char *copy = strdup(frames), *save = NULL;

	if (!copy)
		return -ENOMEM;
	*hit = false;
	for (char *f = strtok_r(copy, ";", &save); f && !*hit;
	     f = strtok_r(NULL, ";", &save))
		*hit = !regexec(re, f, 0, NULL, 0);
	free(copy);
	return 0;
}

/* The kernel frames of frames, in order, into buf (as long as frames). */
static size_t flame_kernel_part(const char *frames, char *buf)
{
	size_t k = 0;

	for (const char *f = frames; *f;) {
		size_t n = strcspn(f, ";");

		if (flame_frame_kernel(f, n)) {
			if (k)
				buf[k++] = ';';
			memcpy(buf + k, f, n);
			k += n;
		}
		f += n + (f[n] == ';');
	}
	return k;
}

int flame_filter(struct flame_profile *p, const struct flame_filter *f)
{
	struct flame_profile out = { 0 };
	bool only = f->kernel != f->user;
	int rc = 0;

	for (size_t i = 0; i < p->n && !rc; i++) {
		const char *s = p->stacks[i].frames, *leaf = strrchr(s, ';');
		bool hit = false, kernel;
		char *buf;

		leaf = leaf ? leaf + 1 : s;
		if (f->exclude)
			rc = flame_matches(s, f->exclude, &hit);
		if (rc || hit)
			continue;
		kernel = flame_frame_kernel(leaf, strlen(leaf));
		if (!only) {
			rc = flame_add(&out, s, strlen(s), p->stacks[i].count);
			continue;
		}
		if (kernel != f->kernel)
			continue;
		if (!kernel) {
			rc = flame_add(&out, s, strlen(s), p->stacks[i].count);
			continue;
		}
		buf = malloc(strlen(s) + 1);
		if (!buf) {
			rc = -ENOMEM; /* out freed below */
			break;
		}
		rc = flame_add(&out, buf, flame_kernel_part(s, buf),
			       p->stacks[i].count);
		free(buf);
	}
	if (rc) {
		flame_free(&out);
		return rc;
	}
	flame_free(p);
	*p = out;
	return flame_finish(p);
}

/* One frame of one stack, for flame_funcs: sorted by name, then side and
 * stack, a function's frames of one stack are adjacent. */
struct flame_ref {
	const char *name;
	size_t len;
	size_t stack;
	uint64_t count;
	bool leaf, base;
};

static int flame_ref_cmp(const void *a, const void *b)
{
	const struct flame_ref *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->name, y->name, n);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	if (x->base != y->base)
		return x->base ? 1 : -1;
	return x->stack < y->stack ? -1 : x->stack > y->stack;
}

static int flame_refs(const struct flame_profile *p, bool base,
		      struct flame_ref **refs, size_t *n, size_t *cap)
{
	for (size_t i = 0; i < p->n; i++)
		for (const char *f = p->stacks[i].frames; *f;) {
			size_t len = strcspn(f, ";");

			if (*n == *cap) {
				size_t c = *cap ? 2 * *cap : 256;
				struct flame_ref *r =
					realloc(*refs, c * sizeof(*r));

				if (!r)
					return -ENOMEM;
				*refs = r;
				*cap = c;
			}
			(*refs)[(*n)++] = (struct flame_ref){
				f, len, i, p->stacks[i].count, !f[len], base
			};
			f += len + (f[len] == ';');
		}
	return 0;
}

static int flame_func_cmp(const void *a, const void *b)
{
	const struct flame_func *x = a, *y = b;

	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	if (x->base_self != y->base_self)
		return x->base_self > y->base_self ? -1 : 1;
	return strcmp(x->name, y->name);
}

int flame_funcs(const struct flame_profile *p,
		const struct flame_profile *base, struct flame_func **out,
		size_t *n)
{
	struct flame_ref *refs = NULL;
	struct flame_func *fn = NULL;
	size_t nr = 0, cap = 0, k = 0;
	int rc = flame_refs(p, false, &refs, &nr, &cap);

	if (!rc && base)
		rc = flame_refs(base, true, &refs, &nr, &cap);
	if (!rc && nr && !(fn = calloc(nr, sizeof(*fn))))
		rc = -ENOMEM;
	if (rc || !nr)
		goto out;
	qsort(refs, nr, sizeof(*refs), flame_ref_cmp);
	for (size_t i = 0; i < nr; i++) {
		const struct flame_ref *r = &refs[i], *prev = i ? r - 1 : NULL;
		bool same = prev && prev->len == r->len &&
			    !memcmp(prev->name, r->name, r->len);
		struct flame_func *f;

		if (!same) {
			fn[k].name = strndup(r->name, r->len);
			if (!fn[k++].name) {
				rc = -ENOMEM;
				goto out;
			}
		}
		f = &fn[k - 1];
		/* a recursive function's stack counts once in its total */
		if (!same || prev->stack != r->stack || prev->base != r->base)
			*(r->base ? &f->base_total : &f->total) += r->count;
		if (r->leaf)
			*(r->base ? &f->base_self : &f->self) += r->count;
	}
	qsort(fn, k, sizeof(*fn), flame_func_cmp);
out:
	free(refs);
	if (rc) {
		flame_funcs_free(fn, k);
		fn = NULL;
		k = 0;
	}
	*out = fn;
	*n = k;
	return rc;
}

void flame_funcs_free(struct flame_func *f, size_t n)
{
	for (size_t i = 0; f && i < n; i++)
		free(f[i].name);
	free(f);
}
