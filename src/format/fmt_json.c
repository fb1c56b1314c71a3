// SPDX-License-Identifier: MIT
/* fmt_json: the whole model as one JSON object ("abstat-compare", schema
 * 4: one verdict per row, "session" and "secondary" verdicts,
 * "significant" only for "yes"; 3: the seed a string; 2: the design,
 * primary rows, absolute deltas):
 * every number, both p-values, the verdicts, warnings, seed and
 * resamples, each key in abstat-json(5). A number without meaning is
 * null, never NaN or a made-up 0. An integer a double cannot hold (the
 * 64-bit seed; jq and JavaScript read numbers as doubles) is a decimal
 * string, so that the seed printed is the seed that --seed takes back. */
#include <jansson.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <unistd.h>

#include "format.h"
#include "where.h"

static json_t *fmt_json_num(bool ok, double v)
{
	return ok && isfinite(v) ? json_real(v) : json_null();
}

static json_t *fmt_json_stat(const struct compare_stat *st)
{
	bool ok = st->present && st->supported && st->n;
	json_t *o = json_object();

	json_object_set_new(o, "n", json_integer((json_int_t)st->n));
	json_object_set_new(o, "present", json_boolean(st->present));
	json_object_set_new(o, "supported", json_boolean(st->supported));
	json_object_set_new(o, "counted", json_boolean(st->counted));
	json_object_set_new(o, "scaled", json_boolean(st->scaled));
	json_object_set_new(o, "reason", st->reason ? json_string(st->reason) :
						      json_null());
	json_object_set_new(o, "center", fmt_json_num(ok, st->center));
	json_object_set_new(o, "center_ci", json_pack("[oo]",
		fmt_json_num(ok, st->center_lo),
		fmt_json_num(ok, st->center_hi)));
	json_object_set_new(o, "median", fmt_json_num(ok, st->run.median));
	json_object_set_new(o, "median_ci", json_pack("[oo]",
		fmt_json_num(ok, st->run.median_lo),
		fmt_json_num(ok, st->run.median_hi)));
	json_object_set_new(o, "median_ci_level",
			    fmt_json_num(ok, st->run.ci_level));
	json_object_set_new(o, "mean", fmt_json_num(ok, st->run.mean));
	json_object_set_new(o, "sd", fmt_json_num(ok, st->run.sd));
	json_object_set_new(o, "min", fmt_json_num(ok, st->run.min));
	json_object_set_new(o, "max", fmt_json_num(ok, st->run.max));
	json_object_set_new(o, "cv", fmt_json_num(ok, st->cv));
	json_object_set_new(o, "files", json_integer((json_int_t)st->n_files));
	json_object_set_new(o, "within_boot_rel",
			    fmt_json_num(ok && st->n_groups > 1,
					 st->within_boot_rel));
	json_object_set_new(o, "between_boot_rel",
			    fmt_json_num(ok && st->n_groups > 1,
					 st->between_boot_rel));
	json_object_set_new(o, "outliers",
			    json_integer((json_int_t)st->n_outliers));
	return o;
}

static json_t *fmt_json_delta(const struct compare_model *m,
			      const struct compare_row *row, size_t s)
{
	const struct compare_delta *d = &row->delta[s];
	const char *word = compare_verdict_word(m, row, s);
	json_t *o = json_object();

	json_object_set_new(o, "side", json_integer((json_int_t)s));
	json_object_set_new(o, "verdict",
			    json_string(compare_verdict_name(d->verdict)));
	/* schema 4: true only for a verdict on A vs B ("yes"), never for a
	 * difference of two sessions or a secondary row's p */
	json_object_set_new(o, "significant",
			    json_boolean(d->verdict == VERDICT_SIGNIFICANT));
	/* as every table prints it: "yes", "session", "~", "secondary",
	 * "<3 boots", "<4 runs", "?"; null when missing or not counted */
	json_object_set_new(o, "verdict_word", word ? json_string(word) :
						      json_null());
	json_object_set_new(o, "interval_disagrees",
			    json_boolean(d->ci_disagrees));
	json_object_set_new(o, "absolute", json_boolean(d->absolute));
	json_object_set_new(o, "delta", fmt_json_num(d->has_delta, d->delta));
	/* null where no test gave one (the tables print "-"), [d, d] when
	 * the delta is exact */
	json_object_set_new(o, "delta_ci", json_pack("[oo]",
		fmt_json_num(fmt_has_interval(d), d->lo),
		fmt_json_num(fmt_has_interval(d), d->hi)));
	json_object_set_new(o, "exact", json_boolean(d->exact &&
						     d->has_delta));
	/* below the boot rule no p (the tables print none) */
	json_object_set_new(o, "p", fmt_json_num(d->has_p &&
		!d->few_boots, d->p));
	json_object_set_new(o, "p_holm", fmt_json_num(d->in_family,
						      d->p_holm));
	/* the test the p and interval come from */
	json_object_set_new(o, "test", !d->has_p ? json_null() :
		json_string(d->paired ? "wilcoxon-signed-rank" :
			    m->design == DESIGN_BOOTS ? "welch-t-log" :
							"mann-whitney-u"));
	json_object_set_new(o, "p_exact_distribution",
			    json_boolean(d->has_p && d->exact_p));
	json_object_set_new(o, "regression", json_boolean(d->has_delta &&
							  d->regression));
	/* the smallest change the test would detect at the
	 * model's power (a fraction, either way), null when untested; with
	 * --detect the count a side would need (0: more than the most
	 * tried) */
	json_object_set_new(o, "detectable", fmt_json_num(d->has_detectable,
							  d->detectable));
	json_object_set_new(o, "detect_n", d->has_detect_n ?
		json_integer((json_int_t)d->detect_n) : json_null());
	json_object_set_new(o, "why", d->why ? json_string(d->why) :
					       json_null());
	return o;
}

/* null without a geomean (one benchmark), else one object per
 * non-baseline side */
static json_t *fmt_json_geomean(const struct compare_model *m)
{
	json_t *a;

	if (!m->geomean)
		return json_null();
	a = json_array();
	for (size_t s = 1; s < m->n_sides; s++) {
		const struct compare_geomean *g = &m->geomean[s];

		json_array_append_new(a, json_pack("{s:I,s:I,s:I,s:o,s:[oo],s:s,s:o}",
			"side", (json_int_t)s, "benchmarks", (json_int_t)g->n,
			"left_out", (json_int_t)g->left_out,
			"delta", fmt_json_num(g->has, g->delta),
			"delta_ci", fmt_json_num(g->has, g->lo),
			fmt_json_num(g->has, g->hi),
			"method", g->boots ? "welch-t-boot-geomeans" :
					     "delta-method-log-ratio",
			"why", g->why ? json_string(g->why) : json_null()));
	}
	return a;
}

/* One row: its sides' stats and deltas; "modelled": true on a model's
 * count (the kernel lab's cache model), absent on every other row. */
static json_t *fmt_json_row(const struct compare_model *m,
			    const struct compare_row *row)
{
	json_t *st = json_array(), *de = json_array(), *o;

	for (size_t s = 0; s < m->n_sides; s++)
		json_array_append_new(st, fmt_json_stat(&row->stat[s]));
	for (size_t s = 1; s < m->n_sides; s++)
		json_array_append_new(de, fmt_json_delta(m, row, s));
	o = json_pack("{s:s,s:s,s:s,s:b,s:b,s:o,s:o}", "benchmark", row->bench,
		      "metric", row->metric, "unit", row->unit,
		      "higher_is_better", row->higher_is_better, "primary",
		      row->primary, "sides", st, "deltas", de);
	if (o && row->modelled)
		json_object_set_new(o, "modelled", json_true());
	if (o && row->emulated)
		json_object_set_new(o, "emulated", json_true());
	return o;
}

/* kernel.config's entry lists at most this many options that differ
 * (in name order; options_more counts the rest): a 6.1 and a 6.12
 * configuration differ in thousands. */
#define FMT_JSON_OPTS_MAX 256

/* Each side's value of an env key, or of an option: null where absent. */
static json_t *fmt_json_values(char *const *values, size_t n)
{
	json_t *v = json_array();

	for (size_t s = 0; s < n; s++)
		json_array_append_new(v, values && values[s] ?
				      json_string(values[s]) : json_null());
	return v;
}

/* One entry of env_diff: key, kind, values; kernel.config's also its
 * options that differ, {"name", "values"}, a value null where that side
 * does not set the option. */
static json_t *fmt_json_env(const struct compare_model *m,
			    const struct env_diff *d)
{
	static const char *const kinds[] = { "expected", "refused", "info" };
	json_t *e = json_pack("{s:s,s:s,s:o}", "key", d->key, "kind",
			      kinds[d->kind], "values",
			      fmt_json_values(d->values, m->n_sides));
	json_t *opts = json_array();
	size_t n = d->n_opts < FMT_JSON_OPTS_MAX ? d->n_opts :
						   FMT_JSON_OPTS_MAX;

	if (!d->n_opts || !e || !opts) {
		json_decref(opts);
		return e;
	}
	for (size_t i = 0; i < n; i++)
		json_array_append_new(opts, json_pack("{s:s,s:o}",
			"name", d->opts[i].name, "values",
			fmt_json_values(d->opts[i].values, m->n_sides)));
	json_object_set_new(e, "options", opts);
	json_object_set_new(e, "options_more",
			    json_integer((json_int_t)(d->n_opts - n)));
	return e;
}

void fmt_json(const struct compare_model *m, FILE *out)
{
	json_t *root = json_object(), *sides = json_array(),
	       *rows = json_array(), *env = json_array(),
	       *warn = json_array();
	char seed[24];

	json_object_set_new(root, "format", json_string("abstat-compare"));
	json_object_set_new(root, "schema_version", json_integer(4));
	json_object_set_new(root, "design",
			    json_string(compare_design_name(m->design)));
	json_object_set_new(root, "test", json_string(
		m->design == DESIGN_BOOTS ? "welch-t-log" :
		m->design == DESIGN_INTERLEAVED ? "wilcoxon-signed-rank" :
						  "mann-whitney-u"));
	json_object_set_new(root, "correction", json_string("holm-primary"));
	json_object_set_new(root, "tests", json_integer((json_int_t)m->n_tests));
	json_object_set_new(root, "alpha", json_real(m->alpha));
	json_object_set_new(root, "level", json_real(1 - m->alpha));
	json_object_set_new(root, "min_boots", json_integer(COMPARE_MIN_BOOTS));
	json_object_set_new(root, "power", json_real(COMPARE_POWER));
	json_object_set_new(root, "power_alpha", m->n_tests ?
		json_real(m->alpha / (double)m->n_tests) : json_null());
	json_object_set_new(root, "detect", m->detect > 0 ?
		json_real(m->detect) : json_null());
	json_object_set_new(root, "center", json_string(
		m->center == CENTER_MEAN ? "mean" : "median"));
	json_object_set_new(root, "ci", json_string(
		m->design == DESIGN_BOOTS ? "welch-t" :
		m->design == DESIGN_INTERLEAVED ? "hodges-lehmann" :
						  "bootstrap-percentile"));
	snprintf(seed, sizeof(seed), "%" PRIu64, m->seed);
	json_object_set_new(root, "seed", json_string(seed));
	json_object_set_new(root, "resamples", json_integer(m->resamples));
	json_object_set_new(root, "min_runs", json_integer(COMPARE_MIN_RUNS));
	json_object_set_new(root, "machine", m->machine ?
				json_copy(m->machine) : json_null());
	json_object_set_new(root, "user_only", json_boolean(m->user_only));
	/* the one host of every file: names each --by host document */
	json_object_set_new(root, "host", m->host ? json_string(m->host) :
						    json_null());
	json_object_set_new(root, "cpus", m->cpus ? json_string(m->cpus) :
						    json_null());
	json_object_set_new(root, "assume_boots",
			    json_boolean(m->assume_boots));
	json_object_set_new(root, "forced", m->forced ?
		json_string(m->forced_note) : json_null());
	for (size_t s = 0; s < m->n_sides; s++)
		json_array_append_new(sides, json_pack("{s:s,s:I,s:I,s:I,s:o,s:I,s:I,s:o}",
			"label", m->labels[s],
			"files", (json_int_t)m->files[s],
			"boots", (json_int_t)m->boots[s],
			/* files that record no boot: one unknown boot, or
			 * each its own with --assume-boots */
			"boot_unknown", (json_int_t)m->unknown_boot[s],
			"pooled", m->pooled && m->pooled[s] ?
				json_string(m->pooled[s]) : json_null(),
			"runs", (json_int_t)m->runs[s],
			"copies", (json_int_t)(m->copies[s] ? m->copies[s] : 1),
			"versus", m->versus && m->versus[s] ?
				json_string(m->versus[s]) : json_null()));
	json_object_set_new(root, "sides", sides);
	for (size_t i = 0; i < m->n_env; i++)
		json_array_append_new(env, fmt_json_env(m, &m->env[i]));
	json_object_set_new(root, "env_diff", env);
	for (size_t i = 0; i < m->n_warnings; i++)
		json_array_append_new(warn, json_string(m->warnings[i]));
	json_object_set_new(root, "warnings", warn);
	for (size_t r = 0; r < m->n_rows; r++)
		json_array_append_new(rows, fmt_json_row(m, &m->rows[r]));
	json_object_set_new(root, "rows", rows);
	/* schema 3: the baseline's label and a suite's geomean per side */
	json_object_set_new(root, "baseline", json_string(m->labels[0]));
	json_object_set_new(root, "geomean", fmt_json_geomean(m));
	/* the where table of profiled sides (where.h), when there is one */
	if (m->where)
		json_object_set_new(root, "where", where_json(m, m->where));
	/* to a terminal every non-ASCII character as \uXXXX: a C1 control
	 * (U+009B, a CSI) is valid JSON but no terminal's business */
	json_dumpf(root, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
				      JSON_REAL_PRECISION(10) |
				      (isatty(fileno(out)) ? JSON_ENSURE_ASCII :
							     0));
	fputc('\n', out);
	json_decref(root);
}
