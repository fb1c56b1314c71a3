// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: abstat flame's readers (flame_import.c) and all that
 * follows them: the first byte picks the import (bpftrace, perf-script,
 * folded) and the filters (--kernel, --user), the rest is the file. A
 * profile read is merged, filtered, built into its tree and written in
 * every output, alone and as a differential against itself, to
 * /dev/null. Checked besides "no crash": an error is one line that
 * names the input and its line, and the folded output sums to the total.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flame.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_flame_outputs(FILE *null, struct flame_profile *p)
{
	const struct flame_out o = { "fuzz", 80 };
	uint64_t sum = 0;

	for (size_t i = 0; i < p->n; i++)
		sum += p->stacks[i].count;
	if (sum != p->total) {
		fprintf(stderr, "stacks sum to %" PRIu64 ", total %" PRIu64 "\n",
			sum, p->total);
		abort();
	}
	flame_write_folded(null, p, NULL);
	flame_write_folded(null, p, p);
	flame_write_text(null, p, NULL, &o);
	flame_write_text(null, p, p, &o);
	flame_write_svg(null, p, NULL, &o);
	flame_write_svg(null, p, p, &o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct flame_profile p = { 0 };
	struct flame_filter f = { NULL, false, false };
	char err[512] = "";
	int rc;

	if (!size)
		return 0;
	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	f.kernel = data[0] & 4;
	f.user = data[0] & 8;
	rc = flame_import_buffer((enum flame_import)(data[0] % 3),
				 (const char *)data + 1, size - 1, "fuzz.in",
				 &p, err, sizeof(err));
	if (rc == -EINVAL) {
		bool bad = strncmp(err, "fuzz.in", 7) != 0;

		for (const char *s = err; *s; s++)
			bad = bad || (unsigned char)*s < 0x20 || *s == 0x7f;
		if (bad) {
			fprintf(stderr, "bad error report: '%s'\n", err);
			abort();
		}
	}
	if (!rc)
		rc = flame_finish(&p);
	if (!rc)
		rc = flame_filter(&p, &f);
	if (!rc)
		fuzz_flame_outputs(null, &p);
	flame_free(&p);
	return 0;
}
