// SPDX-License-Identifier: MIT
/*
 * pfm: event names -> perf_event attrs with libpfm4, and libpfm4's event
 * tables for 'abstat list'. Encoding only: no perf_event_open here (the
 * split libpfm4 itself makes, see its README and perf_examples/task.c).
 *
 * libpfm4 counts user level only unless told otherwise; abstat asks for
 * PFM_PLM0 | PFM_PLM3 (kernel + user) so syscall and page-fault costs are
 * counted, and PFM_PLM3 alone for --user-only. Modifiers written in the
 * name (:u, :k) take precedence over these defaults inside libpfm4.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <perfmon/pfmlib_perf_event.h>

#include "err.h"
#include "perf_internal.h"

static bool pfm_ready;

int pfm_setup(char *err, size_t len)
{
	int rc;

	if (pfm_ready)
		return 0;
	rc = pfm_initialize();
	if (rc != PFM_SUCCESS) {
		snprintf(err, len, "cannot initialise libpfm4: %s",
			 pfm_strerror(rc));
		return -EIO;
	}
	pfm_ready = true;
	return 0;
}

void pfm_teardown(void)
{
	if (pfm_ready)
		pfm_terminate();
	pfm_ready = false;
}

/*
 * Rewrite perf's combined modifier ":uk"/":ku" into libpfm4's ":u:k" (one
 * letter per attribute) in buf. Every other perf spelling abstat documents
 * (cycles, cpu-cycles, faults, cs, migrations, L1-dcache-load-misses, ...)
 * is an alias libpfm4 4.13 knows itself; alignment-faults and
 * emulation-faults are not in its tables. Returns buf, or NULL when the
 * name does not fit.
 */
static const char *pfm_spelling(const char *name, char *buf, size_t len)
{
	const char *last = strrchr(name, ':');
	size_t body_end = strlen(name);
	const char *tail = "";
	int n;

	if (last && (!strcmp(last, ":uk") || !strcmp(last, ":ku")) &&
	    last > name && last[-1] != ':') {
		body_end = last - name;
		tail = ":u:k";
	}
	n = snprintf(buf, len, "%.*s%s", (int)body_end, name, tail);
	return n < 0 || (size_t)n >= len ? NULL : buf;
}

static const char *pfm_pmu_name(int idx)
{
	pfm_event_info_t info = { .size = sizeof(info) };
	pfm_pmu_info_t pinfo = { .size = sizeof(pinfo) };

	if (pfm_get_event_info(idx, PFM_OS_PERF_EVENT_EXT, &info) !=
	    PFM_SUCCESS)
		return "unknown";
	if (pfm_get_pmu_info(info.pmu, &pinfo) != PFM_SUCCESS)
		return "unknown";
	return pinfo.name;
}

static int pfm_group_of(uint32_t type)
{
	if (perf_type_is_cpu(type))
		return PERF_GROUP_CPU;
	if (type == PERF_TYPE_SOFTWARE)
		return PERF_GROUP_SOFTWARE;
	return PERF_GROUP_OTHER;
}

static void pfm_fill(struct event *ev, const struct perf_event_attr *a)
{
	ev->type = a->type;
	ev->config = a->config;
	ev->config1 = a->config1;
	ev->config2 = a->config2;
	ev->exclude_user = a->exclude_user;
	ev->exclude_kernel = a->exclude_kernel;
	ev->exclude_hv = a->exclude_hv;
	ev->exclude_idle = a->exclude_idle;
	ev->exclude_host = a->exclude_host;
	ev->exclude_guest = a->exclude_guest;
	ev->group = pfm_group_of(a->type);
	ev->pinned = ev->group == PERF_GROUP_CPU;
	ev->inherit = true;
	ev->state = EVENT_OK;
}

int pfm_resolve(const char *name, bool user_only, struct event *ev,
		int *idx, char *err, size_t len)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL, spelled[512];
	int plm = user_only ? PFM_PLM3 : PFM_PLM0 | PFM_PLM3;
	bool ns;
	int rc;

	memset(ev, 0, sizeof(*ev));
	rc = pfm_setup(err, len);
	if (rc)
		return rc;
	if (!*name || !pfm_spelling(name, spelled, sizeof(spelled))) {
		snprintf(err, len, "event '%.64s': not a valid event name; see 'abstat list'",
			 name);
		return -ENOENT;
	}
	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.fstr = &fstr;
	arg.size = sizeof(arg);
	rc = pfm_get_os_event_encoding(spelled, plm, PFM_OS_PERF_EVENT_EXT,
				       &arg);
	if (rc == PFM_ERR_NOMEM)
		return err_nomem(err, len);
	if (rc != PFM_SUCCESS) {
		snprintf(err, len, "unknown event '%.64s': %s (libpfm4); see 'abstat list'",
			 name, pfm_strerror(rc));
		return -ENOENT;
	}
	if (user_only && !attr.exclude_kernel) {
		free(fstr);
		snprintf(err, len, "event '%.64s' asks for kernel counting (:k), which --user-only excludes; drop one of them",
			 name);
		return -EINVAL;
	}
	pfm_fill(ev, &attr);
	ns = attr.type == PERF_TYPE_SOFTWARE &&
	     (attr.config == PERF_COUNT_SW_TASK_CLOCK ||
	      attr.config == PERF_COUNT_SW_CPU_CLOCK);
	ev->name = strdup(name);
	ev->fstr = fstr;
	ev->pmu = strdup(pfm_pmu_name(arg.idx));
	ev->unit = strdup(ns ? "ns" : "");
	if (!ev->name || !ev->fstr || !ev->pmu || !ev->unit) {
		event_free(ev);
		return err_nomem(err, len);
	}
	if (idx)
		*idx = arg.idx;
	return 0;
}

/* 1 present, 0 known but absent, -1 not a libpfm4 PMU. libpfm4 not set
 * up: no event came from it (pfm_resolve sets it up), so -1 without
 * loading it. */
static int pfm_pmu_state(const char *pmu)
{
	pfm_pmu_info_t pinfo;

	if (!pfm_ready)
		return -1;
	for (int p = 0; p < PFM_PMU_MAX; p++) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(p, &pinfo) != PFM_SUCCESS)
			continue;
		if (pinfo.name && !strcmp(pinfo.name, pmu))
			return pinfo.is_present ? 1 : 0;
	}
	return -1;
}

bool pfm_pmu_present(const char *pmu)
{
	return pfm_pmu_state(pmu) == 1;
}

bool pfm_knows_pmu(const char *pmu)
{
	return pfm_pmu_state(pmu) >= 0;
}

/* True when pinfo describes a core PMU of a CPU: a real model, not the
 * perf:: generic or perf_raw:: tables libpfm4 always offers. */
static bool pfm_is_cpu_pmu(const pfm_pmu_info_t *pinfo)
{
	return pinfo->type == PFM_PMU_TYPE_CORE && pinfo->name &&
	       strcmp(pinfo->name, "perf") && strcmp(pinfo->name, "perf_raw");
}

static bool pfm_pmu_info(int p, pfm_pmu_info_t *pinfo)
{
	memset(pinfo, 0, sizeof(*pinfo));
	pinfo->size = sizeof(*pinfo);
	return pfm_get_pmu_info(p, pinfo) == PFM_SUCCESS;
}

const char *pfm_cpu_pmu(void)
{
	pfm_pmu_info_t pinfo;
	char err[256];

	if (pfm_setup(err, sizeof(err)))
		return NULL;
	for (int p = 0; p < PFM_PMU_MAX; p++)
		if (pfm_pmu_info(p, &pinfo) && pinfo.is_present &&
		    pfm_is_cpu_pmu(&pinfo))
			return pinfo.name;
	return NULL;
}

/* True when libpfm4 encodes name to a plain CPU encoding (RAW or
 * HARDWARE type, so no sysfs lookup of an absent PMU is involved). */
static bool pfm_encodes(const char *name)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL;
	int rc;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.fstr = &fstr;
	arg.size = sizeof(arg);
	rc = pfm_get_os_event_encoding(name, PFM_PLM0 | PFM_PLM3,
				       PFM_OS_PERF_EVENT_EXT, &arg);
	free(fstr);
	return rc == PFM_SUCCESS && perf_type_is_cpu(attr.type);
}

int pfm_foreign_event(char *buf, size_t len)
{
	pfm_pmu_info_t pinfo;
	pfm_event_info_t info;
	char err[256];

	if (pfm_setup(err, sizeof(err)))
		return -EIO;
	/* newest models first: libpfm4 appends them to its PMU table */
	for (int p = PFM_PMU_MAX - 1; p >= 0; p--) {
		if (!pfm_pmu_info(p, &pinfo) || pinfo.is_present ||
		    !pfm_is_cpu_pmu(&pinfo))
			continue;
		for (int i = pinfo.first_event; i != -1;
		     i = pfm_get_event_next(i)) {
			int n;

			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT,
					       &info) != PFM_SUCCESS)
				continue;
			n = snprintf(buf, len, "%s::%s", pinfo.name, info.name);
			if (n > 0 && (size_t)n < len && pfm_encodes(buf))
				return 0;
		}
	}
	return -ENOENT;
}

/* Space-separated unit mask names of event idx into e->umasks. */
static void pfm_umasks(int idx, int nattrs, struct pfm_entry *e)
{
	pfm_event_attr_info_t a;
	size_t used = 0;

	e->umasks[0] = '\0';
	for (int i = 0; i < nattrs; i++) {
		int n;

		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		if (pfm_get_event_attr_info(idx, i, PFM_OS_PERF_EVENT_EXT,
					    &a) != PFM_SUCCESS ||
		    a.type != PFM_ATTR_UMASK)
			continue;
		n = snprintf(e->umasks + used, sizeof(e->umasks) - used,
			     "%s%s", used ? " " : "", a.name);
		if (n < 0 || (size_t)n >= sizeof(e->umasks) - used) {
			e->umasks[used] = '\0';
			break;
		}
		used += n;
	}
}

int pfm_for_each(int (*fn)(const struct pfm_entry *e, void *arg), void *arg)
{
	pfm_pmu_info_t pinfo;
	pfm_event_info_t info;
	struct pfm_entry e;
	char err[256];
	int rc;

	if (pfm_setup(err, sizeof(err)))
		return -EIO;

	for (int p = 0; p < PFM_PMU_MAX; p++) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(p, &pinfo) != PFM_SUCCESS ||
		    !pinfo.is_present)
			continue;
		for (int i = pinfo.first_event; i != -1;
		     i = pfm_get_event_next(i)) {
			memset(&info, 0, sizeof(info));
			info.size = sizeof(info);
			if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT,
					       &info) != PFM_SUCCESS)
				continue;
			snprintf(e.name, sizeof(e.name), "%s::%s", pinfo.name,
				 info.name);
			e.idx = i;
			e.desc = info.desc;
			pfm_umasks(i, info.nattrs, &e);
			rc = fn(&e, arg);
			if (rc)
				return rc;
		}
	}
	return 0;
}
