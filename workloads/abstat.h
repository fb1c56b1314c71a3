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
 * Without abstat (run by hand, under perf stat, the variables unset or
 * malformed) every call does nothing and returns 0, so the program needs
 * no special build to run elsewhere.
 *
 * The markers never block and never switch the program out (see
 * abstat-workloads(7), "The measured region"). On Linux abstat sets
 * ABSTAT_REGION=<page_fd>,<copy>,<fd>[,<fd>...]: a shared page (struct
 * abstat_region_page below) and the program's own counter descriptors.
 * abstat_begin() and abstat_end() toggle those counters (their group
 * leaders) with ioctl(PERF_EVENT_IOC_ENABLE / DISABLE), the
 * first abstat_begin() after reading them (the baseline: what the program
 * did before it is not counted) into the page; region times and the
 * operation count go into the page too; abstat reads it once the program
 * has exited. Nothing wakes abstat while the program runs. Several
 * begin/end pairs accumulate.
 *
 * Where abstat cannot hand the counters over (--backend papi), it sets
 * only ABSTAT_CTL=<ctl_fd>,<ack_fd>, the older handshake: text lines
 * "enable\n", "disable\n", "ops <N>\n" each written with one write(2) to
 * ctl_fd, and after "enable" and "disable" one line "ack\n" read from
 * ack_fd. That blocks the program until abstat has acted: one context
 * switch at each region boundary, which on some kernels changes what the
 * region costs (arm64: the task's SVE state); abstat says so when it is
 * used.
 *
 * The variables are read once, at the first call; the descriptors are
 * then marked close-on-exec so that programs this one execs do not
 * inherit them. Call these functions from one thread. Every function
 * returns 0, or -1 when abstat went away or a counter could not be
 * toggled (the calls are no-ops from then on).
 */
#ifndef ABSTAT_H
#define ABSTAT_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#endif

/*
 * The region page: one per run, shared by abstat and every copy of the
 * run (read-write for both). abstat fills everything but what a copy
 * writes: its copy[] entry's state, ops, region_ns, begin_ns, open_ns,
 * the baselines, and the barrier count. Little language-neutral rules
 * for other clients: abstat-workloads(7).
 */
#define ABSTAT_REGION_MAGIC 0x61627267u /* "abrg" */
#define ABSTAT_REGION_VERSION 1u
#define ABSTAT_REGION_FDS 32

/* abstat_region_copy.state */
#define ABSTAT_REGION_ARRIVED 1u /* reached its first begin (or is gone) */
#define ABSTAT_REGION_BEGUN 2u   /* the baselines are read: a region */
#define ABSTAT_REGION_OPS 4u     /* ops is the operation count */
#define ABSTAT_REGION_FAILED 8u  /* a toggle or a baseline read failed */
#define ABSTAT_REGION_OPEN 16u   /* inside a region (since open_ns) */
#define ABSTAT_REGION_UNBEGUN 32u /* an end before any begin stopped the
				   * counters: no region, no whole run */

struct abstat_region_fd {
	uint32_t toggle;   /* 1: enabled at begin, disabled at end (a leader) */
	uint32_t read_off; /* the first begin reads the counter (disabled) */
	uint32_t read_len; /* into page + read_off, read_len bytes; 0: no */
	uint32_t pad;
};

struct abstat_region_copy {
	uint32_t state;     /* ABSTAT_REGION_* */
	uint32_t nfd;       /* entries of fd[], in ABSTAT_REGION's order */
	uint64_t ops;
	uint64_t region_ns; /* the closed regions, CLOCK_MONOTONIC */
	uint64_t begin_ns;  /* CLOCK_MONOTONIC at the first begin */
	uint64_t open_ns;   /* CLOCK_MONOTONIC at the open region's start */
	struct abstat_region_fd fd[ABSTAT_REGION_FDS];
};

struct abstat_region_page {
	uint32_t magic, version;
	uint32_t size;     /* bytes of the page (the descriptor's size) */
	uint32_t ncopies;  /* copies started together: a barrier when > 1 */
	uint32_t spin;     /* 1: every copy has a CPU of its own */
	uint32_t arrived;  /* the barrier: copies ARRIVED, atomically */
	struct abstat_region_copy copy[1]; /* [ncopies] */
};

struct abstat__state {
	int init;   /* the environment parsed */
	int ctl_fd; /* the handshake; -1: none */
	int ack_fd;
	/* the region page; NULL: none (the handshake, or a no-op) */
	struct abstat_region_page *page;
	struct abstat_region_copy *me;
	int nfd;
	int fd[ABSTAT_REGION_FDS];
};

static inline struct abstat__state *abstat__get(void)
{
	static struct abstat__state st = { 0, -1, -1, NULL, NULL, 0, { 0 } };

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

#ifdef __linux__
/* "N,M,..." -> up to max values (-1 each when malformed); the count. */
static inline int abstat__list(const char *s, int *v, int max)
{
	int n = 0;

	while (n < max) {
		const char *end = strchr(s, ',');

		if (!end)
			end = s + strlen(s);
		v[n++] = abstat__fd(s, end);
		if (!*end)
			return n;
		s = end + 1;
	}
	return -1;
}

/* A perf_event descriptor: it answers PERF_EVENT_IOC_ID. */
static inline int abstat__is_perf(int fd)
{
	uint64_t id;

	return ioctl(fd, _IOR('$', 7, uint64_t *), &id) == 0;
}

/* ABSTAT_REGION: map the page, check every descriptor. 0 or -1. */
static inline int abstat__region(struct abstat__state *st, const char *env)
{
	int v[ABSTAT_REGION_FDS + 2], n = abstat__list(env, v, ABSTAT_REGION_FDS + 2);
	struct abstat_region_page *pg;
	struct abstat_region_copy *me;
	struct stat sb;
	void *m;

	if (n < 2 || v[0] < 0 || v[1] < 0 || fstat(v[0], &sb) < 0 ||
	    sb.st_size < (off_t)sizeof(*pg) || sb.st_size > (1 << 24))
		return -1;
	m = mmap(NULL, (size_t)sb.st_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		 v[0], 0);
	if (m == MAP_FAILED)
		return -1;
	pg = (struct abstat_region_page *)m;
	me = &pg->copy[v[1]];
	if (pg->magic != ABSTAT_REGION_MAGIC ||
	    pg->version != ABSTAT_REGION_VERSION ||
	    pg->size != (uint32_t)sb.st_size || (uint32_t)v[1] >= pg->ncopies ||
	    (size_t)((char *)(me + 1) - (char *)m) > pg->size ||
	    me->nfd != (uint32_t)(n - 2)) {
		munmap(m, (size_t)sb.st_size);
		return -1;
	}
	fcntl(v[0], F_SETFD, FD_CLOEXEC);
	for (int i = 2; i < n; i++) {
		const struct abstat_region_fd *f = &me->fd[i - 2];

		if (v[i] < 0 || !abstat__is_perf(v[i]) ||
		    (f->read_len && ((uint64_t)f->read_off + f->read_len >
				     pg->size))) {
			me->state |= ABSTAT_REGION_FAILED;
			return -1; /* abstat reads the page: it says so */
		}
		fcntl(v[i], F_SETFD, FD_CLOEXEC);
		st->fd[i - 2] = v[i];
	}
	st->nfd = n - 2;
	st->page = pg;
	st->me = me;
	return 0;
}
#endif

static inline struct abstat__state *abstat__init(void)
{
	struct abstat__state *st = abstat__get();
	const char *env, *comma;
	int ctl, ack;

	if (st->init)
		return st;
	st->init = 1;
#ifdef __linux__
	env = getenv("ABSTAT_REGION");
	if (env && !abstat__region(st, env))
		return st;
	if (env)
		return st; /* malformed or refused: no region, never a handshake */
#endif
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
#ifdef __linux__
	if (st->me)
		st->me->state |= ABSTAT_REGION_FAILED;
	st->page = NULL;
	st->me = NULL;
#endif
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

#ifdef __linux__
/* <linux/perf_event.h>'s numbers, so that the header needs no kernel
 * headers: PERF_EVENT_IOC_ENABLE, _DISABLE. A group counts while its
 * leader does, so the leader alone is toggled: with PERF_IOC_FLAG_GROUP
 * the members, once disabled, stay stopped after the group is enabled
 * again (seen on 6.18: page-faults 50 -> 50 across a region of 100). */
#define ABSTAT__IOC_ENABLE _IO('$', 0)
#define ABSTAT__IOC_DISABLE _IO('$', 1)

static inline uint64_t abstat__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The copies of a run start their regions together: count in, then
 * wait for the others without a system call where each has its own CPU
 * (abstat counts a copy that died before it came in). */
static inline void abstat__barrier(struct abstat_region_page *pg,
				   struct abstat_region_copy *me)
{
	if (pg->ncopies < 2)
		return;
	if (!(__atomic_fetch_or(&me->state, ABSTAT_REGION_ARRIVED,
				__ATOMIC_ACQ_REL) & ABSTAT_REGION_ARRIVED))
		__atomic_fetch_add(&pg->arrived, 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&pg->arrived, __ATOMIC_ACQUIRE) < pg->ncopies) {
		if (!pg->spin)
			sched_yield();
#if defined(__x86_64__) || defined(__i386__)
		else
			__asm__ __volatile__("pause");
#elif defined(__aarch64__)
		else
			__asm__ __volatile__("yield");
#endif
	}
}

/* Enable (on) or disable the counters: in order on, in reverse off, so
 * that each counts the same toggles in every region. */
static inline int abstat__toggle(struct abstat__state *st, int on)
{
	for (int k = 0; k < st->nfd; k++) {
		int i = on ? k : st->nfd - 1 - k;

		if (st->me->fd[i].toggle &&
		    ioctl(st->fd[i], on ? ABSTAT__IOC_ENABLE : ABSTAT__IOC_DISABLE,
			  0) < 0)
			return -1;
	}
	return 0;
}

/* The first begin: the counters stop while their baselines are read
 * (what came before is subtracted), then the region starts. */
static inline int abstat__first(struct abstat__state *st)
{
	struct abstat_region_copy *me = st->me;
	char *base = (char *)st->page;

	abstat__barrier(st->page, me);
	if (abstat__toggle(st, 0) < 0)
		return -1;
	for (int i = 0; i < st->nfd; i++) {
		const struct abstat_region_fd *f = &me->fd[i];
		ssize_t got;

		if (!f->read_len)
			continue;
		do
			got = read(st->fd[i], base + f->read_off, f->read_len);
		while (got < 0 && errno == EINTR);
		if (got != (ssize_t)f->read_len)
			return -1;
	}
	me->begin_ns = abstat__now();
	me->state |= ABSTAT_REGION_BEGUN;
	return 0;
}

static inline int abstat__region_begin(struct abstat__state *st)
{
	struct abstat_region_copy *me = st->me;

	if (me->state & ABSTAT_REGION_OPEN)
		return 0;
	if (!(me->state & ABSTAT_REGION_BEGUN) && abstat__first(st) < 0)
		return abstat__fail(st);
	me->state |= ABSTAT_REGION_OPEN;
	me->open_ns = abstat__now();
	return abstat__toggle(st, 1) < 0 ? abstat__fail(st) : 0;
}

static inline int abstat__region_end(struct abstat__state *st)
{
	struct abstat_region_copy *me = st->me;

	if (abstat__toggle(st, 0) < 0)
		return abstat__fail(st);
	if (!(me->state & ABSTAT_REGION_BEGUN))
		me->state |= ABSTAT_REGION_UNBEGUN;
	if (me->state & ABSTAT_REGION_OPEN)
		me->region_ns += abstat__now() - me->open_ns;
	me->state &= ~ABSTAT_REGION_OPEN;
	return 0;
}
#endif

/* On arm64 the region's begin and end also execute HINT #120 and HINT
 * #121, NOPs on hardware (unallocated hints execute as NOP), which the
 * kernel lab's cache model recognises (lab/plugin/cache.c): the
 * begin's before the counters start, the end's after they stop, so that
 * the counters never count them; the model's region holds the toggles.
 * On x86_64 they are multi-byte NOPs, nopl 0x6162ab78(%rax) and ...79,
 * which the x86_64 lab's instruction counter recognises
 * (lab/plugin/count.c, in place of the PMU the emulator lacks): the
 * begin's after the counters start, the end's before they stop, so that
 * the counted region holds the program's code and not the toggles. */
#if defined(__aarch64__)
#define ABSTAT__HINT_BEGIN() __asm__ __volatile__("hint #120" ::: "memory")
#define ABSTAT__HINT_END() __asm__ __volatile__("hint #121" ::: "memory")
#define ABSTAT__HINT_INSIDE 0
#elif defined(__x86_64__)
#define ABSTAT__HINT_BEGIN() \
	__asm__ __volatile__("nopl 0x6162ab78(%%rax)" ::: "memory")
#define ABSTAT__HINT_END() \
	__asm__ __volatile__("nopl 0x6162ab79(%%rax)" ::: "memory")
#define ABSTAT__HINT_INSIDE 1
#else
#define ABSTAT__HINT_BEGIN() ((void)0)
#define ABSTAT__HINT_END() ((void)0)
#define ABSTAT__HINT_INSIDE 0
#endif

/* A region boundary: on the counters the program was given, or with the
 * handshake's command line. */
static inline int abstat__mark_counters(int begin)
{
#ifdef __linux__
	struct abstat__state *st = abstat__init();

	if (st->me) {
		int saved = errno;
		int rc = begin ? abstat__region_begin(st) :
				 abstat__region_end(st);

		errno = saved;
		return rc;
	}
#endif
	return begin ? abstat__command("enable\n", 7, 1) :
		       abstat__command("disable\n", 8, 1);
}

static inline int abstat__mark(int begin)
{
	int rc;

	if (begin && !ABSTAT__HINT_INSIDE)
		ABSTAT__HINT_BEGIN();
	if (!begin && ABSTAT__HINT_INSIDE)
		ABSTAT__HINT_END();
	rc = abstat__mark_counters(begin);
	if (begin && ABSTAT__HINT_INSIDE)
		ABSTAT__HINT_BEGIN();
	if (!begin && !ABSTAT__HINT_INSIDE)
		ABSTAT__HINT_END();
	return rc;
}

/* Start counting: the counters are on when it returns. */
static inline int abstat_begin(void)
{
	return abstat__mark(1);
}

/* Stop counting: the counters are off when it returns. */
static inline int abstat_end(void)
{
	return abstat__mark(0);
}

/* Report how many operations the measured region did. */
static inline int abstat_ops(unsigned long long n)
{
	char line[32] = "ops ", digits[24];
	size_t len = 4, k = 0;

#ifdef __linux__
	struct abstat__state *st = abstat__init();

	if (st->me) {
		st->me->ops = n;
		st->me->state |= ABSTAT_REGION_OPS;
		return 0;
	}
#endif
	do
		digits[k++] = (char)('0' + n % 10);
	while ((n /= 10) && k < sizeof(digits));
	while (k)
		line[len++] = digits[--k];
	line[len++] = '\n';
	return abstat__command(line, len, 0);
}

#endif
