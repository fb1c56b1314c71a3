// SPDX-License-Identifier: MIT
/*
 * perf_sysfs: the kernel's own event tables, read from files (no
 * syscalls): each PMU's /sys/bus/event_source/devices/<pmu>/{type,
 * format/, events/} files for perf's pmu/term=value,.../ spelling, and
 * tracefs's events/<sys>/<name>/id for tracepoints. Every path is under a
 * root directory ("" for the real machine) so unit tests drive fake trees.
 *
 * A format file says where a term's bits go: "config:0-7,21" puts the
 * value's low bits into config bits 0..7, its next bit into bit 21 (perf's
 * util/pmu.c pmu_format_value). An events file is an alias, a list of
 * terms ("event=0x3c,umask=0x00"); "?" values (perf asks the user for a
 * cpu or a file descriptor) are refused.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_internal.h"

#define SYSFS_PMUS "/sys/bus/event_source/devices"

static char sysfs_root[256];

void perf_sysfs_set_root(const char *root)
{
	snprintf(sysfs_root, sizeof(sysfs_root), "%s", root ? root : "");
}

/* First line of <root><path> into buf, trailing space cut. 0 or -errno. */
static int sysfs_line(const char *path, char *buf, size_t len)
{
	char full[768];
	FILE *f;
	size_t n;

	snprintf(full, sizeof(full), "%s%s", sysfs_root, path);
	f = fopen(full, "r");
	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	n = strlen(buf);
	while (n && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return 0;
}

/* A sysfs or tracefs name component: no '/', no "..", not empty. */
static bool sysfs_name_ok(const char *s, size_t n)
{
	if (!n || n > 128 || (n == 2 && s[0] == '.' && s[1] == '.') ||
	    (n == 1 && s[0] == '.'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_-.", s[i]))
			return false;
	return true;
}

static int sysfs_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || *end ? -EINVAL : 0;
}

/* Place v into the bits a format spec ("config1:0-7,21") names. */
static int sysfs_place(const char *spec, uint64_t v, uint64_t cfg[3])
{
	const char *p = strchr(spec, ':');
	int which = 0, used = 0;

	if (!p)
		return -EINVAL;
	if (!strncmp(spec, "config1:", 8))
		which = 1;
	else if (!strncmp(spec, "config2:", 8))
		which = 2;
	else if (strncmp(spec, "config:", 7))
		return -EINVAL; /* config3 and later: not in struct event */
	for (p++; *p;) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;

		if (end == p)
			return -EINVAL;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (lo < 0 || hi > 63 || hi < lo)
			return -EINVAL;
		for (long b = lo; b <= hi; b++, used++)
			if (used < 64 && (v >> used) & 1)
				cfg[which] |= 1ULL << b;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -EINVAL;
	}
	if (used < 64 && v >> used)
		return -ERANGE;
	return 0;
}

static int pmu_term(const char *pmu, const char *term, size_t tn,
		    const char *val, int depth, uint64_t cfg[3], char *err,
		    size_t len);

/* A list of terms "a=1,b,c=0x2" (an alias's or the user's). */
static int pmu_terms(const char *pmu, const char *terms, int depth,
		     uint64_t cfg[3], char *err, size_t len)
{
	const char *p = terms;

	while (*p) {
		size_t n = strcspn(p, ","), tn = strcspn(p, "=,");
		char val[64] = "";
		int rc;

		if (tn < n) {
			snprintf(val, sizeof(val), "%.*s", (int)(n - tn - 1),
				 p + tn + 1);
			if (!*val) {
				snprintf(err, len, "term '%.*s' of PMU %s has no value; expected TERM=VALUE",
					 (int)tn, p, pmu);
				return -EINVAL;
			}
		}
		rc = pmu_term(pmu, p, tn, tn < n ? val : NULL, depth, cfg, err,
			      len);
		if (rc)
			return rc;
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

static bool sysfs_term_is(const char *term, size_t tn, const char *name)
{
	return strlen(name) == tn && !strncmp(term, name, tn);
}

static int pmu_term(const char *pmu, const char *term, size_t tn,
		    const char *val, int depth, uint64_t cfg[3], char *err,
		    size_t len)
{
	static const char *const raw[] = { "config", "config1", "config2" };
	static const char *const sampling[] = {
		"period", "freq", "call-graph", "stack-size", "max-stack",
		"overwrite", "no-overwrite", "aux-output", "aux-sample-size",
		"branch_type", "time",
	};
	char path[512], spec[256];
	uint64_t v = 1;
	int rc;

	if (sysfs_term_is(term, tn, "name") ||
	    sysfs_term_is(term, tn, "metric-id"))
		return 0; /* perf's display names: no bits */
	for (size_t i = 0; i < sizeof(sampling) / sizeof(sampling[0]); i++)
		if (sysfs_term_is(term, tn, sampling[i])) {
			snprintf(err, len, "term %s of PMU %s is for sampling; abstat counts",
				 sampling[i], pmu);
			return -EINVAL;
		}
	if (!sysfs_name_ok(term, tn)) {
		snprintf(err, len, "bad term '%.*s' for PMU %s; expected TERM=VALUE",
			 (int)(tn > 64 ? 64 : tn), term, pmu);
		return -EINVAL;
	}
	if (val && (!strcmp(val, "?") || sysfs_u64(val, &v))) {
		snprintf(err, len, "term %.*s of PMU %s: '%s' is not a number%s",
			 (int)tn, term, pmu, val,
			 strcmp(val, "?") ? "" : " (perf asks for it; give it)");
		return -EINVAL;
	}
	for (int i = 0; i < 3; i++)
		if (strlen(raw[i]) == tn && !strncmp(term, raw[i], tn)) {
			cfg[i] |= v;
			return 0;
		}
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/format/%.*s", pmu,
		 (int)tn, term);
	rc = sysfs_line(path, spec, sizeof(spec));
	if (!rc) {
		rc = sysfs_place(spec, v, cfg);
		if (rc)
			snprintf(err, len, "term %.*s of PMU %s: %s '%s'",
				 (int)tn, term, pmu,
				 rc == -ERANGE ? "value too large for" :
						 "cannot use the format",
				 spec);
		return rc ? -EINVAL : 0;
	}
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/events/%.*s", pmu,
		 (int)tn, term);
	if (!val && depth == 0 && !sysfs_line(path, spec, sizeof(spec)))
		return pmu_terms(pmu, spec, depth + 1, cfg, err, len);
	snprintf(err, len, "PMU %s has no term or event '%.*s' (see %s" SYSFS_PMUS "/%s/format and events); see 'abstat list'",
		 pmu, (int)tn, term, sysfs_root, pmu);
	return -ENOENT;
}

int perf_sysfs_pmu(const char *pmu, const char *terms, uint32_t *type,
		   uint64_t cfg[3], char *err, size_t len)
{
	char path[512], line[64];
	uint64_t t;

	cfg[0] = cfg[1] = cfg[2] = 0;
	if (!sysfs_name_ok(pmu, strlen(pmu))) {
		snprintf(err, len, "'%.64s' is not a PMU name; expected PMU/TERM=VALUE,.../",
			 pmu);
		return -ENOENT;
	}
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", pmu);
	if (sysfs_line(path, line, sizeof(line))) {
		snprintf(err, len, "no PMU named %s on this machine (no %s" SYSFS_PMUS "/%s); see 'abstat list'",
			 pmu, sysfs_root, pmu);
		return -ENOENT;
	}
	if (sysfs_u64(line, &t) || t > UINT32_MAX) {
		snprintf(err, len, "PMU %s has a malformed type '%.32s'", pmu,
			 line);
		return -EIO;
	}
	*type = (uint32_t)t;
	return pmu_terms(pmu, terms, 0, cfg, err, len);
}

bool perf_sysfs_cpu_only(const char *pmu)
{
	char path[512], line[64];

	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/cpumask", pmu);
	return sysfs_name_ok(pmu, strlen(pmu)) &&
	       !sysfs_line(path, line, sizeof(line));
}

/* The tracefs events directory: the standard mount points, then any
 * tracefs in the mount table (as perf's api/fs looks for it). */
static int sysfs_tracefs(char *dir, size_t len)
{
	static const char *const std[] = {
		"/sys/kernel/tracing", "/sys/kernel/debug/tracing",
	};
	char path[512], line[1024], probe[64];
	FILE *f;

	for (size_t i = 0; i < sizeof(std) / sizeof(std[0]); i++) {
		snprintf(path, sizeof(path), "%s/events/header_page", std[i]);
		if (!sysfs_line(path, probe, sizeof(probe))) {
			snprintf(dir, len, "%s", std[i]);
			return 0;
		}
	}
	snprintf(path, sizeof(path), "%s/proc/self/mounts", sysfs_root);
	f = fopen(path, "r");
	if (!f)
		return -ENOENT;
	while (fgets(line, sizeof(line), f)) {
		char mnt[512], fs[64];

		if (sscanf(line, "%*s %511s %63s", mnt, fs) == 2 &&
		    !strcmp(fs, "tracefs")) {
			snprintf(dir, len, "%s", mnt);
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	return -ENOENT;
}

int perf_sysfs_tracepoint(const char *sys, const char *name, uint64_t *id,
			  char *err, size_t len)
{
	char dir[512], path[1024], line[64];
	int rc;

	if (strpbrk(sys, "*?[") || strpbrk(name, "*?[")) {
		snprintf(err, len, "tracepoint globs (%.64s:%.64s) are not expanded: name each one ('abstat list \"%.64s:%.64s\"' shows them)",
			 sys, name, sys, name);
		return -ENOENT;
	}
	if (!sysfs_name_ok(sys, strlen(sys)) ||
	    !sysfs_name_ok(name, strlen(name))) {
		snprintf(err, len, "'%.64s:%.64s' is not a tracepoint name; expected SYSTEM:EVENT",
			 sys, name);
		return -ENOENT;
	}
	if (sysfs_tracefs(dir, sizeof(dir))) {
		snprintf(err, len, "tracepoint %s:%s: tracefs is not mounted (mount -t tracefs nodev /sys/kernel/tracing); see 'abstat list'",
			 sys, name);
		return -ENOENT;
	}
	snprintf(path, sizeof(path), "%s/events/%s/%s/id", dir, sys, name);
	rc = sysfs_line(path, line, sizeof(line));
	if (rc == -EACCES || rc == -EPERM) {
		snprintf(err, len, "tracepoint %s:%s: cannot read %s%s: %s; tracepoints need root (or read access to tracefs)",
			 sys, name, sysfs_root, path, strerror(-rc));
		return -EACCES;
	}
	if (rc) {
		snprintf(err, len, "no tracepoint %s:%s (no %s%s; perf list tracepoint shows them); see 'abstat list'",
			 sys, name, sysfs_root, path);
		return -ENOENT;
	}
	if (sysfs_u64(line, id)) {
		snprintf(err, len, "tracepoint %s:%s has a malformed id '%.32s'",
			 sys, name, line);
		return -EIO;
	}
	return 0;
}

/* Sorted entries of <root><dir>: n, or -1 (errno). */
static int sysfs_scan(const char *dir, struct dirent ***out)
{
	char full[1280];

	snprintf(full, sizeof(full), "%s%s", sysfs_root, dir);
	return scandir(full, out, NULL, alphasort);
}

static void sysfs_scan_free(struct dirent **d, int n)
{
	for (int i = 0; i < n; i++)
		free(d[i]);
	free(d);
}

/* An events/ alias file, not its .scale, .unit, .snapshot companions. */
static bool sysfs_alias_name(const char *name)
{
	return name[0] != '.' && !strchr(name, '.') &&
	       sysfs_name_ok(name, strlen(name));
}

/* A tracepoint's directory entry, not tracefs's per-system controls. */
static bool sysfs_tracepoint_name(const char *name)
{
	return sysfs_alias_name(name) && strcmp(name, "enable") &&
	       strcmp(name, "filter");
}

/* fn("a" sep "b" tail) for every <top>/a<sub>/b keep() takes, sorted. */
static int sysfs_walk(const char *top, const char *sub, const char *sep,
		      const char *tail, bool (*keep)(const char *name),
		      int (*fn)(const char *name, void *arg), void *arg)
{
	struct dirent **as = NULL;
	int na = sysfs_scan(top, &as), rc = 0;

	for (int a = 0; a < na && !rc; a++) {
		struct dirent **bs = NULL;
		char dir[900], name[600];
		int nb;

		if (!sysfs_alias_name(as[a]->d_name))
			continue;
		snprintf(dir, sizeof(dir), "%s/%s%s", top, as[a]->d_name, sub);
		nb = sysfs_scan(dir, &bs);
		for (int b = 0; b < nb && !rc; b++) {
			if (!keep(bs[b]->d_name))
				continue;
			snprintf(name, sizeof(name), "%s%s%s%s", as[a]->d_name,
				 sep, bs[b]->d_name, tail);
			rc = fn(name, arg);
		}
		if (nb > 0)
			sysfs_scan_free(bs, nb);
	}
	if (na > 0)
		sysfs_scan_free(as, na);
	return rc;
}

int perf_sysfs_for_each_pmu_event(int (*fn)(const char *name, void *arg),
				  void *arg)
{
	return sysfs_walk(SYSFS_PMUS, "/events", "/", "/", sysfs_alias_name,
			  fn, arg);
}

int perf_sysfs_for_each_tracepoint(int (*fn)(const char *name, void *arg),
				   void *arg)
{
	char top[600];

	if (sysfs_tracefs(top, sizeof(top) - 8))
		return 0;
	strcat(top, "/events");
	return sysfs_walk(top, "", ":", "", sysfs_tracepoint_name, fn, arg);
}
