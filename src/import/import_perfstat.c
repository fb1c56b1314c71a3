// SPDX-License-Identifier: MIT
/*
 * import_perfstat: `perf stat -x, -o FILE --append -e EVENTS CMD` run
 * once per measurement, so FILE holds one block per run, each opened by
 * perf's "# started on DATE" line. A block's CSV lines are
 * "VALUE,UNIT,EVENT,RUN_TIME,RUNNING_PCT[,METRIC,METRIC_UNIT]"; each
 * event is an event of the result (msec values kept in ns), VALUE
 * "<not counted>" a run it was not counted in, "<not supported>" in
 * every block an event that is not supported. duration_time, user_time
 * and system_time, when counted in every block, are also the runs' wall,
 * user and sys; otherwise those are not recorded, nor is maxrss or the
 * command's exit status. The benchmark is named after the file (its
 * basename without extension), as perf does not write the command.
 * perf stat -r output (means with a variance column), per-CPU or
 * aggregated (-a -A, --per-core) lines are refused.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"

#define PS_FIELDS 8

enum ps_time { PS_WALL, PS_USER, PS_SYS, PS_TIMES };

static const char *const ps_time_events[PS_TIMES] = {
	"duration_time", "user_time", "system_time"
};
static const char *const ps_time_metrics[PS_TIMES] = { "wall", "user",
						       "sys" };

struct ps_state {
	struct result *r;
	struct benchmark *b;
	struct run *run;     /* the block being read, NULL before the first */
	const char *path;
	size_t unsupported_runs[256]; /* per event: blocks it was not
				       * supported in */
	size_t time_runs[PS_TIMES];   /* blocks with that time counted */
	size_t blocks;
};

/* Split a CSV line at commas (perf does not quote). */
static size_t import_ps_split(char *s, char **f)
{
	size_t n = 0;

	for (;;) {
		f[n++] = s;
		s = strchr(s, ',');
		if (!s || n == PS_FIELDS)
			break;
		*s++ = '\0';
	}
	return n;
}

static double import_ps_scale(const char *unit, const char **to)
{
	*to = unit;
	if (!strcmp(unit, "msec")) {
		*to = "ns";
		return 1e6;
	}
	if (!strcmp(unit, "usec")) {
		*to = "ns";
		return 1e3;
	}
	return 1;
}

static int import_ps_time(struct ps_state *st, const char *event, double v)
{
	for (int t = 0; t < PS_TIMES; t++) {
		if (strcmp(event, ps_time_events[t]))
			continue;
		st->time_runs[t]++;
		if (t == PS_WALL)
			st->run->total.wall_ns = import_u64(v);
		else if (t == PS_USER)
			st->run->total.user_ns = import_u64(v);
		else
			st->run->total.sys_ns = import_u64(v);
	}
	return 0;
}

static int import_ps_line(struct ps_state *st, int line, char *s, char *err,
			  size_t len)
{
	char *f[PS_FIELDS], *end;
	const char *unit;
	size_t n = import_ps_split(s, f);
	double v, pct = 100, scale;
	int i;

	if (!st->run)
		return import_err(err, len, st->path, line,
				  "a counter line before the first '# started on' line; not perf stat -o output");
	if (n < 5)
		return import_err(err, len, st->path, line,
				  "expected 'VALUE,UNIT,EVENT,RUN_TIME,PERCENT' (perf stat -x, output), got %zu fields",
				  n);
	if (strchr(f[3], '%'))
		return import_err(err, len, st->path, line,
				  "a variance column: this is perf stat -r output (means over runs); import repeated single runs (perf stat -x, -o FILE --append, once per run)");
	if (!f[2][0] || (!isdigit((unsigned char)f[0][0]) && f[0][0] != '<'))
		return import_err(err, len, st->path, line,
				  "'%s' is not a count (per-CPU or aggregated output is not imported)",
				  f[0]);
	scale = import_ps_scale(f[1], &unit);
	i = import_event(st->r, f[2], unit);
	if (i < 0)
		return i;
	if ((size_t)i >= sizeof(st->unsupported_runs) /
				 sizeof(st->unsupported_runs[0]))
		return import_err(err, len, st->path, line,
				  "more than 256 events");
	if (!strcmp(f[0], "<not supported>")) {
		st->unsupported_runs[i]++;
		return 0;
	}
	if (!strcmp(f[0], "<not counted>"))
		return 0;
	v = strtod(f[0], &end);
	if (*end || end == f[0] || !isfinite(v) || v < 0)
		return import_err(err, len, st->path, line,
				  "value '%s' of %s is not a count", f[0], f[2]);
	if (f[4][0]) {
		pct = strtod(f[4], &end);
		if (*end || !(pct >= 0 && pct <= 100))
			return import_err(err, len, st->path, line,
					  "running percentage '%s' of %s is not 0..100",
					  f[4], f[2]);
	}
	if (floor(v * scale) != v * scale)
		import_warn(st->r, "perf-stat: %s has fractional values (%s): kept as whole %s",
			    f[2], f[1], unit[0] ? unit : "counts");
	import_count(st->run, i, v * scale, pct);
	return import_ps_time(st, f[2], v * scale);
}

/*
 * perf stat's output names its events but not their perf_event_attr: each
 * is encoded as abstat's perf backend encodes the same name, so compare
 * matches it with abstat's own counts of that event (names it cannot
 * resolve, duration_time say, keep the "imported" encoding).
 */
static void import_ps_encode(struct result *r)
{
	char err[256];
	int rc = perf_backend.init(err, sizeof(err));

	if (rc && rc != -ENODEV)
		return;
	for (size_t i = 0; i < r->n_events; i++) {
		struct event *ev = &r->events[i], tmp = { 0 };
		char *name, *unit, *fstr, *pmu;

		if (perf_backend.resolve(ev->name, false, &tmp, err,
					 sizeof(err))) {
			event_free(&tmp);
			continue;
		}
		name = ev->name, unit = ev->unit;
		fstr = ev->fstr, pmu = ev->pmu;
		ev->name = ev->unit = NULL;
		tmp.state = ev->state;
		free(tmp.reason);
		tmp.reason = ev->reason;
		ev->reason = NULL;
		free(tmp.name);
		free(tmp.unit);
		tmp.name = name;
		tmp.unit = unit;
		free(fstr);
		free(pmu);
		*ev = tmp;
	}
	perf_backend.fini();
}

/* After the last block: events never supported, times not recorded. */
static int import_ps_finish(struct ps_state *st)
{
	struct result *r = st->r;
	int rc = 0;

	for (size_t i = 0; i < r->n_events; i++)
		if (i < 256 && st->unsupported_runs[i] == st->blocks &&
		    st->blocks) {
			r->events[i].state = EVENT_NOT_SUPPORTED;
			free(r->events[i].reason);
			r->events[i].reason = strdup("not supported (perf stat)");
			if (!r->events[i].reason)
				return -ENOMEM;
		}
	for (int t = 0; t < PS_TIMES && !rc; t++)
		if (st->time_runs[t] < st->blocks)
			rc = import_not_recorded(r, ps_time_metrics[t]);
	return rc ? rc : import_not_recorded(r, "maxrss");
}

static char *import_ps_name(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	return strndup(base, dot && dot != base ? (size_t)(dot - base) :
						  strlen(base));
}

int import_perfstat(struct result *r, const char *path, const char *buf,
		    size_t size, char *err, size_t len)
{
	struct ps_state *st = calloc(1, sizeof(*st));
	char *text = strndup(buf, size), *name = import_ps_name(path), *save;
	int line = 0, rc = 0;

	if (!st || !text || !name) {
		rc = err_nomem(err, len);
		goto out;
	}
	st->r = r;
	st->path = path;
	st->b = import_bench(r, name, NULL);
	if (!st->b) {
		rc = err_nomem(err, len);
		goto out;
	}
	if (st->b->n_runs) {
		rc = import_err(err, len, path, 0,
				"benchmark '%s' again: each perf stat file is one benchmark, named after the file",
				name);
		goto out;
	}
	for (char *s = text; s && !rc; s = save) {
		save = strchr(s, '\n');
		if (save)
			*save++ = '\0';
		line++;
		if (!strncmp(s, "# started on", 12)) {
			st->run = import_run(r, st->b, false);
			st->blocks++;
			if (!st->run)
				rc = err_nomem(err, len);
		} else if (s[0] && s[0] != '#') {
			rc = import_ps_line(st, line, s, err, len);
		}
	}
	if (!rc && !st->blocks)
		rc = import_err(err, len, path, 0,
				"no '# started on' line; not perf stat -x, -o output");
	if (!rc)
		rc = import_ps_finish(st);
	if (!rc)
		import_ps_encode(r);
out:
	free(st);
	free(text);
	free(name);
	return rc;
}
