// SPDX-License-Identifier: MIT
/*
 * launcher_region: the region page of a run (workloads/abstat.h,
 * ABSTAT_REGION). The workload marks its measured region on its own
 * counters, which it is handed with its go (launcher.c): begin and end
 * are ioctl(PERF_EVENT_IOC_ENABLE / DISABLE) of its group leaders, the
 * first begin reads each counter's baseline into this page while they are
 * stopped, and the region times and operation count go here too. abstat
 * reads the page once the copy is reaped; nothing wakes it while the copy
 * runs, so the markers neither block nor switch the workload out (the
 * handshake they replace did both, and on arm64 the switch-out inside a
 * system call dropped the task's SVE state, which changed what 6.12's
 * system calls cost: see abstat-workloads(7)).
 *
 * One page per process, a memfd kept and resized from run to run. The
 * workload can write all of it: abstat keeps its own copy of the layout
 * and trusts of the page only what it then validates (the baselines are
 * parsed like any read).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "abstat.h"
#include "launcher_priv.h"

/* One copy's descriptors as abstat laid them out. */
struct page_copy {
	size_t nfd;       /* the counters' (and the sampler's) */
	size_t n_counter; /* of them, the counter set's */
	struct counter_region_fd fd[ABSTAT_REGION_FDS];
	uint32_t off[ABSTAT_REGION_FDS];
};

struct launch_page {
	int fd;
	void *map;
	size_t size, cap;
	size_t n;                 /* copies of this run */
	struct page_copy *copy;   /* [n] */
	size_t copy_cap;
};

static struct launch_page launcher_page_one = { .fd = -1 };

static struct abstat_region_page *page_of(struct launch_page *pg)
{
	return pg->map;
}

/* The memfd and its mapping hold size bytes (the workload checks that
 * the descriptor's size is the page's). 0 or -errno. */
static int launcher_page_size(struct launch_page *pg, size_t size)
{
	if (pg->fd < 0) {
		pg->fd = memfd_create("abstat-region", MFD_CLOEXEC);
		if (pg->fd < 0)
			return -errno;
	}
	if (size != pg->size && ftruncate(pg->fd, (off_t)size) < 0)
		return -errno;
	if (size > pg->cap) {
		void *m;

		if (pg->map)
			munmap(pg->map, pg->cap);
		pg->map = NULL;
		pg->cap = 0;
		m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED,
			 pg->fd, 0);
		if (m == MAP_FAILED)
			return -errno;
		pg->map = m;
		pg->cap = size;
	}
	pg->size = size;
	return 0;
}

/* Whether each copy has one CPU of its own: the barrier may spin. */
static bool launcher_page_spin(const struct launch_copy *copies, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (copies[i].cpu < 0 || copies[i].cpus)
			return false;
		for (size_t j = 0; j < i; j++)
			if (copies[j].cpu == copies[i].cpu)
				return false;
	}
	return true;
}

/* Whether the workload toggles a sampler (abstat profile): on every path
 * it is open before the exec. */
static bool launcher_page_sampler(const struct launch_spec *s)
{
	return s->sampling != NULL;
}

/* The descriptors of one copy and the room of their baselines, from
 * off on; the end of them, or 0 when they do not fit. */
static size_t launcher_page_layout(const struct launch_spec *s,
				   const struct launch_copy *cp,
				   struct page_copy *c, size_t off)
{
	int k = s->backend->region_fds(cp->set, c->fd, COUNTER_REGION_MAX);

	if (k < 0)
		return 0;
	c->n_counter = (size_t)k;
	c->nfd = c->n_counter;
	if (launcher_page_sampler(s))
		c->fd[c->nfd++] = (struct counter_region_fd){ -1, true, 0 };
	for (size_t i = 0; i < c->nfd; i++) {
		c->off[i] = c->fd[i].read_len ? (uint32_t)off : 0;
		off += (c->fd[i].read_len + 7u) & ~7u;
	}
	return off;
}

struct launch_page *launcher_page_prepare(const struct launch_spec *s,
					  const struct launch_copy *copies,
					  size_t n)
{
	struct launch_page *pg = &launcher_page_one;
	struct abstat_region_page *h;
	size_t off = offsetof(struct abstat_region_page, copy) +
		     n * sizeof(struct abstat_region_copy);

	if (!s->backend->region_fds || !s->backend->region_apply || !n)
		return NULL;
	if (n > pg->copy_cap) {
		struct page_copy *c = realloc(pg->copy, n * sizeof(*c));

		if (!c)
			return NULL;
		pg->copy = c;
		pg->copy_cap = n;
	}
	for (size_t i = 0; i < n; i++) {
		off = launcher_page_layout(s, &copies[i], &pg->copy[i], off);
		if (!off)
			return NULL;
	}
	if (off > (1u << 24) || launcher_page_size(pg, off) < 0 || !pg->map)
		return NULL;
	pg->n = n;
	memset(pg->map, 0, pg->size);
	h = page_of(pg);
	h->magic = ABSTAT_REGION_MAGIC;
	h->version = ABSTAT_REGION_VERSION;
	h->size = (uint32_t)pg->size;
	h->ncopies = (uint32_t)n;
	h->spin = launcher_page_spin(copies, n);
	for (size_t i = 0; i < n; i++) {
		const struct page_copy *c = &pg->copy[i];
		struct abstat_region_copy *w = &h->copy[i];

		w->nfd = (uint32_t)c->nfd;
		for (size_t k = 0; k < c->nfd; k++) {
			w->fd[k].toggle = c->fd[k].toggle;
			w->fd[k].read_off = c->off[k];
			w->fd[k].read_len = c->fd[k].read_len;
		}
	}
	return pg;
}

size_t launcher_page_fds(struct launch_page *pg, const struct launch_spec *s,
			 const struct launch_copy *cp, size_t i, int *fds)
{
	struct counter_region_fd now[COUNTER_REGION_MAX];
	const struct page_copy *c = &pg->copy[i];
	int k = s->backend->region_fds(cp->set, now, COUNTER_REGION_MAX);
	size_t m = 0;

	if (k != (int)c->n_counter)
		return 0;
	fds[m++] = pg->fd;
	for (int j = 0; j < k; j++)
		fds[m++] = now[j].fd;
	if (c->nfd > c->n_counter)
		fds[m++] = s->sampling->fd(cp->sample);
	for (size_t j = 1; j < m; j++)
		if (fds[j] < 0)
			return 0;
	return m;
}

void launcher_page_gone(struct launch_page *pg, size_t i)
{
	struct abstat_region_page *h;

	if (!pg || i >= pg->n)
		return;
	h = page_of(pg);
	if (!(__atomic_fetch_or(&h->copy[i].state, ABSTAT_REGION_ARRIVED,
				__ATOMIC_ACQ_REL) & ABSTAT_REGION_ARRIVED))
		__atomic_fetch_add(&h->arrived, 1, __ATOMIC_ACQ_REL);
}

const uint64_t *launcher_page_begin(struct launch_page *pg, size_t i)
{
	return pg && i < pg->n ? &page_of(pg)->copy[i].begin_ns : NULL;
}

/* What a copy wrote into its page, against the run abstat timed itself
 * (start_ns to end_ns, the same CLOCK_MONOTONIC): times inside the run,
 * the region no longer than the run from its first begin, ops a count
 * a result holds, markers in order. 0, or -EINVAL with the field that
 * cannot be in err. */
static int launcher_page_check(const struct abstat_region_copy *w,
			       unsigned long long start_ns,
			       unsigned long long end_ns, char *err,
			       size_t len)
{
	uint64_t open = 0;

	if (w->state & ABSTAT_REGION_OPS && w->ops > INT64_MAX) {
		snprintf(err, len, "ops %llu is above 2^63-1 (abstat_ops)",
			 (unsigned long long)w->ops);
		return -EINVAL;
	}
	if ((w->state & (ABSTAT_REGION_UNBEGUN | ABSTAT_REGION_BEGUN)) ==
	    ABSTAT_REGION_UNBEGUN) {
		snprintf(err, len, "state: abstat_end() before any abstat_begin() stopped the counters outside a region; begin the region first");
		return -EINVAL;
	}
	if (!(w->state & ABSTAT_REGION_BEGUN))
		return 0;
	if (w->begin_ns < start_ns || w->begin_ns > end_ns) {
		snprintf(err, len, "begin_ns %llu is outside the run (%llu to %llu, CLOCK_MONOTONIC)",
			 (unsigned long long)w->begin_ns, start_ns, end_ns);
		return -EINVAL;
	}
	if (w->state & ABSTAT_REGION_OPEN) {
		if (w->open_ns < w->begin_ns || w->open_ns > end_ns) {
			snprintf(err, len, "open_ns %llu is outside the run from its first begin (%llu to %llu, CLOCK_MONOTONIC)",
				 (unsigned long long)w->open_ns,
				 (unsigned long long)w->begin_ns, end_ns);
			return -EINVAL;
		}
		open = end_ns - w->open_ns;
	}
	if (w->region_ns > end_ns - w->begin_ns - open) {
		snprintf(err, len, "region_ns %llu is longer than the run from its first begin (%llu ns)",
			 (unsigned long long)w->region_ns,
			 end_ns - w->begin_ns - open);
		return -EINVAL;
	}
	return 0;
}

void launcher_page_apply(struct launch_page *pg, size_t i,
			 const struct launch_spec *s,
			 const struct launch_copy *cp, struct proc_sample *p,
			 unsigned long long start_ns,
			 unsigned long long end_ns, struct launch_outcome *o)
{
	const struct page_copy *c;
	struct abstat_region_copy w;
	const void *base[ABSTAT_REGION_FDS];
	char err[200];

	if (!pg || i >= pg->n)
		return;
	c = &pg->copy[i];
	memcpy(&w, &page_of(pg)->copy[i], sizeof(w));
	if (launcher_page_check(&w, start_ns, end_ns, err, sizeof(err))) {
		if (!o->region_err[0] && pg->n > 1)
			snprintf(o->region_err, sizeof(o->region_err),
				 "copy %zu: %s", i, err);
		else if (!o->region_err[0])
			snprintf(o->region_err, sizeof(o->region_err), "%s",
				 err);
		return;
	}
	if (w.state & ABSTAT_REGION_OPS) {
		p->has_ops = true;
		p->ops = w.ops;
	}
	if (w.state & ABSTAT_REGION_FAILED && !o->read_err[0]) {
		snprintf(o->read_err, sizeof(o->read_err), "the workload's region markers (ABSTAT_REGION) could not toggle or read its counters");
		return;
	}
	if (!(w.state & ABSTAT_REGION_BEGUN))
		return;
	o->self_region = true;
	p->region_ns = w.region_ns;
	if (w.state & ABSTAT_REGION_OPEN)
		p->region_ns += end_ns - w.open_ns; /* it exited in a region */
	if (!p->region_ns)
		p->region_ns = 1; /* a region, however short */
	for (size_t j = 0; j < c->n_counter; j++)
		base[j] = c->fd[j].read_len ?
				  (const char *)pg->map + c->off[j] : NULL;
	if (s->backend->region_apply(cp->set, base, p->region_ns, p->counters,
				     err, sizeof(err)) < 0 &&
	    !o->read_err[0])
		snprintf(o->read_err, sizeof(o->read_err),
			 "region start (the workload's baseline): %s", err);
}
