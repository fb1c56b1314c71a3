// SPDX-License-Identifier: MIT
/*
 * import_hyperfine: `hyperfine --export-json FILE`. Each result is a
 * benchmark (named as abstat run names a command: the basename of its
 * first word; the whole command where two share that name), each entry
 * of "times" a run with its wall time and "exit_codes" entry (null: the
 * command was killed). hyperfine keeps user and system time only as
 * means over the runs, so user and sys are not recorded per run (the
 * means are kept in config "imported"); maxrss is the run's
 * "memory_usage_byte" entry where hyperfine writes one (1.19 and later),
 * else not recorded; "parameters" (-P, -L) are kept per benchmark and
 * name it as abstat run's own scan does ("sleep n=1"), so they pair.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "import.h"
#include "result_keys.h"

/* basename of the first word; *shared: another command has it too. */
static const char *import_hf_base(const char *word)
{
	const char *slash = strrchr(word, '/');

	return slash ? slash + 1 : word;
}

/* How many commands of results have each first word's basename: a name
 * two share is no benchmark's name (one pass, not one per result). */
static json_t *import_hf_bases(const json_t *results)
{
	json_t *bases = json_object(), *res;
	size_t i;

	json_array_foreach(results, i, res) {
		const char *c = json_string_value(json_object_get(res,
								  "command"));
		char **w = c ? import_words(c) : NULL;
		json_t *n;

		if (bases && w && w[0]) {
			const char *b = import_hf_base(w[0]);

			n = json_object_get(bases, b);
			n = json_integer(1 + json_integer_value(n));
			if (json_object_set_new_nocheck(bases, b, n)) {
				json_decref(bases);
				bases = NULL;
			}
		}
		import_words_free(w);
		if (c && !w) {
			json_decref(bases);
			return NULL;
		}
	}
	return bases;
}

static int import_hf_runs(struct result *r, struct benchmark *b,
			  const char *path, size_t i, const json_t *res,
			  char *err, size_t len)
{
	const json_t *times = json_object_get(res, "times");
	const json_t *codes = json_object_get(res, "exit_codes");
	const json_t *mem = json_object_get(res, "memory_usage_byte");
	size_t k;
	json_t *t;

	if (!json_is_array(times) || !json_array_size(times))
		return import_err(err, len, path, 0,
				  "results[%zu].times: missing or empty; export with hyperfine 1.10 or later (--export-json keeps every run's time)",
				  i);
	if (codes && (!json_is_array(codes) ||
		      json_array_size(codes) != json_array_size(times)))
		return import_err(err, len, path, 0,
				  "results[%zu].exit_codes: not an array as long as times",
				  i);
	if (mem && (!json_is_array(mem) ||
		    json_array_size(mem) != json_array_size(times)))
		return import_err(err, len, path, 0,
				  "results[%zu].memory_usage_byte: not an array as long as times",
				  i);
	for (size_t m = 0; mem && m < json_array_size(mem); m++) {
		const json_t *v = json_array_get(mem, m);

		if (!json_is_number(v))
			return import_err(err, len, path, 0,
					  "results[%zu].memory_usage_byte[%zu]: not a number",
					  i, m);
		if (json_number_value(v) < 0)
			return import_err(err, len, path, 0,
					  "results[%zu].memory_usage_byte[%zu]: %g is not a size in bytes; hyperfine writes 0 or more: fix that entry or export again",
					  i, m, json_number_value(v));
	}
	if (!mem && import_not_recorded(r, "maxrss"))
		return err_nomem(err, len);
	json_array_foreach(times, k, t) {
		const json_t *c = codes ? json_array_get(codes, k) : NULL;
		struct run *run;
		double s = json_number_value(t);

		if (!json_is_number(t) || s < 0)
			return import_err(err, len, path, 0,
					  "results[%zu].times[%zu]: not a time in seconds",
					  i, k);
		if (c && !json_is_null(c) && !json_is_integer(c))
			return import_err(err, len, path, 0,
					  "results[%zu].exit_codes[%zu]: not an integer or null",
					  i, k);
		run = import_run(r, b, false);
		if (!run)
			return err_nomem(err, len);
		run->total.wall_ns = import_u64(s * 1e9);
		if (mem)
			run->total.maxrss_kb = import_u64(json_number_value(
				json_array_get(mem, k)) / 1024);
		if (c && json_is_null(c)) {
			run->total.exit_status = -1;
			run->status = RUN_FAILED;
			run->reason = strdup("killed (hyperfine recorded no exit code)");
		} else if (c && json_integer_value(c)) {
			char why[64];

			run->total.exit_status = (int)json_integer_value(c);
			run->status = RUN_FAILED;
			snprintf(why, sizeof(why), "exit status %d",
				 run->total.exit_status);
			run->reason = strdup(why);
		}
		if (run->status != RUN_OK && !run->reason)
			return err_nomem(err, len);
	}
	return 0;
}

/* What hyperfine recorded beyond the runs, under config "imported". */
static int import_hf_meta(struct result *r, const char *name,
			  const json_t *res)
{
	json_t *meta = import_meta(r), *benches, *one;

	benches = json_object_get(meta, "benchmarks");
	if (!benches) {
		benches = json_object();
		if (json_object_set_new(meta, "benchmarks", benches))
			return -ENOMEM;
	}
	one = json_pack("{s:O, s:O*, s:O*, s:O*}", "command",
			json_object_get(res, "command"), "parameters",
			json_object_get(res, "parameters"), RK_USER_MEAN,
			json_object_get(res, "user"), RK_SYS_MEAN,
			json_object_get(res, "system"));
	return !one || json_object_set_new(benches, name, one) ? -ENOMEM : 0;
}

/* hyperfine -P/-L's "parameters" ({"n": "1"}): the benchmark is named
 * "BASE n=1" as abstat run's own scan names it, so the two pair; NULL
 * where there are none or a value is not a string. */
static const json_t *import_hf_params(const json_t *res)
{
	const json_t *p = json_object_get(res, "parameters"), *v;
	const char *k;

	if (!json_is_object(p) || !json_object_size(p))
		return NULL;
	json_object_foreach((json_t *)p, k, v)
		if (!json_is_string(v))
			return NULL;
	return p;
}

static int import_hf_result(struct result *r, const char *path,
			    const json_t *results, const json_t *bases,
			    size_t i, char *err, size_t len)
{
	const json_t *res = json_array_get(results, i);
	const char *cmd = json_string_value(json_object_get(res, "command"));
	const json_t *params;
	char **argv, *scanned = NULL;
	const char *name;
	struct benchmark *b;
	int rc;

	if (!json_is_object(res) || !cmd || !*cmd)
		return import_err(err, len, path, 0,
				  "results[%zu].command: missing; not a hyperfine --export-json file",
				  i);
	argv = import_words(cmd);
	if (!argv)
		return err_nomem(err, len);
	if (!argv[0]) {
		import_words_free(argv);
		return import_err(err, len, path, 0,
				  "results[%zu].command: empty", i);
	}
	name = import_hf_base(argv[0]);
	params = import_hf_params(res);
	if (params)
		name = scanned = result_bench_name(name, params);
	else if (json_integer_value(json_object_get(bases, name)) > 1)
		name = cmd;
	b = name ? import_bench(r, name, argv) : NULL;
	import_words_free(argv);
	free(scanned);
	if (b && params && !b->params)
		b->params = json_deep_copy(params);
	if (!b || (params && !b->params))
		return err_nomem(err, len);
	if (b->n_runs)
		return import_err(err, len, path, 0,
				  "results[%zu]: benchmark '%s' again (hyperfine files of one command go into separate results)",
				  i, b->name);
	rc = import_hf_runs(r, b, path, i, res, err, len);
	return rc ? rc : import_hf_meta(r, b->name, res);
}

int import_hyperfine(struct result *r, const char *path, const char *buf,
		     size_t size, char *err, size_t len)
{
	static const char *const missing[] = { "user", "sys" };
	json_t *j, *results, *bases;
	int rc;

	rc = result_load_json(buf, size, path, &j, err, len);
	if (rc)
		return rc;
	results = json_object_get(j, "results");
	if (!json_is_array(results) || !json_array_size(results)) {
		json_decref(j);
		return import_err(err, len, path, 0,
				  "results: missing or empty; not a hyperfine --export-json file");
	}
	bases = import_hf_bases(results);
	if (!bases)
		rc = -ENOMEM;
	for (size_t i = 0; i < 2 && !rc; i++)
		rc = import_not_recorded(r, missing[i]);
	for (size_t i = 0; i < json_array_size(results) && !rc; i++)
		rc = import_hf_result(r, path, results, bases, i, err, len);
	json_decref(bases);
	json_decref(j);
	return rc;
}
