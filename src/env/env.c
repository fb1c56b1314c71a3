// SPDX-License-Identifier: MIT
/*
 * env: capture the environment of a measurement (see env.h). Every value
 * is read below o->root so tests can use a fake /proc and /sys; anything
 * missing is recorded as "unknown", never an error. The keys are listed in
 * abstat-doctor(1), ENVIRONMENT KEYS; env_diff.c classifies them.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "env.h"
#include "rkeys.h"
#include "sha256.h"
#include "version.h"
#include "sysroot.h"

#define SYSCPU "/sys/devices/system/cpu"

/* json string of buf when rc == 0, else "unknown". */
static json_t *env_str(int rc, const char *buf)
{
	return json_string(rc == 0 ? buf : "unknown");
}

static json_t *env_file_str(const char *root, const char *rel)
{
	char buf[4096];
	int rc = env_read(root, rel, buf, sizeof(buf));

	return env_str(rc, buf);
}

static json_t *env_file_int(const char *root, const char *rel)
{
	long v;

	if (env_read_long(root, rel, &v))
		return json_string("unknown");
	return json_integer(v);
}

static json_t *env_kernel(const char *root, char *cmdline, size_t len)
{
	json_t *k = json_object();
	char buf[4096];
	long btime = -1;
	FILE *f;

	json_object_set_new(k, RK_RELEASE,
			    env_file_str(root, "/proc/sys/kernel/osrelease"));
	json_object_set_new(k, "version",
			    env_file_str(root, "/proc/sys/kernel/version"));
	if (env_read(root, "/proc/cmdline", cmdline, len))
		snprintf(cmdline, len, "unknown");
	json_object_set_new(k, "cmdline", json_string(cmdline));
	json_object_set_new(k, "boot_id",
			    env_file_str(root,
					 "/proc/sys/kernel/random/boot_id"));
	f = sysroot_fopen(root, "/proc/stat");
	while (f && fgets(buf, sizeof(buf), f))
		if (sscanf(buf, "btime %ld", &btime) == 1)
			break;
	if (f)
		fclose(f);
	if (btime >= 0) {
		time_t t = (time_t)btime;
		struct tm tm;

		gmtime_r(&t, &tm);
		strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
		json_object_set_new(k, "boot_time", json_string(buf));
	} else {
		json_object_set_new(k, "boot_time", json_string("unknown"));
	}
	return k;
}

/* "key\t: value" -> value when the line's key is key. */
static const char *cpuinfo_value(const char *line, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	if (strncmp(line, key, n))
		return NULL;
	/* "model" must not match "model name": only blanks before ':' */
	p = line + n + strspn(line + n, " \t");
	if (*p != ':')
		return NULL;
	p++;
	while (*p == ' ')
		p++;
	return p;
}

/* Integer field or "unknown" */
static json_t *cpuinfo_int(const char *v)
{
	char *end;
	long n;

	if (!v)
		return json_string("unknown");
	n = strtol(v, &end, 0);
	if (end == v)
		return json_string(v);
	return json_integer(n);
}

/* The MIDR fields of an arm64 cpuinfo block (-1: not seen). */
struct env_midr {
	long impl, arch, variant, part, rev;
};

static void env_midr_line(const char *line, struct env_midr *m)
{
	static const struct {
		const char *key;
		size_t off;
	} f[] = {
		{ "CPU implementer", offsetof(struct env_midr, impl) },
		{ "CPU architecture", offsetof(struct env_midr, arch) },
		{ "CPU variant", offsetof(struct env_midr, variant) },
		{ "CPU part", offsetof(struct env_midr, part) },
		{ "CPU revision", offsetof(struct env_midr, rev) },
	};

	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		const char *v = cpuinfo_value(line, f[i].key);
		char *end;
		long n;

		if (!v)
			continue;
		n = strtol(v, &end, 0);
		if (end != v && n >= 0)
			*(long *)((char *)m + f[i].off) = n;
	}
}

/* An arm64 block's fields as the x86 keys: vendor and model name as
 * lscpu names them, family the architecture, model the part, stepping
 * the revision; emulated: QEMU TCG's CPU (env_arm.c). */
static void env_midr_keys(const struct env_midr *m, json_t *c)
{
	char vendor[64], model[128];

	if (m->impl < 0 || m->part < 0)
		return;
	env_arm_name((unsigned)m->impl, (unsigned)m->part, vendor,
		     sizeof(vendor), model, sizeof(model));
	json_object_set_new(c, "vendor", json_string(vendor));
	json_object_set_new(c, RK_MODEL_NAME, json_string(model));
	json_object_set_new(c, "family", m->arch < 0 ?
				json_string("unknown") : json_integer(m->arch));
	json_object_set_new(c, "model", json_integer(m->part));
	json_object_set_new(c, "stepping", m->rev < 0 ?
				json_string("unknown") : json_integer(m->rev));
	json_object_set_new(c, "variant", m->variant < 0 ?
				json_string("unknown") :
				json_integer(m->variant));
	if (env_arm_emulated((unsigned)m->impl, (unsigned)m->part))
		json_object_set_new(c, RK_EMULATED, json_true());
}

/*
 * The /proc/cpuinfo block of cpu (x86 layout: vendor_id, cpu family,
 * model, model name, stepping, microcode, flags; arm64's MIDR fields
 * instead, env_midr_keys) into c. Returns 1 when the flags say
 * "hypervisor" (or the CPU is emulated), 0 when not, -1 when unknown.
 */
static int env_cpuinfo(const char *root, int cpu, json_t *c)
{
	static const char *const keys[][2] = {
		{ "vendor_id", "vendor" },  { "model name", "model_name" },
		{ "cpu family", "family" }, { "model", "model" },
		{ "stepping", "stepping" }, { "microcode", "microcode" },
	};
	char line[8192];
	int hyp = -1, block = -1, want = -1;
	struct env_midr midr = { -1, -1, -1, -1, -1 };
	FILE *f;

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		json_object_set_new(c, keys[i][1], json_string("unknown"));
	f = sysroot_fopen(root, "/proc/cpuinfo");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		const char *v;

		line[strcspn(line, "\n")] = '\0';
		if ((v = cpuinfo_value(line, "processor"))) {
			block = atoi(v);
			/* the pinned CPU's block, else the first one */
			if (want < 0 || block == cpu)
				want = block;
			continue;
		}
		if (block != want)
			continue;
		for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
			json_t *j;

			v = cpuinfo_value(line, keys[i][0]);
			if (!v)
				continue;
			if (!strcmp(keys[i][1], "family") ||
			    !strcmp(keys[i][1], "model") ||
			    !strcmp(keys[i][1], "stepping"))
				j = cpuinfo_int(v);
			else
				j = json_string(v);
			json_object_set_new(c, keys[i][1], j);
		}
		env_midr_line(line, &midr);
		if ((v = cpuinfo_value(line, "flags"))) {
			char padded[8192];

			snprintf(padded, sizeof(padded), " %s ", v);
			hyp = strstr(padded, " hypervisor ") != NULL;
		}
	}
	fclose(f);
	env_midr_keys(&midr, c);
	if (json_is_true(json_object_get(c, "emulated")))
		hyp = 1;
	return hyp;
}

static json_t *env_cpu(const char *root, const struct cpu_list *pinned,
		       int cpu, int *hyp)
{
	json_t *c = json_object();
	struct cpu_list l, sib = { 0 };
	char buf[4096];
	int rc;

	*hyp = env_cpuinfo(root, cpu, c);
	rc = cpu_online(root, &l);
	if (!rc)
		cpu_list_format(&l, buf, sizeof(buf));
	json_object_set_new(c, "online", env_str(rc, buf));
	json_object_set_new(c, "smt_control",
			    env_file_str(root, SYSCPU "/smt/control"));
	if (!pinned || !pinned->n) {
		json_object_set_new(c, "pinned", json_string("none"));
		json_object_set_new(c, "pinned_siblings",
				    json_string("none"));
		return c;
	}
	cpu_list_format(pinned, buf, sizeof(buf));
	json_object_set_new(c, "pinned", json_string(buf));
	rc = 0;
	for (size_t i = 0; i < pinned->n && !rc; i++) {
		rc = cpu_siblings(root, pinned->cpu[i], &l);
		for (size_t j = 0; !rc && j < l.n; j++)
			if (!cpu_list_has(&sib, l.cpu[j]) &&
			    sib.n < CPU_LIST_MAX)
				sib.cpu[sib.n++] = l.cpu[j];
	}
	/* keep the list sorted for cpu_list_format */
	for (size_t i = 1; i < sib.n; i++)
		for (size_t j = i; j && sib.cpu[j - 1] > sib.cpu[j]; j--) {
			int t = sib.cpu[j];

			sib.cpu[j] = sib.cpu[j - 1];
			sib.cpu[j - 1] = t;
		}
	cpu_list_format(&sib, buf, sizeof(buf));
	json_object_set_new(c, "pinned_siblings", env_str(rc, buf));
	return c;
}

/* cpufreq of one CPU: governor, driver, boost. */
static json_t *env_cpufreq(const char *root, int cpu)
{
	json_t *f = json_object();
	char rel[256], dir[PATH_MAX];
	const char *nofreq = "unknown (no cpufreq)";
	DIR *d;

	snprintf(rel, sizeof(rel), SYSCPU "/cpu%d/cpufreq", cpu);
	snprintf(dir, sizeof(dir), "%s%s", root, rel);
	d = opendir(dir);
	if (!d) {
		json_object_set_new(f, "governor", json_string(nofreq));
		json_object_set_new(f, "driver", json_string(nofreq));
		json_object_set_new(f, "boost", json_string(nofreq));
		return f;
	}
	closedir(d);
	snprintf(rel, sizeof(rel), SYSCPU "/cpu%d/cpufreq/scaling_governor",
		 cpu);
	json_object_set_new(f, "governor", env_file_str(root, rel));
	snprintf(rel, sizeof(rel), SYSCPU "/cpu%d/cpufreq/scaling_driver",
		 cpu);
	json_object_set_new(f, "driver", env_file_str(root, rel));
	json_object_set_new(f, "boost", json_string(env_boost(root, cpu, rel,
							      sizeof(rel))));
	return f;
}

static json_t *env_isolation(const char *root, const char *cmdline)
{
	static const char *const keys[] = { "isolcpus", "nohz_full",
					    "rcu_nocbs" };
	json_t *o = json_object();
	char buf[4096];
	int rc;

	for (size_t i = 0; i < 3; i++) {
		if (!env_cmdline_value(cmdline, keys[i], buf, sizeof(buf)))
			snprintf(buf, sizeof(buf), "none");
		json_object_set_new(o, keys[i], json_string(buf));
	}
	rc = env_read(root, SYSCPU "/isolated", buf, sizeof(buf));
	if (!rc && !buf[0])
		snprintf(buf, sizeof(buf), "none");
	json_object_set_new(o, "isolated", env_str(rc, buf));
	return o;
}

static int env_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names of the entries of <root><rel> (no dot files). */
static char **env_dir_names(const char *root, const char *rel, size_t *n)
{
	char path[PATH_MAX];
	char **v = NULL;
	struct dirent *de;
	DIR *d;

	*n = 0;
	snprintf(path, sizeof(path), "%s%s", root, rel);
	d = opendir(path);
	if (!d)
		return NULL;
	while ((de = readdir(d))) {
		char **nv;

		if (de->d_name[0] == '.')
			continue;
		nv = realloc(v, (*n + 1) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		v[(*n)++] = strdup(de->d_name);
	}
	closedir(d);
	if (v)
		qsort(v, *n, sizeof(*v), env_cmp_str);
	return v;
}

static void env_free_names(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static json_t *env_vulnerabilities(const char *root)
{
	json_t *o = json_object();
	char rel[PATH_MAX];
	size_t n;
	char **v = env_dir_names(root, SYSCPU "/vulnerabilities", &n);

	for (size_t i = 0; i < n; i++) {
		if (!v[i])
			continue;
		snprintf(rel, sizeof(rel), SYSCPU "/vulnerabilities/%s", v[i]);
		json_object_set_new(o, v[i], env_file_str(root, rel));
	}
	env_free_names(v, n);
	return o;
}

static json_t *env_pmus(const char *root)
{
	const char *dev = "/sys/bus/event_source/devices";
	json_t *a = json_array();
	char rel[PATH_MAX];
	size_t n;
	char **v = env_dir_names(root, dev, &n);

	for (size_t i = 0; i < n; i++) {
		json_t *p = json_object();

		if (!v[i])
			continue;
		snprintf(rel, sizeof(rel), "%s/%s/caps/pmu_name", dev, v[i]);
		json_object_set_new(p, "name", json_string(v[i]));
		json_object_set_new(p, "pmu_name", env_file_str(root, rel));
		json_array_append_new(a, p);
	}
	env_free_names(v, n);
	return a;
}

static json_t *env_perf(const char *root)
{
	json_t *o = json_object();

	json_object_set_new(o, "paranoid",
			    env_file_int(root,
					 "/proc/sys/kernel/perf_event_paranoid"));
	json_object_set_new(o, "nmi_watchdog",
			    env_file_int(root, "/proc/sys/kernel/nmi_watchdog"));
	json_object_set_new(o, "max_sample_rate",
			    env_file_int(root, "/proc/sys/kernel/"
					       "perf_event_max_sample_rate"));
	return o;
}

/* Load averages as the kernel prints them ("0.07": a string, exact) and
 * the runnable count, which includes abstat itself reading the file. */
static json_t *env_load(const char *root)
{
	static const char *const keys[] = { "avg1", "avg5", "avg15",
					    "runnable" };
	json_t *o = json_object();
	char buf[256], f[4][32];
	int ok;

	ok = !env_read(root, "/proc/loadavg", buf, sizeof(buf)) &&
	     sscanf(buf, "%31s %31s %31s %31[0-9]", f[0], f[1], f[2],
		    f[3]) == 4;
	for (size_t i = 0; i < 3; i++)
		json_object_set_new(o, keys[i], json_string(ok ? f[i] :
								 "unknown"));
	json_object_set_new(o, keys[3], ok ? json_integer(atol(f[3])) :
					     json_string("unknown"));
	return o;
}

/* Transparent hugepages: the selected mode of "always [madvise] never". */
static json_t *env_thp(const char *root)
{
	char buf[256], sel[64];

	if (env_read(root, "/sys/kernel/mm/transparent_hugepage/enabled", buf,
		     sizeof(buf)))
		return json_string("unknown");
	return json_string(env_bracketed(buf, sel, sizeof(sel)));
}

/* A command name without a slash is looked up in PATH, as execvp does. */
static int env_resolve(const char *name, char *out, size_t len)
{
	const char *path = getenv("PATH"), *p;

	if (strchr(name, '/') || !path) {
		snprintf(out, len, "%s", name);
		return 0;
	}
	for (p = path; p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
		size_t n = strcspn(p, ":");

		snprintf(out, len, "%.*s%s%s", (int)n, p, n ? "/" : "./",
			 name);
		if (!access(out, X_OK))
			return 0;
	}
	snprintf(out, len, "%s", name);
	return -ENOENT;
}

json_t *env_workloads(const char *const *paths)
{
	json_t *a = json_array();

	for (size_t i = 0; paths && paths[i]; i++) {
		json_t *w = json_object();
		char path[PATH_MAX], hex[65];
		int rc = env_resolve(paths[i], path, sizeof(path));

		if (!rc)
			rc = sha256_file(path, hex);
		json_object_set_new(w, "path", json_string(path));
		json_object_set_new(w, "sha256", env_str(rc, hex));
		json_array_append_new(a, w);
	}
	return a;
}

json_t *env_capture(const struct env_opts *o)
{
	const char *root = o && o->root ? o->root : "";
	json_t *env = json_object(), *lib = json_object();
	char cmdline[8192], buf[256];
	struct cpu_list online;
	int cpu = 0, hyp;

	if (!env || !lib) {
		json_decref(env);
		json_decref(lib);
		return NULL;
	}
	if (o && o->pinned && o->pinned->n)
		cpu = o->pinned->cpu[0];
	else if (!cpu_online(root, &online) && online.n)
		cpu = cpu_default(&online);
	json_object_set_new(env, RK_KERNEL,
			    env_kernel(root, cmdline, sizeof(cmdline)));
	if (!o || !o->no_kconfig)
		env_kconfig_add(env, root);
	json_object_set_new(env, RK_CPU,
			    env_cpu(root, o ? o->pinned : NULL, cpu, &hyp));
	json_object_set_new(env, "cpufreq", env_cpufreq(root, cpu));
	json_object_set_new(env, "isolation", env_isolation(root, cmdline));
	json_object_set_new(env, "vulnerabilities", env_vulnerabilities(root));
	if (hyp < 0)
		hyp = env_dt_virtual(root); /* arm64: no hypervisor flag */
	json_object_set_new(env, RK_HYPERVISOR, hyp < 0 ?
					 json_string("unknown") :
					 json_boolean(hyp));
	json_object_set_new(env, RK_PMUS, env_pmus(root));
	json_object_set_new(env, "perf", env_perf(root));
	json_object_set_new(env, "thp", env_thp(root));
	json_object_set_new(env, "clocksource",
			    env_file_str(root, "/sys/devices/system/"
					       "clocksource/clocksource0/"
					       "current_clocksource"));
	json_object_set_new(env, "randomize_va_space",
			    env_file_int(root,
					 "/proc/sys/kernel/randomize_va_space"));
	json_object_set_new(env, "load", env_load(root));
	/* the machine's name: compare --by host, sides of one host */
	json_object_set_new(env, "host",
			    env_file_str(root, "/proc/sys/kernel/hostname"));
	json_object_set_new(lib, "libpfm4",
			    json_string(counters_libpfm_version(buf,
								sizeof(buf))));
	json_object_set_new(lib, "papi",
			    json_string(counters_papi_version(buf,
							      sizeof(buf))));
	json_object_set_new(env, "libraries", lib);
	json_object_set_new(env, "abstat_version",
			    json_string(ABSTAT_VERSION));
	json_object_set_new(env, "workloads",
			    env_workloads(o ? o->workload_paths : NULL));
	return env;
}
