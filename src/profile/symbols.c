// SPDX-License-Identifier: MIT
/*
 * symbols: sorted symbol tables and the two text sources of them:
 * kallsyms (proc(5): "ADDRESS TYPE NAME [MODULE]"; with kptr_restrict
 * and no CAP_SYSLOG every address reads 0) and a JIT's perf map
 * (tools/perf/Documentation/jit-interface.txt: "START SIZE symbolname",
 * hex, one a line).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "err.h"
#include "symbols.h"
#include "sysroot.h"

int symtab_add(struct symtab *t, uint64_t start, uint64_t end,
	       const char *name, size_t name_len)
{
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 1024;
		struct symbol *s = realloc(t->sym, cap * sizeof(*s));

		if (!s)
			return -ENOMEM;
		t->sym = s;
		t->cap = cap;
	}
	t->sym[t->n].name = strndup(name, name_len);
	if (!t->sym[t->n].name)
		return -ENOMEM;
	t->sym[t->n].start = start;
	t->sym[t->n].end = end;
	t->sym[t->n].group = 0;
	t->n++;
	return 0;
}

static int symtab_cmp(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	/* aliases (one address, several names): the lookup takes the last,
	 * so the order among them is fixed: stops first (a function at a
	 * marker's address is named), then by name */
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if ((x->end == x->start) != (y->end == y->start))
		return x->end == x->start ? -1 : 1;
	return strcmp(x->name, y->name);
}

void symtab_sort(struct symtab *t)
{
	if (t->n)
		qsort(t->sym, t->n, sizeof(*t->sym), symtab_cmp);
}

const char *symtab_find(const struct symtab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;
	const struct symbol *s;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->sym[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	s = &t->sym[lo - 1];
	if ((s->end || s->start == 0) && addr >= s->end)
		return NULL; /* past its end, or a stop */
	return s->name;
}

void symtab_free(struct symtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->sym[i].name);
	free(t->sym);
	memset(t, 0, sizeof(*t));
}

/* A text section's start or end marker in kallsyms: where no function
 * is (vmlinux.lds.h, arch/x86/kernel/vmlinux.lds.S). */
static bool symtab_marker(const char *name, size_t n)
{
	static const char *const exact[] = {
		"_text", "_stext", "_etext", "_sinittext", "_einittext",
		"_end", "_sdata", "_edata", "__init_begin", "__init_end",
		"__indirect_thunk_start", "__indirect_thunk_end",
	};
	static const char *const tails[] = { "_text_start", "_text_end" };

	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
		if (strlen(exact[i]) == n && !strncmp(name, exact[i], n))
			return true;
	for (size_t i = 0; n > 2 && !strncmp(name, "__", 2) &&
			   i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t k = strlen(tails[i]);

		if (n > k && !strncmp(name + n - k, tails[i], k))
			return true;
	}
	return false;
}

/* A module tag ("[ext4]", "[bpf]") as a group number (FNV-1a, never 0:
 * 0 is the kernel's own text). */
static uint32_t symtab_group(const char *tag, size_t n)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)tag[i]) * 16777619u;
	return h ? h : 1;
}

/* ROOT/proc/modules' "NAME SIZE REFS DEPS STATE ADDRESS": the end of
 * group g's core, or 0 when not listed. */
static uint64_t symtab_module_end(const char *root, uint32_t g)
{
	char line[1024], name[256];
	unsigned long long size, addr;
	uint64_t end = 0;
	FILE *f;

	f = sysroot_fopen(root, "/proc/modules");
	if (!f)
		return 0;
	while (!end && fgets(line, sizeof(line), f)) {
		char tag[260];

		if (sscanf(line, "%255s %llu %*s %*s %*s %llx", name, &size,
			   &addr) != 3)
			continue;
		snprintf(tag, sizeof(tag), "[%s]", name);
		if (symtab_group(tag, strlen(tag)) == g && addr)
			end = addr + size;
	}
	fclose(f);
	return end;
}

/* Each symbol (t sorted) ends where the next begins; one whose next is
 * in another group ends with its module, else a page on at most. */
#define SYMTAB_TAIL 4096
static void symtab_bound(const char *root, struct symtab *t)
{
	for (size_t i = 0; i < t->n; i++) {
		struct symbol *s = &t->sym[i];
		size_t j = i + 1;
		uint64_t mod;

		if (s->end == s->start && s->end)
			continue; /* a stop */
		while (j < t->n && t->sym[j].start == s->start)
			j++;
		if (j < t->n && t->sym[j].group == s->group) {
			s->end = t->sym[j].start;
			continue;
		}
		mod = s->group ? symtab_module_end(root, s->group) : 0;
		s->end = mod > s->start ? mod : s->start + SYMTAB_TAIL;
		if (j < t->n && t->sym[j].start < s->end)
			s->end = t->sym[j].start;
	}
}

int symtab_kallsyms(const char *root, struct symtab *t, char *err,
		    size_t len)
{
	char path[4096], line[1024];
	bool any = false;
	FILE *f;
	int rc = 0;

	f = sysroot_fopen(root, "/proc/kallsyms");
	if (!f) {
		rc = -errno;
		sysroot_path(root, "/proc/kallsyms", path, sizeof(path));
		snprintf(err, len, "cannot read %s: %s", path, strerror(-rc));
		return rc;
	}
	while (!rc && fgets(line, sizeof(line), f)) {
		char *end, *name, *tag;
		uint64_t a = strtoull(line, &end, 16);
		size_t n;
		char type;

		if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		type = end[1];
		/* text (t T), weak (w W): where code runs */
		if (!strchr("tTwW", type))
			continue;
		name = end + 3;
		any |= a != 0;
		/* __pfx_NAME: the padding before NAME (CONFIG_CALL_PADDING),
		 * never where code runs */
		if (!strncmp(name, "__pfx_", 6))
			continue;
		/* "name\t[module]\n" or "name\n" */
		n = strcspn(name, "\t \n");
		rc = symtab_add(t, a, symtab_marker(name, n) ? a : 0, name, n);
		tag = name + n + strspn(name + n, "\t ");
		if (!rc && *tag == '[')
			t->sym[t->n - 1].group =
				symtab_group(tag, strcspn(tag, "\n"));
	}
	fclose(f);
	if (rc)
		return err_nomem(err, len); /* symtab_add: -ENOMEM only */
	if (t->n && !any) {
		snprintf(err, len, "%s shows every address as 0 (kernel.kptr_restrict); kernel frames are [unknown]: run as root or set kernel.kptr_restrict=0",
			 path);
		return -EPERM;
	}
	symtab_sort(t);
	symtab_bound(root, t);
	return 0;
}

/* The perf map at path open for reading, or NULL: none, or not one the
 * workload's user could have made for it (see symbols.h). */
static FILE *symtab_perf_map_open(const char *path, uid_t owner)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	FILE *f;

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (st.st_uid != owner && st.st_uid != 0)) {
		close(fd);
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f)
		close(fd);
	return f;
}

int symtab_perf_map(const char *root, pid_t pid, uid_t owner,
		    struct symtab *t)
{
	char path[4096], line[4096];
	FILE *f;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/tmp/perf-%d.map", root, (int)pid);
	f = symtab_perf_map_open(path, owner);
	if (!f)
		return 0;
	while (!rc && fgets(line, sizeof(line), f)) {
		char *p, *name;
		uint64_t start = strtoull(line, &p, 16), size;

		if (p == line || *p != ' ')
			continue;
		size = strtoull(p + 1, &name, 16);
		if (name == p + 1 || *name != ' ' || !size)
			continue;
		name++;
		rc = symtab_add(t, start, start + size, name,
				strcspn(name, "\n"));
	}
	fclose(f);
	symtab_sort(t);
	return rc;
}
