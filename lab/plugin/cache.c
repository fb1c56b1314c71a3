// SPDX-License-Identifier: MIT
/*
 * cache.c: the kernel lab's cache model, a QEMU 7.2 TCG plugin
 * (qemu-system-aarch64 -plugin abstat-cache.so,out=FILE). It models an
 * L1 instruction cache, an L1 data cache and a unified L2 for the vCPU
 * that runs abstat's measured region, and counts their accesses and
 * misses, user and kernel apart, from the region's begin marker to its
 * end marker (workloads/abstat.h: HINT #120 and HINT #121 on arm64,
 * nopl 0x6162ab78(%rax) and ...79 on x86_64, NOPs on hardware). Each
 * region's counts are one JSON line of FILE; HINT #122 (...7a on
 * x86_64, tests/progs/lab_mark) writes a mark line, so that the host can
 * tell which regions were abstat run's (lab/cache-merge.sh).
 *
 * The model: set-associative, LRU, write-allocate, physically indexed
 * and tagged (data: the access's guest physical address; instructions:
 * the host address of the instruction's bytes in guest RAM, a constant
 * offset from the physical one), no prefetching, no coherence, no
 * write-backs. An L1 miss is an L2 access. An access that spans two
 * lines is two accesses. Instruction fetch is one L1I access for each
 * line a translation block's instructions enter, counted when the block
 * starts (a block left early by an exception still counts whole). User
 * or kernel is the half of the address space the instruction runs
 * from (bit 63 of its address: arm64's TTBR1 half, x86_64's upper half), so that an
 * access by the kernel to user memory (copy_to_user, the rseq update
 * after an interrupt) is the kernel's, and what user space counts
 * depends on the user instructions alone. Page-table walks are not
 * seen. The
 * caches keep their state across regions, as hardware's do.
 *
 * Geometry: by default what QEMU 7.2's -cpu max reports (it is an A57 to
 * the cache ID registers: CCSIDR L1D 32 KiB 2-way, L1I 48 KiB 3-way, L2
 * 2 MiB 16-way, 64-byte lines), each settable: l1d=KIB:WAYS, l1i=...,
 * l2=..., line=BYTES.
 *
 * Under -icount shift=0 the guest's instruction stream, and so every
 * address it touches, is the same in every boot: the counts are too.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin_args.h"
#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = ABSTAT_QEMU_PLUGIN_VERSION;

/* HINT #imm is 0xd503201f | imm << 5 */
#define HINT(imm) (0xd503201fu | (uint32_t)(imm) << 5)
#define MARK_BEGIN HINT(120)
#define MARK_END HINT(121)
#define MARK_SEP HINT(122)
/* x86_64's markers: nopl DISP32(%rax), DISP 0x6162ab78 ... 7a */
#define X86_MARK_DISP 0x6162ab00u

#define MAX_VCPUS 64

enum level { L1I, L1D, L2, NLEVELS };
enum priv { PRIV_U, PRIV_K, NPRIV };
static const char *const level_name[NLEVELS] = { "l1i", "l1d", "l2" };
static const char *const priv_name[NPRIV] = { "u", "k" };

struct cache {
	unsigned kib, ways;
	unsigned sets;    /* kib * 1024 / line / ways, a power of two */
	uint64_t *tag;    /* sets * ways line numbers, MRU first; ~0: none */
};

struct vcpu {
	struct cache l1[2]; /* L1I, L1D */
};

struct counts {
	uint64_t acc[NLEVELS][NPRIV], miss[NLEVELS][NPRIV];
};

static unsigned line_shift = 6;
static struct cache l2 = { 2048, 16, 0, NULL };
static struct cache l1_geom[2] = { { 48, 3, 0, NULL }, { 32, 2, 0, NULL } };
static struct vcpu vcpus[MAX_VCPUS];
static int n_vcpus;
/* the region: open on one vCPU (-1: none), its counts so far */
static int measured = -1;
static struct counts now;
static unsigned regions, marks;

/* A TB's instruction lines: counted when it starts. */
struct tb_lines {
	enum priv priv;
	unsigned n;
	uint64_t line[];
};

static int cache_init(struct cache *c, const char *name)
{
	uint64_t bytes = (uint64_t)c->kib << 10;
	uint64_t per_way = bytes >> line_shift;

	if (!c->ways || per_way % c->ways) {
		fprintf(stderr, "abstat-cache: error: %s %u KiB is not a whole number of %u-way sets\n",
			name, c->kib, c->ways);
		return -1;
	}
	c->sets = (unsigned)(per_way / c->ways);
	if (!c->sets || (c->sets & (c->sets - 1))) {
		fprintf(stderr, "abstat-cache: error: %s: %u sets, not a power of two; choose another size or ways\n",
			name, c->sets);
		return -1;
	}
	c->tag = malloc((size_t)c->sets * c->ways * sizeof(*c->tag));
	if (!c->tag) {
		fprintf(stderr, "abstat-cache: error: out of memory\n");
		return -1;
	}
	memset(c->tag, 0xff, (size_t)c->sets * c->ways * sizeof(*c->tag));
	return 0;
}

/* Look line up in c, LRU: true on a hit; either way it is the MRU. */
static bool cache_access(struct cache *c, uint64_t line)
{
	uint64_t *set = c->tag + (size_t)(line & (c->sets - 1)) * c->ways;
	unsigned w;

	for (w = 0; w < c->ways; w++)
		if (set[w] == line)
			break;
	bool hit = w < c->ways;

	if (!hit)
		w = c->ways - 1; /* the LRU way is replaced */
	memmove(set + 1, set, w * sizeof(*set));
	set[0] = line;
	return hit;
}

/* One line through L1 (L1I or L1D) and on a miss L2. */
static void access_line(struct vcpu *v, enum level l, enum priv p,
			uint64_t line)
{
	now.acc[l][p]++;
	if (cache_access(&v->l1[l], line))
		return;
	now.miss[l][p]++;
	now.acc[L2][p]++;
	if (!cache_access(&l2, line))
		now.miss[L2][p]++;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info,
		   uint64_t vaddr, void *udata)
{
	struct qemu_plugin_hwaddr *hw;
	uint64_t pa, first, last;
	enum priv p;

	if ((int)vcpu != measured)
		return;
	hw = qemu_plugin_get_hwaddr(info, vaddr);
	if (!hw || qemu_plugin_hwaddr_is_io(hw))
		return; /* a device's registers: not cached */
	pa = qemu_plugin_hwaddr_phys_addr(hw);
	p = udata ? PRIV_K : PRIV_U; /* the instruction's half */
	first = pa >> line_shift;
	last = (pa + (1u << qemu_plugin_mem_size_shift(info)) - 1) >> line_shift;
	for (uint64_t line = first; line <= last; line++)
		access_line(&vcpus[vcpu], L1D, p, line);
}

static void on_tb(unsigned int vcpu, void *udata)
{
	const struct tb_lines *t = udata;

	if ((int)vcpu != measured)
		return;
	for (unsigned i = 0; i < t->n; i++)
		access_line(&vcpus[vcpu], L1I, t->priv, t->line[i]);
}

static void write_region(unsigned int vcpu)
{
	regions++;
	fprintf(out, "{\"region\":%u,\"vcpu\":%u", regions, vcpu);
	for (int l = 0; l < NLEVELS; l++)
		for (int p = 0; p < NPRIV; p++)
			fprintf(out, ",\"%s-accesses:%s\":%" PRIu64
				",\"%s-misses:%s\":%" PRIu64,
				level_name[l], priv_name[p], now.acc[l][p],
				level_name[l], priv_name[p], now.miss[l][p]);
	fputs("}\n", out);
	fflush(out);
}

static void on_begin(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (measured >= 0 || (int)vcpu >= n_vcpus)
		return; /* open already (several begins, or another vCPU's) */
	memset(&now, 0, sizeof(now));
	measured = (int)vcpu;
}

static void on_end(unsigned int vcpu, void *udata)
{
	(void)udata;
	if ((int)vcpu != measured)
		return;
	measured = -1;
	write_region(vcpu);
}

static void on_sep(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	fprintf(out, "{\"mark\":%u,\"regions\":%u}\n", ++marks, regions);
	fflush(out);
}

/* The marker an instruction is, as arm64's HINT word (MARK_BEGIN ...),
 * or 0. x86_64's markers (workloads/abstat.h) are nopl 0x6162ab78(%rax),
 * ...79 and ...7a: 0f 1f 80 and the displacement, little-endian. */
static uint32_t insn_word(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);
	uint32_t w = 0;

	if (qemu_plugin_insn_size(insn) == 4) {
		memcpy(&w, b, 4);
	} else if (qemu_plugin_insn_size(insn) == 7 && b[0] == 0x0f &&
		   b[1] == 0x1f && b[2] == 0x80) {
		memcpy(&w, b + 3, 4);
		if ((w & ~0xffu) != X86_MARK_DISP || (w & 0xff) < 0x78 ||
		    (w & 0xff) > 0x7a)
			return 0;
		w = HINT(120 + (w & 0xff) - 0x78);
	}
	return w;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	struct tb_lines *t = malloc(sizeof(*t) + (n ? n : 1) * sizeof(uint64_t));

	(void)id;
	if (!t)
		return; /* out of memory: this block's fetches go uncounted */
	t->priv = qemu_plugin_tb_vaddr(tb) >> 63 ? PRIV_K : PRIV_U;
	t->n = 0;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t line = (uint64_t)(uintptr_t)qemu_plugin_insn_haddr(insn)
				>> line_shift;
		uint32_t w = insn_word(insn);

		if (!t->n || t->line[t->n - 1] != line)
			t->line[t->n++] = line;
		if (w == MARK_BEGIN)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_begin,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (w == MARK_END)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (w == MARK_SEP)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_sep,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
		qemu_plugin_register_vcpu_mem_cb(insn, on_mem,
			QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
			qemu_plugin_insn_vaddr(insn) >> 63 ? (void *)1 : NULL);
	}
	/* kept for the block's life: QEMU 7.2 tells no plugin when a block
	 * is dropped, and the guest's code is translated a bounded number
	 * of times */
	qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb, QEMU_PLUGIN_CB_NO_REGS,
					     t);
}

/* "KIB:WAYS" into c; 0 or -1 */
static int parse_geom(const char *v, struct cache *c)
{
	char *end;
	unsigned long kib = strtoul(v, &end, 10), ways;

	if (end == v || *end != ':')
		return -1;
	v = end + 1;
	ways = strtoul(v, &end, 10);
	if (end == v || *end || !kib || !ways || kib > (1ul << 20) || ways > 64)
		return -1;
	c->kib = (unsigned)kib;
	c->ways = (unsigned)ways;
	return 0;
}

static int parse_arg(const char *a, const char **path)
{
	const char *v = strchr(a, '=');
	unsigned long line;
	char *end;

	if (!v)
		return -1;
	v++;
	if (!strncmp(a, "out=", 4)) {
		*path = v;
		return 0;
	}
	if (!strncmp(a, "l1d=", 4))
		return parse_geom(v, &l1_geom[L1D]);
	if (!strncmp(a, "l1i=", 4))
		return parse_geom(v, &l1_geom[L1I]);
	if (!strncmp(a, "l2=", 3))
		return parse_geom(v, &l2);
	if (!strncmp(a, "line=", 5)) {
		line = strtoul(v, &end, 10);
		if (end == v || *end || line < 16 || line > 4096 ||
		    (line & (line - 1)))
			return -1;
		line_shift = (unsigned)__builtin_ctzl(line);
		return 0;
	}
	return -1;
}

static void write_header(void)
{
	unsigned line = 1u << line_shift;

	fprintf(out, "{\"model\":\"abstat-cache 1\",\"line\":%u,"
		"\"l1i\":\"%u KiB %u-way\",\"l1d\":\"%u KiB %u-way\","
		"\"l2\":\"%u KiB %u-way\",\"replacement\":\"LRU\"}\n",
		line, l1_geom[L1I].kib, l1_geom[L1I].ways, l1_geom[L1D].kib,
		l1_geom[L1D].ways, l2.kib, l2.ways);
	fflush(out);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	const char *path = plugin_args("abstat-cache", info, argc, argv,
		parse_arg, "out=FILE, l1d=KIB:WAYS, l1i=KIB:WAYS, l2=KIB:WAYS or line=BYTES",
		&n_vcpus, MAX_VCPUS);

	if (!path)
		return -1;
	if (cache_init(&l2, "l2"))
		return -1;
	for (int c = 0; c < n_vcpus; c++) {
		vcpus[c].l1[L1I] = l1_geom[L1I];
		vcpus[c].l1[L1D] = l1_geom[L1D];
		if (cache_init(&vcpus[c].l1[L1I], "l1i") ||
		    cache_init(&vcpus[c].l1[L1D], "l1d"))
			return -1;
	}
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "abstat-cache: error: %s cannot be written\n", path);
		return -1;
	}
	write_header();
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
	return 0;
}
