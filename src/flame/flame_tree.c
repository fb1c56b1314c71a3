// SPDX-License-Identifier: MIT
/*
 * flame_tree: the call tree of a profile (flame.h) and the one way to
 * walk it. Input decides the tree's depth (a 70,000-frame stack is a
 * 70,000-level tree) and its breadth (200,000 siblings under one node),
 * so nothing here recurses and nothing scans siblings: the stacks are
 * taken frame by frame in order (';' below every byte), which puts the
 * stacks through one node next to each other and each node's kids in
 * strcmp order, so a profile's frame is its node's last kid or a new one,
 * and a base profile's is found by bisection. The walk keeps its own
 * stack of levels on the heap (flame_tree_walk).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "flame.h"

/* Frame by frame: ';' sorts below every byte, the end below ';'. */
static int flame_frames_cmp(const char *a, const char *b)
{
	for (;; a++, b++) {
		unsigned x = *a == ';' ? 1 : *a ? (unsigned char)*a + 1u : 0;
		unsigned y = *b == ';' ? 1 : *b ? (unsigned char)*b + 1u : 0;

		if (x != y)
			return x < y ? -1 : 1;
		if (!x)
			return 0;
	}
}

static int flame_stack_ptr_cmp(const void *a, const void *b)
{
	return flame_frames_cmp((*(const struct run_stack *const *)a)->frames,
				(*(const struct run_stack *const *)b)->frames);
}

/* name (len bytes) against a NUL-terminated kid name, as strcmp. */
static int flame_name_cmp(const char *name, size_t len, const char *kid)
{
	int c = strncmp(name, kid, len);

	return c ? c : kid[len] ? -1 : 0;
}

/* The kid of n named name, by bisection (kids are in strcmp order), or
 * NULL. */
static struct flame_node *flame_kid(struct flame_node *n, const char *name,
				    size_t len)
{
	size_t lo = 0, hi = n->n_kids;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = flame_name_cmp(name, len, n->kids[mid].name);

		if (!c)
			return &n->kids[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* The last kid of n if it is named name, else NULL. */
static struct flame_node *flame_last_kid(struct flame_node *n,
					 const char *name, size_t len)
{
	struct flame_node *k = n->n_kids ? &n->kids[n->n_kids - 1] : NULL;

	return k && !flame_name_cmp(name, len, k->name) ? k : NULL;
}

static struct flame_node *flame_kid_add(struct flame_node *n,
					const char *name, size_t len)
{
	struct flame_node *k;

	if (n->n_kids == n->cap) {
		size_t cap = n->cap ? 2 * n->cap : 4;

		k = realloc(n->kids, cap * sizeof(*k));
		if (!k)
			return NULL;
		n->kids = k;
		n->cap = cap;
	}
	k = &n->kids[n->n_kids];
	memset(k, 0, sizeof(*k));
	k->name = strndup(name, len);
	if (!k->name)
		return NULL;
	n->n_kids++;
	return k;
}

/* Add count along frames' path; base: only where the path exists. A new
 * kid is the last: the stacks come in flame_frames_cmp order. */
static int flame_tree_add(struct flame_node *root, const char *frames,
			  uint64_t count, bool base)
{
	struct flame_node *n = root;

	if (base)
		root->base += count;
	else
		root->total += count;
	for (const char *f = frames; *f;) {
		size_t len = strcspn(f, ";");
		struct flame_node *k = base ? flame_kid(n, f, len) :
					      flame_last_kid(n, f, len);

		if (!k && base)
			return 0;
		if (!k && !(k = flame_kid_add(n, f, len)))
			return -ENOMEM;
		if (base)
			k->base += count;
		else
			k->total += count;
		n = k;
		f += len + (f[len] == ';');
	}
	if (!base)
		n->self += count;
	return 0;
}

/* p's stacks in flame_frames_cmp order, then added. */
static int flame_tree_side(struct flame_node *root,
			   const struct flame_profile *p, bool base)
{
	const struct run_stack **v = malloc((p->n ? p->n : 1) * sizeof(*v));
	int rc = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < p->n; i++)
		v[i] = &p->stacks[i];
	if (p->n)
		qsort(v, p->n, sizeof(*v), flame_stack_ptr_cmp);
	for (size_t i = 0; i < p->n && !rc; i++)
		rc = flame_tree_add(root, v[i]->frames, v[i]->count, base);
	free(v);
	return rc;
}

int flame_tree(const struct flame_profile *p,
	       const struct flame_profile *base, struct flame_node *root)
{
	int rc;

	memset(root, 0, sizeof(*root));
	rc = flame_tree_side(root, p, false);
	if (!rc && base)
		rc = flame_tree_side(root, base, true);
	if (rc)
		flame_tree_free(root);
	return rc;
}

/* One level of the walk: the node whose kids are being walked. */
struct flame_level {
	struct flame_node *n;
	size_t next;  /* the next kid to visit */
	uint64_t x;   /* where its next kid starts, in samples */
};

int flame_tree_walk(struct flame_node *root, const struct flame_walk *w)
{
	struct flame_level *st = NULL;
	size_t depth = 0, cap = 0;
	uint64_t kx = 0;
	int rc = w->visit ? w->visit(root, 0, 0, w->ctx) : 1;

	if (rc <= 0)
		goto leave_root;
	for (struct flame_node *n = root, *k;;) {
		if (depth == cap) {
			size_t c = cap ? 2 * cap : 64;
			struct flame_level *g = realloc(st, c * sizeof(*g));

			if (!g) {
				rc = -ENOMEM;
				break;
			}
			st = g;
			cap = c;
		}
		st[depth++] = (struct flame_level){ n, 0, kx };
		for (;;) {
			struct flame_level *l = &st[depth - 1];

			if (l->next < l->n->n_kids) {
				k = &l->n->kids[l->next++];
				kx = l->x;
				rc = w->visit ? w->visit(k, depth, kx,
							 w->ctx) : 1;
				l->x += k->total;
				if (rc < 0)
					goto out;
				if (rc > 0)
					break;
				if (w->leave)
					w->leave(k, w->ctx);
				continue;
			}
			if (--depth == 0)
				goto out;
			if (w->leave)
				w->leave(l->n, w->ctx);
		}
		n = k;
	}
out:
	free(st);
	if (rc < 0)
		return rc;
leave_root:
	if (w->leave)
		w->leave(root, w->ctx);
	return rc < 0 ? rc : 0;
}

static void flame_node_release(struct flame_node *n, void *ctx)
{
	(void)ctx;
	free(n->kids);
	free(n->name);
	n->kids = NULL;
	n->name = NULL;
	n->n_kids = n->cap = 0;
}

void flame_tree_free(struct flame_node *root)
{
	const struct flame_walk w = { NULL, flame_node_release, NULL };

	flame_tree_walk(root, &w);
	memset(root, 0, sizeof(*root));
}

static int flame_node_depth(struct flame_node *n, size_t level, uint64_t x,
			    void *ctx)
{
	size_t *d = ctx;

	(void)n, (void)x;
	if (level > *d)
		*d = level;
	return 1;
}

size_t flame_tree_depth(const struct flame_node *root)
{
	size_t d = 0;
	const struct flame_walk w = { flame_node_depth, NULL, &d };

	flame_tree_walk((struct flame_node *)root, &w);
	return d;
}
