/* SPDX-License-Identifier: MIT */
/*
 * A struct result built in memory for test_result and test_journal: three
 * events (two supported, cycles not), a plain benchmark with a warm-up, an
 * ok run with ops, a failed run; and a 2-copy benchmark aggregated with
 * result_run_aggregate.
 */
#ifndef ABSTAT_RESULT_FIXTURE_H
#define ABSTAT_RESULT_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

#define FIX_EVENTS 3
#define FIX_WALL0 111111111u /* unique in the text: tests replace it */

static char **fix_strv(const char *a, const char *b)
{
	char **v = calloc(3, sizeof(*v));

	v[0] = strdup(a);
	v[1] = b ? strdup(b) : NULL;
	return v;
}

static void fix_event(struct event *ev, const char *name, const char *unit,
		      uint32_t type, uint64_t config, bool ok)
{
	ev->name = strdup(name);
	ev->fstr = strdup(ok ? "perf::X:u=0:k=0" : "perf::PERF_COUNT_HW_CPU_CYCLES");
	ev->pmu = strdup("perf");
	ev->unit = strdup(unit);
	ev->type = type;
	ev->config = config;
	ev->exclude_hv = true;
	ev->pinned = true;
	ev->inherit = true;
	ev->state = ok ? EVENT_OK : EVENT_NOT_SUPPORTED;
	ev->reason = ok ? NULL : strdup("not supported: no PMU (hypervisor)");
}

static void fix_proc(struct proc_sample *p, uint64_t base, bool ops)
{
	p->wall_ns = base * 10;
	p->user_ns = base * 3;
	p->sys_ns = base * 2;
	p->maxrss_kb = 1000 + base;
	p->has_ops = ops;
	p->ops = ops ? 200000 : 0;
	p->region_ns = base * 9;
	p->cpu = 1;
	p->start_ns = base * 100;
	p->end_ns = base * 100 + p->wall_ns;
	p->counters = calloc(FIX_EVENTS, sizeof(*p->counters));
	p->counters[0] = (struct counter_value){ base * 7, base * 8, base * 8 };
	p->counters[1] = (struct counter_value){ 60 + base, base * 8,
						 base * 4 };
	/* [2] cycles: not supported, left zeroed */
}

static struct result *fix_result(void)
{
	struct result *r = calloc(1, sizeof(*r));
	struct benchmark *b;

	r->schema_version = RESULT_SCHEMA_VERSION;
	r->tool_version = strdup("0.1.0");
	r->created = strdup("2026-11-29T19:00:00Z");
	r->label = strdup("6.1.0-18-amd64");
	r->status = strdup("complete");
	r->env = json_pack("{s:s, s:{s:i}}", "kernel_release", "6.1.0",
			   "cpu", "family", 25);
	r->config = json_pack("{s:i, s:b}", "repeat", 2, "pinned", 1);
	r->warnings = json_pack("[s]", "cycles: not supported");
	r->n_events = FIX_EVENTS;
	r->events = calloc(FIX_EVENTS, sizeof(*r->events));
	fix_event(&r->events[0], "task-clock", "ns", 1, 1, true);
	fix_event(&r->events[1], "page-faults:u", "", 1, 2, true);
	fix_event(&r->events[2], "cycles", "", 0, 0, false);
	r->events[1].exclude_kernel = true;
	r->events[1].native = fix_strv("PAGE_FAULTS", NULL);

	r->n_bench = 2;
	r->bench = calloc(2, sizeof(*r->bench));
	b = &r->bench[0];
	b->name = strdup("getppid");
	b->argv = fix_strv("/usr/libexec/abstat/getppid", "-n");
	b->workload = strdup("getppid");
	b->copies = 1;
	b->n_runs = 3;
	b->runs = calloc(3, sizeof(*b->runs));
	for (unsigned i = 0; i < 3; i++) {
		b->runs[i].index = i;
		b->runs[i].n_copies = 1;
		fix_proc(&b->runs[i].total, i + 1, i < 2);
	}
	b->runs[0].warmup = true;
	b->runs[0].total.wall_ns = FIX_WALL0;
	b->runs[2].status = RUN_FAILED;
	b->runs[2].reason = strdup("exit status 1");
	b->runs[2].total.exit_status = 1;

	b = &r->bench[1];
	b->name = strdup("./prog");
	b->argv = fix_strv("./prog", NULL);
	b->copies = 2;
	b->n_runs = 1;
	b->runs = calloc(1, sizeof(*b->runs));
	b->runs[0].n_copies = 2;
	b->runs[0].copies = calloc(2, sizeof(struct proc_sample));
	fix_proc(&b->runs[0].copies[0], 5, true);
	fix_proc(&b->runs[0].copies[1], 6, true);
	b->runs[0].copies[1].cpu = 2;
	result_run_aggregate(&b->runs[0], FIX_EVENTS);
	return r;
}

/* text with the first occurrence of from (last: the last one) replaced
 * by to (caller frees); NULL when from is not in text. */
static inline char *fix_replaced(const char *text, const char *from,
				 const char *to, bool last)
{
	const char *at = strstr(text, from), *p = at;
	char *out;

	if (!at)
		return NULL;
	while (last && (p = strstr(p + 1, from)))
		at = p;
	out = malloc(strlen(text) + strlen(to) + 1);
	if (out)
		sprintf(out, "%.*s%s%s", (int)(at - text), text, to,
			at + strlen(from));
	return out;
}

/* The result as compact JSON text (caller frees). */
static char *fix_text(const struct result *r)
{
	json_t *j = result_to_json(r);
	char *s = j ? json_dumps(j, JSON_COMPACT) : NULL;

	json_decref(j);
	return s;
}

/* a and b as the same JSON text (what a reader read, against another). */
static inline bool fix_same(const struct result *a, const struct result *b)
{
	char *ta = fix_text(a), *tb = fix_text(b);
	bool same = ta && tb && !strcmp(ta, tb);

	free(ta);
	free(tb);
	return same;
}

#endif
