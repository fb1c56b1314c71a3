/* SPDX-License-Identifier: MIT */
/*
 * The body of the import fuzz targets (fuzz_import_SOURCE.c, one per
 * importer so each has its own corpus): the input is the file, read as
 * abstat import reads it. Checked besides "no crash": an error is one
 * line naming the file; a result accepted is encoded and read back (the
 * writer's own check: one it would not read back is refused there, in
 * one line, so that is no finding here).
 */
#ifndef ABSTAT_FUZZ_IMPORT_H
#define ABSTAT_FUZZ_IMPORT_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import.h"
#include "result.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* err is one line that starts with the input's name. */
static void fuzz_bad_error(const char *err, const char *name)
{
	bool bad = strncmp(err, name, strlen(name)) != 0;

	for (const char *p = err; *p; p++)
		bad = bad || (unsigned char)*p < 0x20 || *p == 0x7f;
	if (bad) {
		fprintf(stderr, "bad error report: '%s'\n", err);
		abort();
	}
}

static int fuzz_import(enum import_source s, const uint8_t *data,
		       size_t size)
{
	struct result *r = import_new(s, NULL), *back = NULL;
	char err[1024] = "", *text;
	json_t *j;
	int rc;

	if (!r)
		return 0;
	rc = import_buffer(s, r, "fuzz.in", (const char *)data, size, err,
			   sizeof(err));
	if (rc == -EINVAL)
		fuzz_bad_error(err, "fuzz.in");
	/* of the whole import, no one file's: "no measured run ..." */
	if (!rc && import_check(r, err, sizeof(err)) == -EINVAL) {
		if (strchr(err, '\n'))
			abort();
		rc = -EINVAL;
	}
	if (rc) {
		result_free(r);
		return 0;
	}
	if (!r->created)
		r->created = strdup("2026-12-01T00:00:00Z");
	j = result_to_json(r);
	text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	if (text && result_parse_buffer(text, strlen(text), "again.json",
					&back, err, sizeof(err)) == -EINVAL)
		fuzz_bad_error(err, "again.json");
	free(text);
	json_decref(j);
	result_free(back);
	result_free(r);
	return 0;
}

#endif
