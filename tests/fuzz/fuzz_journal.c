// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: bytes -> journal_recover (a journal left by a crash is
 * read back line by line: header, runs, a torn last line). Checked besides
 * "no crash": a rejected journal gets one line naming the file; a
 * recovered one is "partial" and writes as a valid result.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "journal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("journal", MFD_CLOEXEC);
	struct result *r = NULL, *again = NULL;
	char path[64], err[1024] = "", *text;
	json_t *j;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (journal_recover(path, &r, err, sizeof(err))) {
		bool bad = r || strncmp(err, path, strlen(path));

		for (const char *p = err; *p; p++)
			bad = bad || (unsigned char)*p < 0x20 || *p == 0x7f;
		if (bad) {
			fprintf(stderr, "bad error report: '%s'\n", err);
			abort();
		}
		close(fd);
		return 0;
	}
	close(fd);
	if (strcmp(r->status, "partial"))
		abort();
	j = result_to_json(r);
	text = j ? json_dumps(j, JSON_COMPACT) : NULL;
	if (!text ||
	    result_parse_buffer(text, strlen(text), "again.json", &again, err,
				sizeof(err))) {
		fprintf(stderr, "recovered but not a valid result: %s\n", err);
		abort();
	}
	json_decref(j);
	free(text);
	result_free(again);
	result_free(r);
	return 0;
}
