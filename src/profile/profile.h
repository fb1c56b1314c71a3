/* SPDX-License-Identifier: MIT */
/*
 * profile: the sampling side of abstat profile. Chooses and probes the
 * sampling event (--sample-event, else cycles where the PMU samples,
 * else cpu-clock), gives the launcher one sampler per copy
 * (launch_sampling, counters/sampler.h), keeps each run's raw call
 * chains and mappings while it goes, and at the end of the run folds
 * them into symbolised stacks (symbols.h) in the run: root first, ';'
 * between frames, kernel frames suffixed "_[k]" (struct run_stack).
 */
#ifndef ABSTAT_PROFILE_H
#define ABSTAT_PROFILE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "launcher.h"
#include "result.h"

#define PROFILE_DEFAULT_FREQ 999

struct profile_opts {
	const char *event;  /* --sample-event, or NULL */
	unsigned freq;      /* --freq */
	bool user_only;     /* --user-only: no kernel frames */
	bool dwarf;         /* --call-graph dwarf (else frame pointers) */
	const char *root;   /* "" (tests: a tree with proc/kallsyms) */
	uid_t uid;          /* the workload's user (its perf maps are read) */
	size_t n_copies;
};

struct profile;

/* Resolve and probe the event, load kallsyms. 0, or -errno with one line
 * in err (-ENOENT: an unknown event; -EACCES, -EOPNOTSUPP: it cannot
 * sample here, or dwarf call graphs are not built for this machine). A note (cycles fell back to cpu-clock, kallsyms hidden)
 * is in profile_note(). */
int profile_open(const struct profile_opts *o, struct profile **out,
		 char *err, size_t len);
const struct launch_sampling *profile_hooks(const struct profile *p);
/* Copy i's state for launch_copy.sample. */
void *profile_copy(struct profile *p, size_t i);
/* Fold what the run sampled into run (profiled, samples, lost, stacks)
 * and start the next run afresh. 0 or -ENOMEM. */
int profile_collect(struct profile *p, struct run *run);
/* The sampling config for the result's config: {"event", "freq",
 * "call_graph", "symbols"}. */
json_t *profile_config(const struct profile *p);
/* What the user should know about what is sampled, or NULL. */
const char *profile_note(const struct profile *p);
void profile_free(struct profile *p);

#endif
