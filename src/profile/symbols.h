/* SPDX-License-Identifier: MIT */
/*
 * symbols: addresses of a profiled run to function names. Two kinds of
 * table, both "the greatest start <= address" lookups: the kernel's and
 * its modules' from kallsyms (symbols.c), and a process's executable
 * mappings (usyms.c): ELF symbol tables through elfutils libdwfl
 * (build ids, separate debuginfo under /usr/lib/debug when installed),
 * and a JIT's /tmp/perf-PID.map for addresses outside any file. Names
 * are the ELF ones (no demangling); an address no table covers is
 * "[unknown]", one in a file without a symbol "[FILE]" (its basename).
 */
#ifndef ABSTAT_SYMBOLS_H
#define ABSTAT_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* A sorted table of (start, name). */
struct symtab {
	struct symbol {
		uint64_t start, end; /* end 0: up to the next start; end ==
				      * start: a stop (a section's marker:
				      * nothing is there) */
		char *name;
		uint32_t group;      /* kallsyms: its module (0: the
				      * kernel's own text) */
	} *sym;
	size_t n, cap;
};

/* ROOT/proc/kallsyms (root "" for this machine: a test gives a fake
 * tree) into t: text symbols, module ones without their "[module]"
 * tag, JIT'd BPF programs ("bpf_prog_TAG_NAME [bpf]") with them. Each
 * ends where the next begins: the text sections' markers (_etext,
 * _einittext, __*_text_start and _end, ...) are stops that name
 * nothing, so an address past a section's end or in a gap is no
 * symbol's ("[unknown]", as perf names it); a module's last symbol ends
 * at its module's end (ROOT/proc/modules), where that is not known
 * (another module, [bpf]) a page after its start at most. 0, -EPERM when every address reads 0 (kptr_restrict, not root:
 * the reason in err), or -errno. */
int symtab_kallsyms(const char *root, struct symtab *t, char *err,
		    size_t len);
/* ROOT/tmp/perf-PID.map (lines "START SIZE NAME", hex), read only when
 * it is a regular file owned by owner (the workload's user) or root, as
 * perf does: opened without following a symlink and without blocking
 * (a FIFO), so a workload cannot make abstat read a device or a file it
 * may not read itself. 0 (also when there is none, or it is ignored),
 * or -ENOMEM. */
int symtab_perf_map(const char *root, pid_t pid, uid_t owner,
		    struct symtab *t);
/* Add one symbol; symtab_sort before the first lookup. 0 or -ENOMEM. */
int symtab_add(struct symtab *t, uint64_t start, uint64_t end,
	       const char *name, size_t name_len);
void symtab_sort(struct symtab *t);
/* The symbol covering addr, or NULL. */
const char *symtab_find(const struct symtab *t, uint64_t addr);
void symtab_free(struct symtab *t);

/* One process's mappings (usyms.c). */
struct usyms;

/* root: "" (tests: a tree with tmp/perf-PID.map); owner: the workload's
 * user, whose perf maps are read (symtab_perf_map). */
int usyms_new(const char *root, uid_t owner, struct usyms **out);
/* An executable mapping of pid (a sampler's PERF_RECORD_MMAP2). 0 or
 * -ENOMEM. */
int usyms_map(struct usyms *u, pid_t pid, uint64_t start, uint64_t len,
	      uint64_t pgoff, const char *file);
/* The function at addr in pid, in buf (always a name: see above). */
const char *usyms_find(struct usyms *u, pid_t pid, uint64_t addr, char *buf,
		       size_t len);
/* --call-graph dwarf: unwind pid's user stack from its registers (nregs
 * in DWARF order) and a copy of the stack from sp, through the CFI of
 * the files mapped so far (.eh_frame, .debug_frame). The frames into
 * ips, leaf first, at most max; returns how many (0: cannot unwind, or
 * a build without libdw). */
size_t usyms_unwind(struct usyms *u, pid_t pid, const uint64_t *regs,
		    size_t nregs, const unsigned char *stack, size_t len,
		    uint64_t *ips, size_t max);
/* Forget every mapping (the next run's process is another). */
void usyms_reset(struct usyms *u);
void usyms_free(struct usyms *u);
/* "libdw" when user code is symbolised through elfutils, else "none"
 * (a build without libdw: file names only). */
extern const char *const usyms_backend;
/* libdw is dlopen()ed on first use (src/measure/usyms_dl.c): false, with a
 * sentence in why, when this build's libdw cannot be loaded (user frames
 * then are named by their file only); true otherwise. */
bool usyms_dw_ready(char *why, size_t len);

#endif
