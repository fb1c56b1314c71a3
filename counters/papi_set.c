// SPDX-License-Identifier: MIT
/*
 * papi_set: counting a launched child with PAPI (self_open = false).
 *
 * The launcher forks a child that blocks before exec, and calls here from
 * the parent: open() builds an EventSet on the perf_event component, sets
 * its domain (user + kernel, or user with --user-only) and PAPI_INHERIT
 * (PAPI_INHERIT_ALL: the child's own children are counted too, as the perf
 * backend's inherit does), PAPI_attach()es it to the child's pid and adds
 * the events, which PAPI opens at once with perf_event_open(pid) disabled.
 * start() is PAPI_start(): PAPI resets and enables the group (ioctl) while
 * the child is still blocked. The launcher then releases the child, which
 * execs; after wait4 read() is PAPI_stop(), close() destroys the EventSet.
 *
 * What is counted before exec: PAPI has no enable_on_exec (it enables in
 * PAPI_start), so a whole-program count also holds the child's last steps
 * of the launcher's code: the return from the blocking read on the gate,
 * and the execve(2) system call itself (user + kernel: the kernel's exec
 * work is most of it). That is a near-constant offset per run, the same on
 * both sides of a PAPI-vs-PAPI comparison, and it is why the perf backend
 * (enable_on_exec) is the default. It is avoided entirely with the
 * measured-region protocol (built-in workloads and abstat.h): the launcher
 * reads the counters at the workload's first `enable` and subtracts that
 * baseline, so the exec and the setup are never in the result (read() is
 * therefore non-destructive). open() with region set would instead start
 * nothing until enable() (PAPI_start).
 *
 * enabled_ns / running_ns: PAPI does not report the kernel's
 * time_enabled/time_running (it asks for them only when multiplexing,
 * which abstat never turns on). Both are set to the CLOCK_MONOTONIC time
 * the EventSet was started, measured here around PAPI_start/PAPI_stop and
 * summed over enable/disable pairs; an EventSet that never started reads
 * enabled = running = 0, which counters_scale() treats as not counted.
 * PAPI pins the group leader, and a pinned group that cannot be scheduled
 * makes PAPI_stop fail, so running < enabled cannot happen unseen here.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "counters.h"

#if HAVE_PAPI

#include <papi.h>

#include "papi_int.h"

struct counter_set {
	size_t n;       /* events given to prepare() */
	char **names;   /* PAPI name per event, NULL when not counted */
	int *slot;      /* event -> position in the EventSet, or -1 */
	size_t nslots;
	bool user_only; /* EventSet domain PAPI_DOM_USER */
	bool has_preset;
	long long *tmp, *acc;
	uint64_t acc_ns, t0_ns;
	int es;         /* PAPI EventSet, PAPI_NULL when closed */
	bool region, running;
};

static uint64_t papi_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int papi_prepare(struct event *evs, size_t n, struct counter_set **out)
{
	struct counter_set *s = calloc(1, sizeof(*s));
	size_t i;

	if (!s)
		return -ENOMEM;
	s->es = PAPI_NULL;
	s->n = n;
	s->names = calloc(n ? n : 1, sizeof(*s->names));
	s->slot = calloc(n ? n : 1, sizeof(*s->slot));
	s->tmp = calloc(n ? n : 1, sizeof(*s->tmp));
	s->acc = calloc(n ? n : 1, sizeof(*s->acc));
	if (!s->names || !s->slot || !s->tmp || !s->acc)
		goto nomem;
	s->user_only = n > 0;
	for (i = 0; i < n; i++) {
		s->slot[i] = -1;
		if (evs[i].state != EVENT_OK)
			continue;
		/* fstr is the name PAPI is given: the preset's, or the
		 * native's libpfm4 string with explicit u/k masks. */
		s->names[i] = strdup(evs[i].fstr);
		if (!s->names[i])
			goto nomem;
		/* Presets follow the EventSet's domain, which is user-only
		 * only when every event excludes the kernel (--user-only);
		 * natives with :u/:k carry their own masks. */
		if (!evs[i].exclude_kernel)
			s->user_only = false;
		if (evs[i].native)
			s->has_preset = true;
		s->slot[i] = (int)s->nslots++;
	}
	*out = s;
	return 0;
nomem:
	papi_free(s);
	return -ENOMEM;
}

static int papi_fail(struct counter_set *s, int r, const char *msg)
{
	int e = papi_to_errno(r);

	papi_set_last_error(e, msg);
	papi_close(s);
	return e;
}

/*
 * PAPI_set_opt(PAPI_DOMAIN / PAPI_INHERIT) and PAPI_attach each first open
 * PERF_COUNT_HW_INSTRUCTIONS on the target as a permission check (PAPI's
 * check_permissions) and fold the kernel's errno into a PAPI code: get
 * the errno back by repeating that check.
 */
static int papi_setup_failed(struct counter_set *s, pid_t pid,
			     const char *what, int r)
{
	char msg[512], why[200];
	int kerr = papi_attach_check(pid, s->user_only);

	if (!kerr) {
		snprintf(msg, sizeof(msg), "papi: %s on pid %d failed: %s",
			 what, (int)pid, PAPI_strerror(r));
		return papi_fail(s, r, msg);
	}
	papi_kernel_reason(kerr, why, sizeof(why));
	snprintf(msg, sizeof(msg), "papi: %s on pid %d failed (%s): PAPI first opens the hardware instructions event and %s; the perf backend still counts software events: use --backend perf",
		 what, (int)pid, PAPI_strerror(r), why);
	papi_set_last_error(-kerr, msg);
	papi_close(s);
	return -kerr;
}

int papi_open(struct counter_set *s, pid_t pid, bool region, int *bad)
{
	PAPI_option_t opt;
	char msg[512];
	size_t i;
	int r;

	*bad = -1;
	s->region = region;
	s->running = false;
	s->acc_ns = 0;
	memset(s->acc, 0, s->n * sizeof(*s->acc));
	r = PAPI_create_eventset(&s->es);
	if (r == PAPI_OK)
		r = PAPI_assign_eventset_component(s->es, papi_cidx);
	if (r != PAPI_OK) {
		snprintf(msg, sizeof(msg), "papi: cannot create an EventSet: %s",
			 PAPI_strerror(r));
		return papi_fail(s, r, msg);
	}
	/* Natives carry explicit :u=/:k= (their fstr); presets follow the
	 * EventSet's domain, PAPI_DOM_USER unless told otherwise. */
	if (s->has_preset) {
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = s->es;
		opt.domain.domain = s->user_only ? PAPI_DOM_USER :
				    PAPI_DOM_USER | PAPI_DOM_KERNEL;
		r = PAPI_set_opt(PAPI_DOMAIN, &opt);
		if (r != PAPI_OK)
			return papi_setup_failed(s, pid, "PAPI_DOMAIN", r);
	}
	if (pid > 0) {
		memset(&opt, 0, sizeof(opt));
		opt.inherit.eventset = s->es;
		opt.inherit.inherit = PAPI_INHERIT_ALL;
		r = PAPI_set_opt(PAPI_INHERIT, &opt);
		if (r != PAPI_OK)
			return papi_setup_failed(s, pid, "PAPI_INHERIT", r);
		r = PAPI_attach(s->es, (unsigned long)pid);
		if (r != PAPI_OK)
			return papi_setup_failed(s, pid, "PAPI_attach", r);
	}
	for (i = 0; i < s->n; i++) {
		if (s->slot[i] < 0)
			continue;
		r = PAPI_add_named_event(s->es, s->names[i]);
		if (r != PAPI_OK) {
			*bad = (int)i;
			snprintf(msg, sizeof(msg), "papi: cannot count %s on pid %d: PAPI says: %s",
				 s->names[i], (int)pid, PAPI_strerror(r));
			return papi_fail(s, r, msg);
		}
	}
	return 0;
}

static int papi_go(struct counter_set *s)
{
	char msg[256];
	int r;

	if (s->running || s->nslots == 0)
		return 0;
	r = PAPI_start(s->es);
	if (r != PAPI_OK) {
		snprintf(msg, sizeof(msg), "papi: PAPI_start failed: %s",
			 PAPI_strerror(r));
		papi_set_last_error(papi_to_errno(r), msg);
		return papi_to_errno(r);
	}
	s->t0_ns = papi_now_ns();
	s->running = true;
	return 0;
}

/* PAPI_stop reads the counts; PAPI_start resets them: accumulate here. */
static int papi_halt(struct counter_set *s)
{
	size_t i;
	int r;

	if (!s->running)
		return 0;
	r = PAPI_stop(s->es, s->tmp);
	s->acc_ns += papi_now_ns() - s->t0_ns;
	s->running = false;
	if (r != PAPI_OK)
		return r;
	for (i = 0; i < s->nslots; i++)
		s->acc[i] += s->tmp[i];
	return PAPI_OK;
}

int papi_start(struct counter_set *s)
{
	return s->region ? 0 : papi_go(s);
}

int papi_enable(struct counter_set *s)
{
	return papi_go(s);
}

int papi_disable(struct counter_set *s)
{
	return papi_to_errno(papi_halt(s));
}

/*
 * Non-destructive: the launcher reads once at the workload's first
 * `enable` (a baseline it subtracts) while counting goes on, and once
 * after wait4. PAPI_read gives the counts since the last PAPI_start.
 */
int papi_read(struct counter_set *s, struct counter_value *vals, char *err,
	      size_t len)
{
	uint64_t ns = s->acc_ns;
	long long v;
	size_t i;
	int r;

	memset(vals, 0, s->n * sizeof(*vals));
	memset(s->tmp, 0, s->n * sizeof(*s->tmp));
	if (s->running) {
		r = PAPI_read(s->es, s->tmp);
		if (r != PAPI_OK) {
			snprintf(err, len, "papi: PAPI_read failed: %s",
				 PAPI_strerror(r));
			return -EIO;
		}
		ns += papi_now_ns() - s->t0_ns;
	}
	for (i = 0; i < s->n; i++) {
		if (s->slot[i] < 0)
			continue;
		v = s->acc[s->slot[i]] + s->tmp[s->slot[i]];
		if (v < 0) {
			snprintf(err, len, "papi: %s read a negative count",
				 s->names[i]);
			return -EIO;
		}
		vals[i].value = (uint64_t)v;
		vals[i].enabled_ns = ns;
		vals[i].running_ns = ns;
	}
	return 0;
}

void papi_close(struct counter_set *s)
{
	if (!s || s->es == PAPI_NULL)
		return;
	if (s->running)
		papi_halt(s);
	PAPI_cleanup_eventset(s->es);
	PAPI_destroy_eventset(&s->es);
	s->es = PAPI_NULL;
}

void papi_free(struct counter_set *s)
{
	size_t i;

	if (!s)
		return;
	papi_close(s);
	for (i = 0; s->names && i < s->n; i++)
		free(s->names[i]);
	free(s->names);
	free(s->slot);
	free(s->tmp);
	free(s->acc);
	free(s);
}

#endif
