// SPDX-License-Identifier: MIT
/*
 * sampler: one sampling perf_event per copy and its mmap ring (see
 * sampler.h). The ring is read as perf_event_open(2) describes it: the
 * kernel advances data_head (read with acquire order), we consume up to
 * it and publish data_tail (release order); a record that wraps the end
 * of the ring is copied out whole before it is parsed. A record whose
 * size is below its header or above the ring is malformed: the ring is
 * dropped (-EIO), never read past.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "perf_internal.h"
#include "sampler.h"

/* The longest call chain the kernel gives (perf_event_max_stack: 127) */
#define SAMPLER_MAX_IPS 512

#if defined(__x86_64__)
const bool sampler_dwarf = true;
/* perf's x86 register order (asm/perf_regs.h) for DWARF registers 0..16:
 * rax rdx rcx rbx rsi rdi rbp rsp r8..r15 rip */
static const int sampler_perf_reg[SAMPLER_DWARF_REGS] = {
	0 /* AX */, 3 /* DX */, 2 /* CX */, 1 /* BX */, 4 /* SI */, 5 /* DI */,
	6 /* BP */, 7 /* SP */, 16, 17, 18, 19, 20, 21, 22, 23, 8 /* IP */,
};
#define SAMPLER_REGS_MASK (0x1ffull | (0xffull << 16))
#else
const bool sampler_dwarf = false;
static const int sampler_perf_reg[SAMPLER_DWARF_REGS];
#define SAMPLER_REGS_MASK 0ull
#endif

struct sampler {
	struct perf_event_attr attr;
	bool dwarf;
	uint64_t regs[SAMPLER_DWARF_REGS];
	int fd;
	void *ring;          /* header page + data pages */
	size_t ring_len;
	size_t data_len;     /* a power of 2 */
	uint64_t lost;
	unsigned char *rec;  /* one record copied out of a wrap */
	uint64_t kern[SAMPLER_MAX_IPS], user[SAMPLER_MAX_IPS];
};

static long sampler_open_raw(struct perf_event_attr *a, pid_t pid, int cpu)
{
	return syscall(SYS_perf_event_open, a, pid, cpu, -1,
		       PERF_FLAG_FD_CLOEXEC);
}

static void sampler_attr(struct perf_event_attr *a, const struct event *ev,
			 unsigned freq, bool dwarf, unsigned stack_bytes)
{
	perf_attr(ev, a, false);
	a->read_format = 0;
	a->freq = 1;
	a->sample_freq = freq;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			 PERF_SAMPLE_CALLCHAIN;
	/* sample times on the clock the workload's region markers read
	 * (abstat.h: the first begin's CLOCK_MONOTONIC), so that what came
	 * before the region can be told apart */
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
	a->mmap = 1;
	a->mmap2 = 1;
	a->inherit = 1;
	a->disabled = 1;
	a->wakeup_watermark = 0; /* set at open: half the ring */
	a->watermark = 1;
	if (dwarf) {
		a->sample_type |= PERF_SAMPLE_REGS_USER |
				  PERF_SAMPLE_STACK_USER;
		a->sample_regs_user = SAMPLER_REGS_MASK;
		a->sample_stack_user = stack_bytes ? stack_bytes : 8192;
		a->exclude_callchain_user = 1;
	}
}

int sampler_new(const struct sampler_opts *o, struct sampler **out)
{
	struct sampler *s = calloc(1, sizeof(*s));
	long page = sysconf(_SC_PAGESIZE);
	size_t pages = o->data_pages ? o->data_pages : 256;

	if (!s)
		return -ENOMEM;
	while (pages & (pages - 1))
		pages &= pages - 1; /* down to a power of 2 */
	if (o->dwarf && !sampler_dwarf) {
		free(s);
		return -EOPNOTSUPP;
	}
	sampler_attr(&s->attr, o->ev, o->freq, o->dwarf, o->stack_bytes);
	s->dwarf = o->dwarf;
	s->fd = -1;
	s->data_len = pages * (size_t)page;
	s->ring_len = s->data_len + (size_t)page;
	s->attr.wakeup_watermark = (uint32_t)(s->data_len / 2);
	s->rec = malloc(s->data_len);
	if (!s->rec) {
		free(s);
		return -ENOMEM;
	}
	*out = s;
	return 0;
}

int sampler_open(struct sampler *s, pid_t pid, int cpu, bool on_exec)
{
	struct perf_event_attr a = s->attr;
	long fd;

	sampler_close(s);
	a.enable_on_exec = on_exec;
	a.disabled = on_exec;
	a.inherit = cpu >= 0;
	fd = sampler_open_raw(&a, pid, cpu);
	if (fd < 0)
		return -errno;
	s->ring = mmap(NULL, s->ring_len, PROT_READ | PROT_WRITE, MAP_SHARED,
		       (int)fd, 0);
	if (s->ring == MAP_FAILED) {
		int e = errno;

		s->ring = NULL;
		close((int)fd);
		return -e;
	}
	s->fd = (int)fd;
	s->lost = 0;
	return 0;
}

int sampler_fd(const struct sampler *s)
{
	return s->fd;
}

int sampler_enable(struct sampler *s)
{
	return ioctl(s->fd, PERF_EVENT_IOC_ENABLE, 0) < 0 ? -errno : 0;
}

int sampler_disable(struct sampler *s)
{
	return ioctl(s->fd, PERF_EVENT_IOC_DISABLE, 0) < 0 ? -errno : 0;
}

uint64_t sampler_lost(const struct sampler *s)
{
	return s->lost;
}

/* Cursor over one record's body. */
struct sampler_cur {
	const unsigned char *p, *end;
};

static int sampler_u64(struct sampler_cur *c, uint64_t *v)
{
	if (c->end - c->p < 8)
		return -EIO;
	memcpy(v, c->p, 8);
	c->p += 8;
	return 0;
}

/* PERF_SAMPLE_REGS_USER (abi, then one u64 per bit of the mask, in bit
 * order) and STACK_USER (size, the bytes, dyn_size: how many are real). */
static int sampler_user_stack(struct sampler *s, struct sampler_cur *c,
			      struct sampler_sample *smp)
{
	uint64_t abi, v, perf[64] = { 0 }, size, dyn = 0;
	size_t n = (size_t)__builtin_popcountll(SAMPLER_REGS_MASK);

	if (sampler_u64(c, &abi))
		return -EIO;
	for (size_t i = 0; abi && i < n; i++)
		if (sampler_u64(c, &perf[i]))
			return -EIO;
	if (sampler_u64(c, &size) || size > (uint64_t)(c->end - c->p))
		return -EIO;
	smp->stack = c->p;
	c->p += size;
	if (size && sampler_u64(c, &dyn))
		return -EIO;
	smp->stack_len = (size_t)(dyn < size ? dyn : size);
	if (!abi)
		return 0;
	for (size_t d = 0; d < SAMPLER_DWARF_REGS; d++) {
		/* bit b's value is at its rank among the mask's bits */
		int b = sampler_perf_reg[d];

		v = perf[__builtin_popcountll(SAMPLER_REGS_MASK &
					      ((1ull << b) - 1))];
		s->regs[d] = v;
	}
	smp->regs = s->regs;
	return 0;
}

/* PERF_SAMPLE_IP | TID | TIME | CALLCHAIN, in that order
 * (perf_event_open(2)). */
static int sampler_sample(struct sampler *s, struct sampler_cur *c,
			  const struct sampler_sink *k)
{
	struct sampler_sample smp = { .kernel = s->kern, .user = s->user };
	uint64_t ip, tid, nr, v = 0, ctx = 0;

	if (sampler_u64(c, &ip) || sampler_u64(c, &tid) ||
	    sampler_u64(c, &smp.time_ns) || sampler_u64(c, &nr))
		return -EIO;
	if (nr > (uint64_t)(c->end - c->p) / 8)
		return -EIO;
	smp.pid = (uint32_t)tid;
	smp.tid = (uint32_t)(tid >> 32);
	for (uint64_t i = 0; i < nr; i++) {
		sampler_u64(c, &v);
		if (v >= PERF_CONTEXT_MAX) {
			ctx = v;
			continue;
		}
		if (ctx == PERF_CONTEXT_KERNEL && smp.n_kernel < SAMPLER_MAX_IPS)
			s->kern[smp.n_kernel++] = v;
		else if (ctx == PERF_CONTEXT_USER && smp.n_user < SAMPLER_MAX_IPS)
			s->user[smp.n_user++] = v;
	}
	if (!nr && !s->dwarf) {
		/* no chain (the kernel could not walk one): the ip alone */
		s->user[0] = ip;
		smp.n_user = 1;
	}
	if (s->dwarf && sampler_user_stack(s, c, &smp))
		return -EIO;
	if (k->sample)
		k->sample(k->ctx, &smp);
	return 0;
}

/* PERF_RECORD_MMAP2: pid, tid, addr, len, pgoff, 24 bytes of device,
 * inode (or build id), prot, flags, filename. Executable maps only. */
static int sampler_mmap2(struct sampler_cur *c, const struct sampler_sink *k)
{
	struct sampler_map m;
	uint32_t ids[2], prot;
	const char *name;

	if (c->end - c->p < 8 + 24 + 24 + 8)
		return -EIO;
	memcpy(ids, c->p, 8);
	memcpy(&m.start, c->p + 8, 8);
	memcpy(&m.len, c->p + 16, 8);
	memcpy(&m.pgoff, c->p + 24, 8);
	memcpy(&prot, c->p + 56, 4);
	name = (const char *)c->p + 64;
	if (!memchr(name, '\0', (size_t)((const char *)c->end - name)))
		return -EIO;
	m.pid = ids[0];
	m.file = name;
	if ((prot & 4 /* PROT_EXEC */) && k->map)
		k->map(k->ctx, &m);
	return 0;
}

static int sampler_record(struct sampler *s, const unsigned char *r,
			  size_t len, const struct sampler_sink *k)
{
	const struct perf_event_header *h = (const void *)r;
	struct sampler_cur c = { r + sizeof(*h), r + len };
	uint64_t v;

	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		return sampler_sample(s, &c, k);
	case PERF_RECORD_MMAP2:
		return sampler_mmap2(&c, k);
	case PERF_RECORD_LOST:
		if (sampler_u64(&c, &v) || sampler_u64(&c, &v))
			return -EIO;
		s->lost += v;
		return 0;
	default:
		return 0;
	}
}

int sampler_drain(struct sampler *s, const struct sampler_sink *k)
{
	struct perf_event_mmap_page *pg = s->ring;
	const unsigned char *data;
	uint64_t head, tail;
	int rc = 0;

	if (!pg)
		return 0;
	data = (const unsigned char *)s->ring + (s->ring_len - s->data_len);
	head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	if (k->head)
		k->head(k->ctx);
	tail = pg->data_tail;
	while (tail < head && !rc) {
		struct perf_event_header h;
		size_t off = tail & (s->data_len - 1), first;
		const unsigned char *r = data + off;

		if (head - tail < sizeof(h))
			break;
		first = s->data_len - off;
		if (first < sizeof(h)) {
			memcpy(&h, r, first);
			memcpy((unsigned char *)&h + first, data,
			       sizeof(h) - first);
		} else {
			memcpy(&h, r, sizeof(h));
		}
		if (h.size < sizeof(h) || h.size > head - tail) {
			rc = -EIO;
			tail = head;
			break;
		}
		if (first < h.size) {
			memcpy(s->rec, r, first);
			memcpy(s->rec + first, data, h.size - first);
			r = s->rec;
		}
		rc = sampler_record(s, r, h.size, k);
		tail += h.size;
	}
	__atomic_store_n(&pg->data_tail, rc ? head : tail, __ATOMIC_RELEASE);
	return rc;
}

void sampler_close(struct sampler *s)
{
	if (s->ring)
		munmap(s->ring, s->ring_len);
	s->ring = NULL;
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}

void sampler_free(struct sampler *s)
{
	if (!s)
		return;
	sampler_close(s);
	free(s->rec);
	free(s);
}

int sampler_probe(const struct event *ev, unsigned freq, bool dwarf,
		  char *err, size_t len)
{
	struct perf_event_attr a;
	long fd;

	sampler_attr(&a, ev, freq, dwarf && sampler_dwarf, 0);
	a.inherit = 0;
	fd = sampler_open_raw(&a, 0, -1);
	if (fd >= 0) {
		close((int)fd);
		return 0;
	}
	fd = -errno;
	perf_backend.strerror(ev, (int)-fd, err, len);
	return (int)fd;
}
