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
 * command's exit status. perf stat -j (one JSON object a line, the same
 * fields by name) and perf's default output (" 1.09 msec task-clock #
 * ...", "0.0015 seconds time elapsed", user and sys, which are wall,
 * user and sys) are read too. The benchmark is named by its command,
 * as abstat run names it (the first word's basename, the words its
 * argv), where the file has it (the default output's " Performance
 * counter stats for 'CMD':"); -x and -j output do not write it, so
 * there the benchmark is named after the file (its basename without
 * extension). perf stat -r output (means with a variance column),
 * per-CPU or aggregated (-a -A, --per-socket, --per-core) lines in any
 * form, a file with no count and a NUL byte are refused. A multiplexed
 * count (a running percentage below 100) is kept exactly as perf
 * printed it (its scaled estimate), and said.
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
	int seen[256];       /* per event: its line in this block, or 0 */
	size_t blocks;
	size_t block_counters; /* counter lines in the block being read */
	int block_line;      /* its '# started on' line */
	bool text;           /* perf's default output (not -x or -j) */
};

/* Whether s starts as a line of perf stat's per-CPU or aggregated output
 * does: "CPU3", "S0", "S0-D0", "S0-D0-C1", "N0" (-a -A, --per-socket,
 * --per-die, --per-core, --per-node), then a space, tab or comma. */
static bool import_ps_aggregated(const char *s)
{
	size_t k = !strncmp(s, "CPU", 3) ? 3 : (*s == 'S' || *s == 'N') ? 1 : 0;

	if (!k || !isdigit((unsigned char)s[k]))
		return false;
	for (s += k; *s; s++)
		if (!isdigit((unsigned char)*s) && !strchr("-SDC", *s))
			break;
	return *s == ' ' || *s == '\t' || *s == ',';
}

static int import_ps_refuse_aggregated(const struct ps_state *st, int line,
				       char *err, size_t len)
{
	return import_err(err, len, st->path, line,
			  "a per-CPU or per-socket count (perf stat -a -A, --per-socket, --per-core...): abstat imports a run's totals, one count an event; run perf stat without -A or --per-*");
}

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

/* The run's time t is v ns. */
static int import_ps_set_time(struct ps_state *st, int t, double v)
{
	st->time_runs[t]++;
	if (t == PS_WALL)
		st->run->total.wall_ns = import_u64(v);
	else if (t == PS_USER)
		st->run->total.user_ns = import_u64(v);
	else
		st->run->total.sys_ns = import_u64(v);
	return 0;
}

static int import_ps_time(struct ps_state *st, const char *event, double v)
{
	for (int t = 0; t < PS_TIMES; t++)
		if (!strcmp(event, ps_time_events[t]))
			return import_ps_set_time(st, t, v);
	return 0;
}

/* One counter: f[0] VALUE, f[1] UNIT, f[2] EVENT, f[4] RUNNING_PCT. */
static int import_ps_fields(struct ps_state *st, int line, char **f,
			    char *err, size_t len)
{
	const char *unit;
	double v, pct = 100, scale;
	char *end;
	int i;

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
	if (st->seen[i])
		return import_err(err, len, st->path, line,
				  "%s again in one run (first on line %d): abstat keeps one count of an event a run; count each event once (perf stat -e E,E writes two lines)",
				  f[2], st->seen[i]);
	st->seen[i] = line;
	if (!strcmp(f[0], "<not supported>")) {
		st->unsupported_runs[i]++;
		return 0;
	}
	if (!strcmp(f[0], "<not counted>"))
		return 0;
	v = strtod(f[0], &end); /* digits and a point: not hex, nor inf */
	if (*end || end == f[0] || f[0][strspn(f[0], "0123456789.")] ||
	    !isfinite(v) || v < 0)
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
	if (pct < 100 &&
	    import_warn(st->r, "perf-stat: %s was multiplexed (perf counted it part of the time, a running percentage below 100%%, and scaled its count up): its values are perf's estimates, kept exactly as perf printed them",
			f[2]))
		return err_nomem(err, len);
	import_count(st->run, i, v * scale);
	return import_ps_time(st, f[2], v * scale);
}

static int import_ps_csv(struct ps_state *st, int line, char *s, char *err,
			 size_t len)
{
	char *f[PS_FIELDS];
	size_t n = import_ps_split(s, f);

	if (n < 5)
		return import_err(err, len, st->path, line,
				  "expected 'VALUE,UNIT,EVENT,RUN_TIME,PERCENT' (perf stat -x, output), got %zu fields",
				  n);
	if (strchr(f[3], '%'))
		return import_err(err, len, st->path, line,
				  "a variance column: this is perf stat -r output (means over runs); import repeated single runs (perf stat -x, -o FILE --append, once per run)");
	return import_ps_fields(st, line, f, err, len);
}

/* A perf stat -j line: {"counter-value": "1.09", "unit": "msec",
 * "event": "task-clock", "event-runtime": N, "pcnt-running": 100.00,
 * ...}; with -r it has "variance". */
static int import_ps_json(struct ps_state *st, int line, const char *s,
			  char *err, size_t len)
{
	static const char *const keys[] = { "counter-value", "unit", "event" };
	char pct[32] = "", empty[1] = "", *f[PS_FIELDS];
	json_t *j, *p;
	int rc;

	rc = result_load_json_line(s, strlen(s), st->path, line, &j, err,
				   len);
	if (rc)
		return rc;
	if (json_object_get(j, "variance")) {
		json_decref(j);
		return import_err(err, len, st->path, line,
				  "a variance: this is perf stat -r output (means over runs); import repeated single runs (perf stat -j -o FILE --append, once per run)");
	}
	if (json_object_get(j, "cpu") || json_object_get(j, "socket") ||
	    json_object_get(j, "core") || json_object_get(j, "die") ||
	    json_object_get(j, "node") || json_object_get(j, "thread")) {
		json_decref(j);
		return import_ps_refuse_aggregated(st, line, err, len);
	}
	for (size_t k = 0; k < 3; k++) {
		f[k] = (char *)json_string_value(json_object_get(j, keys[k]));
		if (!f[k]) {
			json_decref(j);
			return import_err(err, len, st->path, line,
					  "no \"%s\" string (per-CPU or aggregated output is not imported)",
					  keys[k]);
		}
	}
	p = json_object_get(j, "pcnt-running");
	if (json_is_number(p))
		snprintf(pct, sizeof(pct), "%.17g", json_number_value(p));
	f[3] = empty;
	f[4] = pct;
	rc = import_ps_fields(st, line, f, err, len);
	json_decref(j);
	return rc;
}

/* The command of perf's default output, " Performance counter stats for
 * 'CMD':": the benchmark's name and argv, as abstat run names it. Each
 * block must be of the same command. */
static int import_ps_command(struct ps_state *st, int line, const char *s,
			     char *err, size_t len)
{
	const char *q = strchr(s, '\''), *e = strrchr(s, '\'');
	struct benchmark *b = st->b;
	char *cmd, **argv, *save, *base;
	size_t n = 0;

	if (e && strstr(e, " runs)"))
		return import_err(err, len, st->path, line,
				  "'%s': this is perf stat -r output (means over runs); import repeated single runs (perf stat -o FILE --append, once per run)",
				  e + 2);
	if (!q || e == q)
		return 0; /* -p PID, -a: no command */
	cmd = strndup(q + 1, (size_t)(e - q - 1));
	if (!cmd)
		return err_nomem(err, len);
	if (b->argv && b->argv[0] && st->blocks > 1) {
		size_t k = 0;
		bool same = true;

		for (char *t = strtok_r(cmd, " ", &save); t;
		     t = strtok_r(NULL, " ", &save), k++)
			same = same && b->argv[k] && !strcmp(b->argv[k], t);
		same = same && !b->argv[k];
		free(cmd);
		return same ? 0 : import_err(err, len, st->path, line,
			"another command than the first block's '%s': import each command's file apart",
			b->name);
	}
	argv = calloc(strlen(cmd) / 2 + 2, sizeof(*argv));
	if (!argv) {
		free(cmd);
		return err_nomem(err, len);
	}
	for (char *t = strtok_r(cmd, " ", &save); t;
	     t = strtok_r(NULL, " ", &save))
		if (!(argv[n++] = strdup(t)))
			goto fail;
	base = n ? strrchr(argv[0], '/') : NULL;
	base = strdup(base ? base + 1 : n ? argv[0] : "");
	if (!base)
		goto fail;
	if (!*base) {
		free(base);
		goto done;
	}
	for (size_t k = 0; k < st->r->n_bench; k++)
		if (&st->r->bench[k] != b && !strcmp(st->r->bench[k].name, base)) {
			free(base);
			for (size_t a = 0; argv[a]; a++)
				free(argv[a]);
			free(argv);
			free(cmd);
			return import_err(err, len, st->path, line,
					  "benchmark '%s' again: each perf stat file is one command",
					  st->r->bench[k].name);
		}
	for (size_t k = 0; b->argv && b->argv[k]; k++)
		free(b->argv[k]);
	free(b->argv);
	free(b->name);
	b->argv = argv;
	b->name = base;
	free(cmd);
	return 0;
fail:
	n = SIZE_MAX;
done:
	for (size_t k = 0; argv[k]; k++)
		free(argv[k]);
	free(argv);
	free(cmd);
	return n == SIZE_MAX ? err_nomem(err, len) : 0;
}

/* A line of perf's default output: "  1,090.12 msec task-clock  # ...
 * (50.00%)", "  <not supported>  cycles", "  0.0015 seconds time
 * elapsed", "  0.0010 seconds user", "  0.0000 seconds sys". */
static int import_ps_text(struct ps_state *st, int line, char *s, char *err,
			  size_t len)
{
	static const char *const times[PS_TIMES] = { "time", "user", "sys" };
	char *hash = strchr(s, '#'), *pct = NULL, *f[PS_FIELDS], *t, *save;
	char unit[8] = "", empty[1] = "", ns[64], pcts[32];
	size_t n = 0;

	if (strstr(s, "Performance counter stats for")) {
		st->text = true;
		return import_ps_command(st, line, s, err, len);
	}
	if (hash) {
		pct = strrchr(hash, '(');
		*hash = '\0';
	}
	for (t = strtok_r(s, " \t", &save); t && n < PS_FIELDS;
	     t = strtok_r(NULL, " \t", &save))
		f[n++] = t;
	if (!n)
		return 0;
	if (n >= 3 && !strcmp(f[1], "seconds")) {
		for (int k = 0; k < PS_TIMES; k++)
			if (!strcmp(f[2], times[k]) &&
			    (k == PS_WALL ? n == 4 && !strcmp(f[3], "elapsed") :
					    n == 3))
				return import_ps_set_time(st, k,
							  strtod(f[0], NULL) *
								  1e9);
		return 0;
	}
	if (!strcmp(f[0], "<not") && n >= 3) {
		snprintf(ns, sizeof(ns), "<not %s", f[1]);
		f[0] = ns;
		memmove(&f[1], &f[2], (n - 2) * sizeof(*f));
		n--;
	} else {
		size_t w = 0;

		for (char *c = f[0]; *c; c++) /* thousands separators */
			if (*c != ',')
				f[0][w++] = *c;
		f[0][w] = '\0';
	}
	if (n >= 3 && (!strcmp(f[1], "msec") || !strcmp(f[1], "usec") ||
		       !strcmp(f[1], "ns"))) {
		snprintf(unit, sizeof(unit), "%s", f[1]);
		memmove(&f[1], &f[2], (n - 2) * sizeof(*f));
		n--;
	}
	if (n != 2)
		return import_err(err, len, st->path, line,
				  "expected 'VALUE [UNIT] EVENT' (perf stat's output), got %zu words",
				  n);
	f[2] = f[1];
	f[1] = unit;
	f[3] = empty;
	f[4] = empty;
	if (pct) {
		size_t k = strspn(pct + 1, "0123456789.");

		if (k && pct[k + 1] == '%' && pct[k + 2] == ')') {
			if (k >= sizeof(pcts))
				return import_err(err, len, st->path, line,
						  "running percentage of %s has %zu digits (perf stat writes at most %zu): not perf stat's output",
						  f[2], k, sizeof(pcts) - 1);
			memcpy(pcts, pct + 1, k);
			pcts[k] = '\0';
			f[4] = pcts;
		}
	}
	return import_ps_fields(st, line, f, err, len);
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
static int import_ps_finish(struct ps_state *st, char *err, size_t len)
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
				return err_nomem(err, len);
		}
	for (int t = 0; t < PS_TIMES && !rc; t++)
		if (st->time_runs[t] < st->blocks)
			rc = import_not_recorded(r, ps_time_metrics[t]);
	rc = rc ? rc : import_not_recorded(r, "maxrss");
	return rc ? err_nomem(err, len) : 0; /* its only failure */
}

/* A block ends (at the next '# started on' or the end): one without a
 * counter line is no run with nothing measured in it. */
static int import_ps_block_end(const struct ps_state *st, char *err,
			       size_t len)
{
	if (!st->run || st->block_counters)
		return 0;
	return import_err(err, len, st->path, st->block_line,
			  "the run opened by this '# started on' line has no counter line (perf stat counted nothing: did the command start?); remove that block or rerun perf stat");
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
	if (memchr(buf, '\0', size)) {
		rc = import_err(err, len, path, 0,
				"a NUL byte at offset %zu: not perf stat's text output",
				(size_t)((const char *)memchr(buf, '\0', size) - buf));
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
			rc = import_ps_block_end(st, err, len);
			st->block_line = line;
			st->block_counters = 0;
			memset(st->seen, 0, sizeof(st->seen));
			st->run = rc ? NULL : import_run(r, st->b, false);
			if (rc)
				break;
			st->blocks++;
			if (!st->run)
				rc = err_nomem(err, len);
		} else if (import_ps_aggregated(s)) {
			rc = import_ps_refuse_aggregated(st, line, err, len);
		} else if (!s[0] || s[0] == '#' || (st->text && s[0] != ' ')) {
			continue; /* perf's notes in its default output */
		} else if (!st->run) {
			rc = import_err(err, len, path, line,
					"a counter line before the first '# started on' line; not perf stat -o output");
		} else if (s[0] == '{') {
			rc = import_ps_json(st, line, s, err, len);
		} else if (s[0] == ' ') {
			rc = import_ps_text(st, line, s, err, len);
		} else {
			rc = import_ps_csv(st, line, s, err, len);
		}
		st->block_counters += st->run && s[0] && s[0] != '#';
	}
	if (!rc)
		rc = import_ps_block_end(st, err, len);
	if (!rc && !st->blocks)
		rc = import_err(err, len, path, 0,
				"no '# started on' line; not perf stat -x, -o output");
	if (!rc && !r->n_events)
		rc = import_err(err, len, path, 0,
				"no event's count in the file (only lines abstat does not import); give perf stat's output of a run's totals");
	if (!rc)
		rc = import_ps_finish(st, err, len);
	if (!rc)
		import_ps_encode(r);
out:
	free(st);
	free(text);
	free(name);
	return rc;
}
