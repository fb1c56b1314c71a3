// SPDX-License-Identifier: MIT
/*
 * result_parse: the strict reader. Result files travel by mail, so they are
 * untrusted: every key is checked for presence and type, every count must
 * be a JSON integer in 0..2^63-1 (jansson's json_int_t is long long), and
 * each error names the file and the key as a JSON path
 * ("r.json: benchmarks[0].runs[3].wall_ns: expected an integer, found a
 * real"). Unknown keys are ignored (additions do not bump schema_version).
 * Fuzzed by tests/fuzz/fuzz_result.c.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result.h"

#define KEY_MAX 256
#define FREE_DEPTH_MAX 32 /* env and config nesting */

struct ctx {
	const char *file;
	char *err;
	size_t len;
	const struct event *events; /* NULL: counters not checked per event */
	size_t n_events;
};

__attribute__((format(printf, 3, 4))) static int
fail(const struct ctx *c, const char *key, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (c->file)
		snprintf(c->err, c->len, "%s: %s: %s", c->file, key, what);
	else
		snprintf(c->err, c->len, "%s: %s", key, what);
	/* names from the file may hold any character: one line stays one */
	result_msg_clean(c->err);
	return -EINVAL;
}

/* Keys longer than KEY_MAX are cut: they only label a message. */
__attribute__((format(printf, 2, 3))) static void
key_fmt(char *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, KEY_MAX, fmt, ap);
	va_end(ap);
}

static void key_field(char *out, const char *parent, const char *name)
{
	key_fmt(out, "%s%s%s", parent, *parent ? "." : "", name);
}

static void key_index(char *out, const char *parent, size_t i)
{
	key_fmt(out, "%s[%zu]", parent, i);
}

static const char *type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a real number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* The member name of obj (key "parent.name"), which must exist. */
static json_t *member(const struct ctx *c, const json_t *obj,
		      const char *parent, const char *name, char *key, int *rc)
{
	json_t *v = json_object_get(obj, name);

	/* the key is formatted only for a message: a run has ~50 members */
	if (!v) {
		key_field(key, parent, name);
		*rc = fail(c, key, "missing");
	}
	return v;
}

static int get_int(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max,
		   long long *out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);
	long long x;

	if (!v)
		return rc;
	x = json_is_integer(v) ? json_integer_value(v) : 0;
	if (json_is_integer(v) && x >= min && x <= max) {
		*out = x;
		return 0;
	}
	key_field(key, parent, name);
	if (!json_is_integer(v))
		return fail(c, key, "expected an integer, found %s",
			    type_name(v));
	if (x < min && min == 0)
		return fail(c, key, "negative value %lld; must be 0 or more",
			    x);
	if (x < min || x > max)
		return fail(c, key, "%lld is out of range (%lld to %lld)", x,
			    min, max);
	*out = x;
	return 0;
}

static int get_u64(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, uint64_t *out)
{
	long long x;
	int rc = get_int(c, obj, parent, name, 0, LLONG_MAX, &x);

	if (!rc)
		*out = (uint64_t)x;
	return rc;
}

static int get_i32(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max, int *out)
{
	long long x;
	int rc = get_int(c, obj, parent, name, min, max, &x);

	if (!rc)
		*out = (int)x;
	return rc;
}

static int get_bool(const struct ctx *c, const json_t *obj, const char *parent,
		    const char *name, bool *out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	if (!v)
		return rc;
	if (!json_is_boolean(v)) {
		key_field(key, parent, name);
		return fail(c, key, "expected true or false, found %s",
			    type_name(v));
	}
	*out = json_is_true(v);
	return 0;
}

/* A string (or, when nullable, null -> NULL); *out is strdup'd. */
static int get_str(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, bool nullable, char **out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	*out = NULL;
	if (!v)
		return rc;
	if (nullable && json_is_null(v))
		return 0;
	if (!json_is_string(v)) {
		key_field(key, parent, name);
		return fail(c, key, "expected a string%s, found %s",
			    nullable ? " or null" : "", type_name(v));
	}
	*out = strdup(json_string_value(v));
	return *out ? 0 : -ENOMEM;
}

static int get_obj(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, json_type type, json_t **out, char *key)
{
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	if (!v)
		return rc;
	key_field(key, parent, name); /* the parent of what is inside */
	if (json_typeof(v) != type)
		return fail(c, key, "expected %s, found %s",
			    type == JSON_ARRAY ? "an array" : "an object",
			    type_name(v));
	*out = v;
	return 0;
}

/* A NULL-terminated string array from a JSON array of strings. */
static int get_strv(const struct ctx *c, const json_t *a, const char *key,
		    char ***out)
{
	size_t n = json_array_size(a);
	char **v = calloc(n + 1, sizeof(*v));
	char k[KEY_MAX];

	*out = v;
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_array_get(a, i);

		if (!json_is_string(s)) {
			key_index(k, key, i);
			return fail(c, k, "expected a string, found %s",
				    type_name(s));
		}
		v[i] = strdup(json_string_value(s));
		if (!v[i])
			return -ENOMEM;
	}
	return 0;
}

static int check_depth(const struct ctx *c, const json_t *v, const char *key,
		       int depth)
{
	const char *k;
	json_t *m;
	size_t i;

	if (depth > FREE_DEPTH_MAX)
		return fail(c, key, "nested deeper than %d levels",
			    FREE_DEPTH_MAX);
	if (json_is_object(v)) {
		json_object_foreach((json_t *)v, k, m)
			if (check_depth(c, m, key, depth + 1))
				return -EINVAL;
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, m)
			if (check_depth(c, m, key, depth + 1))
				return -EINVAL;
	}
	return 0;
}

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
		return fail(c, key,
			    "has %zu entries, expected %zu (one per event)",
			    n, c->n_events);
	*out = calloc(n + 1, sizeof(**out));
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
		key_index(k, key, i);
		if (!json_is_object(v))
			return fail(c, k, "expected an object or null, found %s",
				    type_name(v));
		if (ev && ev->state != EVENT_OK)
			return fail(c, k,
				    "must be null: event '%s' is not supported",
				    ev->name);
		rc = get_u64(c, v, k, "value", &cv->value);
		rc = rc ? rc : get_u64(c, v, k, "enabled_ns", &cv->enabled_ns);
		rc = rc ? rc : get_u64(c, v, k, "running_ns", &cv->running_ns);
		if (rc)
			return rc;
		if (cv->running_ns > cv->enabled_ns) {
			char kr[KEY_MAX];

			key_field(kr, k, "running_ns");
			return fail(c, kr,
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

	rc = get_u64(c, o, key, "wall_ns", &p->wall_ns);
	rc = rc ? rc : get_u64(c, o, key, "user_ns", &p->user_ns);
	rc = rc ? rc : get_u64(c, o, key, "sys_ns", &p->sys_ns);
	rc = rc ? rc : get_u64(c, o, key, "maxrss_kb", &p->maxrss_kb);
	rc = rc ? rc : get_i32(c, o, key, "exit_status", -1, 255,
			       &p->exit_status);
	rc = rc ? rc : get_i32(c, o, key, "signal", 0, 255, &p->term_signal);
	p->has_ops = json_object_get(o, "ops") != NULL;
	if (!rc && p->has_ops)
		rc = get_u64(c, o, key, "ops", &p->ops);
	rc = rc ? rc : get_u64(c, o, key, "region_ns", &p->region_ns);
	rc = rc ? rc : get_i32(c, o, key, "cpu", -1, INT_MAX, &p->cpu);
	rc = rc ? rc : get_u64(c, o, key, "start_ns", &p->start_ns);
	rc = rc ? rc : get_u64(c, o, key, "end_ns", &p->end_ns);
	rc = rc ? rc : get_obj(c, o, key, "counters", JSON_ARRAY, &a, k);
	return rc ? rc : parse_counters(c, a, k, &p->counters);
}

static int parse_run(const struct ctx *c, const json_t *o, const char *key,
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
		return fail(c, key, "expected an object, found %s",
			    type_name(o));
	rc = get_int(c, o, key, "index", 0, UINT_MAX, &index);
	rc = rc ? rc : get_bool(c, o, key, "warmup", &run->warmup);
	rc = rc ? rc : get_str(c, o, key, "status", false, &status);
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
		key_field(k, key, "status");
		rc = fail(c, k, "unknown run status; expected ok, failed or timeout");
	}
	free(status);
	rc = rc ? rc : get_str(c, o, key, "reason", true, &run->reason);
	rc = rc ? rc : parse_proc(c, o, key, &run->total);
	if (rc)
		return rc;
	copies = json_object_get(o, "copies");
	if (!copies)
		return 0;
	key_field(k, key, "copies");
	if (!json_is_array(copies))
		return fail(c, k, "expected an array, found %s",
			    type_name(copies));
	n = json_array_size(copies);
	if (n < 2)
		return fail(c, k, "has %zu entries; present only for 2 copies or more",
			    n);
	run->copies = calloc(n, sizeof(*run->copies));
	if (!run->copies)
		return -ENOMEM;
	run->n_copies = n;
	for (size_t i = 0; i < n; i++) {
		char ki[KEY_MAX];
		json_t *p = json_array_get(copies, i);

		key_index(ki, k, i);
		if (!json_is_object(p))
			return fail(c, ki, "expected an object, found %s",
				    type_name(p));
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
	int rc = parse_run(&c, j, key, run);

	if (rc)
		result_run_free(run);
	return rc;
}

int result_run_from_json(const json_t *j, size_t n_events, struct run *run,
			 char *err, size_t len)
{
	struct ctx c = { NULL, err, len, NULL, n_events };
	int rc = parse_run(&c, j, "run", run);

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
		return fail(c, key, "expected an object, found %s",
			    type_name(o));
	rc = get_str(c, o, key, "name", false, &ev->name);
	rc = rc ? rc : get_str(c, o, key, "fstr", false, &ev->fstr);
	rc = rc ? rc : get_str(c, o, key, "pmu", false, &ev->pmu);
	rc = rc ? rc : get_str(c, o, key, "unit", false, &ev->unit);
	rc = rc ? rc : get_int(c, o, key, "type", 0, UINT32_MAX, &x);
	if (rc)
		return rc;
	ev->type = (uint32_t)x;
	rc = get_u64(c, o, key, "config", &ev->config);
	rc = rc ? rc : get_u64(c, o, key, "config1", &ev->config1);
	rc = rc ? rc : get_u64(c, o, key, "config2", &ev->config2);
	rc = rc ? rc : get_bool(c, o, key, "exclude_user", &ev->exclude_user);
	rc = rc ? rc : get_bool(c, o, key, "exclude_kernel",
				&ev->exclude_kernel);
	rc = rc ? rc : get_bool(c, o, key, "exclude_hv", &ev->exclude_hv);
	rc = rc ? rc : get_bool(c, o, key, "exclude_idle", &ev->exclude_idle);
	rc = rc ? rc : get_bool(c, o, key, "exclude_host", &ev->exclude_host);
	rc = rc ? rc : get_bool(c, o, key, "exclude_guest",
				&ev->exclude_guest);
	rc = rc ? rc : get_bool(c, o, key, "pinned", &ev->pinned);
	rc = rc ? rc : get_bool(c, o, key, "inherit", &ev->inherit);
	rc = rc ? rc : get_i32(c, o, key, "group", 0, INT_MAX, &ev->group);
	rc = rc ? rc : get_bool(c, o, key, "supported", &supported);
	rc = rc ? rc : get_str(c, o, key, "reason", true, &ev->reason);
	if (rc)
		return rc;
	ev->state = supported ? EVENT_OK : EVENT_NOT_SUPPORTED;
	if (supported && ev->reason) {
		free(ev->reason); /* a reason only explains "not supported" */
		ev->reason = NULL;
	}
	native = json_object_get(o, "native");
	if (!native)
		return 0;
	key_field(k, key, "native");
	if (!json_is_array(native))
		return fail(c, k, "expected an array, found %s",
			    type_name(native));
	return get_strv(c, native, k, &ev->native);
}

static int parse_bench(const struct ctx *c, const json_t *o, const char *key,
		       struct benchmark *b)
{
	char k[KEY_MAX], kr[KEY_MAX];
	json_t *argv = NULL, *runs = NULL;
	long long copies;
	int rc;

	if (!json_is_object(o))
		return fail(c, key, "expected an object, found %s",
			    type_name(o));
	rc = get_str(c, o, key, "name", false, &b->name);
	rc = rc ? rc : get_obj(c, o, key, "argv", JSON_ARRAY, &argv, k);
	rc = rc ? rc : get_strv(c, argv, k, &b->argv);
	rc = rc ? rc : get_str(c, o, key, "workload", true, &b->workload);
	rc = rc ? rc : get_int(c, o, key, "copies", 1, 1 << 20, &copies);
	rc = rc ? rc : get_obj(c, o, key, "runs", JSON_ARRAY, &runs, kr);
	if (rc)
		return rc;
	b->copies = (unsigned)copies;
	b->runs = calloc(json_array_size(runs) + 1, sizeof(*b->runs));
	if (!b->runs)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(runs); i++) {
		key_index(k, kr, i);
		b->n_runs = i + 1; /* so a half-parsed run is freed too */
		rc = parse_run(c, json_array_get(runs, i), k, &b->runs[i]);
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
		return fail(c, "format", "missing; not an %s file", want);
	if (!json_is_string(f) || strcmp(json_string_value(f), want))
		return fail(c, "format", "not \"%s\"; not an %s file", want,
			    want);
	v = json_object_get(j, "schema_version");
	if (!v)
		return fail(c, "schema_version", "missing");
	if (!json_is_integer(v))
		return fail(c, "schema_version", "expected an integer, found %s",
			    type_name(v));
	if (json_integer_value(v) != RESULT_SCHEMA_VERSION)
		return fail(c, "schema_version",
			    "file format version %lld not supported (supports %d)",
			    (long long)json_integer_value(v),
			    RESULT_SCHEMA_VERSION);
	r->schema_version = RESULT_SCHEMA_VERSION;
	return 0;
}

static int parse_free(const struct ctx *c, const json_t *j, const char *name,
		      json_type type, json_t **out)
{
	char k[KEY_MAX];
	json_t *v = NULL;
	size_t i;
	int rc = get_obj(c, j, "", name, type, &v, k);

	rc = rc ? rc : check_depth(c, v, k, 1);
	if (rc)
		return rc;
	if (type == JSON_ARRAY) { /* warnings: strings only */
		json_t *s;

		json_array_foreach(v, i, s) {
			char ki[KEY_MAX];

			key_index(ki, k, i);
			if (!json_is_string(s))
				return fail(c, ki, "expected a string, found %s",
					    type_name(s));
		}
	}
	*out = json_deep_copy(v);
	return *out ? 0 : -ENOMEM;
}

static int parse_result(struct ctx *c, const json_t *j, struct result *r)
{
	char k[KEY_MAX];
	json_t *evs = NULL, *bench = NULL;
	int rc;

	if (!json_is_object(j))
		return fail(c, "(top level)", "expected an object, found %s",
			    type_name(j));
	rc = parse_version(c, j, RESULT_FORMAT, r);
	rc = rc ? rc : get_str(c, j, "", "tool_version", false,
			       &r->tool_version);
	rc = rc ? rc : get_str(c, j, "", "created", false, &r->created);
	rc = rc ? rc : get_str(c, j, "", "label", false, &r->label);
	rc = rc ? rc : get_str(c, j, "", "status", false, &r->status);
	if (rc)
		return rc;
	if (strcmp(r->status, "complete") && strcmp(r->status, "interrupted") &&
	    strcmp(r->status, "partial"))
		return fail(c, "status",
			    "unknown status; expected complete, interrupted or partial");
	rc = parse_free(c, j, "env", JSON_OBJECT, &r->env);
	rc = rc ? rc : parse_free(c, j, "config", JSON_OBJECT, &r->config);
	rc = rc ? rc : parse_free(c, j, "warnings", JSON_ARRAY, &r->warnings);
	rc = rc ? rc : get_obj(c, j, "", "events", JSON_ARRAY, &evs, k);
	if (rc)
		return rc;
	r->events = calloc(json_array_size(evs) + 1, sizeof(*r->events));
	if (!r->events)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(evs); i++) {
		char ki[KEY_MAX];

		key_index(ki, "events", i);
		r->n_events = i + 1;
		rc = parse_event(c, json_array_get(evs, i), ki, &r->events[i]);
		if (rc)
			return rc;
	}
	c->events = r->events;
	c->n_events = r->n_events;
	rc = get_obj(c, j, "", "benchmarks", JSON_ARRAY, &bench, k);
	if (rc)
		return rc;
	r->bench = calloc(json_array_size(bench) + 1, sizeof(*r->bench));
	if (!r->bench)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(bench); i++) {
		char ki[KEY_MAX];

		key_index(ki, "benchmarks", i);
		r->n_bench = i + 1;
		rc = parse_bench(c, json_array_get(bench, i), ki, &r->bench[i]);
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
	rc = parse_result(&c, j, r);
	if (!rc && path) {
		r->path = strdup(path);
		if (!r->path)
			rc = -ENOMEM;
	}
	if (rc == -ENOMEM)
		snprintf(err, len, "%s: out of memory", c.file);
	if (rc)
		result_clear(r);
	return rc;
}

/*
 * The streaming reader. A 4 MB result (50 benchmarks x 100 runs) is a
 * 45 MB jansson tree, so building it whole to read the file costs ten
 * times the file in memory. Here only the structure around the runs is
 * scanned by hand: the document with its "benchmarks" array emptied is
 * parsed by jansson (header, env, events), then each benchmark with its
 * "runs" emptied, then each run, one small tree at a time. Every byte of
 * the file is still parsed by jansson under RESULT_JSON_FLAGS except the
 * brackets, commas and the two keys scanned here, which are checked
 * strictly. Anything unusual (an escape in a key, a duplicate key, any
 * error at all) declines with -EAGAIN and the caller reads the file the
 * plain way, which also words the error message.
 */
struct scan {
	const char *b;
	size_t n, i;
};

static void scan_ws(struct scan *s)
{
	while (s->i < s->n && (s->b[s->i] == ' ' || s->b[s->i] == '\t' ||
			       s->b[s->i] == '\n' || s->b[s->i] == '\r'))
		s->i++;
}

static bool scan_char(struct scan *s, char c)
{
	scan_ws(s);
	if (s->i < s->n && s->b[s->i] == c) {
		s->i++;
		return true;
	}
	return false;
}

/* A key of plain characters (no escape, no control character). */
static bool scan_key(struct scan *s, const char **key, size_t *klen)
{
	size_t start;

	if (!scan_char(s, '"'))
		return false;
	start = s->i;
	while (s->i < s->n && s->b[s->i] != '"') {
		if (s->b[s->i] == '\\' || (unsigned char)s->b[s->i] < 0x20)
			return false;
		s->i++;
	}
	if (s->i >= s->n)
		return false;
	*key = s->b + start;
	*klen = s->i - start;
	s->i++;
	return scan_char(s, ':');
}

/* What scan_skip stops at inside an object or array. */
static const bool scan_special[256] = {
	['"'] = true, ['{'] = true, ['}'] = true, ['['] = true, [']'] = true,
};

/* Step over one value, only finding where it ends: jansson checks it. */
static bool scan_skip(struct scan *s, size_t *start)
{
	size_t depth = 0;

	scan_ws(s);
	*start = s->i;
	do {
		char c;

		if (s->i >= s->n)
			return false;
		c = s->b[s->i];
		if (c == '"') {
			for (s->i++; s->i < s->n && s->b[s->i] != '"'; s->i++)
				if (s->b[s->i] == '\\')
					s->i++;
			if (s->i >= s->n)
				return false;
		} else if (c == '{' || c == '[') {
			depth++;
		} else if (c == '}' || c == ']') {
			if (!depth)
				return false;
			depth--;
		} else if (!depth) {
			/* a bare scalar: up to the next delimiter */
			while (s->i < s->n && !strchr(",]} \t\r\n", s->b[s->i]))
				s->i++;
			return s->i > *start;
		} else {
			/* inside: straight to the next quote or bracket */
			while (s->i + 1 < s->n &&
			       !scan_special[(unsigned char)s->b[s->i + 1]])
				s->i++;
		}
		s->i++;
	} while (depth);
	return true;
}

static bool key_is(const char *k, size_t kl, const char *want)
{
	return kl == strlen(want) && !memcmp(k, want, kl);
}

/* Walk the object at s->i; the span of the value of member want (the
 * first one; a second makes jansson reject the rest) into [*vs, *ve), and
 * the object's end. */
static bool scan_object(struct scan *s, const char *want, size_t *os,
			size_t *vs, size_t *ve)
{
	const char *k;
	size_t kl, at;

	*vs = *ve = 0;
	scan_ws(s);
	*os = s->i;
	if (!scan_char(s, '{'))
		return false;
	if (scan_char(s, '}'))
		return true;
	do {
		if (!scan_key(s, &k, &kl) || !scan_skip(s, &at))
			return false;
		if (key_is(k, kl, want) && !*ve) {
			*vs = at;
			*ve = s->i;
		}
	} while (scan_char(s, ','));
	return scan_char(s, '}');
}

/* jansson on buf[0..a) + "[]" + buf[b..end): the text with one array
 * emptied. */
static json_t *load_without(const char *buf, size_t start, size_t a,
			    size_t b, size_t end)
{
	size_t n = (a - start) + 2 + (end - b);
	char *t = malloc(n + 1);
	json_t *j;

	if (!t)
		return NULL;
	memcpy(t, buf + start, a - start);
	memcpy(t + (a - start), "[]", 2);
	memcpy(t + (a - start) + 2, buf + b, end - b);
	t[n] = '\0';
	j = json_loadb(t, n, RESULT_JSON_FLAGS, NULL);
	free(t);
	return j;
}

static int stream_runs(struct ctx *c, struct scan *s, const char *bkey,
		       struct benchmark *b)
{
	size_t cap = 0, start;
	char k[KEY_MAX];

	if (!scan_char(s, '['))
		return -EAGAIN;
	if (scan_char(s, ']'))
		return 0;
	do {
		json_t *j;
		int rc;

		if (!scan_skip(s, &start))
			return -EAGAIN;
		j = json_loadb(s->b + start, s->i - start, RESULT_JSON_FLAGS,
			       NULL);
		if (!j)
			return -EAGAIN;
		if (b->n_runs + 1 >= cap) {
			struct run *nr;

			cap = cap ? 2 * cap : 64;
			nr = realloc(b->runs, cap * sizeof(*nr));
			if (!nr) {
				json_decref(j);
				return -ENOMEM;
			}
			b->runs = nr;
		}
		key_fmt(k, "%s.runs[%zu]", bkey, b->n_runs);
		b->n_runs++; /* so a half-parsed run is freed too */
		rc = parse_run(c, j, k, &b->runs[b->n_runs - 1]);
		json_decref(j);
		if (rc)
			return rc == -ENOMEM ? rc : -EAGAIN;
	} while (scan_char(s, ','));
	return scan_char(s, ']') ? 0 : -EAGAIN;
}

static int stream_benchmarks(struct ctx *c, struct scan *s, struct result *r)
{
	size_t cap = 0;

	if (!scan_char(s, '['))
		return -EAGAIN;
	if (scan_char(s, ']'))
		return 0;
	do {
		size_t os, rs, re;
		struct benchmark *b;
		char k[KEY_MAX];
		struct scan runs;
		json_t *j;
		int rc;

		if (!scan_object(s, "runs", &os, &rs, &re) || !re)
			return -EAGAIN;
		j = load_without(s->b, os, rs, re, s->i);
		if (!j)
			return -EAGAIN;
		if (r->n_bench + 1 >= cap) {
			cap = cap ? 2 * cap : 16;
			b = realloc(r->bench, cap * sizeof(*b));
			if (!b) {
				json_decref(j);
				return -ENOMEM;
			}
			r->bench = b;
		}
		b = &r->bench[r->n_bench++];
		memset(b, 0, sizeof(*b));
		key_index(k, "benchmarks", r->n_bench - 1);
		rc = parse_bench(c, j, k, b);
		json_decref(j);
		if (rc)
			return rc == -ENOMEM ? rc : -EAGAIN;
		runs = (struct scan){ s->b, re, rs };
		rc = stream_runs(c, &runs, k, b);
		if (rc)
			return rc;
		scan_ws(&runs);
		if (runs.i != re)
			return -EAGAIN;
	} while (scan_char(s, ','));
	return scan_char(s, ']') ? 0 : -EAGAIN;
}

int result_parse_stream(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len)
{
	struct ctx c = { name, err, len, NULL, 0 };
	struct scan s = { buf, size, 0 };
	size_t os, bs, be;
	struct result *r;
	json_t *head;
	int rc;

	*out = NULL;
	if (!scan_object(&s, "benchmarks", &os, &bs, &be) || !be)
		return -EAGAIN;
	scan_ws(&s);
	if (s.i != size)
		return -EAGAIN;
	head = load_without(buf, 0, bs, be, size);
	if (!head)
		return -EAGAIN;
	r = calloc(1, sizeof(*r));
	if (!r) {
		json_decref(head);
		return -ENOMEM;
	}
	rc = parse_result(&c, head, r);
	json_decref(head);
	if (!rc && r->n_bench)
		rc = -EAGAIN;
	if (!rc) {
		free(r->bench);
		r->bench = NULL;
		s = (struct scan){ buf, be, bs };
		rc = stream_benchmarks(&c, &s, r);
		scan_ws(&s);
		if (!rc && s.i != be)
			rc = -EAGAIN;
	}
	if (!rc) {
		r->path = strdup(name);
		rc = r->path ? 0 : -ENOMEM;
	}
	if (rc) {
		result_clear(r);
		free(r);
		if (rc == -ENOMEM)
			snprintf(err, len, "%s: out of memory", name);
		return rc == -ENOMEM ? rc : -EAGAIN;
	}
	*out = r;
	return 0;
}
