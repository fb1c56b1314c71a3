/* SPDX-License-Identifier: MIT */
/*
 * counters: the one interface between abstat and counting hardware or
 * software events. A backend is a const struct backend_ops (designated
 * initializers). Encoding (name -> attr) is separate from counting
 * (open/read). Nothing outside counters/ includes libpfm4 or PAPI headers.
 *
 * Life of a measurement:
 *   init -> resolve each name -> probe each (classify supported/not)
 *   -> prepare(supported events) -> per run: open, [start], ..., read, close
 *   -> free -> fini
 */
#ifndef ABSTAT_COUNTERS_H
#define ABSTAT_COUNTERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

enum event_state {
	EVENT_OK,            /* resolved and probed: counts here */
	EVENT_NOT_SUPPORTED, /* cannot count on this machine (reason says why) */
};

/* One event as resolved: everything needed to reproduce and compare it. */
struct event {
	char *name;  /* as the user wrote it: "cycles", "page-faults:u" */
	char *fstr;  /* canonical encoding string (libpfm4 fstr / PAPI name) */
	char *pmu;   /* PMU (libpfm4 pmu name, or PAPI component) */
	char *unit;  /* "" for counts, "ns" for task-clock/cpu-clock */
	uint32_t type;
	uint64_t config, config1, config2;
	bool exclude_user, exclude_kernel, exclude_hv, exclude_idle;
	bool exclude_host, exclude_guest;
	bool pinned, inherit;
	int group;  /* group index within the set (one group per PMU) */
	enum event_state state;
	char *reason; /* why not supported, NULL when EVENT_OK; or, with
		       * not_counted, why it counts nothing */
	/* supported, but counts nothing by construction (result_not_counted:
	 * a kernel-only event under --user-only); "counted": false in a
	 * result file (schema 3) */
	bool not_counted;
	/* a model's count, not a counter's (the kernel lab's cache model,
	 * lab/cache-merge.sh): "modelled": true in a result file, and
	 * every table marks its rows [m] */
	bool modelled;
	/* counted by the emulator, not by a hardware counter (the x86_64
	 * kernel lab's instruction counter, lab/count-merge.sh):
	 * "emulated": true in a result file, every table marks it [e] */
	bool emulated;
	char **native; /* PAPI: native events a preset maps to (NULL-term.) */
	int precise;   /* perf's :p/:P level as written (0-3); sampling only,
			* never in the attr: not an encoding (the name keeps it) */
};

/* Group indices from EVENT_GROUP_USER up are the user's {a,b} groups (one
 * leader, read together); below it a backend's own grouping. */
#define EVENT_GROUP_USER 3

/* One raw read of one counter. Scaling is done by counters_scale(). */
struct counter_value {
	uint64_t value;
	uint64_t enabled_ns;
	uint64_t running_ns;
};

struct counter_set; /* backend-private: the prepared events and their fds */

/*
 * The measured region, marked by the workload on its own counters
 * (workloads/abstat.h, ABSTAT_REGION): the descriptors it is given, in
 * order. toggle: it enables and disables the descriptor (a group leader,
 * PERF_IOC_FLAG_GROUP); read_len: at its first begin it reads that many
 * bytes from it (the counters stopped) as the baseline; 0: none.
 */
struct counter_region_fd {
	int fd;
	bool toggle;
	uint32_t read_len;
};
#define COUNTER_REGION_MAX 31 /* descriptors a set hands over, at most */

struct backend_ops {
	const char *name; /* "perf", "papi" */
	/* True: open() is async-signal-safe with pid 0 and may be called in a
	 * vfork-style child on itself. False: the launcher gates the child
	 * and the parent calls open() with the child's pid, then start(). */
	bool self_open;

	/* 0, or -errno with the reason in err; -ENODEV: the library is up
	 * but cannot count on this machine (list still works). */
	int (*init)(char *err, size_t len);
	void (*fini)(void);
	/* Name (with :u/:k modifiers) -> ev. user_only adds exclude_kernel.
	 * -ENOENT for an unknown event, with the library's reason in err. */
	int (*resolve)(const char *name, bool user_only, struct event *ev,
		       char *err, size_t len);
	/* Try the event on this machine. Not countable: ev->state and
	 * ev->reason set, returns 0. Fatal for the whole session (EACCES,
	 * backend down): -errno and a one-line message in err. */
	int (*probe)(struct event *ev, char *err, size_t len);
	/* Build a set from the events (only EVENT_OK ones are counted). */
	int (*prepare)(struct event *evs, size_t n, struct counter_set **out);
	/* Open the set on pid (0 = self) pinned/grouped; counting starts at
	 * the next exec (enable_on_exec) unless region is true, in which case
	 * it stays disabled until enable(). 0 or -errno; *bad the failing
	 * event index. Must not allocate when self_open and pid == 0. */
	int (*open)(struct counter_set *s, pid_t pid, bool region, int *bad);
	int (*start)(struct counter_set *s); /* attach backends only */
	int (*enable)(struct counter_set *s);
	int (*disable)(struct counter_set *s);
	/* The region the workload marks itself (see struct
	 * counter_region_fd): the set's descriptors (fd -1 until open) into
	 * out[max]; their count, or -E2BIG. NULL: the backend keeps its
	 * counters to itself, and abstat toggles them (the handshake). */
	int (*region_fds)(const struct counter_set *s,
			  struct counter_region_fd *out, size_t max);
	/* vals (the read at the end) become the region's: less the
	 * baselines base[k] (what the workload read from region_fds' k-th
	 * descriptor); abstat's own clock events become region_ns. 0, or
	 * -EIO with the reason in err (a malformed baseline). */
	int (*region_apply)(const struct counter_set *s,
			    const void *const *base, uint64_t region_ns,
			    struct counter_value *vals, char *err, size_t len);
	/* Read every counter of the set into vals (indexed like the evs given
	 * to prepare; unsupported events are left zeroed and must be ignored).
	 * Validates every read; -EIO with a reason in err when malformed. */
	int (*read)(struct counter_set *s, struct counter_value *vals,
		    char *err, size_t len);
	void (*close)(struct counter_set *s); /* fds only; set reusable */
	void (*free)(struct counter_set *s);
	/* errno from open/probe -> one sentence naming the event, the
	 * perf_event_paranoid value where relevant, and one fix. */
	void (*strerror)(const struct event *ev, int err, char *buf,
			 size_t len);
	/* abstat list: events matching pattern with availability here;
	 * user_only (--user-only): names resolve as resolve() does with
	 * it (the perf backend; PAPI's list ignores it). */
	int (*list)(const char *pattern, bool encode, bool user_only,
		    FILE *out);
	/* What list needs beyond init (the perf backend's libpfm4 tables,
	 * which counting sets up only for an event it encodes): 0, or
	 * -errno with the reason in err. NULL: nothing. */
	int (*list_setup)(char *err, size_t len);
	/* run/versus without -e: the events counted (a perf spelling list) */
	const char *default_events;
	/* The default set's composition, once its events are probed (only
	 * without -e): optional events it counts only where the PMU holds
	 * them beside the others (perf: the cache events, perf_fit.c) are
	 * marked EVENT_NOT_SUPPORTED with the reason where it does not. 0, or
	 * -ENOMEM. NULL: the default set is counted as given. */
	int (*fit)(struct event *evs, size_t n, char *err, size_t len);
};

extern const struct backend_ops perf_backend;
extern const struct backend_ops papi_backend;

/* The perf backend's default event list (perf_backend.default_events):
 * with the cache events, counted where they fit (perf_fit.c). */
extern const char *const counters_default_events;

/* Scaling rule (perf's): running == 0 -> not counted (false);
 * running < enabled -> *scaled = value * enabled / running, *multiplexed. */
bool counters_scale(const struct counter_value *v, double *scaled,
		    bool *multiplexed);

/* One name of an -e list, split by perf's grammar (commas inside
 * pmu/a=1,b=2/ and {a,b} groups): group 0 outside braces, k for the k-th
 * {...} (a group's ":MODS" already appended to each member). */
struct event_token {
	char *name;
	int group;
};
/* 0, or -EINVAL with the reason in err (-ENOMEM); *out freed on error. */
int counters_split(const char *list, struct event_token **out, size_t *n,
		   char *err, size_t len);
void counters_split_free(struct event_token *t, size_t n);
/* Put ev into the user's group k (k >= 1, from counters_split). */
void event_set_user_group(struct event *ev, int k);

/* Events as used everywhere else: free the strings an event owns. */
void event_free(struct event *ev);
/* Deep copy. 0 or -ENOMEM. */
int event_copy(struct event *dst, const struct event *src);
/* First field that differs in encoding between a and b ("config",
 * "exclude_kernel", ...), or NULL when the encodings are the same. */
const char *event_encoding_diff(const struct event *a, const struct event *b);

#endif
