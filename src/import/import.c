// SPDX-License-Identifier: MIT
/*
 * import: the shape every imported result has (import.h), and the
 * dispatch from a source name to its reader.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "result_keys.h"

/* The names and the readers, from the one list (import.h). */
#define IMPORT_NAME_(id, name, reader, what) [IMPORT_##id] = name,
const char *const import_sources[IMPORT_COUNT + 1] = {
	IMPORT_SOURCES(IMPORT_NAME_)[IMPORT_COUNT] = NULL,
};

#define IMPORT_READER_(id, name, reader, what) [IMPORT_##id] = reader,
static int (*const import_readers[IMPORT_COUNT])(struct result *,
						 const char *, const char *,
						 size_t, char *, size_t) = {
	IMPORT_SOURCES(IMPORT_READER_)
};

const char *import_sources_join(const char *sep, const char *last,
				char *buf, size_t len)
{
	size_t n = 0;

	if (len)
		buf[0] = '\0';
	for (int i = 0; i < IMPORT_COUNT && n < len; i++) {
		int w = snprintf(buf + n, len - n, "%s%s",
				 !i ? "" : i + 1 < IMPORT_COUNT ? sep : last,
				 import_sources[i]);

		n += w > 0 ? (size_t)w : 0;
	}
	return buf;
}

int import_find(const char *s)
{
	for (int i = 0; i < IMPORT_COUNT; i++)
		if (!strcmp(s, import_sources[i]))
			return i;
	return -1;
}

struct result *import_new(enum import_source s, const char *label)
{
	struct result *r = calloc(1, sizeof(*r));
	json_t *imp;

	if (!r)
		return NULL;
	r->schema_version = RESULT_SCHEMA_VERSION;
	r->tool_version = strdup(ABSTAT_VERSION);
	/* created: stamped by the writer (result_write) */
	r->label = strdup(label ? label : import_sources[s]);
	r->status = strdup("complete");
	imp = json_pack("{s:s, s:[], s:[]}", RK_SOURCE, import_sources[s],
			"files", RK_NOT_RECORDED);
	/* go test -bench and pyperf name their time row ns/op: it stays in
	 * ns, as their users read it (cmd_source_time_unit) */
	if (imp && (s == IMPORT_GOBENCH || s == IMPORT_PYPERF) &&
	    json_object_set_new(imp, RK_TIME_UNIT, json_string("ns")))
		json_decref(imp), imp = NULL;
	r->env = json_pack("{s:o}", RK_IMPORTED, imp);
	r->config = json_pack("{s:{s:s}}", RK_IMPORTED, RK_SOURCE,
			      import_sources[s]);
	r->warnings = json_array();
	if (!r->tool_version || !r->label || !r->status ||
	    !r->env || !r->config || !r->warnings) {
		result_free(r);
		return NULL;
	}
	return r;
}

/* Two files are two sessions: a benchmark of an earlier file that got
 * runs from this one would pool them. -EINVAL naming it, else 0. */
static int import_check_again(const struct result *r, const size_t *before,
			      size_t nb, const char *path, char *err,
			      size_t len)
{
	for (size_t b = 0; b < nb; b++)
		if (r->bench[b].n_runs != before[b])
			return import_err(err, len, path, 0,
					  "benchmark '%s' is in an earlier file too; two files are two sessions: import each into its own result and compare them as boots (FILE,FILE)",
					  r->bench[b].name);
	return 0;
}

int import_buffer(enum import_source s, struct result *r, const char *path,
		  const char *buf, size_t size, char *err, size_t len)
{
	/* pyperf writes FILE.json.gz where asked: abstat reads no gzip */
	if (size >= 2 && (unsigned char)buf[0] == 0x1f &&
	    (unsigned char)buf[1] == 0x8b)
		return import_err(err, len, path, 0,
				  "a gzip file; decompress it first (gunzip -k FILE.json.gz) and import FILE.json");
	return import_readers[s](r, path, buf, size, err, len);
}

/* The commas in buf: at least the values of a JSON input less one. */
static size_t import_commas(const char *buf, size_t size)
{
	size_t n = 0;

	for (const char *p = buf, *end = buf + size;
	     (p = memchr(p, ',', (size_t)(end - p))); p++)
		n++;
	return n;
}

int import_file(enum import_source s, struct result *r, const char *path,
		char *err, size_t len)
{
	json_t *files = json_object_get(json_object_get(r->env, RK_IMPORTED),
					"files");
	size_t nb = r->n_bench, *before = calloc(nb ? nb : 1, sizeof(*before));
	char *buf = NULL;
	size_t size;
	int rc = before ? result_slurp(path, RESULT_MAX_BYTES, &buf, &size,
				       err, len) : -ENOMEM;

	for (size_t b = 0; !rc && b < nb; b++)
		before[b] = r->bench[b].n_runs;
	if (!rc && json_array_append_new(files, json_string(path)))
		rc = err_nomem(err, len);
	if (!rc && (s == IMPORT_HYPERFINE || s == IMPORT_PYPERF) &&
	    import_commas(buf, size) > IMPORT_MAX_VALUES)
		rc = import_err(err, len, path, 0,
				"more than %d values: more runs than one result holds (%d); split the input and import each part into its own result",
				IMPORT_MAX_VALUES, IMPORT_MAX_RUNS);
	if (!rc)
		rc = import_buffer(s, r, path, buf, size, err, len);
	if (rc && r->n_imported > IMPORT_MAX_RUNS)
		rc = import_err(err, len, path, 0,
				"more than %d runs: more than one result holds; split the input and import each part into its own result",
				IMPORT_MAX_RUNS);
	if (!rc)
		rc = import_check_again(r, before, nb, path, err, len);
	free(buf);
	free(before);
	if (rc == -ENOMEM)
		err_nomem(err, len);
	return rc;
}

char **import_words(const char *cmd)
{
	size_t n = 0, cap = 8;
	char **argv = calloc(cap, sizeof(*argv));
	const char *p = cmd;

	while (argv && *p) {
		size_t w;

		p += strspn(p, " \t\n");
		w = strcspn(p, " \t\n");
		if (!w)
			break;
		if (n + 2 > cap) {
			char **g = realloc(argv, (cap *= 2) * sizeof(*argv));

			if (!g)
				goto fail;
			argv = g;
		}
		if (!(argv[n++] = strndup(p, w)))
			goto fail;
		argv[n] = NULL;
		p += w;
	}
	return argv;
fail:
	for (size_t i = 0; i < n; i++)
		free(argv[i]);
	free(argv);
	return NULL;
}

void import_words_free(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int import_rename(struct result *r, const char *name, char *err,
		  size_t len)
{
	char *copy;

	if (r->n_bench != 1)
		return import_err(err, len, "--bench", 0,
				  "names one benchmark and this import has %zu (%s, ...); import each file or command apart, each with its --bench",
				  r->n_bench,
				  r->n_bench ? r->bench[0].name : "none");
	copy = strdup(name);
	if (!copy)
		return err_nomem(err, len);
	free(r->bench[0].name);
	r->bench[0].name = copy;
	/* result_bench_find's index holds the old name: built again */
	json_decref(r->bench_index);
	r->bench_index = NULL;
	r->n_indexed = 0;
	return 0;
}

int import_check(const struct result *r, char *err, size_t len)
{
	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t k = 0; k < r->bench[b].n_runs; k++)
			if (!r->bench[b].runs[k].warmup)
				return 0;
	snprintf(err, len, "no measured run in the input: nothing to import");
	return -EINVAL;
}

/* The capacity of an imported result's benchmarks or a benchmark's runs:
 * only import_bench and import_run add them, doubling from 8 (as
 * result_run_add does), so it follows from their number; one more each
 * time was a copy of them all each time (quadratic). */
static size_t import_cap(size_t n)
{
	size_t cap = 8;

	if (!n)
		return 0;
	while (cap < n)
		cap *= 2;
	return cap;
}

struct benchmark *import_bench(struct result *r, const char *name,
			       char *const *argv)
{
	struct benchmark *b = result_bench_find(r, name);
	size_t n = 0;

	if (b)
		return b;
	if (r->n_bench == import_cap(r->n_bench)) {
		b = realloc(r->bench, import_cap(r->n_bench + 1) * sizeof(*b));
		if (!b)
			return NULL;
		r->bench = b;
	}
	b = &r->bench[r->n_bench];
	memset(b, 0, sizeof(*b));
	while (argv && argv[n])
		n++;
	b->name = strdup(name);
	b->argv = calloc(n ? n + 1 : 2, sizeof(*b->argv));
	b->copies = 1;
	if (!b->name || !b->argv) {
		free(b->name);
		free(b->argv);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (!(b->argv[i] = strdup(argv[i])))
			goto fail;
	if (!n && !(b->argv[0] = strdup(name)))
		goto fail;
	r->n_bench++;
	return b;
fail:
	for (size_t i = 0; b->argv[i]; i++)
		free(b->argv[i]);
	free(b->argv);
	free(b->name);
	return NULL;
}

struct run *import_run(struct result *r, struct benchmark *b, bool warmup)
{
	struct run *run;

	size_t cap = import_cap(b->n_runs);

	if (++r->n_imported > IMPORT_MAX_RUNS)
		return NULL;
	run = result_run_add(b, &cap);
	if (!run)
		return NULL;
	run->total.counters = calloc(r->n_events ? r->n_events : 1,
				     sizeof(*run->total.counters));
	if (!run->total.counters)
		return NULL;
	run->index = (unsigned)b->n_runs - 1;
	run->warmup = warmup;
	run->status = RUN_OK;
	run->n_copies = 1;
	run->total.cpu = -1;
	return run;
}

/* Every run's counters one longer (the new event not counted). */
static int import_grow_counters(struct result *r, size_t n)
{
	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t k = 0; k < r->bench[b].n_runs; k++) {
			struct proc_sample *p = &r->bench[b].runs[k].total;
			struct counter_value *c =
				realloc(p->counters, n * sizeof(*c));

			if (!c)
				return -ENOMEM;
			memset(&c[n - 1], 0, sizeof(*c));
			p->counters = c;
		}
	return 0;
}

int import_event(struct result *r, const char *name, const char *unit)
{
	const char *source = result_imported_str(r, RK_SOURCE);
	struct event *ev;
	char fstr[256];
	int i = result_event_index(r, name);

	if (i >= 0)
		return i;
	ev = realloc(r->events, (r->n_events + 1) * sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	r->events = ev;
	ev = &ev[r->n_events];
	memset(ev, 0, sizeof(*ev));
	snprintf(fstr, sizeof(fstr), "imported:%s:%s", source, name);
	ev->name = strdup(name);
	ev->fstr = strdup(fstr);
	ev->pmu = strdup("imported");
	ev->unit = strdup(unit ? unit : "");
	ev->state = EVENT_OK;
	ev->group = 0;
	if (!ev->name || !ev->fstr || !ev->pmu || !ev->unit) {
		event_free(ev);
		return -ENOMEM;
	}
	r->n_events++;
	if (import_grow_counters(r, r->n_events))
		return -ENOMEM;
	return (int)r->n_events - 1;
}

uint64_t import_u64(double v)
{
	if (!(v > 0))
		return 0;
	if (v >= 18446744073709551615.0)
		return UINT64_MAX;
	return (uint64_t)llround(v);
}

/* The value perf printed is already scaled to the time enabled: keep a
 * raw count and times that scale back to it (counters_scale). */
void import_count(struct run *run, int i, double value)
{
	struct counter_value *c = &run->total.counters[i];

	c->enabled_ns = c->running_ns = 1000000000;
	c->value = import_u64(value);
}

/* The score definition named name, added (no regex: the source printed
 * the value) when new. 0 or -ENOMEM. */
static int import_score_def(struct result *r, const char *name,
			    const char *unit, bool higher)
{
	struct score_def *d;

	for (size_t i = 0; i < r->n_scores; i++)
		if (!strcmp(r->scores[i].name, name))
			return 0;
	d = realloc(r->scores, (r->n_scores + 1) * sizeof(*d));
	if (!d)
		return -ENOMEM;
	r->scores = d;
	d = &d[r->n_scores];
	*d = (struct score_def){ .name = strdup(name), .unit = strdup(unit),
				 .regex = strdup(""), .higher = higher };
	if (!d->name || !d->unit || !d->regex) {
		free(d->name);
		free(d->unit);
		free(d->regex);
		return -ENOMEM;
	}
	r->n_scores++;
	return 0;
}

int import_score(struct result *r, struct run *run, const char *name,
		 const char *unit, bool higher, double v)
{
	if (import_score_def(r, name, unit, higher))
		return -ENOMEM;
	if (!run->scores && !(run->scores = json_object()))
		return -ENOMEM;
	return json_object_set_new(run->scores, name, json_real(v)) ?
		       -ENOMEM : 0;
}

/* env.imported.not_recorded, and where metric is in it (its size when it
 * is not). */
static json_t *import_nr_find(struct result *r, const char *metric,
			      size_t *at)
{
	json_t *a = json_object_get(json_object_get(r->env, RK_IMPORTED),
				    RK_NOT_RECORDED);
	size_t i;
	json_t *v;

	json_array_foreach(a, i, v)
		if (!strcmp(json_string_value(v), metric))
			break;
	*at = i;
	return a;
}

int import_not_recorded(struct result *r, const char *metric)
{
	size_t at;
	json_t *a = import_nr_find(r, metric, &at);

	if (at < json_array_size(a))
		return 0;
	return json_array_append_new(a, json_string(metric)) ? -ENOMEM : 0;
}

void import_recorded(struct result *r, const char *metric)
{
	size_t at;
	json_t *a = import_nr_find(r, metric, &at);

	if (at < json_array_size(a))
		json_array_remove(a, at);
}

json_t *import_meta(struct result *r)
{
	return json_object_get(r->config, RK_IMPORTED);
}

int import_warn(struct result *r, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	size_t i;
	json_t *v;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	json_array_foreach(r->warnings, i, v)
		if (!strcmp(json_string_value(v), buf))
			return 0;
	return json_array_append_new(r->warnings, json_string(buf)) ?
		       -ENOMEM : 0;
}

int import_err(char *err, size_t len, const char *path, int line,
	       const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (line > 0)
		snprintf(err, len, "%s:%d: %s", path, line, what);
	else
		snprintf(err, len, "%s: %s", path, what);
	result_msg_clean(err);
	return -EINVAL;
}
