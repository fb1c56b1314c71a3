// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the command-line parsers that take user strings --
 * CPU lists (cpu_list_parse), numbers (cli_parse_u64), command strings
 * (cli_split_words) and event specs (perf_backend.resolve, libpfm4
 * behind it). Checked besides "no crash": a parsed CPU list is sorted,
 * unique and in range and formats back to the same list; a parsed number
 * is within the range asked for.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "counters.h"
#include "cpu.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool backend_up;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char err[512];

	if (perf_backend.init && perf_backend.resolve &&
	    perf_backend.init(err, sizeof(err)) == 0)
		backend_up = true;
	else
		fprintf(stderr, "fuzz_parse: event resolve not fuzzed: %s\n",
			perf_backend.resolve ? err : "no resolve yet");
	return 0;
}

static void fuzz_cpu_list(const char *s)
{
	static struct cpu_list l, again;
	char buf[8192];
	size_t bad = 0;

	if (cpu_list_parse(s, &l, &bad)) {
		if (bad > strlen(s))
			abort();
		return;
	}
	for (size_t i = 0; i < l.n; i++)
		if (l.cpu[i] < 0 || l.cpu[i] >= CPU_LIST_MAX ||
		    (i && l.cpu[i] <= l.cpu[i - 1]))
			abort();
	cpu_list_format(&l, buf, sizeof(buf));
	if (l.n && (cpu_list_parse(buf, &again, &bad) || again.n != l.n ||
		    memcmp(again.cpu, l.cpu, l.n * sizeof(l.cpu[0])))) {
		fprintf(stderr, "'%s' -> '%s' does not parse back\n", s, buf);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), **argv = NULL, err[512];
	uint64_t v;

	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0'; /* strings from argv end at the first NUL */

	fuzz_cpu_list(s);
	if (!cli_parse_u64(s, 1, 1000, &v) && (v < 1 || v > 1000))
		abort();
	if (!cli_split_words(s, &argv))
		cli_free_words(argv);
	if (backend_up) {
		struct event ev;

		for (int user_only = 0; user_only < 2; user_only++) {
			memset(&ev, 0, sizeof(ev));
			perf_backend.resolve(s, user_only, &ev, err,
					     sizeof(err));
			event_free(&ev);
		}
	}
	free(s);
	return 0;
}
