/* SPDX-License-Identifier: MIT */
/*
 * abstat.h: mark the measured region of your own program for abstat(1).
 *
 * One header, C99 and POSIX only, nothing to link:
 *
 *	#include "abstat.h"
 *
 *	setup();                  // not counted
 *	abstat_begin();           // counters start
 *	for (i = 0; i < n; i++)
 *		work();
 *	abstat_end();             // counters stop
 *	abstat_ops(n);            // abstat reports ns/op, ops/s, counter/op
 *	teardown();               // not counted
 *
 * Without abstat (run by hand, under perf stat, ABSTAT_CTL unset or
 * malformed) every call does nothing and returns 0, so the program needs
 * no special build to run elsewhere.
 *
 * The protocol (see abstat-workloads(7); write your own client from it):
 * abstat sets ABSTAT_CTL=<ctl_fd>,<ack_fd>. Commands are text lines, each
 * written with one write(2) to ctl_fd: "enable\n", "disable\n", "ops <N>\n".
 * After "enable" and "disable" the program reads one line "ack\n" from
 * ack_fd before it goes on, so the counters really are on (or off) when
 * the call returns. "ops" is not acknowledged; send it after the region.
 * Once a program sends "enable", whatever it did before is not counted;
 * several begin/end pairs accumulate.
 *
 * ABSTAT_CTL is read once, at the first call. The two descriptors are then
 * marked close-on-exec so that programs this one execs do not inherit
 * them. Call these functions from one thread. Every function returns 0,
 * or -1 when abstat went away (the calls are no-ops from then on).
 */
#ifndef ABSTAT_H
#define ABSTAT_H

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct abstat__state {
	int init;   /* ABSTAT_CTL parsed */
	int ctl_fd; /* -1: no abstat, every call is a no-op */
	int ack_fd;
};

static inline struct abstat__state *abstat__get(void)
{
	static struct abstat__state st = { 0, -1, -1 };

	return &st;
}

/* Strict non-negative decimal up to 'end'; -1 if malformed. */
static inline int abstat__fd(const char *s, const char *end)
{
	long v = 0;

	if (s == end || end - s > 9)
		return -1;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (*s - '0');
	}
	return (int)v;
}

static inline struct abstat__state *abstat__init(void)
{
	struct abstat__state *st = abstat__get();
	const char *env, *comma;
	int ctl, ack;

	if (st->init)
		return st;
	st->init = 1;
	env = getenv("ABSTAT_CTL");
	if (!env || !(comma = strchr(env, ',')))
		return st;
	ctl = abstat__fd(env, comma);
	ack = abstat__fd(comma + 1, comma + 1 + strlen(comma + 1));
	/* Both must be open: a stale ABSTAT_CTL must not write into some
	 * unrelated file that happens to have that number. */
	if (ctl < 0 || ack < 0 || ctl == ack || fcntl(ctl, F_GETFD) < 0 ||
	    fcntl(ack, F_GETFD) < 0)
		return st;
	fcntl(ctl, F_SETFD, FD_CLOEXEC);
	fcntl(ack, F_SETFD, FD_CLOEXEC);
	st->ctl_fd = ctl;
	st->ack_fd = ack;
	return st;
}

static inline int abstat__fail(struct abstat__state *st)
{
	st->ctl_fd = -1;
	st->ack_fd = -1;
	return -1;
}

/* One command line in one write(2); a pipe write this small is atomic. */
static inline int abstat__send(struct abstat__state *st, const char *line,
			       size_t len)
{
	ssize_t w;

	do
		w = write(st->ctl_fd, line, len);
	while (w < 0 && errno == EINTR);
	return w == (ssize_t)len ? 0 : abstat__fail(st);
}

/* Read one line from ack_fd, byte by byte (never past the newline). */
static inline int abstat__wait_ack(struct abstat__state *st)
{
	char line[16];
	size_t n = 0;

	for (;;) {
		ssize_t r = read(st->ack_fd, &line[n], 1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r != 1)
			return abstat__fail(st);
		if (line[n] == '\n')
			break;
		if (++n == sizeof(line))
			return abstat__fail(st);
	}
	return n == 3 && !memcmp(line, "ack", 3) ? 0 : abstat__fail(st);
}

static inline int abstat__command(const char *line, size_t len, int ack)
{
	struct abstat__state *st = abstat__init();
	int saved = errno, rc;

	if (st->ctl_fd < 0)
		return 0;
	rc = abstat__send(st, line, len);
	if (!rc && ack)
		rc = abstat__wait_ack(st);
	errno = saved;
	return rc;
}

/* Start counting; returns once abstat has enabled the counters. */
static inline int abstat_begin(void)
{
	return abstat__command("enable\n", 7, 1);
}

/* Stop counting; returns once abstat has disabled the counters. */
static inline int abstat_end(void)
{
	return abstat__command("disable\n", 8, 1);
}

/* Report how many operations the measured region did ("ops <N>\n"). */
static inline int abstat_ops(unsigned long long n)
{
	char line[32] = "ops ", digits[24];
	size_t len = 4, k = 0;

	do
		digits[k++] = (char)('0' + n % 10);
	while ((n /= 10) && k < sizeof(digits));
	while (k)
		line[len++] = digits[--k];
	line[len++] = '\n';
	return abstat__command(line, len, 0);
}

#endif
