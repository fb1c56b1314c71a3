// SPDX-License-Identifier: MIT
/*
 * libFuzzer target, differential: the streaming reader (result_stream.c
 * and the decoders of result_fast.c) and the whole-tree reader
 * (result_from_json) accept the same inputs and read the same result
 * (written back with sorted keys: env keeps its order either way); and
 * the same input read as a mapped file giving back its pages behind the
 * reader a page at a time (result_map.c, on a memfd) reads the same
 * result or fails with the same message. The
 * seeds are the valid results of corpus/result and a small generated one,
 * compact and indented.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "result_parse_priv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char *text(const struct result *r)
{
	json_t *j = result_to_json(r);
	char *s = j ? json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS) : NULL;

	json_decref(j);
	return s;
}

/* a and b read to the same result, else abort saying what differs */
static void same(const struct result *a, const struct result *b,
		 const char *what)
{
	char *ta = text(a), *tb = text(b);

	if (!ta || !tb || strcmp(ta, tb)) {
		fprintf(stderr, "%s\n%s\n%s\n", what, ta, tb);
		abort();
	}
	free(ta);
	free(tb);
}

/* data as a file mapped with a one-page window: as result_parse_buffer
 * read it (ra, a, err) */
static void mapped(const uint8_t *data, size_t size, int ra,
		   const struct result *a, const char *err)
{
	int fd = memfd_create("f", MFD_CLOEXEC), rc;
	char err3[1024];
	struct result *m = NULL;
	struct stat st;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size || fstat(fd, &st))
		abort();
	rc = result_map_read(fd, &st, "f", (size_t)sysconf(_SC_PAGESIZE), &m,
			     err3, sizeof(err3));
	close(fd);
	if (rc != ra || (rc && strcmp(err, err3))) {
		fprintf(stderr, "buffer %d (%s) mapped %d (%s)\n", ra,
			ra ? err : "", rc, rc ? err3 : "");
		abort();
	}
	if (!rc) {
		same(a, m, "mapped differs");
		result_free(m);
	}
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
	if (size)
		mapped(data, size, ra, a, err);
	if (!ra) {
		same(a, b, "differ");
		result_clear(a);
		free(a);
	}
	result_clear(b);
	free(b);
	json_decref(j);
	return 0;
}
