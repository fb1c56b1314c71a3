// SPDX-License-Identifier: MIT
/*
 * flame_text: the profile as a table for a mail (80 columns, 72 for
 * --format mail, plain ASCII): every function with its self samples
 * (where it is the leaf: the thread's per-function totals, "13 copyout
 * ... 164 spllower") and its total (the stacks it is in), each also as a
 * share of all samples, most self first, and the grand total last. A
 * differential shows both profiles' shares and the change of the self
 * share in percentage points, the largest change first.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "flame.h"

static double flame_pct(uint64_t v, uint64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

/* name as printed: a kernel frame loses "_[k]" and gains " [k]", cut
 * to room columns with a '~' where it was cut. */
static void flame_text_name(FILE *out, const char *name, size_t room)
{
	size_t n = strlen(name), k = sizeof(FLAME_KERNEL_SUFFIX) - 1;
	bool kernel = flame_frame_kernel(name, n);
	char buf[1024];

	if (kernel)
		n -= k;
	snprintf(buf, sizeof(buf), "%.*s%s", (int)n, name,
		 kernel ? " [k]" : "");
	for (char *s = buf; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			*s = '?';
	if (strlen(buf) > room && room > 1) {
		buf[room - 1] = '~';
		buf[room] = '\0';
	}
	fprintf(out, "%s\n", buf);
}

static int flame_text_one(FILE *out, const struct flame_profile *p,
			  const struct flame_out *o)
{
	const size_t lead = 35;
	struct flame_func *f;
	size_t n;
	int rc = flame_funcs(p, NULL, &f, &n);

	if (rc)
		return rc;
	fprintf(out, "%s\n\n", o->title);
	fprintf(out, "%7s %8s %7s %8s  %s\n", "self%", "self", "total%",
		"total", "function");
	for (size_t i = 0; i < n; i++) {
		fprintf(out, "%6.2f%% %8" PRIu64 " %6.2f%% %8" PRIu64 "  ",
			flame_pct(f[i].self, p->total), f[i].self,
			flame_pct(f[i].total, p->total), f[i].total);
		flame_text_name(out, f[i].name, o->width - lead);
	}
	fprintf(out, "\ntotal %" PRIu64 " samples, %zu functions\n", p->total,
		n);
	flame_funcs_free(f, n);
	return ferror(out) ? -EIO : 0;
}

struct flame_delta {
	const struct flame_func *f;
	double delta; /* self share B - A, points */
};

static int flame_delta_cmp(const void *a, const void *b)
{
	const struct flame_delta *x = a, *y = b;
	double dx = x->delta < 0 ? -x->delta : x->delta;
	double dy = y->delta < 0 ? -y->delta : y->delta;

	if (dx != dy)
		return dx > dy ? -1 : 1;
	return strcmp(x->f->name, y->f->name);
}

static int flame_text_diff(FILE *out, const struct flame_profile *p,
			   const struct flame_profile *base,
			   const struct flame_out *o)
{
	const size_t lead = 42;
	struct flame_delta *d;
	struct flame_func *f;
	size_t n;
	int rc = flame_funcs(p, base, &f, &n);

	if (rc)
		return rc;
	d = calloc(n ? n : 1, sizeof(*d));
	if (!d) {
		flame_funcs_free(f, n);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		d[i] = (struct flame_delta){
			&f[i], flame_pct(f[i].self, p->total) -
				       flame_pct(f[i].base_self, base->total)
		};
	qsort(d, n, sizeof(*d), flame_delta_cmp);
	fprintf(out, "%s\n\n", o->title);
	fprintf(out, "%7s %7s %7s %7s %7s  %s\n", "A self%", "B self%",
		"delta", "A tot%", "B tot%", "function");
	for (size_t i = 0; i < n; i++) {
		const struct flame_func *x = d[i].f;

		fprintf(out, "%6.2f%% %6.2f%% %+7.2f %6.2f%% %6.2f%%  ",
			flame_pct(x->base_self, base->total),
			flame_pct(x->self, p->total), d[i].delta,
			flame_pct(x->base_total, base->total),
			flame_pct(x->total, p->total));
		flame_text_name(out, x->name, o->width - lead);
	}
	fprintf(out, "\ndelta: B's self share minus A's, in percentage points\n"
		     "total A %" PRIu64 " samples, B %" PRIu64 " samples\n",
		base->total, p->total);
	free(d);
	flame_funcs_free(f, n);
	return ferror(out) ? -EIO : 0;
}

int flame_write_text(FILE *out, const struct flame_profile *p,
		     const struct flame_profile *base,
		     const struct flame_out *o)
{
	return base ? flame_text_diff(out, p, base, o) :
		      flame_text_one(out, p, o);
}
