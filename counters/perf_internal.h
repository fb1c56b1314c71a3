/* SPDX-License-Identifier: MIT */
/*
 * perf_internal: private to the perf_event backend (counters/perf_*.c,
 * counters/pfm.c) and its unit tests. Split as libpfm4 splits it:
 * encoding (pfm.c: name -> attr, no syscalls), counting (perf_event.c),
 * read parsing (perf_read.c, pure), diagnosis (perf_error.c), listing
 * (perf_list.c). No libpfm4 header here: callers outside pfm.c see only
 * struct event.
 */
#ifndef ABSTAT_PERF_INTERNAL_H
#define ABSTAT_PERF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "counters.h"

/* Group indices assigned by resolve (struct event.group): the CPU PMU
 * (hardware, cache and raw events) is one pinned group, software events
 * another; anything else (tracepoints, breakpoints, other PMUs, tool
 * events) is marked OTHER and each counts on its own (the kernel refuses
 * most groups across PMUs). The user's {a,b} are EVENT_GROUP_USER + k. */
enum perf_group {
	PERF_GROUP_CPU = 0,
	PERF_GROUP_SOFTWARE = 1,
	PERF_GROUP_OTHER = 2,
};

/* perf's tool events have no kernel counter: abstat measures them (type
 * outside the kernel's range, config perf's tool event number). */
#define PERF_TYPE_ABSTAT_TOOL 0xfffffffeU
#define PERF_TOOL_DURATION_TIME 1

/* perf_grammar.c: trailing modifiers, perf's letters u k h G H I D p P. */
struct perf_mods {
	bool u, k, h;       /* count user, kernel, hypervisor (only those) */
	bool guest, host;   /* G, H */
	bool no_idle;       /* I: exclude_idle */
	bool pinned;        /* D */
	int precise;        /* p pp ppp, P = 3 */
	char refused;       /* a perf letter abstat refuses (S R W e b) */
};
/* Strip trailing ":MODS" (repeatable) off name in place into m; -EINVAL
 * with m->refused set for one of perf's letters abstat does not take. */
int perf_mods_split(char *name, struct perf_mods *m);
/* Modifiers after a PMU's closing '/' ("u" or ":u") added to m; -EINVAL
 * for other text. */
int perf_mods_tail(const char *tail, struct perf_mods *m);

/* perf_list.c: perf's spellings of the generic and software events
 * (perf list), NULL-terminated. */
extern const char *const perf_spellings[];

/* perf_encode.c: perf's grammar (one event) -> ev; see the file. 0,
 * -ENOENT (unknown), -EINVAL (refused combination), -EACCES, -ENOMEM. */
int perf_encode(const char *name, bool user_only, struct event *ev,
		char *err, size_t len);

/* perf_sysfs.c: sysfs PMUs and tracefs under a root ("" the real one). */
void perf_sysfs_set_root(const char *root);
/* PMU pmu's type and the config words terms ("event=0x3c,umask=1", event
 * aliases from events/) give. 0, -ENOENT (no such PMU or term), -EINVAL. */
int perf_sysfs_pmu(const char *pmu, const char *terms, uint32_t *type,
		   uint64_t cfg[3], char *err, size_t len);
/* Tracepoint sys:name's id from tracefs. 0, -ENOENT, -EACCES, -EIO. */
int perf_sysfs_tracepoint(const char *sys, const char *name, uint64_t *id,
			  char *err, size_t len);
/* PMU pmu counts per CPU only (uncore, RAPL: it has a cpumask file). */
bool perf_sysfs_cpu_only(const char *pmu);
/* For abstat list: fn for every sysfs PMU alias ("msr/tsc/") and every
 * tracepoint ("sched:sched_switch", none without tracefs), sorted; stops
 * at and returns fn's first non-zero value. */
int perf_sysfs_for_each_pmu_event(int (*fn)(const char *name, void *arg),
				  void *arg);
int perf_sysfs_for_each_tracepoint(int (*fn)(const char *name, void *arg),
				   void *arg);

/* pfm.c: libpfm4. Idempotent; 0 or -EIO with libpfm4's reason. */
int pfm_setup(char *err, size_t len);
void pfm_teardown(void);
/*
 * Encode name (perf or libpfm4 spelling, :u/:k modifiers) into ev, counting
 * user + kernel unless the name or user_only says otherwise. *idx (may be
 * NULL) gets libpfm4's event index. 0, -ENOENT (unknown event), -EINVAL
 * (bad modifier, or a kernel-only event with user_only), -ENOMEM.
 */
int pfm_resolve(const char *name, bool user_only, struct event *ev,
		int *idx, char *err, size_t len);
/* True when libpfm4 knows a PMU named pmu and detected it on this host. */
bool pfm_pmu_present(const char *pmu);
/* True when libpfm4 has a PMU named pmu (present here or not): the sysfs
 * PMUs, tracepoints and breakpoints perf_encode makes are not its. */
bool pfm_knows_pmu(const char *pmu);

/* The core PMU libpfm4 detected for this CPU ("icl", "amd64_fam19h_zen4"),
 * or NULL when it does not know the model (or cannot be set up). This,
 * pfm_foreign_event and pfm_for_each set libpfm4 up themselves: asked,
 * they need it (counting sets it up only for an event that needs it). */
const char *pfm_cpu_pmu(void);
/* An event of a core PMU libpfm4 knows but did not detect here, chosen at
 * run time ("amd64_fam19h_zen4::RETIRED_INSTRUCTIONS" on an Intel host),
 * that encodes offline: needs LIBPFM_ENCODE_INACTIVE=1 in the environment
 * before pfm_setup. For tests and diagnosis. 0, -ENOENT or -EIO. */
int pfm_foreign_event(char *buf, size_t len);

/* One listable event from libpfm4: pmu::EVENT, with its unit masks. */
struct pfm_entry {
	char name[256];   /* "icl::INST_RETIRED" */
	int idx;          /* libpfm4 event index */
	char umasks[512]; /* "ANY_P THREAD_P" (space separated, may be "") */
	const char *desc;
};
/* Calls fn for every event of every PMU libpfm4 detected here (the perf
 * PMU too). Stops and returns fn's value when non-zero. */
int pfm_for_each(int (*fn)(const struct pfm_entry *e, void *arg), void *arg);

/* perf_event.c: a counter opened only to learn whether the kernel allows
 * it (then read or closed): event config (config1, config2) of type
 * (PERF_TYPE_*), on pid (0: this process), any CPU, close-on-exec, the
 * hypervisor excluded unless count_hv. PAPI's permission and event
 * checks, the group-read check and the tests' PMU prerequisite are such
 * probes. */
struct perf_probe {
	uint32_t type;
	uint64_t config, config1, config2;
	pid_t pid;
	bool exclude_user;
	bool exclude_kernel;
	bool count_hv;
	bool disabled;         /* else it counts from the open */
	bool inherit;
	uint64_t read_format;
};
/* The probe's fd, or -errno. */
int perf_probe_open(const struct perf_probe *p);

/* perf_error.c: the machine, for diagnosis. */
int perf_paranoid(void);          /* perf_event_paranoid, or -99 unknown */
bool perf_hypervisor(void);       /* "hypervisor" in /proc/cpuinfo flags */
bool perf_cpu_pmu_present(void);  /* a cpu PMU in /sys/bus/event_source */
/* Type uses the CPU's PMU (hardware, hw cache, raw). */
bool perf_type_is_cpu(uint32_t type);
/* Probe classification: fill reason (without "not supported: ") for an
 * errno that means "cannot count here"; false when errno is fatal. */
bool perf_unsupported_reason(const struct event *ev, int err, char *buf,
			     size_t len);
void perf_strerror(const struct event *ev, int err, char *buf, size_t len);

/* perf_read.c: parse raw read(2) buffers (pure, unit tested).
 * Group format (PERF_FORMAT_GROUP | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING
 * | ID): nr, enabled, running, then nr x {value, id}. ids[k] is the id of
 * member k; out[k] receives its value. 0, or -EIO with a reason. */
int perf_parse_group(const void *buf, ssize_t n, size_t nr,
		     const uint64_t *ids, struct counter_value *out,
		     char *err, size_t len);
/* Single format: value, enabled, running, id. */
int perf_parse_single(const void *buf, ssize_t n, uint64_t id,
		      struct counter_value *out, char *err, size_t len);
/* Bytes a group read of nr members returns. */
size_t perf_group_size(size_t nr);

/* perf_event.c: for tests, force per-event reads (false) or back to the
 * kernel check (true); affects sets prepared afterwards. */
void perf_group_read_reset(bool allow);
/* Whether sets use PERF_FORMAT_GROUP (after init). */
bool perf_group_read(void);

/* perf_fit.c: the default set's cache events, where they fit (see the
 * file). perf_fit is perf_backend's fit. */
bool perf_fit_is_cache(const char *name);
int perf_fit(struct event *evs, size_t n, char *err, size_t len);
/* perf_fit with the trial given (unit tests): try(evs, n, cache) is true
 * when the CPU group, with the cache events or without, opens and is
 * scheduled. */
typedef bool (*perf_fit_try_fn)(const struct event *evs, size_t n,
				bool cache);
int perf_fit_with(struct event *evs, size_t n, perf_fit_try_fn try_fit,
		  char *err, size_t len);

/* perf_list.c */
int perf_list(const char *pattern, bool encode, bool user_only, FILE *out);

/* what every counting read returns besides the values (perf_read.c
 * parses it): the times enabled and running, and each event's id */
#define PERF_READ_FORMAT (PERF_FORMAT_TOTAL_TIME_ENABLED | \
			  PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID)

/* perf_attr.c: ev's encoding and modifiers as a counting attr (the
 * sampler, sampler.c, starts from it too). */
struct perf_event_attr;
void perf_attr(const struct event *ev, struct perf_event_attr *a,
	       bool group_read);

#endif
