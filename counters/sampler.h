/* SPDX-License-Identifier: MIT */
/*
 * sampler: sampling one process with perf_event (abstat profile). One
 * sampling event per copy of a run, opened like the counters (disabled,
 * enable_on_exec, inherit), sampling at a frequency with the call chain
 * (frame pointers: PERF_SAMPLE_CALLCHAIN, kernel and user), and the
 * side-band records that say what was mapped where (PERF_RECORD_MMAP2)
 * into an mmap ring buffer that the caller drains while the run goes
 * (poll sampler_fd). The records come up as plain structs: nothing above
 * counters/ sees a perf header. What a sample means (symbols, folded
 * stacks) is the caller's business (src/measure/profile*.c).
 */
#ifndef ABSTAT_SAMPLER_H
#define ABSTAT_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "counters.h"

struct sampler_opts {
	const struct event *ev; /* resolved (perf backend): type, config */
	unsigned freq;          /* samples per second of the event's time */
	size_t data_pages;      /* ring size in pages, a power of 2 */
	/* --call-graph dwarf: the user registers and the top stack_bytes
	 * of the user stack with each sample (PERF_SAMPLE_REGS_USER,
	 * STACK_USER), for the caller to unwind; the user call chain is
	 * then not walked by the kernel. x86-64 only (sampler_dwarf). */
	bool dwarf;
	unsigned stack_bytes;
};

/* Whether dwarf sampling is built for this architecture. */
extern const bool sampler_dwarf;
#define SAMPLER_DWARF_REGS 17 /* x86-64 DWARF numbering: rax..r15, rip */

/* One sample: its call chain split at the kernel/user boundary, each
 * leaf first (ips[0] is where it was; the others return addresses). */
struct sampler_sample {
	uint32_t pid, tid;
	uint64_t time_ns;       /* CLOCK_MONOTONIC */
	const uint64_t *kernel;
	size_t n_kernel;
	const uint64_t *user;
	size_t n_user;
	/* dwarf: the user registers in DWARF order (NULL when the sample
	 * has none: it hit a kernel thread) and the stack copied from sp */
	const uint64_t *regs;
	const unsigned char *stack;
	size_t stack_len;
};

/* One executable mapping of a file (PERF_RECORD_MMAP2). */
struct sampler_map {
	uint32_t pid;
	uint64_t start, len, pgoff;
	const char *file;    /* as the kernel names it: a path, "[vdso]" */
};

struct sampler_sink {
	void *ctx;
	/* Called once per drain, after the ring's head is read and before
	 * its records (NULL: none): whatever another thread or process
	 * stored before the kernel wrote those records is seen here. */
	void (*head)(void *ctx);
	void (*sample)(void *ctx, const struct sampler_sample *s);
	void (*map)(void *ctx, const struct sampler_map *m);
};

struct sampler;

/* A closed sampler for these options. 0 or -ENOMEM. */
int sampler_new(const struct sampler_opts *o, struct sampler **out);
/* Open on pid (disabled until its next exec when on_exec, else at
 * once) and map the ring. On a CPU (cpu >= 0: the copy is pinned there)
 * the children the process starts are sampled too (inherit); the kernel
 * refuses to map an inherited event of a task on every CPU, so with cpu
 * -1 only the process itself is. 0 or -errno. */
int sampler_open(struct sampler *s, pid_t pid, int cpu, bool on_exec);
/* The fd to poll for data (POLLIN past the watermark), -1 when closed. */
int sampler_fd(const struct sampler *s);
int sampler_enable(struct sampler *s);
int sampler_disable(struct sampler *s);
/* Hand every record in the ring to k and free their room. 0, or -EIO
 * for a malformed record (the rest of the ring is dropped). */
int sampler_drain(struct sampler *s, const struct sampler_sink *k);
/* Samples the kernel had to drop (ring full) since the open. */
uint64_t sampler_lost(const struct sampler *s);
/* Unmap and close (the caller drains first); the sampler is reusable. */
void sampler_close(struct sampler *s);
void sampler_free(struct sampler *s);

/* Can ev sample here (opened on abstat itself, at freq, with kernel call
 * chains unless ev excludes the kernel)? 0, or -errno with a sentence in
 * err naming the event (perf_event_paranoid where that is why). */
int sampler_probe(const struct event *ev, unsigned freq, bool dwarf,
		  char *err, size_t len);

#endif
