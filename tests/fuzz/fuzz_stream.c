// SPDX-License-Identifier: MIT
/*
 * libFuzzer target, differential: the streaming reader (result_stream.c
 * and the decoders of result_fast.c) and the whole-tree reader
 * (result_from_json) accept the same inputs and read the same result
 * (written back with sorted keys: env keeps its order either way). The
 * seeds are the valid results of corpus/result and a small generated one,
 * compact and indented.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *text(const struct result *r)
{
	json_t *j = result_to_json(r);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;

	json_decref(j);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct result *a = NULL, *b = calloc(1, sizeof(*b));
	char err[1024], err2[1024];
	json_t *j = NULL;
	int ra = result_parse_buffer((const char *)data, size, "f", &a, err,
				     sizeof(err));
	int rb = result_load_json((const char *)data, size, "f", &j, err2,
				  sizeof(err2));

	if (!rb)
		rb = result_from_json(j, "f", b, err2, sizeof(err2));
	if (!ra != !rb) {
		fprintf(stderr, "stream %d (%s) tree %d (%s)\n", ra, ra ? err : "",
			rb, rb ? err2 : "");
		abort();
	}
	if (!ra) {
		char *ta = text(a), *tb = text(b);

		if (!ta || !tb || strcmp(ta, tb)) {
			fprintf(stderr, "differ\n%s\n%s\n", ta, tb);
			abort();
		}
		free(ta);
		free(tb);
		result_clear(a);
		free(a);
	}
	result_clear(b);
	free(b);
	json_decref(j);
	return 0;
}
