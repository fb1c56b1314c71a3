// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: bytes -> the strict result reader (the same jansson
 * flags and checks as result_read). Properties checked besides "no crash,
 * no sanitizer report, no leak": a rejected input has a message naming the
 * file; an accepted one writes back (result_to_json) and reads again to
 * the same text, so reader and writer agree on the format.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *fuzz_text(const struct result *r)
{
	json_t *j = result_to_json(r);
	char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;

	json_decref(j);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result *r = NULL, *again = NULL;
	char err[1024] = "", *a, *b;

	if (result_parse_buffer((const char *)data, size, "fuzz.json", &r, err,
				sizeof(err))) {
		bool bad = r || strncmp(err, "fuzz.json: ", 11);

		for (const char *p = err; *p; p++)
			bad = bad || (unsigned char)*p < 0x20 || *p == 0x7f;
		if (bad) {
			fprintf(stderr, "bad error report: '%s'\n", err);
			abort();
		}
		return 0;
	}
	a = fuzz_text(r);
	if (!a) {
		fprintf(stderr, "accepted but cannot be written\n");
		abort();
	}
	if (result_parse_buffer(a, strlen(a), "again.json", &again, err,
				sizeof(err))) {
		fprintf(stderr, "written but not read back: %s\n", err);
		abort();
	}
	b = fuzz_text(again);
	if (!b || strcmp(a, b)) {
		fprintf(stderr, "round trip differs\n%s\n%s\n", a, b);
		abort();
	}
	free(a);
	free(b);
	result_free(again);
	result_free(r);
	return 0;
}
