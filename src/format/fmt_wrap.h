/* SPDX-License-Identifier: MIT */
/*
 * fmt_wrap: text word-wrapped within a width (fmt_wrap.c), for the
 * environment header (fmt_env.c) and every wrapped sentence of the
 * formats (fmt_text_wrap, format.h).
 */
#ifndef ABSTAT_FMT_WRAP_H
#define ABSTAT_FMT_WRAP_H

#include <stdbool.h>
#include <stdio.h>

/* Where wrapped text goes: out, width, the first line's prefix ("" or "- "),
 * the continuation lines' ("    " or "  "), markdown (fmt_md_special
 * escaped). */
struct fmt_wrap {
	FILE *out;
	int width;
	const char *first, *cont;
	bool md;
};

/* n bytes of s to o->out, markdown's specials escaped when o->md */
void fmt_wrap_put(const struct fmt_wrap *o, const char *s, int n);
/* raw, escaped (escape.h), word-wrapped as o says */
void fmt_wrap(const struct fmt_wrap *o, const char *raw);

#endif
