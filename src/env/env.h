/* SPDX-License-Identifier: MIT */
/*
 * env: capture the environment a measurement ran in (into every result,
 * env.c), the file readers shared with the doctor checks (env_read.c) and
 * the compare-time environment diff (env_diff.c). Readers take a
 * root directory ("" or "/" for the real system) so tests can use a fake
 * /proc and /sys tree. Missing files are recorded as "unknown".
 */
#ifndef ABSTAT_ENV_H
#define ABSTAT_ENV_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "cpu.h"

struct env_opts {
	const char *root;          /* "" = real system */
	const struct cpu_list *pinned; /* may be NULL or empty: not pinned */
	const char *const *workload_paths; /* NULL-terminated, may be NULL */
	const char *backend;       /* "perf" / "papi" */
	/* leave kernel.config out: a session adds it once its runs are
	 * done (env_kconfig_add), off its start-up (doc/startup.md) */
	bool no_kconfig;
};

/* A JSON object with the environment (see abstat-result(5) and the key
 * list in abstat-doctor(1)). */
json_t *env_capture(const struct env_opts *o);
/* The "workloads" array of env_capture alone: each path resolved as
 * execvp would, with the sha256 of its file. A session captures the
 * rest once and adds this for each result. */
json_t *env_workloads(const char *const *paths);
/* env_kconfig.c: the running kernel's configuration (kernel.config):
 * {"source": "/boot/config-RELEASE", "options": {"CONFIG_SMP": "y"...}}
 * from <root>/boot/config-RELEASE or <root>/proc/config.gz; NULL when
 * neither can be read within kconfig.h's bounds. */
json_t *env_kconfig(const char *root, const char *release);
/* env_kconfig into env.kernel.config for env.kernel.release, where env
 * has a kernel and no config yet; without one readable, env stays as it
 * was. */
void env_kconfig_add(json_t *env, const char *root);

/* env_arm.c: an arm64 CPU's vendor and model from its MIDR fields
 * (implementer, part) as lscpu names them; whether they are QEMU TCG's
 * emulated -cpu max; whether the device tree says the machine is virtual
 * (1, 0, or -1 without a device tree). */
void env_arm_name(unsigned impl, unsigned part, char *vendor, size_t vlen,
		  char *model, size_t mlen);
bool env_arm_emulated(unsigned impl, unsigned part);
int env_dt_virtual(const char *root);
/* Helpers shared by capture and doctor. Open <root><rel> (root NULL or
 * "": the real /proc and /sys) read-only, close-on-exec: a descriptor,
 * or -1 with errno (ENAMETOOLONG where the path does not fit). */
int env_open(const char *root, const char *rel);
/* Read <root><rel> into buf (at most len - 1 bytes, trailing newlines
 * removed). 0 or -errno. */
int env_read(const char *root, const char *rel, char *buf, size_t len);
/* The same, as a decimal integer. 0, -errno or -EINVAL. */
int env_read_long(const char *root, const char *rel, long *out);
/* The value of "key=" in a kernel command line (last one wins) into buf,
 * "" when the key is present without a value. false when absent. */
bool env_cmdline_value(const char *cmdline, const char *key, char *buf,
		       size_t len);
/* Boost/turbo of cpu: "on", "off" or "unknown"; file gets the file
 * that decided it (relative to root), "" when none. */
const char *env_boost(const char *root, int cpu, char *file, size_t flen);
/* The selected value of a "[a] b c" sysfs choice ("madvise"), else s. */
const char *env_bracketed(const char *s, char *buf, size_t len);

/* compare: how an env key differs between sides. */
enum env_diff_kind {
	ENV_DIFF_EXPECTED, /* kernel, cmdline, mitigations, microcode */
	ENV_DIFF_REFUSED,  /* changes the measurement: compare refuses */
	ENV_DIFF_INFO,     /* differs, harmless (boot id, load, time) */
};

/* One option of kernel.config that differs between sides: its value on
 * each side, NULL where the side does not set it. */
struct env_opt_diff {
	char *name;        /* "CONFIG_SMP" */
	char **values;     /* n_sides long */
};

struct env_diff {
	char *key;         /* dotted path, "cpu.model_name" */
	enum env_diff_kind kind;
	char **values;     /* one per side (string form), n_sides long */
	/* kernel.config where every side records it: the options that
	 * differ, in name order (values: "N options") */
	struct env_opt_diff *opts;
	size_t n_opts;
};

/* Diff the envs of n sides (side 0 the baseline). allow: comma list of
 * keys that may differ (downgrades REFUSED to EXPECTED). */
int env_diff(json_t *const *envs, size_t n, const char *allow,
	     struct env_diff **out, size_t *n_out);
void env_diff_free(struct env_diff *d, size_t n, size_t n_sides);
/* Free what one entry owns (its key and values). */
void env_diff_clear(struct env_diff *d, size_t n_sides);
/* Flatten an env to dotted keys ("cpu.model_name") with string values
 * (compare's view of an env). A new object; NULL on ENOMEM. */
json_t *env_flatten(json_t *env);
/* Classify one dotted key (allow as in env_diff). */
enum env_diff_kind env_diff_classify(const char *key, const char *allow);
const char *env_diff_kind_name(enum env_diff_kind k); /* "expected" */

/* env_kconfig.c: compare's view of kernel.config. The key it is
 * flattened to, with the value "N options" (a new string, NULL on
 * ENOMEM); whether the n envs' options differ, when every env records
 * them; and the options that differ into d->opts, in name order (0 or
 * -ENOMEM). */
#define ENV_KCONFIG_KEY "kernel.config"
char *env_kconfig_summary(json_t *config);
bool env_kconfig_differs(json_t *const *envs, size_t n);
int env_kconfig_diff(json_t *const *envs, size_t n, struct env_diff *d);

#endif
