// SPDX-License-Identifier: MIT
/*
 * import_gobench: `go test -bench` output, the Go benchmark format
 * (golang.org/design/14313-benchmark-format). A result line
 * "BenchmarkName[-N] ITERS VALUE UNIT [VALUE UNIT...]" is one run of the
 * benchmark Name[-N] (the name is kept whole, GOMAXPROCS suffix and
 * sub-benchmarks included) with ops = ITERS; ns/op becomes the run's
 * measured region (ITERS * ns/op), so abstat's ns/op and ops/s are Go's.
 * Every other unit is a score of that name with Go's value, as Go
 * printed it: B/op and allocs/op (-benchmem), custom b.ReportMetric
 * units, and rates such as b.SetBytes' MB/s (higher is better: a unit
 * that ends in /s; lower for the others). The result names ns/op its
 * primary metric and ns its time unit (env "imported": compare tests
 * ns/op, as benchstat does, and prints it in ns, as Go does); wall,
 * user, sys and maxrss are not recorded. Configuration lines
 * "key: value" (goos, goarch, pkg, cpu) go to config "imported"; other
 * lines (PASS, ok, test logs) are skipped, as the format says.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "result_keys.h"

#define GB_MAX_FIELDS 64

/* A configuration line: key begins lower case, no blanks or upper case in
 * it, ':' then a blank. *val: the trimmed value. */
static bool import_gb_config(char *line, char **key, char **val)
{
	char *colon = strchr(line, ':');

	if (!colon || colon == line || !islower((unsigned char)line[0]) ||
	    (colon[1] != ' ' && colon[1] != '\t'))
		return false;
	for (char *p = line; p < colon; p++)
		if (isspace((unsigned char)*p) || isupper((unsigned char)*p))
			return false;
	*colon = '\0';
	*key = line;
	*val = colon + 1 + strspn(colon + 1, " \t");
	for (size_t n = strlen(*val);
	     n && isspace((unsigned char)(*val)[n - 1]);)
		(*val)[--n] = '\0';
	return true;
}

static int import_gb_set_config(struct result *r, const char *key,
				const char *val)
{
	json_t *meta = import_meta(r), *cfg = json_object_get(meta, "config");

	if (!cfg) {
		cfg = json_object();
		if (json_object_set_new(meta, "config", cfg))
			return -ENOMEM;
	}
	if (!strcmp(key, "cpu") && !json_object_get(r->env, RK_CPU) &&
	    json_object_set_new(r->env, RK_CPU,
				json_pack("{s:s}", RK_MODEL_NAME, val)))
		return -ENOMEM;
	return json_object_set_new(cfg, key, json_string(val)) ? -ENOMEM : 0;
}

/* A value as Go prints it: decimal digits, a point, an exponent; not
 * strtod's hex ("0x10"), inf or nan. */
static bool import_gb_number(const char *s, double *v)
{
	char *end;

	if (s[strspn(s, "0123456789.eE+-")] || !strpbrk(s, "0123456789"))
		return false;
	*v = strtod(s, &end);
	return end != s && !*end && isfinite(*v) && *v >= 0;
}

/* One value of a result line into run: ns/op its time, any other unit
 * a score (its unit: B for B/op, the rate's own for X/s, else none). */
static int import_gb_value(struct result *r, struct run *run, double v,
			   const char *unit)
{
	size_t n = strlen(unit);
	bool rate = n > 2 && !strcmp(unit + n - 2, "/s");

	if (!strcmp(unit, "ns/op")) {
		run->total.region_ns = import_u64(v * (double)run->total.ops);
		if (!run->total.region_ns)
			run->total.region_ns = 1;
		return 0;
	}
	if (!strcmp(unit, "ops/s"))
		return import_warn(r, "gobench: ops/s is the name of abstat's own ops/s (from ns/op): Go's ops/s is not imported");
	return import_score(r, run, unit,
			    rate ? unit : !strcmp(unit, "B/op") ? "B" : "",
			    rate, v);
}

static int import_gb_result(struct result *r, const char *path, int line,
			    char *s, char *err, size_t len)
{
	char *f[GB_MAX_FIELDS], *save;
	size_t n = 0;
	struct benchmark *b;
	struct run *run;
	uint64_t iters;
	double v;
	char *end;

	for (char *t = strtok_r(s, " \t", &save); t;
	     t = strtok_r(NULL, " \t", &save)) {
		if (n == GB_MAX_FIELDS)
			return import_err(err, len, path, line,
					  "more than %d fields", GB_MAX_FIELDS);
		f[n++] = t;
	}
	if (n <= 1)
		return 0; /* go test -v names a benchmark before its result */
	if (f[0][9] && islower((unsigned char)f[0][9]))
		return 0; /* "Benchmarking ...": not a result line */
	if (n < 4 || n % 2)
		return import_err(err, len, path, line,
				  "expected 'BenchmarkName ITERATIONS VALUE UNIT [VALUE UNIT...]' (%zu fields)",
				  n);
	errno = 0;
	iters = strtoull(f[1], &end, 10);
	if (*end || errno || !iters || f[1][0] == '-')
		return import_err(err, len, path, line,
				  "iterations '%s' is not a positive integer",
				  f[1]);
	b = import_bench(r, f[0][9] ? f[0] + 9 : f[0], NULL);
	run = b ? import_run(r, b, false) : NULL;
	if (!run)
		return err_nomem(err, len);
	run->total.has_ops = true;
	run->total.ops = iters;
	for (size_t k = 2; k < n; k += 2) {
		int rc;

		for (size_t j = 3; j < k; j += 2)
			if (!strcmp(f[j], f[k + 1]))
				return import_err(err, len, path, line,
						  "%s twice on one line (fields %zu and %zu): one value a unit a run; fix the line",
						  f[k + 1], j + 1, k + 2);
		if (!import_gb_number(f[k], &v))
			return import_err(err, len, path, line,
					  "value '%s' of %s is not a number as Go prints one (12.5, 1.2e+06); fix the line or run go test -bench again",
					  f[k], f[k + 1]);
		rc = import_gb_value(r, run, v, f[k + 1]);
		if (rc)
			return rc;
	}
	if (!run->total.region_ns)
		return import_err(err, len, path, line,
				  "no ns/op: abstat needs the time per op");
	return 0;
}

int import_gobench(struct result *r, const char *path, const char *buf,
		   size_t size, char *err, size_t len)
{
	static const char *const missing[] = { "wall", "user", "sys",
					       "maxrss" };
	json_t *imp = json_object_get(r->env, RK_IMPORTED);
	char *text = strndup(buf, size), *save, *key, *val;
	int line = 0, rc = 0;

	if (!text)
		return err_nomem(err, len);
	for (size_t i = 0; i < 4 && !rc; i++)
		rc = import_not_recorded(r, missing[i]);
	if (!rc && json_object_set_new(imp, RK_PRIMARY, json_string("ns/op")))
		rc = -ENOMEM;
	for (char *s = text; s && !rc; s = save) {
		save = strchr(s, '\n');
		if (save)
			*save++ = '\0';
		line++;
		if (!strncmp(s, "Benchmark", 9))
			rc = import_gb_result(r, path, line, s, err, len);
		else if (import_gb_config(s, &key, &val))
			rc = import_gb_set_config(r, key, val);
	}
	free(text);
	if (!rc && !r->n_bench)
		rc = import_err(err, len, path, 0,
				"no 'Benchmark...' result line; not go test -bench output");
	return rc;
}
