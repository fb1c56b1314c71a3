// SPDX-License-Identifier: MIT
/*
 * doctor: what on this machine will make measurements noisy or wrong, and
 * the fix (abstat doctor; abstat run prints the WARN lines). Every check
 * reads files below ctx->root, so tests can use a fake tree. Each check,
 * the file it reads and why it matters are in abstat-doctor(1).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "counters.h"
#include "cpuset.h"
#include "doctor.h"
#include "env.h"
#include "escape.h"
#include "sysroot.h"

#define SYSCPU "/sys/devices/system/cpu"

/* Load average per online CPU above which "load" warns. */
#define DOCTOR_LOAD_PER_CPU 0.25
/* An SMT sibling busier than this shares the core with the workload. */
#define DOCTOR_BUSY_PCT 10
/* Effective capability bits (linux/capability.h) that bypass
 * perf_event_paranoid: CAP_SYS_ADMIN always, CAP_PERFMON since 5.8. */
#define CAP_SYS_ADMIN_BIT 21
#define CAP_PERFMON_BIT 38

struct doctor_list {
	struct doctor_check *v;
	size_t n;
	int err;
};

static void __attribute__((format(printf, 6, 7)))
doctor_add(struct doctor_list *l, enum doctor_level level, const char *name,
	   const char *file, const char *fix, const char *fmt, ...)
{
	struct doctor_check *c, *grown;
	char detail[512];
	va_list ap;

	if (l->err)
		return;
	grown = realloc(l->v, (l->n + 1) * sizeof(*l->v));
	if (!grown) {
		l->err = -ENOMEM;
		return;
	}
	l->v = grown;
	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	c = &l->v[l->n++];
	c->level = level;
	c->name = strdup(name);
	/* what a check read from /proc and /sys (a governor, a cgroup's
	 * name) is shown escaped: no control reaches a terminal raw */
	c->file = escape_dup(file ? file : "");
	c->detail = escape_dup(detail);
	c->fix = level == DOCTOR_OK || !fix ? NULL : escape_dup(fix);
	if (!c->name || !c->file || !c->detail ||
	    (level != DOCTOR_OK && fix && !c->fix))
		l->err = -ENOMEM;
}

void doctor_free(struct doctor_check *c, size_t n)
{
	for (size_t i = 0; c && i < n; i++) {
		free(c[i].name);
		free(c[i].file);
		free(c[i].detail);
		free(c[i].fix);
	}
	free(c);
}

static void doctor_cpus(const char *root, const struct cpu_list *pinned,
			const struct cpu_list *online, bool have_online,
			struct doctor_list *l)
{
	const char *f = SYSCPU "/online";
	char on[256], list[256], fix[320];

	cpu_list_format(online, on, sizeof(on));
	for (size_t i = 0; have_online && i < pinned->n; i++)
		if (!cpu_list_has(online, pinned->cpu[i])) {
			snprintf(fix, sizeof(fix),
				 "pick online CPUs with -C (online: %s)", on);
			doctor_add(l, DOCTOR_FAIL, "cpu", f, fix,
				   "CPU %d is offline", pinned->cpu[i]);
			return;
		}
	cpu_list_format(pinned, list, sizeof(list));
	if (have_online)
		doctor_add(l, DOCTOR_OK, "cpu", f, NULL,
			   "CPU %s online (online: %s)", list, on);
	else
		doctor_add(l, DOCTOR_WARN, "cpu", f,
			   "check that sysfs is mounted at /sys",
			   "cannot read the online CPUs");
	if (cpu_list_has(pinned, 0)) {
		snprintf(fix, sizeof(fix), "-C %d (any CPU but 0)",
			 have_online ? cpu_default(online) : 1);
		doctor_add(l, DOCTOR_WARN, "cpu0", f, fix,
			   "CPU 0 chosen: it takes most interrupts, timers and housekeeping");
	} else {
		doctor_add(l, DOCTOR_OK, "cpu0", f, NULL, "CPU 0 not used");
	}
}

static void doctor_freq(const char *root, int cpu, struct doctor_list *l)
{
	char rel[256], gov[64], fix[640];
	const char *boost;

	snprintf(rel, sizeof(rel), SYSCPU "/cpu%d/cpufreq/scaling_governor",
		 cpu);
	if (env_read(root, rel, gov, sizeof(gov))) {
		doctor_add(l, DOCTOR_WARN, "governor", rel,
			   "fix the frequency on the host or in firmware, and compare results from one machine only",
			   "no cpufreq: the CPU frequency is not under this kernel's control");
	} else if (strcmp(gov, "performance")) {
		snprintf(fix, sizeof(fix),
			 "cpupower -c %d frequency-set -g performance (or echo performance > %s)",
			 cpu, rel);
		doctor_add(l, DOCTOR_WARN, "governor", rel, fix,
			   "CPU %d governor is '%s': the frequency follows the load",
			   cpu, gov);
	} else {
		doctor_add(l, DOCTOR_OK, "governor", rel, NULL,
			   "CPU %d governor is performance", cpu);
	}
	boost = env_boost(root, cpu, rel, sizeof(rel));
	if (!strcmp(boost, "on")) {
		if (strstr(rel, "no_turbo"))
			snprintf(fix, sizeof(fix), "echo 1 > %s", rel);
		else
			snprintf(fix, sizeof(fix), "echo 0 > %s", rel);
		doctor_add(l, DOCTOR_WARN, "boost", rel, fix,
			   "turbo/boost on: the clock varies with temperature and the load of other cores");
	} else if (!strcmp(boost, "off")) {
		doctor_add(l, DOCTOR_OK, "boost", rel, NULL, "boost off");
	} else {
		doctor_add(l, DOCTOR_OK, "boost", SYSCPU "/cpufreq/boost", NULL,
			   "no boost control (no cpufreq)");
	}
}

/* /proc/stat "cpuN a b c ..." -> total and idle (idle + iowait) jiffies. */
static bool doctor_stat_cpu(const char *stat, int cpu,
			    unsigned long long *total,
			    unsigned long long *idle)
{
	char key[32];
	const char *p = stat;
	size_t klen = (size_t)snprintf(key, sizeof(key), "cpu%d ", cpu);

	while (p && strncmp(p, key, klen)) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p)
		return false;
	p += klen;
	*total = *idle = 0;
	for (int i = 0; i < 10; i++) {
		char *end;
		unsigned long long v = strtoull(p, &end, 10);

		if (end == p)
			break;
		/* fields: user nice system idle iowait irq softirq steal
		 * guest guest_nice; guest time is already in user */
		if (i < 8)
			*total += v;
		if (i == 3 || i == 4)
			*idle += v;
		p = end;
	}
	return true;
}

int doctor_busy_pct(const char *stat_a, const char *stat_b, int cpu)
{
	unsigned long long ta, ia, tb, ib;

	if (!doctor_stat_cpu(stat_a, cpu, &ta, &ia) ||
	    !doctor_stat_cpu(stat_b, cpu, &tb, &ib) || tb <= ta || ib < ia)
		return -1;
	return (int)(100 * ((tb - ta) - (ib - ia)) / (tb - ta));
}

/* The first online SMT sibling of a pinned CPU that is not pinned
 * itself into w (cpu, sib, rel): true, or false when there is none. */
static bool doctor_smt_pair(const char *root, const struct cpu_list *pinned,
			    struct doctor_smt_watch *w)
{
	struct cpu_list sib;

	for (size_t i = 0; i < pinned->n; i++) {
		int cpu = pinned->cpu[i];

		snprintf(w->rel, sizeof(w->rel),
			 SYSCPU "/cpu%d/topology/thread_siblings_list", cpu);
		if (cpu_siblings(root, cpu, &sib))
			continue;
		for (size_t j = 0; j < sib.n; j++) {
			if (cpu_list_has(pinned, sib.cpu[j]))
				continue;
			w->cpu = cpu;
			w->sib = sib.cpu[j];
			return true;
		}
	}
	return false;
}

/* The smt check of w's pair from the snapshots a and b of /proc/stat. */
static void doctor_smt_judge(struct doctor_list *l,
			     const struct doctor_smt_watch *w, const char *a,
			     const char *b)
{
	int busy = doctor_busy_pct(a, b, w->sib);
	char fix[320];

	snprintf(fix, sizeof(fix),
		 "echo 0 > " SYSCPU "/cpu%d/online, or -C %d,%d to own the core",
		 w->sib, w->cpu, w->sib);
	if (busy >= DOCTOR_BUSY_PCT)
		doctor_add(l, DOCTOR_WARN, "smt", w->rel, fix,
			   "CPU %d shares its core with CPU %d, %d%% busy",
			   w->cpu, w->sib, busy);
	else
		doctor_add(l, DOCTOR_OK, "smt", w->rel, NULL,
			   "CPU %d shares its core with CPU %d, idle now",
			   w->cpu, w->sib);
}

/* How busy the sibling is: two snapshots DOCTOR_SMT_NAP_NS apart. */
static void doctor_smt(const char *root, const struct cpu_list *pinned,
		       struct doctor_list *l)
{
	static char a[DOCTOR_STAT_MAX], b[DOCTOR_STAT_MAX];
	struct timespec nap = { 0, DOCTOR_SMT_NAP_NS };
	struct doctor_smt_watch w = { .rel = "" };

	if (!doctor_smt_pair(root, pinned, &w)) {
		doctor_add(l, DOCTOR_OK, "smt", pinned->n ? w.rel : "", NULL,
			   "no other online SMT sibling on the measured core");
		return;
	}
	env_read(root, "/proc/stat", a, sizeof(a));
	nanosleep(&nap, NULL);
	env_read(root, "/proc/stat", b, sizeof(b));
	doctor_smt_judge(l, &w, a, b);
}

bool doctor_smt_begin(const char *root, const struct cpu_list *pinned,
		      struct doctor_smt_watch *w)
{
	memset(w, 0, sizeof(*w));
	if (!doctor_smt_pair(root, pinned, w))
		return false;
	w->stat = malloc(DOCTOR_STAT_MAX);
	if (!w->stat || env_read(root, "/proc/stat", w->stat,
				 DOCTOR_STAT_MAX)) {
		free(w->stat);
		w->stat = NULL;
		return false;
	}
	return true;
}

int doctor_smt_end(const char *root, struct doctor_smt_watch *w,
		   struct doctor_check **out)
{
	struct doctor_list l = { 0 };
	char *b = malloc(DOCTOR_STAT_MAX);

	*out = NULL;
	if (b && !env_read(root, "/proc/stat", b, DOCTOR_STAT_MAX))
		doctor_smt_judge(&l, w, w->stat, b);
	free(b);
	free(w->stat);
	w->stat = NULL;
	if (l.err || !l.n) {
		doctor_free(l.v, l.n);
		return l.err ? l.err : -EIO;
	}
	*out = l.v;
	return 0;
}

/* isolcpus= may start with flags ("domain,managed_irq,2-3"): skip them. */
static void doctor_parse_isol(const char *v, struct cpu_list *out)
{
	while (*v && (*v < '0' || *v > '9')) {
		const char *comma = strchr(v, ',');

		v = comma ? comma + 1 : "";
	}
	if (cpu_list_parse(v, out, NULL))
		out->n = 0;
}

static void doctor_isolation(const char *root, const struct cpu_list *pinned,
			     struct doctor_list *l)
{
	char buf[4096], fix[1024], list[256];
	struct cpu_list iso = { 0 }, nohz = { 0 };
	bool all = pinned->n > 0;

	if (!env_read(root, SYSCPU "/isolated", buf, sizeof(buf)))
		doctor_parse_isol(buf, &iso);
	if (!iso.n && !env_read(root, "/proc/cmdline", buf, sizeof(buf)) &&
	    env_cmdline_value(buf, "isolcpus", buf, sizeof(buf)))
		doctor_parse_isol(buf, &iso);
	if (!env_read(root, SYSCPU "/nohz_full", buf, sizeof(buf)))
		doctor_parse_isol(buf, &nohz);
	for (size_t i = 0; i < pinned->n; i++)
		all &= cpu_list_has(&iso, pinned->cpu[i]) ||
		       cpu_list_has(&nohz, pinned->cpu[i]);
	cpu_list_format(pinned, list, sizeof(list));
	if (all) {
		doctor_add(l, DOCTOR_OK, "isolation", SYSCPU "/isolated", NULL,
			   "CPU %s isolated from the scheduler or tick", list);
		return;
	}
	snprintf(fix, sizeof(fix),
		 "boot with isolcpus=%s nohz_full=%s rcu_nocbs=%s, or use --cpuset where it makes a cgroup v2 isolated partition",
		 list, list, list);
	doctor_add(l, DOCTOR_WARN, "isolation", SYSCPU "/isolated", fix,
		   "CPU %s not isolated: other tasks and the tick may run there",
		   list);
}

/* Effective capabilities from <root>/proc/self/status. */
static bool doctor_privileged(const char *root, bool *known)
{
	char buf[8192], *p;
	unsigned long long eff;

	*known = false;
	if (env_read(root, "/proc/self/status", buf, sizeof(buf)))
		return false;
	p = strstr(buf, "CapEff:");
	if (!p || sscanf(p + 7, "%llx", &eff) != 1)
		return false;
	*known = true;
	return (eff >> CAP_SYS_ADMIN_BIT & 1) || (eff >> CAP_PERFMON_BIT & 1);
}

static void doctor_perf(const char *root, bool user_only,
			struct doctor_list *l)
{
	const char *pf = "/proc/sys/kernel/perf_event_paranoid";
	const char *nf = "/proc/sys/kernel/nmi_watchdog";
	bool known, priv = doctor_privileged(root, &known);
	long v;

	if (env_read_long(root, nf, &v) || v == 0)
		doctor_add(l, DOCTOR_OK, "nmi_watchdog", nf, NULL,
			   "NMI watchdog off");
	else
		doctor_add(l, DOCTOR_WARN, "nmi_watchdog", nf,
			   "sysctl kernel.nmi_watchdog=0",
			   "NMI watchdog on: it holds one hardware counter on every CPU");
	if (env_read_long(root, pf, &v)) {
		doctor_add(l, DOCTOR_WARN, "paranoid", pf,
			   "check that the kernel has CONFIG_PERF_EVENTS",
			   "cannot read perf_event_paranoid: perf events may be missing");
	} else if (priv) {
		doctor_add(l, DOCTOR_OK, "paranoid", pf, NULL,
			   "perf_event_paranoid %ld, bypassed: CAP_PERFMON or CAP_SYS_ADMIN",
			   v);
	} else if (v >= 3) {
		doctor_add(l, DOCTOR_FAIL, "paranoid", pf,
			   "sysctl kernel.perf_event_paranoid=2 (user only) or 1 (user+kernel), or run as root",
			   "perf_event_paranoid %ld forbids perf events without privileges",
			   v);
	} else if (v == 2 && !user_only) {
		doctor_add(l, DOCTOR_FAIL, "paranoid", pf,
			   "sysctl kernel.perf_event_paranoid=1, or run with --user-only (counts exclude the kernel)",
			   "perf_event_paranoid 2 forbids counting the kernel without CAP_PERFMON");
	} else {
		doctor_add(l, DOCTOR_OK, "paranoid", pf, NULL,
			   "perf_event_paranoid %ld allows %s counting", v,
			   user_only ? "user-space" : "user+kernel");
	}
}

/* A core PMU: "cpu" (x86), "cpu_core"/"cpu_atom" (hybrid), "armv8_*". */
static bool doctor_core_pmu(const char *name)
{
	return !strcmp(name, "cpu") || !strncmp(name, "cpu_", 4) ||
	       !strncmp(name, "armv", 4);
}

static void doctor_pmu(const char *root, json_t *env, struct doctor_list *l)
{
	json_t *pmus = json_object_get(env, "pmus"), *p;
	json_t *hyp = json_object_get(env, "hypervisor");
	size_t i;

	json_array_foreach(pmus, i, p) {
		const char *name = json_string_value(json_object_get(p, "name"));

		if (name && doctor_core_pmu(name)) {
			doctor_add(l, DOCTOR_OK, "pmu",
				   "/sys/bus/event_source/devices", NULL,
				   "hardware PMU '%s' present", name);
			goto hypervisor;
		}
	}
	doctor_add(l, DOCTOR_WARN, "pmu", "/sys/bus/event_source/devices/cpu",
		   json_is_true(hyp) ?
			   "enable the virtual PMU in the hypervisor (e.g. QEMU -cpu host,pmu=on), or run on bare metal" :
			   "check CONFIG_PERF_EVENTS and the CPU's PMU driver",
		   "no PMU%s: hardware counters not supported; software events only",
		   json_is_true(hyp) ? " (hypervisor)" : "");
hypervisor:
	if (json_is_true(hyp))
		doctor_add(l, DOCTOR_WARN, "hypervisor", "/proc/cpuinfo",
			   "run on bare metal, or pin the vCPUs and keep the host idle",
			   "virtual machine: host activity and steal time add noise");
	else
		doctor_add(l, DOCTOR_OK, "hypervisor", "/proc/cpuinfo", NULL,
			   "%s", json_is_false(hyp) ? "bare metal" :
						      "hypervisor unknown");
}

/*
 * An emulated PMU: QEMU's TCG "-cpu max" has MIDR implementer 0x00
 * ("reserved for software use", part 0x51 'Q'), which no silicon has, so
 * "CPU implementer : 0x00" in /proc/cpuinfo with an armv8 PMU is QEMU
 * emulating both. With -icount the PMU counts instructions retired
 * exactly and one instruction is one cycle of virtual time: cycles,
 * task-clock and wall time all follow the instruction count.
 */
static void doctor_emulation(const char *root, json_t *env,
			     struct doctor_list *l)
{
	static char info[65536];
	json_t *pmus = json_object_get(env, "pmus"), *p;
	const char *pmu = NULL, *impl;
	char dt[256] = "";
	size_t i;

	json_array_foreach(pmus, i, p) {
		const char *name = json_string_value(json_object_get(p, "name"));

		if (name && !strncmp(name, "armv", 4))
			pmu = name;
	}
	impl = env_read(root, "/proc/cpuinfo", info, sizeof(info)) ? NULL :
		strstr(info, "CPU implementer");
	if (impl)
		impl += strcspn(impl, ":");
	if (!pmu || !impl || strncmp(impl, ": 0x00", 6) ||
	    (impl[6] && impl[6] != '\n')) {
		doctor_add(l, DOCTOR_OK, "emulation", "/proc/cpuinfo", NULL,
			   "no emulated PMU recognised");
		return;
	}
	/* QEMU's virt machine says so in its device tree (NUL-ended) */
	env_read(root, "/proc/device-tree/compatible", dt, sizeof(dt));
	doctor_add(l, DOCTOR_WARN, "emulation", "/proc/cpuinfo",
		   "compare instruction counts only (compare --primary instructions/op); measure time on real hardware",
		   "emulated PMU '%s' (CPU implementer 0x00: QEMU TCG%s): cycles are instructions, only instruction counts are meaningful",
		   pmu, strcmp(dt, "linux,dummy-virt") ? "" : ", virt machine");
}

static void doctor_misc(const char *root, json_t *env, size_t n_online,
			struct doctor_list *l)
{
	const char *thp = json_string_value(json_object_get(env, "thp"));
	const char *tf = "/sys/kernel/mm/transparent_hugepage/enabled";
	const char *af = "/proc/sys/kernel/randomize_va_space";
	const char *a1 = json_string_value(
		json_object_get(json_object_get(env, "load"), "avg1"));
	double load = a1 ? atof(a1) : 0;
	long aslr;

	if (a1 && n_online && load >= DOCTOR_LOAD_PER_CPU * (double)n_online)
		doctor_add(l, DOCTOR_WARN, "load", "/proc/loadavg",
			   "stop other work on the machine (top shows what runs), then measure",
			   "load average %s on %zu online CPUs: other work competes",
			   a1, n_online);
	else
		doctor_add(l, DOCTOR_OK, "load", "/proc/loadavg", NULL,
			   "load average %s on %zu online CPUs", a1 ? a1 : "unknown",
			   n_online);
	if (thp && !strcmp(thp, "always"))
		doctor_add(l, DOCTOR_WARN, "thp", tf,
			   "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled",
			   "transparent hugepages 'always': fault and mmap costs depend on khugepaged");
	else
		doctor_add(l, DOCTOR_OK, "thp", tf, NULL,
			   "transparent hugepages '%s'", thp ? thp : "unknown");
	/* ASLR on is what we want: each run gets a fresh layout, so layout
	 * effects land in the spread instead of looking like a difference
	 * (Mytkowicz et al., ASPLOS 2009; Curtsinger and Berger, ASPLOS 2013). */
	if (env_read_long(root, af, &aslr))
		doctor_add(l, DOCTOR_OK, "aslr", af, NULL,
			   "ASLR setting unknown");
	else if (aslr == 0)
		doctor_add(l, DOCTOR_WARN, "aslr", af,
			   "sysctl kernel.randomize_va_space=2",
			   "ASLR off: one memory layout for every run; a layout effect looks like a real difference");
	else
		doctor_add(l, DOCTOR_OK, "aslr", af, NULL,
			   "ASLR on: layout effects show up in the spread");
}

/* The stale cgroups' names below root, for one detail line. */
struct doctor_stale {
	const char *root;
	char names[384];
	size_t n, shown;
};

static void doctor_stale_add(const char *dir, int rc, void *arg)
{
	struct doctor_stale *st = arg;
	size_t used = strlen(st->names), n = strlen(st->root);

	if (!strncmp(dir, st->root, n) && dir[n] == '/')
		dir += n + 1;
	st->n++;
	if (used + strlen(dir) + 3 < sizeof(st->names)) {
		snprintf(st->names + used, sizeof(st->names) - used, "%s%s",
			 used ? " " : "", dir);
		st->shown++;
	}
}

/* abstat cpuset cgroups left by sessions that were killed (SIGKILL, a
 * crash): their CPUs stay claimed (cpu_exclusive, a v2 partition) and
 * the workload may still run in them. */
static void doctor_cgroups(const char *root, struct doctor_list *l)
{
	char cg[PATH_MAX];
	struct doctor_stale st = { .root = cg, .names = "" };

	sysroot_path(root, "/sys/fs/cgroup", cg, sizeof(cg));
	cpuset_stale(cg, false, doctor_stale_add, &st);
	if (!st.n) {
		doctor_add(l, DOCTOR_OK, "cgroups", cg, NULL,
			   "no stale abstat cpuset cgroups");
		return;
	}
	doctor_add(l, DOCTOR_WARN, "cgroups", cg,
		   st.n == 1 ? "abstat doctor --clean-cgroups (as root) removes it" :
			       "abstat doctor --clean-cgroups (as root) removes them",
		   "%zu stale abstat cpuset cgroup%s in %s, whose session is gone (its CPUs stay claimed): %s%s",
		   st.n, st.n == 1 ? "" : "s", cg, st.names,
		   st.shown < st.n ? " ..." : "");
}

static void doctor_papi(struct doctor_list *l)
{
	char err[512] = "";
	int rc = papi_backend.init ? papi_backend.init(err, sizeof(err)) :
				     -ENOSYS;

	if (rc) {
		doctor_add(l, DOCTOR_FAIL, "papi", "", "use --backend perf",
			   "PAPI backend unavailable: %s",
			   err[0] ? err : strerror(-rc));
		return;
	}
	if (papi_backend.fini)
		papi_backend.fini();
	doctor_add(l, DOCTOR_OK, "papi", "", NULL, "PAPI backend initialised");
}

int doctor_run(const struct doctor_ctx *ctx, struct doctor_check **out,
	       size_t *n)
{
	const char *root = ctx->root ? ctx->root : "";
	struct doctor_list l = { 0 };
	struct cpu_list online, pinned = { 0 };
	bool have_online = cpu_online(root, &online) == 0;
	struct env_opts eo = { .root = root };
	json_t *env;

	if (!have_online)
		online.n = 0;
	if (ctx->pinned && ctx->pinned->n)
		pinned = *ctx->pinned;
	else if (have_online && online.n)
		pinned.cpu[pinned.n++] = cpu_default(&online);
	eo.pinned = &pinned;
	/* a session's own capture when it has one: read once, not twice */
	env = ctx->env ? json_incref(ctx->env) : env_capture(&eo);
	if (!env)
		return -ENOMEM;
	doctor_cpus(root, &pinned, &online, have_online, &l);
	doctor_freq(root, pinned.n ? pinned.cpu[0] : 0, &l);
	if (!ctx->smt_later)
		doctor_smt(root, &pinned, &l);
	doctor_isolation(root, &pinned, &l);
	doctor_perf(root, ctx->user_only, &l);
	doctor_pmu(root, env, &l);
	doctor_emulation(root, env, &l);
	doctor_misc(root, env, online.n, &l);
	doctor_cgroups(root, &l);
	if (ctx->backend && !strcmp(ctx->backend, "papi"))
		doctor_papi(&l);
	json_decref(env);
	if (l.err) {
		doctor_free(l.v, l.n);
		return l.err;
	}
	*out = l.v;
	*n = l.n;
	return 0;
}
