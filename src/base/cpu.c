// SPDX-License-Identifier: MIT
/* cpu: CPU lists, online set, default CPU (see cpu.h). */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

static int cpu_list_add(struct cpu_list *l, int cpu)
{
	size_t i = 0;

	while (i < l->n && l->cpu[i] < cpu)
		i++;
	if (i < l->n && l->cpu[i] == cpu)
		return 0;
	if (l->n == CPU_LIST_MAX)
		return -ERANGE;
	memmove(&l->cpu[i + 1], &l->cpu[i], (l->n - i) * sizeof(l->cpu[0]));
	l->cpu[i] = cpu;
	l->n++;
	return 0;
}

/* A decimal CPU number at *p (< CPU_LIST_MAX); advances *p. */
static int cpu_number(const char **p)
{
	int v = 0;

	if (**p < '0' || **p > '9')
		return -1;
	while (**p >= '0' && **p <= '9') {
		v = v * 10 + (**p - '0');
		if (v >= CPU_LIST_MAX)
			return -1;
		(*p)++;
	}
	return v;
}

int cpu_list_parse(const char *s, struct cpu_list *out, size_t *bad_at)
{
	const char *p = s;

	out->n = 0;
	if (!s)
		return -EINVAL;
	while (*p == ' ' || *p == '\n')
		p++;
	if (!*p)
		goto bad;
	for (;;) {
		int lo, hi, stride = 1;

		lo = cpu_number(&p);
		if (lo < 0)
			goto bad;
		hi = lo;
		if (*p == '-') {
			p++;
			hi = cpu_number(&p);
			if (hi < lo)
				goto bad;
			if (*p == ':') {
				p++;
				stride = cpu_number(&p);
				if (stride <= 0)
					goto bad;
			}
		}
		for (int c = lo; c <= hi; c += stride)
			if (cpu_list_add(out, c) < 0)
				goto bad;
		if (*p == ',') {
			p++;
			continue;
		}
		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			return 0;
		goto bad;
	}
bad:
	if (bad_at)
		*bad_at = p - s;
	out->n = 0;
	return -EINVAL;
}

void cpu_list_format(const struct cpu_list *l, char *buf, size_t len)
{
	size_t off = 0;

	if (len)
		buf[0] = '\0';
	for (size_t i = 0; i < l->n && off < len; i++) {
		size_t j = i;
		int w;

		while (j + 1 < l->n && l->cpu[j + 1] == l->cpu[j] + 1)
			j++;
		if (j > i)
			w = snprintf(buf + off, len - off, "%s%d-%d",
				     off ? "," : "", l->cpu[i], l->cpu[j]);
		else
			w = snprintf(buf + off, len - off, "%s%d",
				     off ? "," : "", l->cpu[i]);
		if (w < 0)
			return;
		off += (size_t)w;
		i = j;
	}
}

bool cpu_list_has(const struct cpu_list *l, int cpu)
{
	for (size_t i = 0; i < l->n; i++)
		if (l->cpu[i] == cpu)
			return true;
	return false;
}

static int cpu_read_list(const char *sysroot, const char *rel,
			 struct cpu_list *out)
{
	char path[4096], line[4096];
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s%s", sysroot ? sysroot : "", rel);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	if (!fgets(line, sizeof(line), f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	rc = cpu_list_parse(line, out, NULL);
	return rc;
}

int cpu_online(const char *sysroot, struct cpu_list *out)
{
	return cpu_read_list(sysroot, "/sys/devices/system/cpu/online", out);
}

int cpu_siblings(const char *sysroot, int cpu, struct cpu_list *out)
{
	char rel[128];

	snprintf(rel, sizeof(rel),
		 "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list",
		 cpu);
	return cpu_read_list(sysroot, rel, out);
}

int cpu_default(const struct cpu_list *online)
{
	if (!online->n)
		return -1;
	return online->cpu[online->n - 1];
}

int cpu_current(void)
{
	return sched_getcpu();
}
