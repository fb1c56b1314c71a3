// SPDX-License-Identifier: MIT
/*
 * result_parse: the strict reader. Result files travel by mail, so they are
 * untrusted: every key is checked for presence and type, every count must
 * be a JSON integer in 0..2^63-1 (jansson's json_int_t is long long), and
 * each error names the file and the key as a JSON path
 * ("r.json: benchmarks[0].runs[3].wall_ns: expected an integer, found a
 * real"). Unknown keys are ignored (additions do not bump schema_version).
 * Fuzzed by tests/fuzz/fuzz_result.c.
 *
 * The checks every key goes through are in result_check.c; the streaming
 * reader, which falls back to this one, in result_stream.c.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "result_parse_priv.h"
#include "rkeys.h"

/* The usual counter object, checked without formatting keys: true when
 * it is valid and stored; false sends it through the checks that word
 * the message. */
static bool counter_u64(const json_t *o, const char *name, uint64_t *out)
{
	json_t *v = json_object_get(o, name);

	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = (uint64_t)json_integer_value(v);
	return true;
}

static bool counter_fast(const json_t *v, const struct event *ev,
			 struct counter_value *cv)
{
	return json_is_object(v) && (!ev || ev->state == EVENT_OK) &&
	       counter_u64(v, "value", &cv->value) &&
	       counter_u64(v, "enabled_ns", &cv->enabled_ns) &&
	       counter_u64(v, "running_ns", &cv->running_ns) &&
	       cv->running_ns <= cv->enabled_ns;
}

static int parse_counters(const struct ctx *c, const json_t *a,
			  const char *key, struct counter_value **out)
{
	size_t n = json_array_size(a);
	char k[KEY_MAX];
	int rc;

	if (n != c->n_events)
		return result_fail(c, key,
				   "has %zu entries, expected %zu (one per event)",
				   n, c->n_events);
	*out = calloc(n ? n : 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_t *v = json_array_get(a, i);
		struct counter_value *cv = &(*out)[i];
		const struct event *ev = c->events ? &c->events[i] : NULL;

		if (json_is_null(v))
			continue; /* not counted: stays zero, never data */
		if (counter_fast(v, ev, cv))
			continue;
		result_key_index(k, key, i);
		if (!json_is_object(v))
			return result_fail(c, k, "expected an object or null, found %s",
					   result_type_name(v));
		if (ev && ev->state != EVENT_OK)
			return result_fail(c, k,
					   "must be null: event '%s' is not supported",
					   ev->name);
		rc = result_get_u64(c, v, k, "value", &cv->value);
		rc = rc ? rc : result_get_u64(c, v, k, "enabled_ns",
					      &cv->enabled_ns);
		rc = rc ? rc : result_get_u64(c, v, k, "running_ns",
					      &cv->running_ns);
		if (rc)
			return rc;
		if (cv->running_ns > cv->enabled_ns) {
			char kr[KEY_MAX];

			result_key_field(kr, k, "running_ns");
			return result_fail(c, kr,
					   "running_ns %llu exceeds enabled_ns %llu",
					   (unsigned long long)cv->running_ns,
					   (unsigned long long)cv->enabled_ns);
		}
	}
	return 0;
}

static int parse_proc(const struct ctx *c, const json_t *o, const char *key,
		      struct proc_sample *p)
{
	char k[KEY_MAX];
	json_t *a = NULL;
	int rc;

	rc = result_get_u64(c, o, key, "wall_ns", &p->wall_ns);
	rc = rc ? rc : result_get_u64(c, o, key, "user_ns", &p->user_ns);
	rc = rc ? rc : result_get_u64(c, o, key, "sys_ns", &p->sys_ns);
	rc = rc ? rc : result_get_u64(c, o, key, "maxrss_kb", &p->maxrss_kb);
	rc = rc ? rc : result_get_i32(c, o, key, "exit_status", -1, 255,
				      &p->exit_status);
	/* Linux signals are 1..64 (SIGRTMAX); 0 is "not killed" */
	rc = rc ? rc : result_get_i32(c, o, key, "signal", 0, 64,
				      &p->term_signal);
	p->has_ops = json_object_get(o, "ops") != NULL;
	if (!rc && p->has_ops)
		rc = result_get_u64(c, o, key, "ops", &p->ops);
	rc = rc ? rc : result_get_u64(c, o, key, "region_ns", &p->region_ns);
	rc = rc ? rc : result_get_i32(c, o, key, "cpu", -1, INT_MAX, &p->cpu);
	rc = rc ? rc : result_get_u64(c, o, key, "start_ns", &p->start_ns);
	rc = rc ? rc : result_get_u64(c, o, key, "end_ns", &p->end_ns);
	if (!rc && p->end_ns < p->start_ns) {
		result_key_field(k, key, "end_ns");
		return result_fail(c, k, "%llu is before start_ns %llu",
				   (unsigned long long)p->end_ns,
				   (unsigned long long)p->start_ns);
	}
	rc = rc ? rc : result_get_obj(c, o, key, "counters", JSON_ARRAY, &a, k);
	rc = rc ? rc : parse_counters(c, a, k, &p->counters);
	if (!rc && json_object_get(o, "output"))
		rc = result_get_str(c, o, key, "output", false, &p->output);
	return rc;
}

/* "profile": {"samples": N, "lost": N, "stacks": [[FRAMES, COUNT], ...]} */
static int parse_profile(const struct ctx *c, const json_t *o,
			 const char *key, struct run *run)
{
	char k[KEY_MAX], ks[KEY_MAX];
	json_t *stacks;
	size_t n;
	int rc;

	if (!json_is_object(o))
		return result_fail(c, key, "expected an object, found %s",
				   result_type_name(o));
	run->profiled = true;
	rc = result_get_u64(c, o, key, "samples", &run->samples);
	rc = rc ? rc : result_get_u64(c, o, key, "lost", &run->lost);
	rc = rc ? rc : result_get_obj(c, o, key, "stacks", JSON_ARRAY,
				      &stacks, ks);
	if (rc)
		return rc;
	n = json_array_size(stacks);
	run->stacks = calloc(n + 1, sizeof(*run->stacks));
	if (!run->stacks)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_array_get(stacks, i), *f, *v;

		result_key_index(k, ks, i);
		f = json_array_get(s, 0);
		v = json_array_get(s, 1);
		if (!json_is_array(s) || json_array_size(s) != 2 ||
		    !json_is_string(f) || !json_is_integer(v) ||
		    json_integer_value(v) < 0)
			return result_fail(c, k, "expected [\"frames\", count]");
		run->stacks[i].frames = strdup(json_string_value(f));
		if (!run->stacks[i].frames)
			return -ENOMEM;
		run->stacks[i].count = (uint64_t)json_integer_value(v);
		run->n_stacks = i + 1;
	}
	return 0;
}

int result_parse_run(const struct ctx *c, const json_t *o, const char *key,
		     struct run *run)
{
	char k[KEY_MAX], *status = NULL;
	json_t *copies;
	long long index;
	size_t n;
	int rc;

	memset(run, 0, sizeof(*run));
	run->n_copies = 1;
	if (!json_is_object(o))
		return result_fail(c, key, "expected an object, found %s",
				   result_type_name(o));
	rc = result_get_int(c, o, key, "index", 0, UINT_MAX, &index);
	rc = rc ? rc : result_get_bool(c, o, key, "warmup", &run->warmup);
	rc = rc ? rc : result_get_str(c, o, key, "status", false, &status);
	if (rc)
		return rc;
	run->index = (unsigned)index;
	if (!strcmp(status, "ok")) {
		run->status = RUN_OK;
	} else if (!strcmp(status, "failed")) {
		run->status = RUN_FAILED;
	} else if (!strcmp(status, "timeout")) {
		run->status = RUN_TIMEOUT;
	} else {
		result_key_field(k, key, "status");
		rc = result_fail(c, k, "unknown run status; expected ok, failed or timeout");
	}
	free(status);
	rc = rc ? rc : result_get_str(c, o, key, "reason", true, &run->reason);
	rc = rc ? rc : parse_proc(c, o, key, &run->total);
	if (!rc && json_object_get(o, "profile")) {
		result_key_field(k, key, "profile");
		rc = parse_profile(c, json_object_get(o, "profile"), k, run);
	}
	if (!rc && json_object_get(o, "scores"))
		rc = result_parse_run_scores(c, o, key, run);
	if (rc)
		return rc;
	copies = json_object_get(o, "copies");
	if (!copies)
		return 0;
	result_key_field(k, key, "copies");
	if (!json_is_array(copies))
		return result_fail(c, k, "expected an array, found %s",
				   result_type_name(copies));
	n = json_array_size(copies);
	if (n < 2)
		return result_fail(c, k, "has %zu entries; present only for 2 copies or more",
				   n);
	run->copies = calloc(n, sizeof(*run->copies));
	if (!run->copies)
		return -ENOMEM;
	run->n_copies = n;
	for (size_t i = 0; i < n; i++) {
		char ki[KEY_MAX];
		json_t *p = json_array_get(copies, i);

		result_key_index(ki, k, i);
		if (!json_is_object(p))
			return result_fail(c, ki,
					   "expected an object, found %s",
					   result_type_name(p));
		rc = parse_proc(c, p, ki, &run->copies[i]);
		if (rc)
			return rc;
	}
	return 0;
}

int result_run_parse(const json_t *j, const struct result *r, const char *key,
		     struct run *run, char *err, size_t len)
{
	struct ctx c = { NULL, err, len, r->events, r->n_events };
	int rc = result_parse_run(&c, j, key, run);

	if (rc)
		result_run_free(run);
	return rc;
}

int result_run_from_json(const json_t *j, size_t n_events, struct run *run,
			 char *err, size_t len)
{
	struct ctx c = { NULL, err, len, NULL, n_events };
	int rc = result_parse_run(&c, j, "run", run);

	if (rc)
		result_run_free(run);
	return rc;
}

static int parse_event(const struct ctx *c, const json_t *o, const char *key,
		       struct event *ev)
{
	char k[KEY_MAX];
	json_t *native;
	long long x;
	bool supported = false;
	int rc;

	if (!json_is_object(o))
		return result_fail(c, key, "expected an object, found %s",
				   result_type_name(o));
	rc = result_get_str(c, o, key, "name", false, &ev->name);
	rc = rc ? rc : result_get_str(c, o, key, "fstr", false, &ev->fstr);
	rc = rc ? rc : result_get_str(c, o, key, "pmu", false, &ev->pmu);
	rc = rc ? rc : result_get_str(c, o, key, "unit", false, &ev->unit);
	rc = rc ? rc : result_get_int(c, o, key, "type", 0, UINT32_MAX, &x);
	if (rc)
		return rc;
	ev->type = (uint32_t)x;
	rc = result_get_u64(c, o, key, "config", &ev->config);
	rc = rc ? rc : result_get_u64(c, o, key, "config1", &ev->config1);
	rc = rc ? rc : result_get_u64(c, o, key, "config2", &ev->config2);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_user",
				       &ev->exclude_user);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_kernel",
				       &ev->exclude_kernel);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_hv",
				       &ev->exclude_hv);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_idle",
				       &ev->exclude_idle);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_host",
				       &ev->exclude_host);
	rc = rc ? rc : result_get_bool(c, o, key, "exclude_guest",
				       &ev->exclude_guest);
	rc = rc ? rc : result_get_bool(c, o, key, "pinned", &ev->pinned);
	rc = rc ? rc : result_get_bool(c, o, key, "inherit", &ev->inherit);
	rc = rc ? rc : result_get_i32(c, o, key, "group", 0, INT_MAX,
				      &ev->group);
	rc = rc ? rc : result_get_bool(c, o, key, "supported", &supported);
	rc = rc ? rc : result_get_str(c, o, key, "reason", true, &ev->reason);
	if (rc)
		return rc;
	ev->state = supported ? EVENT_OK : EVENT_NOT_SUPPORTED;
	/* schema 3: "counted": false, its reason kept (older files: the
	 * same rule, result_not_counted) */
	if (supported && json_is_false(json_object_get(o, "counted")))
		ev->not_counted = true;
	else if (supported && ev->reason) {
		free(ev->reason); /* a reason only explains "not supported" */
		ev->reason = NULL;
	}
	/* a model's count (lab/cache-merge.sh), optional */
	ev->modelled = json_is_true(json_object_get(o, "modelled"));
	/* the emulator's count (lab/count-merge.sh), optional */
	ev->emulated = json_is_true(json_object_get(o, "emulated"));
	native = json_object_get(o, "native");
	if (!native)
		return 0;
	result_key_field(k, key, "native");
	if (!json_is_array(native))
		return result_fail(c, k, "expected an array, found %s",
				   result_type_name(native));
	return result_get_strv(c, native, k, &ev->native);
}

/* "params": {"NAME": "value", ...}, the scanned parameters */
static int parse_params(const struct ctx *c, const json_t *o,
			const char *key, json_t **out)
{
	char k[KEY_MAX];
	json_t *p = json_object_get(o, "params"), *v;
	const char *name;

	if (!p)
		return 0;
	result_key_field(k, key, "params");
	if (!json_is_object(p))
		return result_fail(c, k, "expected an object, found %s",
				   result_type_name(p));
	json_object_foreach(p, name, v) {
		if (!json_is_string(v)) {
			char kv[KEY_MAX];

			result_key_field(kv, k, name);
			return result_fail(c, kv, "expected a string, found %s",
					   result_type_name(v));
		}
	}
	*out = json_incref(p);
	return 0;
}

int result_parse_bench(const struct ctx *c, const json_t *o, const char *key,
		       struct benchmark *b)
{
	char k[KEY_MAX], kr[KEY_MAX];
	json_t *argv = NULL, *runs = NULL;
	long long copies;
	int rc;

	if (!json_is_object(o))
		return result_fail(c, key, "expected an object, found %s",
				   result_type_name(o));
	rc = result_get_str(c, o, key, "name", false, &b->name);
	rc = rc ? rc : result_get_obj(c, o, key, "argv", JSON_ARRAY, &argv, k);
	rc = rc ? rc : result_get_strv(c, argv, k, &b->argv);
	rc = rc ? rc : result_get_str(c, o, key, "workload", true,
				      &b->workload);
	rc = rc ? rc : result_get_int(c, o, key, "copies", 1, 1 << 20, &copies);
	rc = rc ? rc : parse_params(c, o, key, &b->params);
	rc = rc ? rc : result_get_obj(c, o, key, "runs", JSON_ARRAY, &runs, kr);
	if (rc)
		return rc;
	b->copies = (unsigned)copies;
	b->runs = calloc(json_array_size(runs) + 1, sizeof(*b->runs));
	if (!b->runs)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(runs); i++) {
		result_key_index(k, kr, i);
		b->n_runs = i + 1; /* so a half-parsed run is freed too */
		rc = result_parse_run(c, json_array_get(runs, i), k,
				      &b->runs[i]);
		if (rc)
			return rc;
	}
	return 0;
}

/* format and schema_version first: a newer file says so, not "missing" */
static int parse_version(const struct ctx *c, const json_t *j,
			 const char *want, struct result *r)
{
	json_t *f = json_object_get(j, "format"), *v;

	if (!f)
		return result_fail(c, "format", "missing; not an %s file",
				   want);
	if (!json_is_string(f) || strcmp(json_string_value(f), want))
		return result_fail(c, "format", "not \"%s\"; not an %s file",
				   want, want);
	v = json_object_get(j, "schema_version");
	if (!v)
		return result_fail(c, "schema_version", "missing");
	if (!json_is_integer(v))
		return result_fail(c, "schema_version",
				   "expected an integer, found %s",
				   result_type_name(v));
	if (json_integer_value(v) < RESULT_SCHEMA_MIN ||
	    json_integer_value(v) > RESULT_SCHEMA_VERSION)
		return result_fail(c, "schema_version",
				   "file format version %lld not supported (supports %d to %d)",
				   (long long)json_integer_value(v),
				   RESULT_SCHEMA_MIN, RESULT_SCHEMA_VERSION);
	r->schema_version = (int)json_integer_value(v);
	return 0;
}

static int parse_free(const struct ctx *c, const json_t *j, const char *name,
		      json_type type, json_t **out)
{
	char k[KEY_MAX];
	json_t *v = NULL;
	size_t i;
	int rc = result_get_obj(c, j, "", name, type, &v, k);

	rc = rc ? rc : result_check_depth(c, v, k, 1);
	if (rc)
		return rc;
	if (type == JSON_ARRAY) { /* warnings: strings only */
		json_t *s;

		json_array_foreach(v, i, s) {
			char ki[KEY_MAX];

			result_key_index(ki, k, i);
			if (!json_is_string(s))
				return result_fail(c, ki, "expected a string, found %s",
						   result_type_name(s));
		}
	}
	*out = json_deep_copy(v);
	return *out ? 0 : -ENOMEM;
}

/* "2026-11-29T19:00:00Z" as abstat writes it (UTC, RFC 3339), also with
 * fractional seconds or an offset as another tool might: a date, not
 * "yesterday". */
static bool parse_is_time(const char *t)
{
	static const char shape[] = "dddd-dd-ddTdd:dd:dd";
	unsigned mo, d, h, mi, sec;

	for (size_t i = 0; i < sizeof(shape) - 1; i++)
		if (shape[i] == 'd' ? t[i] < '0' || t[i] > '9' : t[i] != shape[i])
			return false;
	if (sscanf(t + 5, "%2u-%2u", &mo, &d) != 2 ||
	    sscanf(t + 11, "%2u:%2u:%2u", &h, &mi, &sec) != 3 || mo < 1 ||
	    mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || sec > 60)
		return false;
	t += sizeof(shape) - 1;
	if (*t == '.')
		for (t++; *t >= '0' && *t <= '9'; t++)
			;
	if (*t == 'Z')
		return !t[1];
	return (*t == '+' || *t == '-') && strlen(t) == 6 && t[3] == ':' &&
	       t[1] >= '0' && t[1] <= '9' && t[2] >= '0' && t[2] <= '9' &&
	       t[4] >= '0' && t[4] <= '9' && t[5] >= '0' && t[5] <= '9';
}

/* The config keys compare and show read: in the ranges run accepts. */
static int parse_config_ranges(const struct ctx *c, const json_t *cfg)
{
	long long x;
	int rc = 0;

	if (json_object_get(cfg, RK_REPEAT))
		rc = result_get_int(c, cfg, "config", RK_REPEAT, 1, INT_MAX, &x);
	if (!rc && json_object_get(cfg, RK_WARMUP))
		rc = result_get_int(c, cfg, "config", RK_WARMUP, 0, INT_MAX, &x);
	if (!rc && json_object_get(cfg, "copies"))
		rc = result_get_int(c, cfg, "config", "copies", 1, INT_MAX, &x);
	return rc;
}

/* The benchmark just read (the last of r) has an earlier one's name: its
 * runs would be two benchmarks' or one's read twice (compare and plot
 * pick one by name). */
int result_bench_again(const struct ctx *c, struct result *r,
		       const char *key)
{
	struct benchmark *last = &r->bench[r->n_bench - 1], *first;

	r->n_bench--; /* the index looks only at the ones before it */
	first = result_bench_find(r, last->name);
	r->n_bench++;
	if (!first)
		return 0;
	return result_fail(c, key,
			   "benchmark '%s' again (benchmarks[%zu] has that name); a result names each benchmark once: keep one, or rename it",
			   last->name, (size_t)(first - r->bench));
}

int result_parse_doc(struct ctx *c, const json_t *j, struct result *r)
{
	char k[KEY_MAX];
	json_t *evs = NULL, *bench = NULL;
	int rc;

	if (!json_is_object(j))
		return result_fail(c, "(top level)",
				   "expected an object, found %s",
				   result_type_name(j));
	rc = parse_version(c, j, RESULT_FORMAT, r);
	rc = rc ? rc : result_get_str(c, j, "", "tool_version", false,
				      &r->tool_version);
	rc = rc ? rc : result_get_str(c, j, "", "created", false, &r->created);
	rc = rc ? rc : result_get_str(c, j, "", "label", false, &r->label);
	rc = rc ? rc : result_get_str(c, j, "", "status", false, &r->status);
	if (rc)
		return rc;
	if (!parse_is_time(r->created))
		return result_fail(c, "created",
				   "expected a UTC time like \"2026-11-29T19:00:00Z\"");
	if (strcmp(r->status, "complete") && strcmp(r->status, "interrupted") &&
	    strcmp(r->status, "partial") && strcmp(r->status, "failed"))
		return result_fail(c, "status",
				   "unknown status; expected complete, interrupted, partial or failed");
	rc = parse_free(c, j, "env", JSON_OBJECT, &r->env);
	rc = rc ? rc : result_check_kconfig(c, r->env);
	rc = rc ? rc : parse_free(c, j, "config", JSON_OBJECT, &r->config);
	rc = rc ? rc : parse_config_ranges(c, r->config);
	rc = rc ? rc : parse_free(c, j, "warnings", JSON_ARRAY, &r->warnings);
	rc = rc ? rc : result_get_obj(c, j, "", "events", JSON_ARRAY, &evs, k);
	if (rc)
		return rc;
	r->events = calloc(json_array_size(evs) + 1, sizeof(*r->events));
	if (!r->events)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(evs); i++) {
		char ki[KEY_MAX];

		result_key_index(ki, "events", i);
		r->n_events = i + 1;
		rc = parse_event(c, json_array_get(evs, i), ki, &r->events[i]);
		if (rc)
			return rc;
	}
	c->events = r->events;
	c->n_events = r->n_events;
	rc = result_parse_scores(c, j, r);
	rc = rc ? rc : result_get_obj(c, j, "", "benchmarks", JSON_ARRAY,
				      &bench, k);
	if (rc)
		return rc;
	r->bench = calloc(json_array_size(bench) + 1, sizeof(*r->bench));
	if (!r->bench)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(bench); i++) {
		char ki[KEY_MAX];

		result_key_index(ki, "benchmarks", i);
		r->n_bench = i + 1;
		rc = result_parse_bench(c, json_array_get(bench, i), ki,
					&r->bench[i]);
		if (rc)
			return rc;
		rc = result_bench_again(c, r, ki);
		if (rc)
			return rc;
	}
	return 0;
}

int result_from_json(const json_t *j, const char *path, struct result *r,
		     char *err, size_t len)
{
	struct ctx c = { path ? path : "(result)", err, len, NULL, 0 };
	int rc;

	memset(r, 0, sizeof(*r));
	rc = result_parse_doc(&c, j, r);
	if (!rc && path) {
		r->path = strdup(path);
		if (!r->path)
			rc = err_nomem(err, len);
	}
	if (rc == -ENOMEM)
		snprintf(err, len, "%s: out of memory", c.file);
	if (rc)
		result_clear(r);
	return rc;
}
