// SPDX-License-Identifier: MIT
/*
 * papi: the PAPI counter backend (--backend papi): event names (PAPI
 * presets such as PAPI_TOT_INS, and native names, which are libpfm4
 * names: perf::TASK-CLOCK, cycles, icl::...) to encodings, the per-event
 * probe and the error sentences. The library and component checks are
 * in papi_lib.c, counting on the launched child in papi_set.c, `abstat
 * list --backend papi` in papi_list.c.
 *
 * Only PAPI's "perf_event" component is used: it is the one that counts
 * CPU events of another process (PAPI_attach). Its events end up as
 * perf_event_open(2) calls, so each event is also recorded with the
 * perf_event encoding libpfm4 gives for the same name (PAPI's perf_event
 * component encodes through the same libpfm4 call). PAPI itself does not
 * expose the attr of an event, so a preset that PAPI derives from several
 * native events is recorded with type = config = 0 and its natives.
 *
 * Built without PAPI (HAVE_PAPI=0), papi_backend only says so.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counters.h"

/* perf's default set without the cache events, which PAPI's perf_event
 * component does not spell as perf does. */
#define PAPI_DEFAULT_EVENTS                                                    \
	"cycles,instructions,cache-references,cache-misses,branches,"         \
	"branch-misses,task-clock,context-switches,cpu-migrations,page-faults"

#if HAVE_PAPI

#include <papi.h>
#include <perfmon/pfmlib_perf_event.h>

#include "papi_int.h"

static int papi_init(char *err, size_t len)
{
	int r = papi_lib_init(err, len);

	if (r)
		return r;
	return papi_component_check(err, len);
}

/* True for perf's time events, whose count is in ns. */
static bool papi_is_time(uint32_t type, uint64_t config)
{
	return type == PERF_TYPE_SOFTWARE &&
	       (config == PERF_COUNT_SW_TASK_CLOCK ||
		config == PERF_COUNT_SW_CPU_CLOCK);
}

/* "perf::TASK-CLOCK:u", "cycles:k": modifiers after the event name. */
static bool papi_has_modifiers(const char *name)
{
	const char *p = strstr(name, "::");

	return strchr(p ? p + 2 : name, ':') != NULL;
}

/*
 * The perf_event encoding libpfm4 gives for name, as PAPI's perf_event
 * component would pass it: explicit :u/:k win, otherwise the EventSet's
 * domain (user, or user + kernel), never the hypervisor.
 */
static int papi_encode(const char *name, bool user_only, struct event *ev)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL;
	int plm = user_only ? PFM_PLM3 : PFM_PLM0 | PFM_PLM3;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.attr = &attr;
	arg.fstr = &fstr;
	arg.size = sizeof(arg);
	if (pfm_initialize() != PFM_SUCCESS ||
	    pfm_get_os_event_encoding(name, plm, PFM_OS_PERF_EVENT_EXT,
				      &arg) != PFM_SUCCESS)
		return -ENOENT;
	if (user_only && !attr.exclude_kernel) {
		free(fstr);
		return -EINVAL; /* an explicit :k against --user-only */
	}
	ev->type = attr.type;
	ev->config = attr.config;
	ev->config1 = attr.config1;
	ev->config2 = attr.config2;
	ev->exclude_user = attr.exclude_user;
	ev->exclude_kernel = attr.exclude_kernel;
	/* PAPI sets exclude_hv for events without their own masks: the
	 * domain abstat gives never includes PAPI_DOM_SUPERVISOR. */
	ev->exclude_hv = papi_has_modifiers(name) ? attr.exclude_hv : true;
	/* libpfm4's fstr of a raw event drops the code ("perf_raw:::u=1"):
	 * keep the PAPI name then, it is the only reproducible one. */
	if (fstr && !strstr(fstr, ":::")) {
		free(ev->fstr);
		ev->fstr = fstr;
	} else {
		free(fstr);
	}
	return 0;
}

/*
 * The name PAPI is given for a native event whose libpfm4 fstr is not
 * usable: the user's name, with explicit masks when it has none, so that
 * it does not fall back to PAPI's default domain (user only).
 */
static char *papi_masked_name(const char *name, bool user_only)
{
	char *s;

	if (papi_has_modifiers(name))
		return strdup(name);
	if (asprintf(&s, "%s:u=1:k=%d", name, user_only ? 0 : 1) < 0)
		return NULL;
	return s;
}

static int papi_fill_preset(const PAPI_event_info_t *info, bool user_only,
			    struct event *ev)
{
	unsigned int i;

	ev->native = calloc(info->count + 1, sizeof(*ev->native));
	if (!ev->native)
		return -ENOMEM;
	for (i = 0; i < info->count; i++) {
		ev->native[i] = strdup(info->name[i]);
		if (!ev->native[i])
			return -ENOMEM;
	}
	ev->exclude_kernel = user_only;
	ev->exclude_hv = true;
	/* One native event: its encoding is the preset's. Derived presets
	 * (sums, differences) have none: type = config = 0. */
	if (info->count == 1) {
		struct event nat = { 0 };

		if (papi_encode(info->name[0], user_only, &nat) == 0) {
			ev->type = nat.type;
			ev->config = nat.config;
			ev->config1 = nat.config1;
			ev->config2 = nat.config2;
		}
		free(nat.fstr);
	}
	return 0;
}

static int papi_resolve(const char *name, bool user_only, struct event *ev,
			char *err, size_t len)
{
	PAPI_event_info_t info;
	const PAPI_component_info_t *ci;
	int code = 0, r;

	memset(ev, 0, sizeof(*ev));
	r = papi_lib_init(err, len);
	if (r)
		return r;
	if (strncmp(name, "PAPI_", 5) == 0 && strchr(name, ':')) {
		snprintf(err, len, "papi: %s: PAPI presets take no :u/:k modifiers: use --user-only, or a native event (abstat list --backend papi)",
			 name);
		return -EINVAL;
	}
	r = PAPI_event_name_to_code(name, &code);
	if (r == PAPI_OK)
		r = PAPI_get_event_info(code, &info);
	if (r != PAPI_OK) {
		snprintf(err, len, "papi: unknown event '%s': PAPI says: %s; see abstat list --backend papi",
			 name, PAPI_strerror(r));
		return -ENOENT;
	}
	ci = PAPI_get_component_info(papi_cidx);
	ev->name = strdup(name);
	ev->pmu = strdup(ci ? ci->name : "perf_event");
	ev->fstr = IS_PRESET(code) ? strdup(info.symbol) :
		   papi_masked_name(name, user_only);
	if (!ev->name || !ev->pmu || !ev->fstr)
		goto nomem;
	if (IS_PRESET(code)) {
		if (papi_fill_preset(&info, user_only, ev))
			goto nomem;
	} else if ((r = papi_encode(name, user_only, ev)) == -ENOENT) {
		/* PAPI knows it but libpfm4 cannot encode it offline: keep
		 * the name, no attr (type = config = 0). */
		ev->exclude_kernel = user_only;
		ev->exclude_hv = true;
	}
	if (r == -EINVAL) {
		snprintf(err, len, "papi: %s counts the kernel, which --user-only excludes: drop its :k",
			 name);
		event_free(ev);
		return -EINVAL;
	}
	ev->unit = strdup(papi_is_time(ev->type, ev->config) &&
			  !IS_PRESET(code) ? "ns" : "");
	if (!ev->unit)
		goto nomem;
	ev->pinned = true;  /* PAPI pins the group leader (no multiplexing) */
	ev->inherit = true; /* PAPI_INHERIT_ALL, see papi_set.c */
	ev->group = 0;      /* one EventSet: one group */
	ev->state = EVENT_OK;
	return 0;
nomem:
	event_free(ev);
	snprintf(err, len, "papi: out of memory");
	return -ENOMEM;
}

/* Why a preset or native cannot be added on this machine. */
static void papi_probe_reason(const struct event *ev, int r, char *buf,
			      size_t len)
{
	char why[160];
	int kerr;

	if (ev->native && !ev->native[0]) {
		snprintf(buf, len, "not supported: PAPI maps %s to no native event on this CPU",
			 ev->fstr);
		return;
	}
	/* PAPI says ENOEVNT for any ENOENT/ENODEV...: ask the kernel. */
	kerr = ev->native ? 0 : papi_event_check(ev);
	if (r == PAPI_ENOEVNT && kerr) {
		papi_kernel_reason(kerr, why, sizeof(why));
		snprintf(buf, len, "not supported: %s", why);
		return;
	}
	snprintf(buf, len, "not supported: PAPI says: %s", PAPI_strerror(r));
}

static int papi_probe(struct event *ev, char *err, size_t len)
{
	PAPI_option_t opt;
	char reason[200];
	int es = PAPI_NULL, r;

	r = papi_lib_init(err, len);
	if (!r)
		r = papi_component_check(err, len);
	/* Nothing can count if PAPI cannot attach: fatal for the session,
	 * before any workload is launched (init leaves this to probe so
	 * that `abstat list --backend papi` still works). */
	if (!r)
		r = papi_attach_ready(ev->exclude_kernel, err, len);
	if (r)
		return r;
	r = PAPI_create_eventset(&es);
	if (r == PAPI_OK)
		r = PAPI_assign_eventset_component(es, papi_cidx);
	if (r != PAPI_OK) {
		snprintf(err, len, "papi: cannot create an EventSet: %s; %s",
			 PAPI_strerror(r), PAPI_USE_PERF);
		goto out;
	}
	/* Presets count in the EventSet's domain; setting it runs PAPI's
	 * permission check, which fails without a hardware PMU. */
	if (ev->native) {
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = es;
		opt.domain.domain = ev->exclude_kernel ? PAPI_DOM_USER :
				    PAPI_DOM_USER | PAPI_DOM_KERNEL;
		r = PAPI_set_opt(PAPI_DOMAIN, &opt);
	}
	/* Adding to an unattached EventSet opens the event on abstat
	 * itself: the kernel's answer for this event and domain. */
	if (r == PAPI_OK)
		r = PAPI_add_named_event(es, ev->fstr);
	if (r == PAPI_EPERM) {
		papi_strerror_fill(ev, EACCES, err, len);
		goto out;
	}
	if (r != PAPI_OK) {
		papi_probe_reason(ev, r, reason, sizeof(reason));
		free(ev->reason);
		ev->reason = strdup(reason);
		ev->state = EVENT_NOT_SUPPORTED;
	}
	r = PAPI_OK;
out:
	if (es != PAPI_NULL) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}
	return r == PAPI_OK ? 0 : papi_to_errno(r);
}

const struct backend_ops papi_backend = {
	.name = "papi",
	.self_open = false,
	.init = papi_init,
	.fini = papi_lib_fini,
	.resolve = papi_resolve,
	.probe = papi_probe,
	.prepare = papi_prepare,
	.open = papi_open,
	.start = papi_start,
	.enable = papi_enable,
	.disable = papi_disable,
	.read = papi_read,
	.close = papi_close,
	.free = papi_free,
	.strerror = papi_strerror_fill,
	.list = papi_list,
	.default_events = PAPI_DEFAULT_EVENTS,
};

#else /* !HAVE_PAPI */

static int papi_init(char *err, size_t len)
{
	snprintf(err, len, "abstat was built without PAPI; install libpapi-dev and rebuild");
	return -ENOSYS;
}

static int papi_list(const char *pattern, bool encode, bool user_only,
		     FILE *out)
{
	fprintf(out, "# papi: abstat was built without PAPI; install libpapi-dev and rebuild\n");
	return -ENOSYS;
}

const struct backend_ops papi_backend = {
	.name = "papi",
	.self_open = false,
	.init = papi_init,
	.list = papi_list,
	.default_events = PAPI_DEFAULT_EVENTS,
};

#endif
