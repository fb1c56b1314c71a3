/* SPDX-License-Identifier: MIT */
/*
 * papi_int: what the PAPI backend's files (papi_lib.c: the library and
 * its component; papi.c: names, probe; papi_set.c: counting on a
 * launched child; papi_list.c: abstat list) share. Private to counters/;
 * only compiled with HAVE_PAPI.
 */
#ifndef ABSTAT_PAPI_INT_H
#define ABSTAT_PAPI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "counters.h"

/* The "perf_event" component: the only one that counts CPU events of a
 * process. Set by papi_lib_init(). */
extern int papi_cidx;

/* The end of every refusal: what still works */
#define PAPI_USE_PERF \
	"the perf backend still counts software events: use --backend perf"

/* PAPI_library_init once and find the perf_event component. 0, or -errno
 * with a sentence fragment in err ("papi: ..."). Does not judge whether
 * the component can count: see papi_component_check(). */
int papi_lib_init(char *err, size_t len);
/* PAPI shut down if papi_lib_init brought it up (the backend's fini). */
void papi_lib_fini(void);
/* The perf_event component is enabled. 0, or -ENODEV with PAPI's own
 * disabled_reason in err. */
int papi_component_check(char *err, size_t len);
/* PAPI can attach to another process here: 0, or -errno with the
 * kernel's reason for the perf_event_open PAPI_attach depends on. */
int papi_attach_ready(bool exclude_kernel, char *err, size_t len);

/* PAPI_E* (negative) -> -errno. */
int papi_to_errno(int papi_err);

/* Reproduce PAPI_attach's own permission check: perf_event_open of
 * PERF_COUNT_HW_INSTRUCTIONS on pid (0 = self) with the given exclude
 * bits. 0 or the kernel's errno (positive). */
int papi_attach_check(pid_t pid, bool exclude_kernel);
/* perf_event_open of ev's encoding on abstat itself: 0 or errno. */
int papi_event_check(const struct event *ev);
/* The kernel's errno as "perf_event_open: <strerror> (<hint>)". */
void papi_kernel_reason(int err, char *buf, size_t len);

/* The last detailed failure of open()/start(), for papi_strerror(): the
 * backend interface passes only (event, errno) to strerror. */
void papi_set_last_error(int err, const char *msg);
const char *papi_last_error(int err);

/* backend_ops.strerror: errno (either sign) -> one sentence. */
void papi_strerror_fill(const struct event *ev, int err, char *buf,
			size_t len);

/* Case-insensitive substring, or fnmatch when pattern has * ? [. */
bool papi_name_matches(const char *name, const char *pattern);

int papi_prepare(struct event *evs, size_t n, struct counter_set **out);
int papi_open(struct counter_set *s, pid_t pid, bool region, int *bad);
int papi_start(struct counter_set *s);
int papi_enable(struct counter_set *s);
int papi_disable(struct counter_set *s);
int papi_read(struct counter_set *s, struct counter_value *vals, char *err,
	      size_t len);
void papi_close(struct counter_set *s);
void papi_free(struct counter_set *s);
int papi_list(const char *pattern, bool encode, bool user_only, FILE *out);

#endif
