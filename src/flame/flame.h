/* SPDX-License-Identifier: MIT */
/*
 * flame: the model behind `abstat flame` (abstat-flame(1)). A profile is
 * a list of folded stacks (struct run_stack: frames root first, ';'
 * between them, kernel frames suffixed "_[k]") with sample counts, sorted
 * by frames and merged, from the runs of result files (abstat profile) or
 * from an import (flame_import.c: bpftrace/btrace map printouts, perf
 * script, folded text). From it: the filters (--exclude, --kernel,
 * --user), the call tree the SVG draws, and the per-function self and
 * total samples the text table prints. Each output is one file:
 * flame_svg.c, flame_text.c, flame_folded.c. Nothing here prints; every
 * function returns 0 or -errno with a reason in err.
 */
#ifndef ABSTAT_FLAME_H
#define ABSTAT_FLAME_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "result.h"

#define FLAME_KERNEL_SUFFIX "_[k]"

struct flame_profile {
	struct run_stack *stacks; /* sorted by frames, no two alike */
	size_t n, cap;
	uint64_t total;           /* sum of the counts */
	bool finished;            /* flame_finish ran since the last add */
};

enum flame_import { FLAME_IMPORT_BPFTRACE, FLAME_IMPORT_PERF_SCRIPT,
		    FLAME_IMPORT_FOLDED };
/* --import's names, in that order, NULL-terminated (flame_import.c) */
extern const char *const flame_import_names[];

/* Append a stack of len bytes (a copy); counts of equal stacks add up at
 * flame_finish. An empty stack or a zero count is ignored. A run of one
 * unnamed frame ("[unknown]", "[libc.so.6]": bracketed, "_[k]" or not)
 * is folded into one frame: a broken frame-pointer walk repeats them. */
int flame_add(struct flame_profile *p, const char *frames, size_t len,
	      uint64_t count);
/* Sort by frames (strcmp), merge equal stacks, sum the total; -EOVERFLOW
 * when the counts sum beyond 2^64 (the profile is then no use). */
int flame_finish(struct flame_profile *p);
void flame_free(struct flame_profile *p);

/* The folded stacks of r's measured profiled runs (warm-ups left out).
 * -ENOENT when r has no profiled run. */
int flame_from_result(struct flame_profile *p, const struct result *r);

/* frame (len bytes) is a kernel frame: it ends in "_[k]". */
bool flame_frame_kernel(const char *frame, size_t len);
/* The length of name without a "+OFFSET" tail (+0x1f, +31): what the
 * thread's sed of '+' and what follows meant, without eating a '+' of C++'s
 * operator+ (digits must follow). */
size_t flame_strip_offset(const char *name, size_t len);

/*
 * The filters, in this order:
 * - exclude: a stack with a frame matching the regex is dropped whole,
 *   its samples leave the total (the thread's "whack idle from the
 *   output");
 * - kernel / user: only the samples taken in the kernel (the leaf is a
 *   kernel frame) / in user space (it is not), the kernel ones keeping
 *   only their kernel frames; both or neither: every sample.
 */
struct flame_filter {
	const regex_t *exclude; /* NULL: none */
	bool kernel, user;
};
int flame_filter(struct flame_profile *p, const struct flame_filter *f);

/* The call tree of a finished profile: the root (name NULL) holds the
 * total. With a base profile (differential), each node's base is the
 * base profile's samples on the same path (0 where it has none). */
struct flame_node {
	char *name;          /* a frame as in the folded form */
	uint64_t total;      /* samples of the stacks through this node */
	uint64_t self;       /* those that end here */
	uint64_t base;       /* differential: the base profile's total */
	size_t n_kids, cap;
	struct flame_node *kids; /* by name (strcmp) */
};
int flame_tree(const struct flame_profile *p,
	       const struct flame_profile *base, struct flame_node *root);
void flame_tree_free(struct flame_node *root);
/* Nodes deeper than the root: the levels the SVG draws. */
size_t flame_tree_depth(const struct flame_node *root);
/* A walk of the tree without recursion (its levels on the heap), in the
 * SVG's order: a node, then its kids in order. visit (NULL: descend
 * always) gets the node, its level (the root 0) and where it starts in
 * samples (the sum of its elder siblings' and its parent's start);
 * it returns 1 to walk the node's kids, 0 to skip them, or -errno to
 * stop. leave (NULL: none) gets each node visited once its kids are
 * done, the root last, a node's kids before it (so it may free them).
 * 0, or visit's -errno, or -ENOMEM (the walk stops: nodes not left). */
struct flame_walk {
	int (*visit)(struct flame_node *n, size_t level, uint64_t x,
		     void *ctx);
	void (*leave)(struct flame_node *n, void *ctx);
	void *ctx;
};
int flame_tree_walk(struct flame_node *root, const struct flame_walk *w);

/* One function's samples: self (where it is the leaf) and total (the
 * stacks it is in, once each however deep it recurses); the base
 * profile's alike for a differential. */
struct flame_func {
	char *name;
	uint64_t self, total;
	uint64_t base_self, base_total;
};
/* Every function of p (and base, when not NULL), sorted by self, then
 * total, descending, then name. */
int flame_funcs(const struct flame_profile *p,
		const struct flame_profile *base, struct flame_func **out,
		size_t *n);
void flame_funcs_free(struct flame_func *f, size_t n);

/* flame_import.c: read an import (abstat-flame(1), IMPORTS) held in buf
 * into p (not finished). -EINVAL with "NAME:LINE: what" in err. */
int flame_import_buffer(enum flame_import kind, const char *buf,
			size_t size, const char *name, struct flame_profile *p,
			char *err, size_t len);

/* The outputs, each on out (the caller opens and publishes the file).
 * base NULL: one profile; else the differential of base (A) to p (B). */
struct flame_out {
	const char *title;   /* the SVG's title, the text table's header */
	unsigned width;      /* text columns (80, 72 for mail) */
};
int flame_write_folded(FILE *out, const struct flame_profile *p,
		       const struct flame_profile *base);
int flame_write_text(FILE *out, const struct flame_profile *p,
		     const struct flame_profile *base,
		     const struct flame_out *o);
int flame_write_svg(FILE *out, const struct flame_profile *p,
		    const struct flame_profile *base,
		    const struct flame_out *o);

#endif
