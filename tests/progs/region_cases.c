// SPDX-License-Identifier: MIT
/*
 * region_cases: programs that mark their region with abstat.h, for the
 * region markers' tests (tests/cli/048-region-markers.sh).
 *
 *	region_cases multi K P SETUP   SETUP pages before; K regions of P
 *	                               fresh pages each, P more between
 *	                               them (not counted); ops K * P
 *	region_cases fork P SETUP      a child touches SETUP pages and is
 *	                               waited for before the region; in it
 *	                               a child touches P pages; ops P
 *	region_cases handshake P       the same as multi 1 P 0, marked with
 *	                               the older blocking handshake
 *	                               (ABSTAT_CTL enable/ack) by hand
 *	region_cases barrier MS        copy k (of ABSTAT_REGION) sleeps
 *	                               k * MS ms, begins, prints "begin NS"
 *	                               (CLOCK_MONOTONIC), spins 20 ms
 *	region_cases profile N         N units in setup_spin, then N in
 *	                               region_spin inside the region
 *	region_cases closefd P         closes the first counter descriptor
 *	                               ABSTAT_REGION names, then multi 1 P 0
 *	                               (the markers must fail, loudly)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "abstat.h"
#include "touch_pages.h"

static volatile unsigned long sink;

static unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

/* n units of an LCG the compiler cannot fold, with a frame of its own */
#define SPIN(n)                                                            \
	do {                                                               \
		volatile unsigned long x = sink;                           \
		for (unsigned long k = 0; k < (n); k++)                    \
			for (int i = 0; i < 100000; i++)                   \
				x = x * 6364136223846793005ul +            \
				    1442695040888963407ul;                 \
		sink = x;                                                  \
	} while (0)

__attribute__((noinline)) static void setup_spin(unsigned long n)
{
	SPIN(n);
}

__attribute__((noinline)) static void region_spin(unsigned long n)
{
	SPIN(n);
}

static int child_touch(long pages)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return 1;
	if (pid == 0)
		_exit(touch_pages(pages));
	return waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	       WEXITSTATUS(st);
}

/* One line on ABSTAT_CTL's ctl fd, then (ack) one line back. */
static int handshake(int ctl, int ack, const char *line, int want_ack)
{
	char buf[8];
	size_t n = 0;

	if (write(ctl, line, strlen(line)) != (ssize_t)strlen(line))
		return 1;
	while (want_ack && n < sizeof(buf)) {
		if (read(ack, &buf[n], 1) != 1)
			return 1;
		if (buf[n++] == '\n')
			return memcmp(buf, "ack\n", 4) != 0;
	}
	return 0;
}

static int by_hand(long p)
{
	const char *env = getenv("ABSTAT_CTL");
	int ctl, ack, rc;

	if (!env || sscanf(env, "%d,%d", &ctl, &ack) != 2)
		return touch_pages(p);
	rc = handshake(ctl, ack, "enable\n", 1);
	rc = rc || touch_pages(p);
	rc = rc || handshake(ctl, ack, "disable\n", 1);
	if (!rc) {
		char line[32];

		snprintf(line, sizeof(line), "ops %ld\n", p);
		rc = handshake(ctl, ack, line, 0);
	}
	return rc;
}

static int barrier(long ms)
{
	const char *env = getenv("ABSTAT_REGION");
	const char *comma = env ? strchr(env, ',') : NULL;
	long copy = comma ? atol(comma + 1) : 0;
	struct timespec nap = { copy * ms / 1000, copy * ms % 1000 * 1000000 };
	unsigned long long t, end;

	nanosleep(&nap, NULL);
	abstat_begin();
	t = now_ns();
	end = t + 20000000ull;
	while (now_ns() < end)
		;
	abstat_end();
	printf("begin %d %llu\n", (int)copy, t);
	return 0;
}

int main(int argc, char **argv)
{
	const char *what = argc > 1 ? argv[1] : "";
	long a = argc > 2 ? atol(argv[2]) : 0;
	long b = argc > 3 ? atol(argv[3]) : 0;
	long c = argc > 4 ? atol(argv[4]) : 0;
	int rc = 0;

	if (!strcmp(what, "multi")) {
		rc = touch_pages(c);
		for (long k = 0; k < a && !rc; k++) {
			abstat_begin();
			rc = touch_pages(b);
			abstat_end();
			rc = rc || touch_pages(b);
		}
		abstat_ops((unsigned long long)(a * b));
	} else if (!strcmp(what, "fork")) {
		rc = child_touch(b);
		abstat_begin();
		rc = rc || child_touch(a);
		abstat_end();
		abstat_ops((unsigned long long)a);
	} else if (!strcmp(what, "handshake")) {
		rc = by_hand(a);
	} else if (!strcmp(what, "barrier")) {
		rc = barrier(a);
	} else if (!strcmp(what, "closefd")) {
		const char *env = getenv("ABSTAT_REGION");
		const char *f = env ? strchr(env, ',') : NULL;

		f = f ? strchr(f + 1, ',') : NULL;
		if (f)
			close(atoi(f + 1));
		abstat_begin();
		rc = touch_pages(a);
		abstat_end();
		abstat_ops((unsigned long long)a);
	} else if (!strcmp(what, "profile")) {
		setup_spin((unsigned long)a);
		abstat_begin();
		region_spin((unsigned long)a);
		abstat_end();
	} else {
		fprintf(stderr, "usage: region_cases multi|fork|handshake|barrier|profile|closefd ARGS\n");
		return 2;
	}
	return rc;
}
