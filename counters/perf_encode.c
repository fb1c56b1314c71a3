// SPDX-License-Identifier: MIT
/*
 * perf_encode: one event name in perf's grammar -> struct event, for the
 * perf backend. Encoding only, no syscalls. In order:
 *   duration_time             perf's tool event: wall ns (no fd)
 *   task-clock, page-faults.. perf's software events, and cycles ... its
 *                             generic hardware ones without a core PMU,
 *                             as libpfm4 spells them (without loading it)
 *   alignment-faults, ...     software events libpfm4 4.13 lacks
 *   mem:ADDR[/LEN][:rwx]      a hardware breakpoint
 *   PMU/TERM=V,.../           a sysfs PMU's format and events (perf_sysfs)
 *   anything libpfm4 knows    perf spellings and pmu::EVENT (pfm.c)
 *   SYSTEM:EVENT              a tracepoint, by its tracefs id
 * with perf's trailing modifiers (perf_grammar). u, k and h go to libpfm4
 * as its own modifiers, so its canonical string keeps saying them.
 * Precise levels (p, P) only matter for sampling: they are kept in
 * ev->precise and never reach the attr (the caller announces that).
 *
 * Defaults: events libpfm4 does not encode count what perf counts by
 * default (no exclude bit: PMUs such as msr refuse any, EINVAL), the
 * software ones as libpfm4 encodes its software events (hypervisor and
 * guest excluded), and --user-only adds exclude_kernel to all.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "err.h"
#include "perf_internal.h"
#include "suggest.h"

static const struct {
	const char *name;
	uint64_t config;
} encode_sw[] = {
	{ "alignment-faults", PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy", PERF_COUNT_SW_DUMMY },
	{ "bpf-output", PERF_COUNT_SW_BPF_OUTPUT },
};

/*
 * perf's software events, and its generic hardware events where the
 * kernel exposes no core PMU, as libpfm4 4.13 encodes them (its perf::
 * table), spelled here so that counting them never loads libpfm4: the
 * same attr, canonical string ("perf::PERF_COUNT_SW_NAME:u=1:k=1:excl=0:
 * mg=0:mh=1", hardware ones with ":h=0:precise=0" after k; k=0 with
 * --user-only), PMU and unit, so results and comparisons are those of
 * the libpfm4 path (test 160). Names with u, k or h modifiers still go
 * to libpfm4, which spells those. With a core PMU the hardware names go
 * to libpfm4 as before: there its core tables are searched too.
 */

/* A generic cache event that reads: cache | op << 8 | result << 16
 * (perf_event_open(2), PERF_TYPE_HW_CACHE), libpfm4's name of it. */
#define ENCODE_CACHE_READ(name, cache, result)                                 \
	{ name, PERF_TYPE_HW_CACHE,                                            \
	  PERF_COUNT_HW_CACHE_##cache | PERF_COUNT_HW_CACHE_OP_READ << 8 |     \
		  PERF_COUNT_HW_CACHE_RESULT_##result << 16,                   \
	  "CACHE_" #cache ":READ:" #result }
static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
	const char *pfm; /* libpfm4's name of it, after PERF_COUNT_SW_/HW_ */
} encode_perf_generic[] = {
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK,
	  "TASK_CLOCK" },
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK,
	  "CPU_CLOCK" },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
	  "PAGE_FAULTS" },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
	  "PAGE_FAULTS" },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN,
	  "PAGE_FAULTS_MIN" },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ,
	  "PAGE_FAULTS_MAJ" },
	{ "context-switches", PERF_TYPE_SOFTWARE,
	  PERF_COUNT_SW_CONTEXT_SWITCHES, "CONTEXT_SWITCHES" },
	{ "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES,
	  "CONTEXT_SWITCHES" },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS,
	  "CPU_MIGRATIONS" },
	{ "migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS,
	  "CPU_MIGRATIONS" },
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
	  "CPU_CYCLES" },
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
	  "CPU_CYCLES" },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
	  "INSTRUCTIONS" },
	{ "cache-references", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_REFERENCES, "CACHE_REFERENCES" },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES,
	  "CACHE_MISSES" },
	{ "branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS,
	  "BRANCH_INSTRUCTIONS" },
	{ "branch-instructions", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "BRANCH_INSTRUCTIONS" },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES,
	  "BRANCH_MISSES" },
	{ "bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES,
	  "BUS_CYCLES" },
	{ "stalled-cycles-frontend", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, "STALLED_CYCLES_FRONTEND" },
	{ "idle-cycles-frontend", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, "STALLED_CYCLES_FRONTEND" },
	{ "stalled-cycles-backend", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_STALLED_CYCLES_BACKEND, "STALLED_CYCLES_BACKEND" },
	{ "idle-cycles-backend", PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_STALLED_CYCLES_BACKEND, "STALLED_CYCLES_BACKEND" },
	{ "ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES,
	  "REF_CPU_CYCLES" },
	/* the default set's cache events and their loads */
	ENCODE_CACHE_READ("L1-dcache-loads", L1D, ACCESS),
	ENCODE_CACHE_READ("L1-dcache-load-misses", L1D, MISS),
	ENCODE_CACHE_READ("LLC-loads", LL, ACCESS),
	ENCODE_CACHE_READ("LLC-load-misses", LL, MISS),
};

/* 0 with ev filled, 1 when body is not one of them (or has u, k, h, or
 * is a hardware one on a kernel with a core PMU). */
static int encode_perf_generic_event(const char *name, const char *body,
				     const struct perf_mods *m,
				     bool user_only, struct event *ev,
				     char *err, size_t len)
{
	size_t n = sizeof(encode_perf_generic) /
		   sizeof(encode_perf_generic[0]), i;
	bool hw;
	char fstr[128];

	for (i = 0; i < n && strcmp(body, encode_perf_generic[i].name); i++)
		;
	if (i == n || m->u || m->k || m->h)
		return 1;
	hw = encode_perf_generic[i].type != PERF_TYPE_SOFTWARE;
	if (hw && perf_cpu_pmu_present())
		return 1;
	snprintf(fstr, sizeof(fstr), "perf::PERF_COUNT_%s_%s:u=1:k=%d%s:excl=0:mg=0:mh=1",
		 hw ? "HW" : "SW", encode_perf_generic[i].pfm, !user_only,
		 hw ? ":h=0:precise=0" : "");
	ev->type = encode_perf_generic[i].type;
	ev->config = encode_perf_generic[i].config;
	ev->exclude_kernel = user_only;
	ev->exclude_hv = true; /* as libpfm4 sets it, software ones too */
	ev->exclude_guest = true;
	ev->group = hw ? PERF_GROUP_CPU : PERF_GROUP_SOFTWARE;
	ev->pinned = hw;
	ev->inherit = true;
	ev->state = EVENT_OK;
	ev->name = strdup(name);
	ev->fstr = strdup(fstr);
	ev->pmu = strdup("perf");
	ev->unit = strdup(!hw && (ev->config == PERF_COUNT_SW_TASK_CLOCK ||
				  ev->config == PERF_COUNT_SW_CPU_CLOCK) ?
				  "ns" : "");
	if (!ev->name || !ev->fstr || !ev->pmu || !ev->unit)
		return err_nomem(err, len);
	return 0;
}

struct encode_out {
	uint32_t type;
	uint64_t cfg[3];
	const char *pmu, *unit;
	char fstr[256];
	char pmu_buf[128]; /* a sysfs PMU's name, o->pmu points here */
	int group;
	bool excl_default; /* libpfm4's defaults: hv and guest excluded */
};

static int encode_sw_event(const char *body, struct encode_out *o)
{
	for (size_t i = 0; i < sizeof(encode_sw) / sizeof(encode_sw[0]); i++) {
		if (strcmp(body, encode_sw[i].name))
			continue;
		o->type = PERF_TYPE_SOFTWARE;
		o->cfg[0] = encode_sw[i].config;
		o->pmu = "perf";
		o->group = PERF_GROUP_SOFTWARE;
		o->excl_default = true;
		snprintf(o->fstr, sizeof(o->fstr), "software/config=%llu/",
			 (unsigned long long)o->cfg[0]);
		return 0;
	}
	return -ENOENT;
}

/* perf's defaults: read and write, 4 bytes (sizeof(long) for x). */
static int encode_breakpoint(const char *body, struct encode_out *o,
			     char *err, size_t len)
{
	const char *p = body + 4;
	uint64_t addr, blen = 0, bp = 0;
	char *end;

	errno = 0;
	addr = strtoull(p, &end, 0);
	if (end == p || errno)
		goto bad;
	if (*end == '/') {
		p = end + 1;
		blen = strtoull(p, &end, 0);
		if (end == p || (blen != 1 && blen != 2 && blen != 4 &&
				 blen != 8))
			goto bad;
	}
	if (*end == ':')
		for (end++; *end && strchr("rwx", *end); end++)
			bp |= *end == 'r' ? HW_BREAKPOINT_R :
			      *end == 'w' ? HW_BREAKPOINT_W : HW_BREAKPOINT_X;
	if (*end)
		goto bad;
	if (!bp)
		bp = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
	if ((bp & HW_BREAKPOINT_X) && bp != HW_BREAKPOINT_X) {
		snprintf(err, len, "event '%.64s': an execute breakpoint (x) cannot also watch reads or writes; give mem:ADDR:x or mem:ADDR:rw",
			 body);
		return -EINVAL;
	}
	if (!blen)
		blen = bp == HW_BREAKPOINT_X ? sizeof(long) : HW_BREAKPOINT_LEN_4;
	o->type = PERF_TYPE_BREAKPOINT;
	o->cfg[0] = bp; /* bp_type: the attr has no config for breakpoints */
	o->cfg[1] = addr; /* bp_addr shares config1's place */
	o->cfg[2] = blen; /* bp_len shares config2's */
	o->pmu = "breakpoint";
	o->group = PERF_GROUP_OTHER;
	snprintf(o->fstr, sizeof(o->fstr), "mem:0x%llx/%llu:%s%s%s",
		 (unsigned long long)addr, (unsigned long long)blen,
		 bp & HW_BREAKPOINT_R ? "r" : "", bp & HW_BREAKPOINT_W ? "w" : "",
		 bp & HW_BREAKPOINT_X ? "x" : "");
	return 0;
bad:
	snprintf(err, len, "event '%.64s': expected mem:ADDR[/LEN][:rwx] with LEN 1, 2, 4 or 8",
		 body);
	return -ENOENT;
}

/* body "pmu/terms/tail": tail's modifiers join m. */
static int encode_pmu(char *body, struct perf_mods *m, struct encode_out *o,
		      char *err, size_t len)
{
	char *first = strchr(body, '/'), *last = strrchr(body, '/');
	char *pmu = o->pmu_buf, why[400];
	int rc;

	if (first == last || first == body ||
	    first - body >= (long)sizeof(o->pmu_buf)) {
		snprintf(err, len, "event '%.64s': expected PMU/TERM=VALUE,.../[MODS]; see 'abstat list'",
			 body);
		return -ENOENT;
	}
	if (perf_mods_tail(last + 1, m)) {
		snprintf(err, len, "event '%.64s': unknown modifier '%s' after the PMU's terms; perf's are u k h G H I D p P",
			 body, last + 1);
		return -EINVAL;
	}
	snprintf(pmu, sizeof(o->pmu_buf), "%.*s", (int)(first - body), body);
	*last = '\0';
	rc = perf_sysfs_pmu(pmu, first + 1, &o->type, o->cfg, why,
			    sizeof(why));
	*last = '/';
	if (rc) {
		snprintf(err, len, "event '%.64s': %s", body, why);
		return rc;
	}
	o->pmu = pmu;
	o->group = perf_type_is_cpu(o->type) ? PERF_GROUP_CPU :
					      PERF_GROUP_OTHER;
	o->excl_default = o->group == PERF_GROUP_CPU;
	snprintf(o->fstr, sizeof(o->fstr), "%s/config=0x%llx,config1=0x%llx,config2=0x%llx/",
		 pmu, (unsigned long long)o->cfg[0],
		 (unsigned long long)o->cfg[1], (unsigned long long)o->cfg[2]);
	return 0;
}

/* "sys:name", one colon and no '/': the shape of a tracepoint. */
static bool encode_is_tracepoint(const char *body)
{
	const char *c = strchr(body, ':');

	return c && c != body && c[1] && !strchr(c + 1, ':') &&
	       c - body < 128;
}

static int encode_tracepoint(const char *body, bool user_only,
			     struct encode_out *o, char *err, size_t len)
{
	const char *c = strchr(body, ':');
	char sys[128];
	int rc;

	snprintf(sys, sizeof(sys), "%.*s", (int)(c - body), body);
	rc = perf_sysfs_tracepoint(sys, c + 1, &o->cfg[0], err, len);
	if (rc)
		return rc;
	if (user_only) {
		snprintf(err, len, "event '%.64s' is a tracepoint: it fires in the kernel, which --user-only excludes (it would count 0); drop one of them",
			 body);
		return -EINVAL;
	}
	o->type = PERF_TYPE_TRACEPOINT;
	o->pmu = "tracepoint";
	o->group = PERF_GROUP_OTHER;
	snprintf(o->fstr, sizeof(o->fstr), "%s", body);
	return 0;
}

/* Our own encoding of o into ev, modifiers applied as perf does. */
static int encode_fill(const char *name, const struct encode_out *o,
		       const struct perf_mods *m, bool user_only,
		       struct event *ev, char *err, size_t len)
{
	ev->type = o->type;
	ev->config = o->cfg[0];
	ev->config1 = o->cfg[1];
	ev->config2 = o->cfg[2];
	ev->exclude_hv = ev->exclude_guest = o->excl_default;
	ev->exclude_kernel = user_only;
	if (m->u || m->k || m->h) {
		ev->exclude_user = !m->u;
		ev->exclude_kernel = !m->k;
		ev->exclude_hv = !m->h;
	}
	if (user_only && !ev->exclude_kernel) {
		snprintf(err, len, "event '%.64s' asks for kernel counting (:k), which --user-only excludes; drop one of them",
			 name);
		return -EINVAL;
	}
	ev->group = o->group;
	ev->pinned = o->group == PERF_GROUP_CPU;
	ev->inherit = true;
	ev->state = EVENT_OK;
	ev->name = strdup(name);
	ev->fstr = strdup(o->fstr);
	ev->pmu = strdup(o->pmu);
	ev->unit = strdup(o->unit ? o->unit : "");
	if (!ev->name || !ev->fstr || !ev->pmu || !ev->unit)
		return err_nomem(err, len);
	return 0;
}

/* The libpfm4 path: u, k, h as libpfm4's own modifiers. */
static int encode_pfm(const char *name, const char *body,
		      const struct perf_mods *m, bool user_only,
		      struct event *ev, char *err, size_t len)
{
	char spelled[512], *keep;
	int n, rc;

	n = snprintf(spelled, sizeof(spelled), "%s%s%s%s", body,
		     m->u ? ":u" : "", m->k ? ":k" : "", m->h ? ":h" : "");
	if (n < 0 || (size_t)n >= sizeof(spelled)) {
		snprintf(err, len, "event '%.64s': not a valid event name; see 'abstat list'",
			 name);
		return -ENOENT;
	}
	rc = pfm_resolve(spelled, user_only, ev, NULL, err, len);
	if (rc)
		return rc;
	keep = strdup(name);
	if (!keep)
		return err_nomem(err, len);
	free(ev->name);
	ev->name = keep;
	return 0;
}

/* perf's G and H: count the guest, the host, or (both or neither) all
 * that libpfm4 or our defaults chose. I: not when idle; D: pinned. */
static void encode_mods(const struct perf_mods *m, struct event *ev)
{
	if (m->guest || m->host) {
		ev->exclude_host = !m->host;
		ev->exclude_guest = !m->guest;
	}
	if (m->no_idle)
		ev->exclude_idle = true;
	if (m->pinned)
		ev->pinned = true;
	ev->precise = m->precise;
}

static int encode_own(const char *name, char *body, struct perf_mods *m,
		      bool user_only, struct encode_out *o, char *err,
		      size_t len)
{
	if (!strcmp(body, "duration_time")) {
		o->type = PERF_TYPE_ABSTAT_TOOL;
		o->cfg[0] = PERF_TOOL_DURATION_TIME;
		o->pmu = "tool";
		o->unit = "ns";
		o->group = PERF_GROUP_OTHER;
		snprintf(o->fstr, sizeof(o->fstr), "duration_time");
		return 0;
	}
	if (!strcmp(body, "user_time") || !strcmp(body, "system_time")) {
		snprintf(err, len, "event '%.64s': perf's tool event is abstat's own %s row (from wait4), in every result; drop it",
			 name, body[0] == 'u' ? "user" : "sys");
		return -EINVAL;
	}
	if (!encode_sw_event(body, o))
		return 0;
	if (!strncmp(body, "mem:", 4))
		return encode_breakpoint(body, o, err, len);
	if (strchr(body, '/'))
		return encode_pmu(body, m, o, err, len);
	return 1; /* not ours */
}

static const char *encode_refused_why(char letter)
{
	switch (letter) {
	case 'S':
	case 'R':
		return "it is for sampling";
	case 'W':
		return "abstat never breaks a group up (weak groups)";
	case 'e':
		return "exclusive scheduling is not recorded in results";
	default:
		return "it counts through BPF (perf stat --bpf-counters)";
	}
}

/* The search for a mistyped event among libpfm4's: the events of the
 * PMU the word names ("pmu::EVENT": pmu, plen), else of every PMU, by
 * their names without it (suggest copies the nearest: pfm_for_each's
 * entry is reused). */
struct encode_near {
	struct suggest sg;
	const char *pmu;
	size_t plen;
};

static int encode_near_pfm(const struct pfm_entry *e, void *arg)
{
	struct encode_near *n = arg;
	const char *name = strstr(e->name, "::");

	if (!name || (n->pmu && ((size_t)(name - e->name) != n->plen ||
				 strncasecmp(e->name, n->pmu, n->plen))))
		return 0;
	name += 2;
	suggest_offer(&n->sg, name);
	return 0;
}

/* An unknown event: "did you mean" one of perf's spellings or of the
 * events libpfm4 knows here (the PMU, the modifiers, ":u" and the like,
 * and unit masks kept as written). */
static void encode_suggest(const char *name, char *err, size_t len)
{
	char word[SUGGEST_MAX + 1], near[3 * SUGGEST_MAX + 4];
	const char *colons = strstr(name, "::");
	const char *ev = colons ? colons + 2 : name;
	size_t n = strcspn(ev, ":");
	struct encode_near en = {
		.pmu = colons ? name : NULL,
		.plen = colons ? (size_t)(colons - name) : 0,
	};

	if (n > SUGGEST_MAX || en.plen > SUGGEST_MAX)
		return;
	snprintf(word, sizeof(word), "%.*s", (int)n, ev);
	suggest_init(&en.sg, word);
	for (size_t i = 0; !colons && perf_spellings[i]; i++)
		suggest_offer(&en.sg, perf_spellings[i]);
	pfm_for_each(encode_near_pfm, &en);
	if (!suggest_best(&en.sg))
		return;
	snprintf(near, sizeof(near), "%.*s%s%s", (int)(ev - name), name,
		 suggest_best(&en.sg), ev + n);
	suggest_insert(err, len, name, near);
}

/* "cycles:x": an event that encodes, then a modifier nobody has (not a
 * tracepoint "sys:name" either, or it would have been found): said as
 * the bad modifier, not as an unknown tracepoint. True when it is. */
static bool encode_bad_modifier(const char *name, bool user_only, char *err,
				size_t len)
{
	const char *colon = strrchr(name, ':');
	char prefix[512], ignored[256];
	struct event ev;
	bool known;

	if (!colon || colon == name || !colon[1] ||
	    (size_t)(colon - name) >= sizeof(prefix) || strchr(name, '/'))
		return false;
	snprintf(prefix, sizeof(prefix), "%.*s", (int)(colon - name), name);
	known = !perf_encode(prefix, user_only, &ev, ignored, sizeof(ignored));
	if (known)
		event_free(&ev);
	if (known)
		snprintf(err, len, "event '%.64s': unknown modifier '%.32s' of %.64s; perf's are u k h G H I D p P (see 'abstat list')",
			 name, colon + 1, prefix);
	return known;
}

int perf_encode(const char *name, bool user_only, struct event *ev,
		char *err, size_t len)
{
	struct encode_out o = { 0 };
	struct perf_mods m;
	char body[512], pfm_err[256] = "";
	int rc;

	memset(ev, 0, sizeof(*ev));
	if (strlen(name) >= sizeof(body)) {
		snprintf(err, len, "event '%.64s...': name too long", name);
		return -ENOENT;
	}
	strcpy(body, name);
	if (perf_mods_split(body, &m)) {
		snprintf(err, len, "event '%.64s': perf's modifier %c is not supported: %s; abstat takes u k h G H I D p P",
			 name, m.refused, encode_refused_why(m.refused));
		return -EINVAL;
	}
	rc = encode_perf_generic_event(name, body, &m, user_only, ev, err,
				       len);
	if (rc != 1)
		goto done;
	rc = encode_own(name, body, &m, user_only, &o, err, len);
	if (rc == 1) {
		rc = encode_pfm(name, body, &m, user_only, ev, pfm_err,
				sizeof(pfm_err));
		if (rc && rc != -ENOENT)
			snprintf(err, len, "%s", pfm_err);
		if (rc != -ENOENT)
			goto done;
		if (!encode_is_tracepoint(body)) {
			snprintf(err, len, "%s", pfm_err);
			goto done;
		}
		rc = encode_tracepoint(body, user_only, &o, err, len);
		if (rc == -ENOENT) {
			char why[400];

			snprintf(why, sizeof(why), "%s", err);
			snprintf(err, len, "unknown event '%.64s': not in libpfm4; %s",
				 name, why);
		}
	}
	if (!rc)
		rc = encode_fill(name, &o, &m, user_only, ev, err, len);
done:
	/* still -ENOENT (an unknown event), said as the bad modifier */
	if (rc == -ENOENT && !encode_bad_modifier(name, user_only, err, len))
		encode_suggest(name, err, len);
	if (rc) {
		event_free(ev);
		return rc;
	}
	encode_mods(&m, ev);
	return 0;
}
