// SPDX-License-Identifier: MIT
/*
 * result_model: the in-memory model of a result (result.h): runs added
 * and freed, a result cleared and freed, benchmarks named and found, a
 * run's copies aggregated, an event's index. Its JSON form is
 * result.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

struct run *result_run_add(struct benchmark *b, size_t *cap)
{
	size_t want = b->n_runs + 1;
	struct run *runs;

	if (cap && want <= *cap) {
		runs = b->runs;
	} else {
		if (cap)
			want = *cap ? 2 * *cap : 8;
		runs = realloc(b->runs, want * sizeof(*runs));
		if (!runs)
			return NULL;
		b->runs = runs;
		if (cap)
			*cap = want;
	}
	memset(&runs[b->n_runs], 0, sizeof(*runs));
	return &runs[b->n_runs++];
}

void result_run_free(struct run *run)
{
	if (!run)
		return;
	free(run->reason);
	free(run->total.counters);
	free(run->total.output);
	for (size_t i = 0; run->copies && i < run->n_copies; i++) {
		free(run->copies[i].counters);
		free(run->copies[i].output);
	}
	json_decref(run->scores);
	free(run->copies);
	for (size_t i = 0; run->stacks && i < run->n_stacks; i++)
		free(run->stacks[i].frames);
	free(run->stacks);
	memset(run, 0, sizeof(*run));
}

/* What event_free() does; here so that reading a file needs nothing from
 * the counters layer (show/compare work without any backend). */
static void result_event_clear(struct event *ev)
{
	free(ev->name);
	free(ev->fstr);
	free(ev->pmu);
	free(ev->unit);
	free(ev->reason);
	for (char **p = ev->native; p && *p; p++)
		free(*p);
	free(ev->native);
	memset(ev, 0, sizeof(*ev));
}

void result_clear(struct result *r)
{
	if (!r)
		return;
	free(r->tool_version);
	free(r->created);
	free(r->label);
	free(r->status);
	free(r->path);
	json_decref(r->env);
	json_decref(r->config);
	json_decref(r->warnings);
	json_decref(r->bench_index);
	for (size_t i = 0; r->events && i < r->n_events; i++)
		result_event_clear(&r->events[i]);
	free(r->events);
	for (size_t i = 0; r->bench && i < r->n_bench; i++) {
		struct benchmark *b = &r->bench[i];

		free(b->name);
		for (char **p = b->argv; p && *p; p++)
			free(*p);
		free(b->argv);
		free(b->workload);
		json_decref(b->params);
		for (size_t k = 0; b->runs && k < b->n_runs; k++)
			result_run_free(&b->runs[k]);
		free(b->runs);
	}
	free(r->bench);
	result_scores_clear(r);
	memset(r, 0, sizeof(*r));
}

void result_scores_clear(struct result *r)
{
	for (size_t i = 0; r->scores && i < r->n_scores; i++) {
		free(r->scores[i].name);
		free(r->scores[i].unit);
		free(r->scores[i].regex);
	}
	free(r->scores);
	r->scores = NULL;
	r->n_scores = 0;
}

size_t result_measured(const struct result *r)
{
	size_t n = 0;

	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t i = 0; i < r->bench[b].n_runs; i++)
			n += !r->bench[b].runs[i].warmup &&
			     r->bench[b].runs[i].status == RUN_OK;
	return n;
}

char *result_bench_name(const char *base, const json_t *params)
{
	size_t len = strlen(base) + 1;
	const char *k;
	json_t *v;
	char *out;

	json_object_foreach((json_t *)params, k, v)
		len += strlen(k) + strlen(json_string_value(v)) + 2;
	out = malloc(len);
	if (!out)
		return NULL;
	strcpy(out, base);
	json_object_foreach((json_t *)params, k, v)
		sprintf(out + strlen(out), " %s=%s", k, json_string_value(v));
	return out;
}

struct benchmark *result_bench_find(struct result *r, const char *name)
{
	json_t *v;

	if (!r->bench_index)
		r->bench_index = json_object();
	for (; r->bench_index && r->n_indexed < r->n_bench; r->n_indexed++) {
		const char *n = r->bench[r->n_indexed].name;

		if (json_object_get(r->bench_index, n))
			continue; /* the first of a name is found */
		if (json_object_set_new_nocheck(r->bench_index, n,
						json_integer((json_int_t)
							     r->n_indexed))) {
			json_decref(r->bench_index);
			r->bench_index = NULL;
		}
	}
	if (!r->bench_index) {
		r->n_indexed = 0;
		for (size_t i = 0; i < r->n_bench; i++)
			if (!strcmp(r->bench[i].name, name))
				return &r->bench[i];
		return NULL;
	}
	v = json_object_get(r->bench_index, name);
	return v ? &r->bench[json_integer_value(v)] : NULL;
}

void result_free(struct result *r)
{
	result_clear(r);
	free(r);
}

/* Saturating: a sum never wraps into a small, plausible-looking number. */
static uint64_t result_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t result_max(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/*
 * total = sums over the copies (counters, ops, user, sys, maxrss), the
 * longest wall and region time, the earliest start and latest end; exit
 * status and signal of the first copy that failed; the CPU of copy 0.
 */
void result_run_aggregate(struct run *run, size_t n_events)
{
	struct proc_sample *t = &run->total;
	struct counter_value *c = t->counters;

	if (run->n_copies < 1 || !run->copies)
		return;
	if (!c && n_events)
		c = calloc(n_events, sizeof(*c));
	if (c)
		memset(c, 0, n_events * sizeof(*c));
	memset(t, 0, sizeof(*t));
	t->counters = c;
	t->has_ops = true;
	t->cpu = run->copies[0].cpu;
	t->start_ns = UINT64_MAX;
	for (size_t i = 0; i < run->n_copies; i++) {
		const struct proc_sample *p = &run->copies[i];

		t->wall_ns = result_max(t->wall_ns, p->wall_ns);
		t->region_ns = result_max(t->region_ns, p->region_ns);
		t->user_ns = result_add(t->user_ns, p->user_ns);
		t->sys_ns = result_add(t->sys_ns, p->sys_ns);
		t->maxrss_kb = result_add(t->maxrss_kb, p->maxrss_kb);
		t->has_ops = t->has_ops && p->has_ops;
		t->ops = result_add(t->ops, p->ops);
		if (p->start_ns < t->start_ns)
			t->start_ns = p->start_ns;
		t->end_ns = result_max(t->end_ns, p->end_ns);
		if (!t->exit_status && !t->term_signal) {
			t->exit_status = p->exit_status;
			t->term_signal = p->term_signal;
		}
		for (size_t k = 0; c && p->counters && k < n_events; k++) {
			c[k].value = result_add(c[k].value,
						p->counters[k].value);
			c[k].enabled_ns = result_add(c[k].enabled_ns,
						     p->counters[k].enabled_ns);
			c[k].running_ns = result_add(c[k].running_ns,
						     p->counters[k].running_ns);
		}
	}
	if (!t->has_ops)
		t->ops = 0;
}

int result_event_index(const struct result *r, const char *name)
{
	for (size_t i = 0; r && name && i < r->n_events; i++)
		if (r->events[i].name && !strcmp(r->events[i].name, name))
			return (int)i;
	return -1;
}
