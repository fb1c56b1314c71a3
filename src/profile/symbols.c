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
	t->n++;
	return 0;
}

static int symtab_cmp(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	/* aliases (one address, several names): the lookup takes the last,
	 * so the order among them is fixed by name */
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
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
	if (s->end && addr >= s->end)
		return NULL;
	return s->name;
}

void symtab_free(struct symtab *t)
{
	for (size_t i = 0; i < t->n; i++)
		free(t->sym[i].name);
	free(t->sym);
	memset(t, 0, sizeof(*t));
}

int symtab_kallsyms(const char *root, struct symtab *t, char *err,
		    size_t len)
{
	char path[4096], line[1024];
	bool any = false;
	FILE *f;
	int rc = 0;

	snprintf(path, sizeof(path), "%s/proc/kallsyms", root);
	f = fopen(path, "re");
	if (!f) {
		rc = -errno;
		snprintf(err, len, "cannot read %s: %s", path, strerror(-rc));
		return rc;
	}
	while (!rc && fgets(line, sizeof(line), f)) {
		char *end, *name;
		uint64_t a = strtoull(line, &end, 16);
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
		rc = symtab_add(t, a, 0, name, strcspn(name, "\t \n"));
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
