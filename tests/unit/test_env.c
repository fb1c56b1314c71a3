// SPDX-License-Identifier: MIT
/* env: capture on a fake sysroot (every key), on this machine (against
 * the files read directly), and env_diff on edited envs; the kernel's
 * configuration (kernel.config) read, bounded and diffed. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/utsname.h>

#include <cmocka.h>

#if HAVE_ZLIB
#include <zlib.h>
#endif

#include "env.h"
#include "fake_sysroot.h"
#include "kconfig.h"
#include "sha256.h"

static const char *const root = fake_root;

static json_t *capture(const char *r, const char *pinned,
		       const char *const *paths)
{
	static struct cpu_list l;
	struct env_opts o = { .root = r, .pinned = &l,
			      .workload_paths = paths };

	l.n = 0;
	if (pinned)
		assert_int_equal(cpu_list_parse(pinned, &l, NULL), 0);
	return env_capture(&o);
}

/* Every key of the fake machine, flattened, in capture order. */
static const char *const fake_expect[][2] = {
	{ "kernel.release", "6.1.0-test" },
	{ "kernel.version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.0-1" },
	{ "kernel.boot_id", "0b1e2c3d-0000-4000-8000-000000000001" },
	{ "kernel.boot_time", "2023-11-14T22:13:20Z" },
	{ "cpu.vendor", "GenuineIntel" },
	{ "cpu.model_name", "Intel(R) Xeon(R) Gold 6130 CPU" },
	{ "cpu.family", "6" },
	{ "cpu.model", "85" },
	{ "cpu.stepping", "4" },
	{ "cpu.microcode", "0x2006e06" }, /* the pinned CPU's block */
	{ "cpu.online", "0-3" },
	{ "cpu.smt_control", "on" },
	{ "cpu.pinned", "2" },
	{ "cpu.pinned_siblings", "2-3" },
	{ "cpufreq.governor", "powersave" },
	{ "cpufreq.driver", "intel_pstate" },
	{ "cpufreq.boost", "on" },
	{ "isolation.isolcpus", "domain,2-3" },
	{ "isolation.nohz_full", "2-3" },
	{ "isolation.rcu_nocbs", "none" }, /* after "--": init's, not ours */
	{ "isolation.isolated", "2-3" },
	{ "vulnerabilities.meltdown", "Not affected" },
	{ "vulnerabilities.spectre_v2", "Mitigation: Enhanced IBRS" },
	{ "hypervisor", "false" },
	{ "pmus.cpu.pmu_name", "skylake" },
	{ "pmus.software.pmu_name", "unknown" },
	{ "perf.paranoid", "2" },
	{ "perf.nmi_watchdog", "1" },
	{ "perf.max_sample_rate", "50000" },
	{ "thp", "always" },
	{ "clocksource", "tsc" },
	{ "randomize_va_space", "0" },
	{ "load.avg1", "3.50" },
	{ "load.avg5", "2.00" },
	{ "load.avg15", "1.00" },
	{ "load.runnable", "5" },
	{ "abstat_version", ABSTAT_VERSION },
	{ "workloads.wl.path", NULL }, /* checked below */
};

static void test_capture_fake(void **state)
{
	char wl[128], hex[65];
	const char *paths[] = { wl, NULL };
	json_t *env, *flat;

	snprintf(wl, sizeof(wl), "%s/wl", root);
	assert_int_equal(fake_put(root, "/wl", "abc"), 0);
	env = capture(root, "2", paths);
	assert_non_null(env);
	flat = env_flatten(env);
	assert_non_null(flat);
	for (size_t i = 0; i < sizeof(fake_expect) / sizeof(fake_expect[0]);
	     i++) {
		const char *v = json_string_value(
			json_object_get(flat, fake_expect[i][0]));

		if (!v)
			fail_msg("key %s missing", fake_expect[i][0]);
		if (fake_expect[i][1] && strcmp(v, fake_expect[i][1]))
			fail_msg("%s is '%s', want '%s'", fake_expect[i][0], v,
				 fake_expect[i][1]);
	}
	assert_non_null(strstr(json_string_value(json_object_get(
				       flat, "kernel.cmdline")),
			       "isolcpus=domain,2-3"));
	/* FIPS 180-2 appendix B.1: SHA-256("abc") */
	assert_string_equal(json_string_value(json_object_get(
				    flat, "workloads.wl.sha256")),
			    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	assert_int_equal(sha256_file("/nonexistent/x", hex), -ENOENT);
	assert_non_null(json_string_value(json_object_get(
		json_object_get(env, "libraries"), "libpfm4")));
	assert_non_null(json_string_value(json_object_get(
		json_object_get(env, "libraries"), "papi")));
	json_decref(flat);
	json_decref(env);
}

static void test_capture_missing(void **state)
{
	const char *paths[] = { "/nonexistent/workload", NULL };
	json_t *env = capture("/nonexistent-root", NULL, paths);
	json_t *flat = env_flatten(env);
	const char *unknown[] = { "kernel.release", "kernel.boot_time",
				  "cpu.vendor", "cpu.online", "perf.paranoid",
				  "thp", "load.avg1", "hypervisor",
				  "isolation.isolated",
				  "workloads.workload.sha256" };

	assert_non_null(flat);
	for (size_t i = 0; i < sizeof(unknown) / sizeof(unknown[0]); i++)
		assert_string_equal(json_string_value(json_object_get(
					    flat, unknown[i])),
				    "unknown");
	assert_string_equal(json_string_value(json_object_get(
				    flat, "cpufreq.governor")),
			    "unknown (no cpufreq)");
	assert_string_equal(json_string_value(json_object_get(
				    flat, "cpu.pinned")),
			    "none");
	assert_int_equal(json_array_size(json_object_get(env, "pmus")), 0);
	json_decref(flat);
	json_decref(env);
}

/* arm64 (issue 37): the MIDR fields of cpuinfo named as lscpu names
 * them, the device tree's virt board a virtual machine, QEMU TCG's max
 * CPU emulated; the pinned CPU's block, not the first. */
static void test_capture_arm64(void **state)
{
	static const struct {
		int line;
		const char *cpuinfo, *dt, *vendor, *model, *hyp;
		long family, part, rev;
		bool emulated;
	} cases[] = {
		{ __LINE__,
		  "processor\t: 0\nCPU implementer\t: 0x41\nCPU part\t: 0xd03\n\n"
		  "processor\t: 1\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n"
		  "CPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\n"
		  "CPU revision\t: 1\n",
		  NULL, "ARM", "ARM Neoverse-N1", "unknown", 8, 0xd0c, 1, false },
		{ __LINE__,
		  "processor\t: 1\nCPU implementer\t: 0x00\nCPU architecture: 8\n"
		  "CPU variant\t: 0x0\nCPU part\t: 0x051\nCPU revision\t: 0\n",
		  "linux,dummy-virt", "QEMU", "QEMU TCG -cpu max",
		  "true", 8, 0x51, 0, true },
		{ __LINE__,
		  "processor\t: 1\nCPU implementer\t: 0x99\nCPU architecture: 8\n"
		  "CPU variant\t: 0x0\nCPU part\t: 0x123\nCPU revision\t: 2\n",
		  "vendor,board", "0x99", "0x99 part 0x123", "false", 8, 0x123, 2,
		  false },
	};
	char r[128];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		json_t *env, *c;

		snprintf(r, sizeof(r), "%s/arm%zu", root, i);
		mkdir(r, 0755);
		assert_int_equal(fake_put(r, "/proc/cpuinfo", cases[i].cpuinfo),
				 0);
		if (cases[i].dt)
			assert_int_equal(fake_put(r, "/proc/device-tree/compatible",
						  cases[i].dt),
					 0);
		env = capture(r, "1", NULL);
		assert_non_null(env);
		c = json_object_get(env, "cpu");
		if (strcmp(json_string_value(json_object_get(c, "vendor")),
			   cases[i].vendor) ||
		    strcmp(json_string_value(json_object_get(c, "model_name")),
			   cases[i].model) ||
		    json_integer_value(json_object_get(c, "family")) !=
			    cases[i].family ||
		    json_integer_value(json_object_get(c, "model")) !=
			    cases[i].part ||
		    json_integer_value(json_object_get(c, "stepping")) !=
			    cases[i].rev ||
		    json_is_true(json_object_get(c, "emulated")) !=
			    cases[i].emulated)
			fail_msg("line %d: cpu %s", cases[i].line,
				 json_dumps(c, JSON_COMPACT));
		{
			json_t *h = json_object_get(env, "hypervisor");
			const char *hv = json_is_string(h) ?
						 json_string_value(h) :
					 json_is_true(h) ? "true" : "false";

			if (strcmp(hv, cases[i].hyp))
				fail_msg("line %d: hypervisor %s, want %s",
					 cases[i].line, hv, cases[i].hyp);
		}
		json_decref(env);
	}
}

/* This machine: compare capture with the files read directly. */
static void test_capture_real(void **state)
{
	json_t *env = capture("", "1", NULL), *flat = env_flatten(env);
	char cpuinfo[1 << 16] = "", path[128];
	bool hyp, has_cpu = !access("/sys/bus/event_source/devices/cpu",
				    F_OK);
	struct utsname u;
	FILE *f = fopen("/proc/cpuinfo", "r");
	size_t n;

	assert_non_null(f);
	n = fread(cpuinfo, 1, sizeof(cpuinfo) - 1, f);
	cpuinfo[n] = '\0';
	fclose(f);
	hyp = strstr(cpuinfo, " hypervisor") != NULL;
	assert_int_equal(uname(&u), 0);
	assert_string_equal(json_string_value(json_object_get(
				    flat, "kernel.release")), u.release);
	assert_string_equal(json_string_value(json_object_get(
				    flat, "hypervisor")), hyp ? "true" : "false");
	assert_non_null(json_object_get(flat, "pmus.software.pmu_name"));
	assert_int_equal(json_object_get(flat, "pmus.cpu.pmu_name") != NULL,
			 has_cpu);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu1/cpufreq");
	if (access(path, F_OK))
		assert_string_equal(json_string_value(json_object_get(
					    flat, "cpufreq.governor")),
				    "unknown (no cpufreq)");
	assert_string_equal(json_string_value(json_object_get(
				    flat, "cpu.pinned")), "1");
	json_decref(flat);
	json_decref(env);
}

/* Set a dotted path in env ("workloads.0.sha256": array index). */
static void edit(json_t *env, const char *path, const char *value)
{
	char buf[256], *save, *tok, *next;
	json_t *o = env;

	snprintf(buf, sizeof(buf), "%s", path);
	tok = strtok_r(buf, ".", &save);
	while ((next = strtok_r(NULL, ".", &save))) {
		o = json_is_array(o) ? json_array_get(o, (size_t)atoi(tok)) :
				       json_object_get(o, tok);
		assert_non_null(o);
		tok = next;
	}
	if (value)
		json_object_set_new(o, tok, json_string(value));
	else
		json_object_del(o, tok);
}

static const struct diff_case {
	int line;
	const char *path;  /* edited on side 1; NULL: no edit */
	const char *value; /* NULL: delete the key */
	const char *allow;
	const char *key;   /* expected single diff, NULL: none */
	enum env_diff_kind kind;
} diff_cases[] = {
	{ __LINE__, NULL, NULL, NULL, NULL, 0 },
	{ __LINE__, "kernel.release", "6.2.0", NULL, "kernel.release",
	  ENV_DIFF_EXPECTED },
	{ __LINE__, "kernel.cmdline", "quiet", NULL, "kernel.cmdline",
	  ENV_DIFF_EXPECTED },
	{ __LINE__, "vulnerabilities.meltdown", "Vulnerable", NULL,
	  "vulnerabilities.meltdown", ENV_DIFF_EXPECTED },
	{ __LINE__, "cpu.microcode", "0x1", NULL, "cpu.microcode",
	  ENV_DIFF_EXPECTED },
	{ __LINE__, "cpu.model", "86", NULL, "cpu.model", ENV_DIFF_REFUSED },
	{ __LINE__, "cpu.model", "86", "cpu.model", "cpu.model",
	  ENV_DIFF_EXPECTED },
	{ __LINE__, "cpu.model", "86", "thp,cpu", "cpu.model",
	  ENV_DIFF_EXPECTED },
	{ __LINE__, "cpu.model", "86", "cpu.mod", "cpu.model",
	  ENV_DIFF_REFUSED },
	{ __LINE__, "cpu.model_name", "AMD", "cpu.model", "cpu.model_name",
	  ENV_DIFF_REFUSED },
	{ __LINE__, "cpu.pinned", "3", NULL, "cpu.pinned", ENV_DIFF_REFUSED },
	{ __LINE__, "cpu.smt_control", "off", NULL, "cpu.smt_control",
	  ENV_DIFF_REFUSED },
	{ __LINE__, "cpufreq.governor", "performance", NULL,
	  "cpufreq.governor", ENV_DIFF_REFUSED },
	{ __LINE__, "cpufreq.boost", "off", NULL, "cpufreq.boost",
	  ENV_DIFF_REFUSED },
	{ __LINE__, "workloads.0.sha256", "00", NULL, "workloads.wl.sha256",
	  ENV_DIFF_REFUSED },
	{ __LINE__, "workloads.0.sha256", "00", "workloads",
	  "workloads.wl.sha256", ENV_DIFF_EXPECTED },
	{ __LINE__, "load.avg1", "0.01", NULL, "load.avg1", ENV_DIFF_INFO },
	{ __LINE__, "kernel.boot_id", "x", NULL, "kernel.boot_id",
	  ENV_DIFF_INFO },
	{ __LINE__, "thp", NULL, NULL, "thp", ENV_DIFF_EXPECTED },
	{ __LINE__, "clocksource", "hpet", NULL, "clocksource",
	  ENV_DIFF_EXPECTED },
};

static void test_diff_cases(void **state)
{
	char wl[128];
	const char *paths[] = { wl, NULL };
	json_t *base;

	snprintf(wl, sizeof(wl), "%s/wl", root);
	assert_int_equal(fake_put(root, "/wl", "abc"), 0);
	base = capture(root, "2", paths);
	for (size_t i = 0; i < sizeof(diff_cases) / sizeof(diff_cases[0]);
	     i++) {
		const struct diff_case *c = &diff_cases[i];
		json_t *envs[2] = { base, json_deep_copy(base) };
		struct env_diff *d;
		size_t n;

		if (c->path)
			edit(envs[1], c->path, c->value);
		assert_int_equal(env_diff(envs, 2, c->allow, &d, &n), 0);
		if (n != (c->key ? 1u : 0u))
			fail_msg("line %d: %zu diffs (first %s)", c->line, n,
				 n ? d[0].key : "-");
		if (c->key) {
			if (strcmp(d[0].key, c->key) || d[0].kind != c->kind)
				fail_msg("line %d: %s %s", c->line, d[0].key,
					 env_diff_kind_name(d[0].kind));
			assert_string_equal(d[0].values[1],
					    c->value ? c->value : "(absent)");
		}
		env_diff_free(d, n, 2);
		json_decref(envs[1]);
	}
	json_decref(base);
}

/* Several keys and sides: order of first appearance, one value per side. */
static void test_diff_order(void **state)
{
	json_t *e[3];
	struct env_diff *d;
	size_t n;

	e[0] = capture(root, "2", NULL);
	e[1] = json_deep_copy(e[0]);
	e[2] = json_deep_copy(e[0]);
	edit(e[2], "cpu.model", "86");
	edit(e[1], "load.avg1", "9.99");
	edit(e[2], "kernel.release", "6.2.0");
	json_object_set_new(e[2], "extra", json_integer(1));
	assert_int_equal(env_diff(e, 3, "", &d, &n), 0);
	assert_int_equal(n, 4);
	assert_string_equal(d[0].key, "kernel.release");
	assert_string_equal(d[1].key, "cpu.model");
	assert_string_equal(d[2].key, "load.avg1");
	assert_string_equal(d[3].key, "extra");
	assert_string_equal(d[1].values[0], "85");
	assert_string_equal(d[1].values[1], "85");
	assert_string_equal(d[1].values[2], "86");
	assert_string_equal(d[3].values[0], "(absent)");
	assert_int_equal(d[2].kind, ENV_DIFF_INFO);
	env_diff_free(d, n, 3);
	for (int i = 0; i < 3; i++)
		json_decref(e[i]);
}

static void test_helpers(void **state)
{
	char buf[64];

	assert_true(env_cmdline_value("a=1 isolcpus=3 b", "isolcpus", buf,
				      sizeof(buf)));
	assert_string_equal(buf, "3");
	assert_false(env_cmdline_value("isolcpusx=3", "isolcpus", buf,
				       sizeof(buf)));
	assert_true(env_cmdline_value("x=1 x=2", "x", buf, sizeof(buf)));
	assert_string_equal(buf, "2");
	assert_string_equal(env_bracketed("always [madvise] never", buf,
					  sizeof(buf)), "madvise");
	assert_string_equal(env_bracketed("tsc", buf, sizeof(buf)), "tsc");
	assert_int_equal(env_diff_classify("vulnerabilities.mds", NULL),
			 ENV_DIFF_EXPECTED);
	assert_int_equal(env_diff_classify("hypervisor", NULL),
			 ENV_DIFF_REFUSED);
	assert_int_equal(env_diff_classify("hypervisor", "hypervisor"),
			 ENV_DIFF_EXPECTED);
	assert_int_equal(env_diff_classify("workloads.x.path", NULL),
			 ENV_DIFF_INFO);
	assert_int_equal(env_diff_classify("created", NULL), ENV_DIFF_INFO);
	/* benchmarks.NAME.argv (added by compare): refused unless allowed
	 * by name, by "benchmarks" or with a "*" component */
	assert_int_equal(env_diff_classify("benchmarks.mmap.argv", NULL),
			 ENV_DIFF_REFUSED);
	assert_int_equal(env_diff_classify("benchmarks.a.sh.argv", NULL),
			 ENV_DIFF_REFUSED);
	assert_int_equal(env_diff_classify("benchmarks.mmap.argv",
					   "benchmarks.mmap.argv"),
			 ENV_DIFF_EXPECTED);
	assert_int_equal(env_diff_classify("benchmarks.mmap.argv",
					   "benchmarks.getppid.argv"),
			 ENV_DIFF_REFUSED);
	assert_int_equal(env_diff_classify("benchmarks.mmap.argv",
					   "cpu,benchmarks"),
			 ENV_DIFF_EXPECTED);
	assert_int_equal(env_diff_classify("benchmarks.mmap.argv",
					   "benchmarks.*.argv"),
			 ENV_DIFF_EXPECTED);
}

/* A .config as kconfig writes it, with lines the capture leaves out:
 * comments, an option not set, bad names, a control character, a value
 * over KCONFIG_VALUE_MAX, no '='. */
static char *kconfig_text(void)
{
	char *t = malloc(8192), *p = t;

	assert_non_null(t);
	p += sprintf(p, "#\n# Automatically generated file; DO NOT EDIT.\n"
		     "CONFIG_SMP=y\nCONFIG_HZ=250\n"
		     "# CONFIG_INIT_ON_FREE_DEFAULT_ON is not set\n"
		     "CONFIG_LOCALVERSION=\"\"\n"
		     "CONFIG_CMDLINE=\"console=ttyAMA0 quiet\"\n\n"
		     "CONFIG_BAD NAME=y\nNOTCONFIG_X=y\nCONFIG_=y\n"
		     "CONFIG_EMPTY=\nCONFIG_CTRL=a\x01z\nCONFIG_NOEQ\n"
		     "CONFIG_HZ_250=y\nCONFIG_LONG=");
	memset(p, 'x', KCONFIG_VALUE_MAX + 1);
	strcpy(p + KCONFIG_VALUE_MAX + 1, "\nCONFIG_LAST=m\n");
	return t;
}

static void kconfig_expect(json_t *c, const char *source)
{
	json_t *o = json_object_get(c, "options");
	static const char *const want[][2] = {
		{ "CONFIG_SMP", "y" },
		{ "CONFIG_HZ", "250" },
		{ "CONFIG_LOCALVERSION", "\"\"" },
		{ "CONFIG_CMDLINE", "\"console=ttyAMA0 quiet\"" },
		{ "CONFIG_HZ_250", "y" },
		{ "CONFIG_LAST", "m" },
	};

	assert_non_null(c);
	assert_string_equal(json_string_value(json_object_get(c, "source")),
			    source);
	assert_int_equal(json_object_size(o), 6);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		assert_string_equal(json_string_value(json_object_get(
					    o, want[i][0])), want[i][1]);
}

/* Write text gzip-compressed to <root><rel> (zlib; without it, as is:
 * then the capture cannot read it). */
static void put_gz(const char *rel, const char *text, size_t n)
{
	char path[PATH_MAX];

	assert_int_equal(fake_put(root, rel, ""), 0);
	snprintf(path, sizeof(path), "%s%s", root, rel);
#if HAVE_ZLIB
	gzFile z = gzopen(path, "wb");

	assert_non_null(z);
	assert_int_equal(gzwrite(z, text, (unsigned)n), (int)n);
	assert_int_equal(gzclose(z), Z_OK);
#else
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, n, f), n);
	fclose(f);
#endif
}

/* n lines CONFIG_O<i>=y: a text of many options, or a long one. */
static char *kconfig_many(size_t n, size_t *len)
{
	char *t = malloc(n * 24 + 1), *p = t;

	assert_non_null(t);
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "CONFIG_O%zu=y\n", i);
	*len = (size_t)(p - t);
	return t;
}

/* The configuration: /boot/config-RELEASE first, /proc/config.gz else,
 * neither over the bounds of kconfig.h, absent when none is read. */
static void test_kconfig_capture(void **state)
{
	char *text = kconfig_text(), *big;
	size_t len;
	json_t *env, *k, *c;

	assert_int_equal(fake_put(root, "/boot/config-6.1.0-test", text), 0);
	env = capture(root, NULL, NULL);
	kconfig_expect(json_object_get(json_object_get(env, "kernel"),
				       "config"), "/boot/config-6.1.0-test");
	json_decref(env);
	/* a session's capture leaves it out; its save adds it, once */
	env = env_capture(&(const struct env_opts){ .root = root,
						    .no_kconfig = true });
	k = json_object_get(env, "kernel");
	assert_null(json_object_get(k, "config"));
	env_kconfig_add(env, root);
	c = json_object_get(k, "config");
	kconfig_expect(c, "/boot/config-6.1.0-test");
	env_kconfig_add(env, root);
	assert_ptr_equal(json_object_get(k, "config"), c);
	json_decref(env);
	/* another release's file is not this kernel's */
	assert_null(env_kconfig(root, "6.2.0-other"));
	assert_null(env_kconfig(root, "unknown"));
	assert_null(env_kconfig(root, "../boot/config-6.1.0-test"));
	/* /proc/config.gz: where the build has zlib */
	put_gz("/proc/config.gz", text, strlen(text));
	c = env_kconfig(root, "6.2.0-other");
	if (HAVE_ZLIB)
		kconfig_expect(c, "/proc/config.gz");
	else
		assert_null(c);
	json_decref(c);
	/* over KCONFIG_OPTIONS_MAX options, or KCONFIG_MAX_BYTES: neither
	 * file is used (a configuration cut short is not this one) */
	big = kconfig_many(KCONFIG_OPTIONS_MAX + 1, &len);
	assert_true(len < KCONFIG_MAX_BYTES);
	assert_int_equal(fake_put(root, "/boot/config-6.1.0-test", big), 0);
	put_gz("/proc/config.gz", big, len);
	assert_null(env_kconfig(root, "6.1.0-test"));
	free(big);
	big = malloc(KCONFIG_MAX_BYTES + 16);
	assert_non_null(big);
	for (size_t i = 0; i + 12 <= KCONFIG_MAX_BYTES + 12; i += 12)
		memcpy(big + i, "CONFIG_A=yy\n", 12);
	big[KCONFIG_MAX_BYTES + 12] = '\0';
	assert_int_equal(fake_put(root, "/boot/config-6.1.0-test", big), 0);
	put_gz("/proc/config.gz", big, KCONFIG_MAX_BYTES + 12);
	assert_null(env_kconfig(root, "6.1.0-test"));
	/* just at the limit: read */
	big[KCONFIG_MAX_BYTES - 12] = '\0';
	assert_int_equal(fake_put(root, "/boot/config-6.1.0-test", big), 0);
	c = env_kconfig(root, "6.1.0-test");
	assert_non_null(c);
	json_decref(c);
	free(big);
	free(text);
	fake_rm(root, "/boot");
	fake_rm(root, "/proc/config.gz");
	/* neither: no key at all */
	env = capture(root, NULL, NULL);
	assert_null(json_object_get(json_object_get(env, "kernel"), "config"));
	json_decref(env);
	assert_true(kconfig_name_ok("CONFIG_lower_9"));
	assert_false(kconfig_name_ok("CONFIG_X-Y"));
	assert_false(kconfig_value_ok(""));
}

/* Set env's kernel.config to the options of text ("NAME=VALUE ..."). */
static void set_kconfig(json_t *env, const char *text)
{
	json_t *o = json_object();
	char buf[512], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", text);
	for (char *w = strtok_r(buf, " ", &save); w;
	     w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');

		*eq = '\0';
		json_object_set_new(o, w, json_string(eq + 1));
	}
	json_object_set_new(json_object_get(env, "kernel"), "config",
			    json_pack("{s:s,s:o}", "source", "/proc/config.gz",
				      "options", o));
}

/* kernel.config compared option by option: one expected entry whose
 * options are the ones that differ, in name order, NULL where unset. */
static void test_kconfig_diff(void **state)
{
	json_t *e[3];
	struct env_diff *d;
	size_t n;

	e[0] = capture(root, NULL, NULL);
	e[1] = json_deep_copy(e[0]);
	e[2] = json_deep_copy(e[0]);
	set_kconfig(e[0], "CONFIG_SMP=y CONFIG_HZ=250 CONFIG_B=m");
	set_kconfig(e[1], "CONFIG_B=m CONFIG_SMP=y CONFIG_HZ=250");
	/* the same options in another order, from another source */
	json_object_set_new(json_object_get(json_object_get(e[1], "kernel"),
					    "config"), "source",
			    json_string("/boot/config-6.1.0-test"));
	assert_int_equal(env_diff(e, 2, NULL, &d, &n), 0);
	assert_int_equal(n, 0);
	env_diff_free(d, n, 2);
	set_kconfig(e[1], "CONFIG_SMP=y CONFIG_HZ=1000 CONFIG_INIT=y");
	set_kconfig(e[2], "CONFIG_SMP=y CONFIG_HZ=250 CONFIG_B=m");
	assert_int_equal(env_diff(e, 3, NULL, &d, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(d[0].key, "kernel.config");
	assert_int_equal(d[0].kind, ENV_DIFF_EXPECTED);
	assert_string_equal(d[0].values[0], "3 options");
	assert_int_equal(d[0].n_opts, 3);
	assert_string_equal(d[0].opts[0].name, "CONFIG_B");
	assert_string_equal(d[0].opts[0].values[0], "m");
	assert_null(d[0].opts[0].values[1]);
	assert_string_equal(d[0].opts[0].values[2], "m");
	assert_string_equal(d[0].opts[1].name, "CONFIG_HZ");
	assert_string_equal(d[0].opts[1].values[1], "1000");
	assert_string_equal(d[0].opts[2].name, "CONFIG_INIT");
	assert_null(d[0].opts[2].values[0]);
	assert_string_equal(d[0].opts[2].values[1], "y");
	env_diff_free(d, n, 3);
	/* one side without it: a key present on one side, no options */
	json_object_del(json_object_get(e[1], "kernel"), "config");
	assert_int_equal(env_diff(e, 2, NULL, &d, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(d[0].values[1], "(absent)");
	assert_int_equal(d[0].n_opts, 0);
	env_diff_free(d, n, 2);
	for (int i = 0; i < 3; i++)
		json_decref(e[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_capture_fake),
		cmocka_unit_test(test_capture_missing),
		cmocka_unit_test(test_capture_arm64),
		cmocka_unit_test(test_capture_real),
		cmocka_unit_test(test_diff_cases),
		cmocka_unit_test(test_diff_order),
		cmocka_unit_test(test_helpers),
		cmocka_unit_test(test_kconfig_capture),
		cmocka_unit_test(test_kconfig_diff),
	};

	return cmocka_run_group_tests(tests, fake_setup, fake_teardown);
}
