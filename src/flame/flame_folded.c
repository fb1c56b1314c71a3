// SPDX-License-Identifier: MIT
/*
 * flame_folded: the folded form, byte for byte what FlameGraph's
 * stackcollapse scripts print and flamegraph.pl and inferno read: one
 * "frame;frame;frame COUNT" line per distinct stack, sorted bytewise
 * (sort in the C locale). A differential writes difffolded.pl's form,
 * "frame;... COUNT_A COUNT_B", over the stacks of either profile, which
 * `flamegraph.pl` draws as a differential graph.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "flame.h"

static int flame_folded_diff(FILE *out, const struct flame_profile *p,
			     const struct flame_profile *base)
{
	size_t i = 0, j = 0;

	while (i < p->n || j < base->n) {
		int c = i == p->n  ? 1 :
			j == base->n ? -1 :
				       strcmp(p->stacks[i].frames,
					      base->stacks[j].frames);
		const char *f = c <= 0 ? p->stacks[i].frames :
					 base->stacks[j].frames;
		uint64_t b = c <= 0 ? p->stacks[i].count : 0;
		uint64_t a = c >= 0 ? base->stacks[j].count : 0;

		fprintf(out, "%s %" PRIu64 " %" PRIu64 "\n", f, a, b);
		i += c <= 0;
		j += c >= 0;
	}
	return ferror(out) ? -EIO : 0;
}

int flame_write_folded(FILE *out, const struct flame_profile *p,
		       const struct flame_profile *base)
{
	if (base)
		return flame_folded_diff(out, p, base);
	for (size_t i = 0; i < p->n; i++)
		fprintf(out, "%s %" PRIu64 "\n", p->stacks[i].frames,
			p->stacks[i].count);
	return ferror(out) ? -EIO : 0;
}
