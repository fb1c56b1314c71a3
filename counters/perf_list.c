// SPDX-License-Identifier: MIT
/*
 * perf_list: 'abstat list' for the perf backend. Every event libpfm4 knows
 * for the PMUs it detected here, plus perf's own spellings of the generic
 * and software events, the kernel's own PMU aliases (sysfs events/) and
 * tracepoints (tracefs), each probed on this machine (one perf_event_open
 * on abstat itself) so the list says what can be counted and why not.
 *
 * A PATTERN that is itself a valid event name (with modifiers, or for a PMU
 * that is not present, with LIBPFM_ENCODE_INACTIVE=1) is shown first as
 * written; the rest are matches: case-insensitive substring, or a glob
 * (fnmatch) when PATTERN has * ? or [. Plain ASCII, at most 80 columns.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "perf_internal.h"

#define LIST_WIDTH 80
#define LIST_NAME 22 /* name column; 22 + 1 + the hypervisor reason = 80 */

/* perf's spellings (perf list), shown first; libpfm4 encodes most,
 * perf_encode the rest (which suggests them for a mistyped name). */
const char *const perf_spellings[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branches", "branch-misses", "bus-cycles", "ref-cycles",
	"stalled-cycles-frontend", "stalled-cycles-backend",
	"L1-dcache-loads", "L1-dcache-load-misses", "L1-icache-load-misses",
	"LLC-loads", "LLC-load-misses", "dTLB-loads", "dTLB-load-misses",
	"iTLB-load-misses", "branch-loads", "branch-load-misses",
	"task-clock", "cpu-clock", "page-faults", "minor-faults",
	"major-faults", "context-switches", "cpu-migrations",
	"alignment-faults", "emulation-faults", "cgroup-switches",
	"bpf-output", "dummy", "duration_time", NULL,
};

struct list_ctx {
	const char *pattern;
	bool glob, encode;
	bool user_only; /* --user-only: names resolve as for counting */
	FILE *out;
	const char *section; /* printed before the first entry under it */
	char **shown_fstr; /* encodings shown, to hide aliases */
	size_t n_shown;
	size_t shown;
};

static bool list_match(const struct list_ctx *c, const char *name)
{
	if (!c->pattern)
		return true;
	if (c->glob)
		return fnmatch(c->pattern, name, FNM_CASEFOLD) == 0;
	return strcasestr(name, c->pattern) != NULL;
}

static bool list_seen(const struct list_ctx *c, const char *fstr)
{
	for (size_t i = 0; i < c->n_shown; i++)
		if (!strcmp(c->shown_fstr[i], fstr))
			return true;
	return false;
}

/* Takes fstr over (the event no longer owns it). */
static void list_remember(struct list_ctx *c, char *fstr)
{
	char **p = realloc(c->shown_fstr, (c->n_shown + 1) * sizeof(*p));

	if (!p) {
		free(fstr); /* at worst an alias is listed twice */
		return;
	}
	c->shown_fstr = p;
	c->shown_fstr[c->n_shown++] = fstr;
}

/* Print text from column indent, breaking after spaces or (for fstr)
 * colons so that no line exceeds LIST_WIDTH. */
static void list_wrap(FILE *out, int indent, const char *text)
{
	size_t room = LIST_WIDTH - indent, len = strlen(text);

	while (len > room) {
		size_t cut = room;

		while (cut > room / 2 && text[cut - 1] != ' ' &&
		       text[cut - 1] != ':')
			cut--;
		if (cut <= room / 2)
			cut = room;
		/* the break is after a space: do not print it */
		fprintf(out, "%*s%.*s\n", indent, "",
			(int)(text[cut - 1] == ' ' ? cut - 1 : cut), text);
		text += cut;
		len -= cut;
		while (*text == ' ') {
			text++;
			len--;
		}
	}
	fprintf(out, "%*s%s\n", indent, "", text);
}

static const char *list_type_name(uint32_t type)
{
	static const char *const names[] = {
		"HARDWARE", "SOFTWARE", "TRACEPOINT", "HW_CACHE", "RAW",
		"BREAKPOINT",
	};

	return type < sizeof(names) / sizeof(names[0]) ? names[type] :
							  "DYNAMIC";
}

static void list_encoding(FILE *out, const struct event *ev)
{
	char line[512];

	snprintf(line, sizeof(line), "pmu %s, type %s (%u), config 0x%llx, config1 0x%llx, config2 0x%llx",
		 ev->pmu, list_type_name(ev->type), ev->type,
		 (unsigned long long)ev->config,
		 (unsigned long long)ev->config1,
		 (unsigned long long)ev->config2);
	list_wrap(out, 4, line);
	snprintf(line, sizeof(line), "exclude: user %d, kernel %d, hv %d, idle %d, host %d, guest %d",
		 ev->exclude_user, ev->exclude_kernel, ev->exclude_hv,
		 ev->exclude_idle, ev->exclude_host, ev->exclude_guest);
	list_wrap(out, 4, line);
	snprintf(line, sizeof(line), "group %d%s, %s", ev->group,
		 ev->pinned ? " (pinned)" : "",
		 ev->inherit ? "inherit" : "no inherit");
	list_wrap(out, 4, line);
	snprintf(line, sizeof(line), "fstr %s", ev->fstr);
	list_wrap(out, 4, line);
}

static void list_line(FILE *out, const char *name, const char *status)
{
	if (strlen(name) <= LIST_NAME &&
	    LIST_NAME + 1 + strlen(status) <= LIST_WIDTH) {
		fprintf(out, "%-*s %s\n", LIST_NAME, name, status);
		return;
	}
	list_wrap(out, 0, name);
	list_wrap(out, 4, status);
}

/* Availability of a resolved event here, as one short phrase. */
static void list_status(struct event *ev, char *buf, size_t len)
{
	char err[256];
	int rc = perf_backend.probe(ev, err, sizeof(err));

	if ((rc == -EACCES || rc == -EPERM) && !ev->exclude_kernel)
		snprintf(buf, len, "not permitted: perf_event_paranoid is %d, kernel counting needs 1 or less; try --user-only",
			 perf_paranoid());
	else if (rc == -EACCES || rc == -EPERM)
		snprintf(buf, len, "not permitted: perf_event_paranoid is %d, user-space counting needs 2 or less",
			 perf_paranoid());
	else if (rc)
		snprintf(buf, len, "cannot be opened: %s", err);
	else if (ev->state != EVENT_OK)
		snprintf(buf, len, "%s", ev->reason);
	else
		snprintf(buf, len, "ok%s%s", *ev->unit ? ", unit " : "",
			 ev->unit);
}

static void list_section(struct list_ctx *c)
{
	if (!c->section)
		return;
	fprintf(c->out, "%s# %s\n", c->shown ? "\n" : "", c->section);
	c->section = NULL;
}

/* A name that does not encode for another reason than being unknown
 * (a :k event with --user-only), or a kernel PMU's spelling (the PMU or
 * term is missing): say why instead of "no match". */
static void list_refused(struct list_ctx *c, const char *name)
{
	struct event ev;
	char err[400];
	int rc = perf_encode(name, c->user_only, &ev, err, sizeof(err));

	if (rc != -EINVAL && !(rc == -ENOENT && strchr(name, '/')))
		return;
	list_section(c);
	list_line(c->out, name, err);
	c->shown++;
}

/* Show one event by name unless an alias of it was shown already (libpfm4
 * lists perf::CYCLES and perf::PERF_COUNT_HW_CPU_CYCLES separately; both
 * have the same canonical string); false when it does not resolve. */
static bool list_show(struct list_ctx *c, const char *name,
		      const char *umasks)
{
	struct event ev;
	char err[256], status[600], line[600];
	if (perf_encode(name, c->user_only, &ev, err, sizeof(err)))
		return false;
	if (list_seen(c, ev.fstr)) {
		event_free(&ev);
		return true;
	}
	list_section(c);
	list_status(&ev, status, sizeof(status));
	list_line(c->out, name, status);
	if (umasks && *umasks) {
		snprintf(line, sizeof(line), "umasks: %s", umasks);
		list_wrap(c->out, 4, line);
	}
	if (c->encode)
		list_encoding(c->out, &ev);
	list_remember(c, ev.fstr);
	ev.fstr = NULL;
	c->shown++;
	event_free(&ev);
	return true;
}

static int list_pfm_entry(const struct pfm_entry *e, void *arg)
{
	struct list_ctx *c = arg;
	char status[600];

	if (!list_match(c, e->name))
		return 0;
	if (list_show(c, e->name, e->umasks))
		return 0;
	/* Events with a required unit mask do not encode bare. */
	list_section(c);
	snprintf(status, sizeof(status), "needs a unit mask: %s:UMASK", e->name);
	list_line(c->out, e->name, status);
	if (*e->umasks) {
		snprintf(status, sizeof(status), "umasks: %s", e->umasks);
		list_wrap(c->out, 4, status);
	}
	c->shown++;
	return 0;
}

static int list_count(const char *name, void *arg)
{
	(void)name;
	++*(size_t *)arg;
	return 0;
}

static void list_tracepoints_hint(struct list_ctx *c, size_t n)
{
	char line[160];

	list_section(c);
	snprintf(line, sizeof(line), "%zu tracepoints: give a pattern to list and probe them ('abstat list sched:')",
		 n);
	list_wrap(c->out, 0, line);
	c->shown++;
}

/* A sysfs PMU alias or a tracepoint: shown when it matches. */
static int list_sysfs_entry(const char *name, void *arg)
{
	struct list_ctx *c = arg;

	if (list_match(c, name))
		list_show(c, name, NULL);
	return 0;
}

int perf_list(const char *pattern, bool encode, bool user_only, FILE *out)
{
	struct list_ctx c = {
		.pattern = pattern && *pattern ? pattern : NULL,
		.encode = encode,
		.user_only = user_only,
		.out = out,
	};
	char err[256];
	size_t n_tp = 0;
	int rc = pfm_setup(err, sizeof(err));

	if (rc)
		return rc;
	c.glob = c.pattern && strpbrk(c.pattern, "*?[") != NULL;
	if (c.pattern && !c.glob) {
		c.section = "as named";
		if (!list_show(&c, c.pattern, NULL))
			list_refused(&c, c.pattern);
	}
	c.section = "perf names (generic and software events)";
	if (pfm_pmu_present("perf")) {
		for (size_t i = 0; perf_spellings[i]; i++)
			if (list_match(&c, perf_spellings[i]))
				list_show(&c, perf_spellings[i], NULL);
	}
	c.section = "libpfm4 PMU events (pmu::EVENT[:UMASK][:u|:k])";
	pfm_for_each(list_pfm_entry, &c);
	c.section = "kernel PMU events (PMU/EVENT/ or PMU/TERM=VALUE,.../)";
	perf_sysfs_for_each_pmu_event(list_sysfs_entry, &c);
	/* Opening a tracepoint registers its probe (tens of ms each), so
	 * the two thousand or so are listed and probed for a pattern only. */
	c.section = "tracepoints (SYSTEM:EVENT, from tracefs)";
	if (c.pattern)
		perf_sysfs_for_each_tracepoint(list_sysfs_entry, &c);
	else if (perf_sysfs_for_each_tracepoint(list_count, &n_tp), n_tp)
		list_tracepoints_hint(&c, n_tp);
	for (size_t i = 0; i < c.n_shown; i++)
		free(c.shown_fstr[i]);
	free(c.shown_fstr);
	return c.shown ? 0 : -ENOENT;
}
