// SPDX-License-Identifier: MIT
/*
 * usyms: a profiled process's code through elfutils libdwfl. The
 * process may be gone when its samples are symbolised (the end of a
 * run), so its address space is rebuilt from the sampler's mmap records:
 * every executable mapping of a file is reported with dwfl_report_elf at
 * the bias start - pgoff (the load address of p_vaddr 0, with
 * add_p_vaddr: right for the usual layout where a PT_LOAD's p_vaddr
 * equals its p_offset), once per file and process; ET_EXEC files sit
 * where they were linked. libdwfl then reads the symbol table (.symtab,
 * else .dynsym) and, through the build id, separate debuginfo under
 * /usr/lib/debug (dwfl_standard_find_debuginfo). Addresses outside every
 * file (a JIT's code) are looked up in /tmp/perf-PID.map.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_LIBDW
#include <elfutils/libdwfl.h>
#endif

#include "symbols.h"

struct umap {
	uint64_t start, end, pgoff;
	char *file;
};

/* One sample being unwound (usyms.c's callbacks read it). */
struct uwind {
	const uint64_t *regs;
	size_t nregs;
	const unsigned char *stack;
	size_t len;
	uint64_t sp;
	uint64_t *ips;
	size_t n, max;
};

struct uproc {
	pid_t pid;
	bool attached;     /* dwfl_attach_state done */
	struct uwind *cur;
	struct umap *map;
	size_t n_map;
	bool dirty;        /* maps added since the last report */
	size_t n_reported; /* maps reported to dwfl */
	bool perf_map_read;
	struct symtab jit; /* /tmp/perf-PID.map */
#if HAVE_LIBDW
	Dwfl *dwfl;
#endif
};

struct usyms {
	char *root;
	uid_t owner; /* the workload's user: whose perf maps are read */
	struct uproc *proc;
	size_t n_proc;
#if HAVE_LIBDW
	char *debuginfo_path;
	Dwfl_Callbacks cb;
#endif
};

#if HAVE_LIBDW
const char *const usyms_backend = "libdw";
#else
const char *const usyms_backend = "none";
#endif

int usyms_new(const char *root, uid_t owner, struct usyms **out)
{
	struct usyms *u = calloc(1, sizeof(*u));

	if (!u || !(u->root = strdup(root))) {
		free(u);
		return -ENOMEM;
	}
	u->owner = owner;
#if HAVE_LIBDW
	u->cb.find_elf = dwfl_build_id_find_elf;
	u->cb.find_debuginfo = dwfl_standard_find_debuginfo;
	u->cb.debuginfo_path = &u->debuginfo_path;
#endif
	*out = u;
	return 0;
}

static struct uproc *usyms_proc(struct usyms *u, pid_t pid, bool add)
{
	struct uproc *p;

	for (size_t i = 0; i < u->n_proc; i++)
		if (u->proc[i].pid == pid)
			return &u->proc[i];
	if (!add)
		return NULL;
	p = realloc(u->proc, (u->n_proc + 1) * sizeof(*p));
	if (!p)
		return NULL;
	u->proc = p;
	p = &p[u->n_proc++];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	return p;
}

int usyms_map(struct usyms *u, pid_t pid, uint64_t start, uint64_t len,
	      uint64_t pgoff, const char *file)
{
	struct uproc *p = usyms_proc(u, pid, true);
	struct umap *m;

	if (!p)
		return -ENOMEM;
	m = realloc(p->map, (p->n_map + 1) * sizeof(*m));
	if (!m)
		return -ENOMEM;
	p->map = m;
	m = &m[p->n_map];
	m->file = strdup(file);
	if (!m->file)
		return -ENOMEM;
	m->start = start;
	m->end = start + len;
	m->pgoff = pgoff;
	p->n_map++;
	p->dirty = true;
	return 0;
}

/* The latest mapping of p covering addr (a later map replaces). */
static const struct umap *usyms_where(const struct uproc *p, uint64_t addr)
{
	for (size_t i = p->n_map; i-- > 0;)
		if (addr >= p->map[i].start && addr < p->map[i].end)
			return &p->map[i];
	return NULL;
}

#if HAVE_LIBDW
/* Report the files mapped in p since the last report, each once (its
 * first executable mapping); the modules reported before stay. */
static void usyms_report(struct usyms *u, struct uproc *p)
{
	if (!p->dwfl)
		p->dwfl = dwfl_begin(&u->cb);
	if (!p->dwfl)
		return;
	dwfl_report_begin_add(p->dwfl);
	for (size_t i = p->n_reported; i < p->n_map; i++) {
		const struct umap *m = &p->map[i];
		char path[4096];
		bool seen = false;

		if (m->file[0] != '/')
			continue; /* [vdso], anonymous */
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(p->map[j].file, m->file);
		if (seen)
			continue;
		snprintf(path, sizeof(path), "%s%s", u->root, m->file);
		/* an overlap (a file mapped again after exec) is refused:
		 * its addresses stay with the first */
		dwfl_report_elf(p->dwfl, m->file, path, -1,
				m->start - m->pgoff, true);
	}
	dwfl_report_end(p->dwfl, NULL, NULL);
	p->n_reported = p->n_map;
	p->dirty = false;
}

static const char *usyms_dw(struct uproc *p, uint64_t addr)
{
	Dwfl_Module *mod = p->dwfl ? dwfl_addrmodule(p->dwfl, addr) : NULL;
	GElf_Off off;
	GElf_Sym sym;

	const char *name;

	if (!mod)
		return NULL;
	name = dwfl_module_addrinfo(mod, addr, &off, &sym, NULL, NULL, NULL);
	/* past a sized symbol's end (libdwfl may hand the nearest below):
	 * in no symbol, the file's name instead */
	if (name && sym.st_size && off >= sym.st_size)
		return NULL;
	return name;
}
#endif

#if HAVE_LIBDW
static pid_t usyms_next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct uproc *p = arg;

	if (*thread_argp)
		return 0;
	*thread_argp = p;
	return p->pid;
}

/* Only the copied stack is readable: the rest of the process is gone. */
static bool usyms_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *out,
			      void *arg)
{
	const struct uwind *w = ((struct uproc *)arg)->cur;

	if (addr < w->sp || addr - w->sp + sizeof(*out) > w->len)
		return false;
	memcpy(out, w->stack + (addr - w->sp), sizeof(*out));
	return true;
}

static bool usyms_initial_regs(Dwfl_Thread *thread, void *arg)
{
	const struct uwind *w = ((struct uproc *)arg)->cur;

	return dwfl_thread_state_registers(thread, 0, (unsigned)w->nregs,
					   w->regs);
}

static const Dwfl_Thread_Callbacks usyms_thread_cb = {
	.next_thread = usyms_next_thread,
	.memory_read = usyms_memory_read,
	.set_initial_registers = usyms_initial_regs,
};

static int usyms_frame(Dwfl_Frame *state, void *arg)
{
	struct uwind *w = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, &activation) || !pc)
		return DWARF_CB_ABORT;
	w->ips[w->n++] = pc;
	return w->n < w->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}
#endif

size_t usyms_unwind(struct usyms *u, pid_t pid, const uint64_t *regs,
		    size_t nregs, const unsigned char *stack, size_t len,
		    uint64_t *ips, size_t max)
{
#if HAVE_LIBDW
	struct uproc *p = usyms_proc(u, pid, false);
	struct uwind w = { regs, nregs, stack, len, regs[7] /* rsp */, ips,
			   0, max };

	if (!p || !max || nregs < 8)
		return 0;
	if (p->dirty)
		usyms_report(u, p);
	if (!p->dwfl)
		return 0;
	if (!p->attached)
		p->attached = dwfl_attach_state(p->dwfl, NULL, pid,
						&usyms_thread_cb, p);
	if (!p->attached)
		return 0;
	p->cur = &w;
	dwfl_getthread_frames(p->dwfl, pid, usyms_frame, &w);
	p->cur = NULL;
	return w.n;
#else
	return 0;
#endif
}

const char *usyms_find(struct usyms *u, pid_t pid, uint64_t addr, char *buf,
		       size_t len)
{
	struct uproc *p = usyms_proc(u, pid, false);
	const struct umap *m;
	const char *name = NULL, *base;

	if (!p) {
		snprintf(buf, len, "[unknown]");
		return buf;
	}
	m = usyms_where(p, addr);
#if HAVE_LIBDW
	if (m && p->dirty)
		usyms_report(u, p);
	if (m)
		name = usyms_dw(p, addr);
#endif
	if (!m || !name) {
		if (!p->perf_map_read) {
			p->perf_map_read = true;
			symtab_perf_map(u->root, pid, u->owner, &p->jit);
		}
		name = symtab_find(&p->jit, addr);
	}
	if (name) {
		/* a versioned symbol: the name without "@@GLIBC_2.34" */
		snprintf(buf, len, "%.*s", (int)strcspn(name, "@"), name);
		return buf;
	}
	if (!m) {
		snprintf(buf, len, "[unknown]");
		return buf;
	}
	base = strrchr(m->file, '/');
	snprintf(buf, len, "%s%s%s", m->file[0] == '[' ? "" : "[",
		 base ? base + 1 : m->file, m->file[0] == '[' ? "" : "]");
	return buf;
}

void usyms_reset(struct usyms *u)
{
	for (size_t i = 0; i < u->n_proc; i++) {
		struct uproc *p = &u->proc[i];

		for (size_t j = 0; j < p->n_map; j++)
			free(p->map[j].file);
		free(p->map);
		symtab_free(&p->jit);
#if HAVE_LIBDW
		if (p->dwfl)
			dwfl_end(p->dwfl);
#endif
	}
	free(u->proc);
	u->proc = NULL;
	u->n_proc = 0;
}

void usyms_free(struct usyms *u)
{
	if (!u)
		return;
	usyms_reset(u);
	free(u->root);
	free(u);
}
