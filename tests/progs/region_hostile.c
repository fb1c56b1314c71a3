// SPDX-License-Identifier: MIT
/*
 * region_hostile: a workload that writes what cannot be into its region
 * page (abstat.h, ABSTAT_REGION), for tests/cli/285-region-hostile.sh.
 *
 *	region_hostile MODE FILE K   counts its runs in FILE; run K (from 1)
 *	                             does MODE, every other one a region of
 *	                             1 ms, ops 1000
 * MODE: region_ns (2^62 after a region), open_ns (0, inside a region:
 * the uptime as the region), begin_ns (1 after a region), ops (2^64-1),
 * end-first (abstat_end() before any begin, none after), good (as the
 * other runs).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "abstat.h"

static void spin_ms(long ms)
{
	struct timespec t0, t;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do
		clock_gettime(CLOCK_MONOTONIC, &t);
	while ((t.tv_sec - t0.tv_sec) * 1000 +
		       (t.tv_nsec - t0.tv_nsec) / 1000000 < ms);
}

/* This run's number, from 1: FILE's count, plus one, kept. */
static long next_run(const char *file)
{
	FILE *f = fopen(file, "r");
	long n = 0;

	if (f) {
		if (fscanf(f, "%ld", &n) != 1)
			n = 0;
		fclose(f);
	}
	f = fopen(file, "w");
	if (!f)
		return -1;
	fprintf(f, "%ld\n", ++n);
	return fclose(f) ? -1 : n;
}

int main(int argc, char **argv)
{
	struct abstat_region_copy *me;
	const char *mode;
	long run;

	if (argc != 4) {
		fprintf(stderr, "usage: region_hostile MODE FILE K\n");
		return 2;
	}
	run = next_run(argv[2]);
	if (run < 0) {
		perror(argv[2]);
		return 1;
	}
	mode = run == atol(argv[3]) ? argv[1] : "good";
	if (!strcmp(mode, "end-first")) {
		abstat_end();
		spin_ms(1);
		return 0;
	}
	abstat_begin();
	me = abstat__get()->me;
	if (!me) {
		fprintf(stderr, "region_hostile: no region page (run it under abstat run)\n");
		return 1;
	}
	spin_ms(1);
	if (!strcmp(mode, "open_ns")) {
		me->open_ns = 0;
		return 0;
	}
	abstat_end();
	if (!strcmp(mode, "region_ns"))
		me->region_ns = 1ull << 62;
	else if (!strcmp(mode, "begin_ns"))
		me->begin_ns = 1;
	abstat_ops(!strcmp(mode, "ops") ? UINT64_MAX : 1000);
	return 0;
}
