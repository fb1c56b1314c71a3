// SPDX-License-Identifier: MIT
/*
 * import_pyperf: a pyperf JSON file (pyperf's "version" "1.0" format:
 * benchmarks[].runs[] with "values", "warmups" [[loops, value]...] and
 * "metadata"; metadata also per benchmark and for the file). Each value
 * is one run of the benchmark (metadata "name"): seconds per loop, so
 * the run's ops are loops * inner_loops (run, benchmark, then file
 * metadata; 1 when absent) and its measured region ops * value, making
 * abstat's ns/op and ops/s pyperf's; warm-up values are warm-up runs.
 * Calibration runs (no values) add nothing. The unit is the benchmark's
 * metadata "unit", else the file's (where pyperf writes it for a file of
 * one benchmark). A unit "byte" benchmark (--track-memory, tracemalloc)
 * holds one peak memory size per value: a run whose score "memory" (B,
 * lower is better) is the value, with no ops or time. Other units are
 * refused. A pyperf command file's run metadata command_max_rss (bytes)
 * is the maxrss of each of its values (recorded where every run has
 * one) and its benchmark metadata command the benchmark's argv. wall,
 * user, sys and maxrss are not recorded per value otherwise; the
 * metadata is kept in config "imported" (cpu_model_name also as the cpu
 * of the env).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "result_keys.h"

/* An integer metadata key, from the run, the benchmark or the file (the
 * first that has it; 1 when none does): a count of 1 or more, or -EINVAL
 * naming the value ("loops": 0, -3 or "8" is no loop count). */
static int import_pp_meta_u64(const json_t *const *metas, size_t n,
			      const char *key, const char *where,
			      const char *path, uint64_t *out, char *err,
			      size_t len)
{
	*out = 1;
	for (size_t i = 0; i < n; i++) {
		const json_t *v = json_object_get(metas[i], key);
		char *text;
		int rc;

		if (!v)
			continue;
		if (json_is_integer(v) && json_integer_value(v) > 0) {
			*out = (uint64_t)json_integer_value(v);
			return 0;
		}
		text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
		rc = import_err(err, len, path, 0,
				"%s: metadata %s %.40s is not a count of 1 or more; pyperf writes an integer: fix it or export again",
				where, key, text ? text : "?");
		free(text);
		return rc;
	}
	return 0;
}

/* One value: seconds per loop (ops loops), or bytes (ops 0); rss: the
 * pyperf run's command_max_rss (pyperf command), bytes, or 0. */
static int import_pp_value(struct result *r, struct benchmark *b,
			   bool warmup, uint64_t ops, double s, uint64_t rss)
{
	struct run *run = import_run(r, b, warmup);

	if (!run)
		return -ENOMEM;
	run->total.maxrss_kb = rss / 1024;
	if (!ops)
		return import_score(r, run, "memory", "B", false, s);
	run->total.has_ops = true;
	run->total.ops = ops;
	run->total.region_ns = import_u64(s * 1e9 * (double)ops);
	if (!run->total.region_ns)
		run->total.region_ns = 1;
	return 0;
}

static int import_pp_run(struct result *r, struct benchmark *b,
			 const char *path, const char *key,
			 const json_t *const *metas, const json_t *run,
			 bool bytes, char *err, size_t len)
{
	const json_t *values = json_object_get(run, "values");
	const json_t *warmups = json_object_get(run, "warmups");
	const json_t *mrss = json_object_get(metas[0], "command_max_rss");
	uint64_t inner, loops, rss = 0;
	size_t k;
	json_t *v;
	int rc = import_pp_meta_u64(metas, 3, "inner_loops", key, path,
				    &inner, err, len);

	if (!rc && mrss)
		rc = import_pp_meta_u64(metas, 1, "command_max_rss", key,
					path, &rss, err, len);

	if (!rc)
		rc = import_pp_meta_u64(metas, 3, "loops", key, path, &loops,
					err, len);
	if (rc)
		return rc;
	if (loops > UINT64_MAX / inner)
		return import_err(err, len, path, 0,
				  "%s: loops %llu times inner_loops %llu is beyond 2^64",
				  key, (unsigned long long)loops,
				  (unsigned long long)inner);
	if ((values && !json_is_array(values)) ||
	    (warmups && !json_is_array(warmups)))
		return import_err(err, len, path, 0,
				  "%s: values and warmups must be arrays", key);
	if (!values)
		return 0; /* a calibration run */
	json_array_foreach(warmups, k, v) {
		const json_t *l = json_array_get(v, 0);
		const json_t *x = json_array_get(v, 1);

		if (!json_is_integer(l) || json_integer_value(l) <= 0 ||
		    !json_is_number(x) || json_number_value(x) < 0 ||
		    (uint64_t)json_integer_value(l) > UINT64_MAX / inner)
			return import_err(err, len, path, 0,
					  "%s.warmups[%zu]: not [loops, seconds] (loops a count of 1 or more)",
					  key, k);
		rc = import_pp_value(r, b, true, bytes ? 0 :
				     (uint64_t)json_integer_value(l) * inner,
				     json_number_value(x), rss);
		if (rc)
			return rc;
	}
	json_array_foreach(values, k, v) {
		if (!json_is_number(v) || json_number_value(v) < 0)
			return import_err(err, len, path, 0,
					  "%s.values[%zu]: not a %s", key, k,
					  bytes ? "size in bytes" :
						  "time in seconds");
		rc = import_pp_value(r, b, false, bytes ? 0 : loops * inner,
				     json_number_value(v), rss);
		if (rc)
			return rc;
	}
	return 0;
}

static int import_pp_bench(struct result *r, const char *path,
			   const json_t *file_meta, const json_t *bench,
			   size_t i, char *err, size_t len)
{
	const json_t *meta = json_object_get(bench, "metadata");
	const json_t *runs = json_object_get(bench, "runs");
	const char *name = json_string_value(json_object_get(meta, "name"));
	const char *unit = json_string_value(json_object_get(meta, "unit"));
	const char *cmd;
	char **argv;
	json_t *benches = json_object_get(import_meta(r), "benchmarks");
	struct benchmark *b;
	size_t k;
	json_t *run;
	char key[64];

	if (!name)
		name = json_string_value(json_object_get(file_meta, "name"));
	if (!unit)
		unit = json_string_value(json_object_get(file_meta, "unit"));
	if (!name || !*name)
		return import_err(err, len, path, 0,
				  "benchmarks[%zu].metadata.name: missing", i);
	if (unit && strcmp(unit, "second") && strcmp(unit, "byte"))
		return import_err(err, len, path, 0,
				  "benchmark '%s': unit '%s' is not imported (abstat reads times, unit second, and memory sizes, unit byte)",
				  name, unit);
	if (!json_is_array(runs))
		return import_err(err, len, path, 0,
				  "benchmarks[%zu].runs: missing", i);
	cmd = json_string_value(json_object_get(meta, "command"));
	argv = cmd ? import_words(cmd) : NULL;
	b = cmd && !argv ? NULL : import_bench(r, name, argv);
	import_words_free(argv);
	if (!b || json_object_set(benches, name, meta ? (json_t *)meta :
							json_null()))
		return err_nomem(err, len);
	json_array_foreach(runs, k, run) {
		const json_t *metas[3] = {
			json_object_get(run, "metadata"), meta, file_meta
		};
		int rc;

		snprintf(key, sizeof(key), "benchmarks[%zu].runs[%zu]", i, k);
		rc = import_pp_run(r, b, path, key, metas, run,
				   unit && !strcmp(unit, "byte"), err, len);
		if (rc)
			return rc;
	}
	return 0;
}

/* Every measured run has a maxrss (pyperf command's command_max_rss). */
static bool import_pp_all_rss(const struct result *r)
{
	size_t n = 0;

	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t k = 0; k < r->bench[b].n_runs; k++, n++)
			if (!r->bench[b].runs[k].warmup &&
			    !r->bench[b].runs[k].total.maxrss_kb)
				return false;
	return n;
}

int import_pyperf(struct result *r, const char *path, const char *buf,
		  size_t size, char *err, size_t len)
{
	static const char *const missing[] = { "wall", "user", "sys",
					       "maxrss" };
	json_t *j, *benches, *meta, *cpu;
	const char *version;
	int rc;

	rc = result_load_json(buf, size, path, &j, err, len);
	if (rc)
		return rc;
	version = json_string_value(json_object_get(j, "version"));
	benches = json_object_get(j, "benchmarks");
	meta = json_object_get(j, "metadata");
	if (!version || !json_is_array(benches)) {
		json_decref(j);
		return import_err(err, len, path, 0,
				  "no \"version\" and \"benchmarks\": not a pyperf JSON file");
	}
	if (strncmp(version, "1.", 2)) {
		rc = import_err(err, len, path, 0,
				"pyperf format version '%s' (abstat reads 1.x)",
				version);
		json_decref(j);
		return rc;
	}
	if (!json_object_get(import_meta(r), "benchmarks"))
		rc = json_object_set_new(import_meta(r), "benchmarks",
					 json_object());
	if (!rc && meta && !json_object_get(import_meta(r), "metadata"))
		rc = json_object_set(import_meta(r), "metadata", meta);
	cpu = json_object_get(meta, "cpu_model_name");
	if (!rc && json_is_string(cpu) && !json_object_get(r->env, RK_CPU))
		rc = json_object_set_new(r->env, RK_CPU,
					 json_pack("{s:O}", RK_MODEL_NAME, cpu));
	rc = rc ? -ENOMEM : 0;
	for (size_t i = 0; i < 4 && !rc; i++)
		rc = import_not_recorded(r, missing[i]);
	for (size_t i = 0; i < json_array_size(benches) && !rc; i++)
		rc = import_pp_bench(r, path, meta, json_array_get(benches, i),
				     i, err, len);
	if (!rc && import_pp_all_rss(r))
		import_recorded(r, "maxrss");
	json_decref(j);
	return rc;
}
