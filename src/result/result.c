// SPDX-License-Identifier: MIT
/*
 * result: the JSON form of the in-memory model (result.h; building,
 * clearing and aggregating it is result_model.c's). The atomic writer
 * and reading files in are in result_io.c, the strict readers in
 * result_parse.c and result_stream.c. Format: abstat-result(5).
 *
 * Every count is written as a JSON integer. jansson's integer is json_int_t
 * (long long), so a uint64 above INT64_MAX cannot be written: the writer
 * refuses it (and the reader refuses it) rather than store a wrong value.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "result.h"

#ifndef ABSTAT_VERSION
#define ABSTAT_VERSION "unknown"
#endif

/* Collects failures while building a tree, so each setter stays one line. */
struct emit {
	bool bad;
	int err;         /* first error: -ENOMEM or -ERANGE */
	const char *why; /* its reason */
};

static void emit_set(struct emit *e, json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v)) {
		if (!e->bad) {
			e->err = -ENOMEM;
			e->why = "out of memory";
		}
		e->bad = true;
	}
}

static void emit_u64(struct emit *e, json_t *o, const char *key, uint64_t v)
{
	if (v > INT64_MAX) {
		if (!e->bad) {
			e->err = -ERANGE;
			e->why = "a count exceeds the file format limit 2^63-1";
		}
		e->bad = true;
		return;
	}
	emit_set(e, o, key, json_integer((json_int_t)v));
}

static void emit_int(struct emit *e, json_t *o, const char *key, long long v)
{
	emit_set(e, o, key, json_integer(v));
}

/* jansson refuses invalid UTF-8; a path or a kernel command line may hold
 * any bytes, so those become '?' rather than losing the whole result. */
static json_t *result_string(const char *s)
{
	json_t *v;
	char *copy;

	if (!s)
		return json_null();
	v = json_string(s);
	if (v)
		return v;
	copy = strdup(s);
	if (!copy)
		return NULL;
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	v = json_string(copy);
	free(copy);
	return v;
}

static void emit_str(struct emit *e, json_t *o, const char *key,
		     const char *s)
{
	emit_set(e, o, key, result_string(s));
}

static json_t *result_counters_json(struct emit *e,
				    const struct counter_value *c,
				    const bool *supported, size_t n)
{
	json_t *a = json_array();

	if (!a) {
		e->bad = true;
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		json_t *o;

		/* null, never 0, for what was not counted (abstat-result(5)) */
		if (!c || (supported && !supported[i])) {
			if (json_array_append_new(a, json_null()))
				e->bad = true;
			continue;
		}
		o = json_object();
		if (!o || json_array_append_new(a, o)) {
			e->bad = true;
			continue;
		}
		emit_u64(e, o, "value", c[i].value);
		emit_u64(e, o, "enabled_ns", c[i].enabled_ns);
		emit_u64(e, o, "running_ns", c[i].running_ns);
	}
	return a;
}

static void result_proc_json(struct emit *e, json_t *o,
			     const struct proc_sample *p,
			     const bool *supported, size_t n_events)
{
	emit_u64(e, o, "wall_ns", p->wall_ns);
	emit_u64(e, o, "user_ns", p->user_ns);
	emit_u64(e, o, "sys_ns", p->sys_ns);
	emit_u64(e, o, "maxrss_kb", p->maxrss_kb);
	emit_int(e, o, "exit_status", p->exit_status);
	emit_int(e, o, "signal", p->term_signal);
	if (p->has_ops)
		emit_u64(e, o, "ops", p->ops);
	emit_u64(e, o, "region_ns", p->region_ns);
	emit_int(e, o, "cpu", p->cpu);
	emit_u64(e, o, "start_ns", p->start_ns);
	emit_u64(e, o, "end_ns", p->end_ns);
	emit_set(e, o, "counters",
		 result_counters_json(e, p->counters, supported, n_events));
	if (p->output)
		emit_str(e, o, "output", p->output);
}

/* "profile": {"samples", "lost", "stacks": [[FRAMES, COUNT], ...]} */
static void result_profile_json(struct emit *e, json_t *o,
				const struct run *run)
{
	json_t *p = json_object(), *stacks = json_array();

	emit_set(e, o, "profile", p);
	if (!p || !stacks) {
		json_decref(stacks);
		e->bad = true;
		return;
	}
	emit_u64(e, p, "samples", run->samples);
	emit_u64(e, p, "lost", run->lost);
	emit_set(e, p, "stacks", stacks);
	for (size_t i = 0; i < run->n_stacks; i++) {
		json_t *s = json_array();

		if (!s || json_array_append_new(stacks, s)) {
			e->bad = true;
			continue;
		}
		if (json_array_append_new(s, result_string(run->stacks[i].frames)))
			e->bad = true;
		if (run->stacks[i].count > INT64_MAX ||
		    json_array_append_new(s, json_integer(
				(json_int_t)run->stacks[i].count)))
			e->bad = true;
	}
}

/* "scores": [{"name", "unit", "better", "regex"}, ...] */
static json_t *result_scores_json(struct emit *e, const struct result *r)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < r->n_scores; i++) {
		const struct score_def *d = &r->scores[i];
		json_t *o = json_object();

		if (!o || json_array_append_new(a, o)) {
			e->bad = true;
			continue;
		}
		emit_str(e, o, "name", d->name);
		emit_str(e, o, "unit", d->unit ? d->unit : "");
		emit_str(e, o, "better", d->higher ? "higher" : "lower");
		emit_str(e, o, "regex", d->regex);
		if (d->optional)
			emit_set(e, o, "optional", json_true());
	}
	return a;
}

static const char *const run_status_names[] = {
	[RUN_OK] = "ok", [RUN_FAILED] = "failed", [RUN_TIMEOUT] = "timeout",
};

static json_t *result_run_json(struct emit *e, const struct run *run,
			       const bool *supported, size_t n_events)
{
	json_t *o = json_object(), *copies;

	if (!o) {
		e->bad = true;
		return NULL;
	}
	emit_int(e, o, "index", run->index);
	emit_set(e, o, "warmup", json_boolean(run->warmup));
	emit_str(e, o, "status", (unsigned)run->status <= RUN_TIMEOUT ?
				 run_status_names[run->status] : "failed");
	emit_str(e, o, "reason", run->reason);
	result_proc_json(e, o, &run->total, supported, n_events);
	if (run->n_copies > 1 && run->copies) {
		copies = json_array();
		emit_set(e, o, "copies", copies);
		for (size_t i = 0; copies && i < run->n_copies; i++) {
			json_t *c = json_object();

			if (!c || json_array_append_new(copies, c)) {
				e->bad = true;
				continue;
			}
			result_proc_json(e, c, &run->copies[i], supported,
					 n_events);
		}
	}
	if (run->profiled)
		result_profile_json(e, o, run);
	if (run->scores)
		emit_set(e, o, "scores", json_deep_copy(run->scores));
	return o;
}

json_t *result_run_to_json(const struct run *run, size_t n_events)
{
	return result_run_to_json_mask(run, NULL, n_events);
}

json_t *result_run_to_json_mask(const struct run *run, const bool *supported,
				size_t n_events)
{
	struct emit e = { 0 };
	json_t *o = result_run_json(&e, run, supported, n_events);

	if (e.bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/*
 * A software event the kernel raises from kernel code only counts nothing
 * with exclude_kernel (--user-only): context switches, CPU migrations and
 * cgroup switches happen in the scheduler, never in user mode, so their
 * zeros are by construction, not measured (linux/perf_event.h:
 * PERF_TYPE_SOFTWARE 1; PERF_COUNT_SW_CONTEXT_SWITCHES 3, _CPU_MIGRATIONS
 * 4, _CGROUP_SWITCHES 11). Page faults are raised in user mode and
 * count.
 */
const char *result_not_counted(const struct event *ev)
{
	if (ev->not_counted)
		return ev->reason ? ev->reason : "not counted";
	if (ev->type != 1 || !ev->exclude_kernel || ev->exclude_user)
		return NULL;
	if (ev->config == 3 || ev->config == 4 || ev->config == 11)
		return "not counted: a kernel-only event under --user-only";
	return NULL;
}

static json_t *result_event_json(struct emit *e, const struct event *ev)
{
	json_t *o = json_object(), *native;

	if (!o) {
		e->bad = true;
		return NULL;
	}
	emit_str(e, o, "name", ev->name);
	emit_str(e, o, "fstr", ev->fstr ? ev->fstr : "");
	emit_str(e, o, "pmu", ev->pmu ? ev->pmu : "");
	emit_str(e, o, "unit", ev->unit ? ev->unit : "");
	emit_int(e, o, "type", ev->type);
	emit_u64(e, o, "config", ev->config);
	emit_u64(e, o, "config1", ev->config1);
	emit_u64(e, o, "config2", ev->config2);
	emit_set(e, o, "exclude_user", json_boolean(ev->exclude_user));
	emit_set(e, o, "exclude_kernel", json_boolean(ev->exclude_kernel));
	emit_set(e, o, "exclude_hv", json_boolean(ev->exclude_hv));
	emit_set(e, o, "exclude_idle", json_boolean(ev->exclude_idle));
	emit_set(e, o, "exclude_host", json_boolean(ev->exclude_host));
	emit_set(e, o, "exclude_guest", json_boolean(ev->exclude_guest));
	emit_set(e, o, "pinned", json_boolean(ev->pinned));
	emit_set(e, o, "inherit", json_boolean(ev->inherit));
	emit_int(e, o, "group", ev->group);
	emit_set(e, o, "supported", json_boolean(ev->state == EVENT_OK));
	emit_set(e, o, "counted", json_boolean(ev->state == EVENT_OK &&
					       !result_not_counted(ev)));
	emit_str(e, o, "reason", ev->state != EVENT_OK ? ev->reason :
				 result_not_counted(ev));
	if (ev->modelled || ev->emulated) /* a model's, the emulator's */
		emit_set(e, o, ev->modelled ? "modelled" : "emulated", json_true());
	if (ev->native) {
		native = json_array();
		emit_set(e, o, "native", native);
		for (char **p = ev->native; native && *p; p++)
			if (json_array_append_new(native, result_string(*p)))
				e->bad = true;
	}
	return o;
}

/* A benchmark with its runs array empty (the writer streams the runs). */
static json_t *result_bench_json(struct emit *e, const struct benchmark *b)
{
	json_t *o = json_object(), *argv = json_array();

	emit_set(e, o, "name", result_string(b->name ? b->name : ""));
	emit_set(e, o, "argv", argv);
	emit_str(e, o, "workload", b->workload);
	emit_int(e, o, "copies", b->copies ? b->copies : 1);
	if (b->params)
		emit_set(e, o, "params", json_deep_copy(b->params));
	emit_set(e, o, "runs", json_array());
	if (!o || !argv)
		return o;
	for (char **p = b->argv; p && *p; p++)
		if (json_array_append_new(argv, result_string(*p)))
			e->bad = true;
	return o;
}

static void result_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "1970-01-01T00:00:00Z");
}

/* A subtree shared with r (incref'd), or an empty one when r has none. */
static json_t *result_shared(json_t *v, json_t *(*empty)(void))
{
	return v ? json_incref(v) : empty();
}

/* Whether each event has counters in the runs (else they are null). */
bool *result_supported(const struct result *r)
{
	bool *supported = calloc(r->n_events + 1, sizeof(*supported));

	for (size_t i = 0; supported && i < r->n_events; i++)
		supported[i] = r->events[i].state == EVENT_OK;
	return supported;
}

static json_t *result_emit_done(struct emit *e, json_t *o, int *err,
				const char **why)
{
	if (!e->bad)
		return o;
	if (err)
		*err = e->err ? e->err : -ENOMEM;
	if (why)
		*why = e->why ? e->why : "out of memory";
	json_decref(o);
	return NULL;
}

json_t *result_head_json(const struct result *r, int *err, const char **why)
{
	struct emit e = { 0 };
	json_t *o = json_object(), *evs = json_array(), *bench = json_array();
	char now[32];

	emit_str(&e, o, "format", RESULT_FORMAT);
	emit_int(&e, o, "schema_version", RESULT_SCHEMA_VERSION);
	emit_str(&e, o, "tool_version",
		 r->tool_version ? r->tool_version : ABSTAT_VERSION);
	result_now(now, sizeof(now));
	emit_str(&e, o, "created", r->created ? r->created : now);
	emit_str(&e, o, "label", r->label ? r->label : "");
	emit_str(&e, o, "status", r->status ? r->status : "complete");
	emit_set(&e, o, "env", result_shared(r->env, json_object));
	emit_set(&e, o, "config", result_shared(r->config, json_object));
	emit_set(&e, o, "warnings", result_shared(r->warnings, json_array));
	if (r->n_scores)
		emit_set(&e, o, "scores", result_scores_json(&e, r));
	emit_set(&e, o, "events", evs);
	emit_set(&e, o, "benchmarks", bench);
	if (!o || !evs || !bench) {
		e.bad = true;
		goto out;
	}
	for (size_t i = 0; i < r->n_events; i++)
		if (json_array_append_new(evs,
					  result_event_json(&e, &r->events[i])))
			e.bad = true;
	for (size_t i = 0; i < r->n_bench; i++)
		if (json_array_append_new(bench,
					  result_bench_json(&e, &r->bench[i])))
			e.bad = true;
out:
	return result_emit_done(&e, o, err, why);
}

json_t *result_run_json_why(const struct run *run, const bool *supported,
			    size_t n_events, int *err, const char **why)
{
	struct emit e = { 0 };

	return result_emit_done(&e, result_run_json(&e, run, supported,
						    n_events), err, why);
}

/* The whole tree: the head, then every run in its benchmark. */
static json_t *result_json(const struct result *r, int *err,
			   const char **why)
{
	int e = -ENOMEM;
	const char *w = "out of memory";
	json_t *o = result_head_json(r, &e, &w), *bench, *runs, *v;
	bool *supported = result_supported(r);

	if (!o || !supported)
		goto fail;
	bench = json_object_get(o, "benchmarks");
	for (size_t b = 0; b < r->n_bench; b++) {
		runs = json_object_get(json_array_get(bench, b), "runs");
		for (size_t i = 0; i < r->bench[b].n_runs; i++) {
			v = result_run_json_why(&r->bench[b].runs[i],
						supported, r->n_events, &e, &w);
			if (!v || json_array_append_new(runs, v))
				goto fail;
		}
	}
	free(supported);
	return o;
fail:
	if (err)
		*err = e;
	if (why)
		*why = w;
	free(supported);
	json_decref(o);
	return NULL;
}

json_t *result_to_json(const struct result *r)
{
	return result_json(r, NULL, NULL);
}

json_t *result_to_json_why(const struct result *r, int *err,
			   const char **why)
{
	return result_json(r, err, why);
}
