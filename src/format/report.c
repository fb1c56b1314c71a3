// SPDX-License-Identifier: MIT
/*
 * report: one result as a perf-stat-like table, printed by `abstat run`
 * after measuring and by `abstat show FILE`. Per benchmark and metric:
 * median, mean, SD, min, max, n and unit; <not supported> with the reason
 * for events this machine cannot count; never a 0 for a value that was
 * not counted. show also knows --format json and csv (the same numbers).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "escape.h"
#include "compare.h"
#include "format.h"
#include "metrics.h"
#include "report.h"
#include "result_keys.h"
#include "stats.h"

#define REPORT_WIDTH 80
#define REPORT_NAME_MAX 22

/* An interrupted session's benchmark that has fewer runs than its
 * session planned (config repeat + warmup): the one the signal cut. */
static bool report_cut(const struct result *r, const struct benchmark *b)
{
	size_t planned;

	if (!r->status || strcmp(r->status, "interrupted") ||
	    !result_planned_runs(r, &planned))
		return false;
	return b->n_runs < planned;
}

/* The benchmark's first two lines; returns its measured runs. */
static size_t report_header(const struct result *r,
			    const struct benchmark *b, FILE *out)
{
	size_t measured = 0, warm = 0, failed = 0;
	const char *cpus = result_cpus(r);
	char line[2048];
	size_t k;

	for (size_t i = 0; i < b->n_runs; i++) {
		if (b->runs[i].warmup)
			warm++;
		else if (b->runs[i].status == RUN_OK)
			measured++;
		else
			failed++;
	}
	k = (size_t)snprintf(line, sizeof(line), "%s (%s): %zu runs",
			     b->name, r->label ? r->label : "unlabelled",
			     measured);
	if (warm && k < sizeof(line))
		k += (size_t)snprintf(line + k, sizeof(line) - k,
				      " + %zu warm-up", warm);
	if (failed && k < sizeof(line))
		k += (size_t)snprintf(line + k, sizeof(line) - k,
				      ", %zu failed (left out)", failed);
	if (report_cut(r, b) && k < sizeof(line))
		k += (size_t)snprintf(line + k, sizeof(line) - k,
				      " (interrupted)");
	if (k < sizeof(line))
		snprintf(line + k, sizeof(line) - k, ", %s %s, %s",
			 cpus && strpbrk(cpus, ",-") ? "CPUs" : "CPU",
			 cpus ? cpus : "not pinned",
			 result_user_only(r) ? "user-only" : "user+kernel");
	fmt_text_line(out, REPORT_WIDTH, line);
	k = (size_t)snprintf(line, sizeof(line), "command:");
	for (char **a = b->argv; a && *a && k < sizeof(line); a++)
		k += (size_t)snprintf(line + k, sizeof(line) - k, " %s", *a);
	fmt_text_line(out, REPORT_WIDTH, line);
	return measured;
}

static void report_metric(const struct metric *m, int nw,
			  const char **last_reason, enum time_unit tu,
			  FILE *out)
{
	struct stats_summary s;
	const char *unit;
	double div;
	char v[5][16], name[512], why[1024];

	escape_str(m->name, name, sizeof(name));
	if (m->modelled && strlen(name) + 4 < sizeof(name))
		strcat(name, "[m]"); /* a model's count: the footer says */
	if (m->emulated && strlen(name) + 4 < sizeof(name))
		strcat(name, "[e]"); /* the emulator's count: the same */
	if ((int)strlen(name) > nw) {
		fprintf(out, "%s\n", name);
		fprintf(out, "%*s", nw, "");
	} else {
		fprintf(out, "%-*s", nw, name);
	}
	if (!m->supported || !m->n) {
		const char *reason = m->reason ? m->reason : "no value";

		fprintf(out, " %s\n", m->supported ? "<not counted>" :
						    "<not supported>");
		if (*last_reason && !strcmp(*last_reason, reason))
			return;
		*last_reason = reason;
		escape_str(reason, why, sizeof(why));
		if (strlen(why) + 4 > REPORT_WIDTH &&
		    fmt_cut(out, REPORT_WIDTH))
			fprintf(out, "  (%.*s...)\n", REPORT_WIDTH - 7, why);
		else
			fprintf(out, "  (%s)\n", why);
		return;
	}
	if (stats_summarize(m->v, m->n, 0.95, &s)) {
		fprintf(out, " <undetermined>\n");
		return;
	}
	div = fmt_time_scale(tu, m->unit, fmt_typical(&s), &unit);
	fmt_scaled(s.median, div, v[0], sizeof(v[0]));
	fmt_scaled(s.mean, div, v[1], sizeof(v[1]));
	fmt_scaled(s.sd, div, v[2], sizeof(v[2]));
	fmt_scaled(s.min, div, v[3], sizeof(v[3]));
	fmt_scaled(s.max, div, v[4], sizeof(v[4]));
	fprintf(out, " %8s %8s %8s %8s %8s %4zu%s%s%s\n", v[0], v[1], v[2],
		v[3], v[4], m->n, unit[0] ? " " : "", unit,
		m->scaled ? " *" : !m->counted ? " !" : "");
}

/* show --metric LIST / -e LIST: exact names from a comma list. In run, -e
 * is the list of events to count: the table keeps every row (times too). */
static bool report_shown(const struct report_opts *o, const struct metric *m)
{
	if (!o->metrics && !o->events)
		return true;
	return compare_check_list_has(o->metrics, m->name) ||
	       compare_check_list_has(o->events, m->name);
}

/* A row left out of the table (unless --all-rows or asked for by name):
 * REPORT_UNCOUNTED, no run counted it (named in one line with its
 * reason); REPORT_ZERO, zero in every run (named in one line). */
enum report_leave { REPORT_KEEP, REPORT_UNCOUNTED, REPORT_ZERO };

static enum report_leave report_leave(const struct report_opts *o,
				      const struct metric *m)
{
	bool zero = m->n > 0;

	if (o->all_rows || o->metrics || o->events)
		return REPORT_KEEP;
	if (!m->supported || !m->n)
		return REPORT_UNCOUNTED;
	if (compare_check_list_has(o->asked, m->name))
		return REPORT_KEEP;
	/* a count that stayed 0 (migrations, faults); a time of 0 or a
	 * score of 0 is a measurement */
	zero &= m->kind == METRIC_COUNTER || m->kind == METRIC_PER_OP;
	for (size_t i = 0; i < m->n && zero; i++)
		zero = m->v[i] == 0;
	return zero ? REPORT_ZERO : REPORT_KEEP;
}

/* Row i of set is left out as what, with reason (any reason for zero) */
static bool report_left_as(const struct report_opts *o,
			   const struct metric_set *set, size_t i,
			   enum report_leave what, const char *reason)
{
	const char *r = set->m[i].reason;

	if (report_leave(o, &set->m[i]) != what)
		return false;
	return what == REPORT_ZERO || (!r && !reason) ||
	       (r && reason && !strcmp(r, reason));
}

/* The rows of set left out as what for reason, from row first on, in
 * one line (fmt_names_line). */
static void report_left_names(const struct report_opts *o,
			      const struct metric_set *set, size_t first,
			      enum report_leave what, const char *reason,
			      FILE *out)
{
	const char **names = calloc(set->n + 1, sizeof(*names));
	size_t n = 0;

	if (!names)
		return;
	for (size_t i = first; i < set->n; i++)
		if (report_left_as(o, set, i, what, reason))
			names[n++] = set->m[i].name;
	fmt_names_line(out, REPORT_WIDTH, what == REPORT_ZERO ?
			       "zero in every run:" : "not counted here:",
		       names, n);
	free(names);
}

/* The rows of set left out as what: for the rows not counted a line a
 * reason, the reason on the next; the zero rows in one line. */
static void report_left_out(const struct report_opts *o,
			    const struct metric_set *set,
			    enum report_leave what, FILE *out)
{
	char buf[1100], why[1024];

	for (size_t i = 0; i < set->n; i++) {
		const char *reason = set->m[i].reason;
		bool first = true;

		for (size_t j = 0; j < i && first; j++)
			first = !report_left_as(o, set, j, what, reason);
		if (!first || !report_left_as(o, set, i, what, reason))
			continue;
		report_left_names(o, set, i, what, reason, out);
		if (what == REPORT_ZERO)
			return;
		escape_str(reason ? reason : "no value", why, sizeof(why));
		snprintf(buf, sizeof(buf), "(%s)", why);
		fmt_text_wrap(out, REPORT_WIDTH, "  ", "  ", buf);
	}
}

static int report_check_list(const char *list, const char *opt,
			     const struct result *r, char *err, size_t len)
{
	char *copy = list ? strdup(list) : NULL, *tok, *save = NULL;
	int rc = 0;

	if (!list)
		return 0;
	if (!copy)
		return err_nomem(err, len);
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		bool found = false;

		for (size_t b = 0; b < r->n_bench && !found && !rc; b++) {
			struct metric_set set;

			if (metrics_extract(r, &r->bench[b], &set)) {
				rc = err_nomem(err, len);
				break;
			}
			for (size_t i = 0; i < set.n && !found; i++)
				found = !strcmp(set.m[i].name, tok);
			metrics_free(&set);
		}
		if (!found && !rc) {
			snprintf(err, len,
				 "%s: no metric named '%s' in %s; 'abstat show FILE' lists them",
				 opt, tok, r->path ? r->path : "the result");
			rc = -EINVAL;
		}
	}
	free(copy);
	return rc;
}

int report_check_names(const struct report_opts *o, const struct result *r,
		       char *err, size_t len)
{
	int rc = report_check_list(o->metrics, "--metric", r, err, len);

	return rc ? rc : report_check_list(o->events, "-e", r, err, len);
}

static void report_bench(const struct report_opts *o, const struct result *r,
			 const struct benchmark *b, FILE *out)
{
	struct metric_set set;
	bool scaled = false, partial = false, model = false, emul = false;
	const char *last_reason = NULL;
	int nw = 6;

	if (!b->n_runs && report_cut(r, b)) {
		fmt_text_line(out, REPORT_WIDTH, b->name);
		fprintf(out, "not reached: the session was interrupted before it (run --resume measures it)\n");
		return;
	}
	if (!report_header(r, b, out)) {
		/* every row would be <not counted> */
		fprintf(out, "no measured run: nothing to summarise\n");
		return;
	}
	if (metrics_extract(r, b, &set)) {
		fprintf(out, "(out of memory)\n");
		return;
	}
	for (size_t i = 0; i < set.n; i++) {
		int w = (int)strlen(set.m[i].name) +
			(set.m[i].modelled || set.m[i].emulated ? 3 : 0);

		if (report_leave(o, &set.m[i]) != REPORT_KEEP)
			continue;
		if (w > nw && w <= REPORT_NAME_MAX)
			nw = w;
	}
	fprintf(out, "\n%-*s %8s %8s %8s %8s %8s %4s unit\n", nw, "metric",
		"median", "mean", "SD", "min", "max", "n");
	for (size_t i = 0; i < set.n; i++) {
		if (!report_shown(o, &set.m[i]) ||
		    report_leave(o, &set.m[i]) != REPORT_KEEP)
			continue;
		report_metric(&set.m[i], nw, &last_reason, o->time_unit, out);
		scaled |= set.m[i].scaled;
		model |= set.m[i].modelled;
		emul |= set.m[i].emulated;
		partial |= set.m[i].supported && !set.m[i].counted &&
			   set.m[i].n;
	}
	report_left_out(o, &set, REPORT_UNCOUNTED, out);
	report_left_out(o, &set, REPORT_ZERO, out);
	if (scaled)
		fprintf(out, "* multiplexed: scaled by enabled/running time\n");
	if (partial)
		fprintf(out, "! not counted in every run: n counts the runs that counted\n");
	if (model)
		fprintf(out, "[m] modelled: a cache model's count (the kernel lab), not a hardware counter's\n");
	if (emul)
		fprintf(out, "[e] emulated: counted by the emulator (the x86_64 kernel lab's QEMU plugin), not by a hardware counter\n");
	metrics_free(&set);
}

static void report_machine(const struct report_opts *o,
			   const struct result *r, FILE *out);

bool report_format_ok(enum out_format f)
{
	return f == FMT_TEXT || f == FMT_JSON || f == FMT_CSV;
}

void report_result(const struct report_opts *o, const struct result *r,
		   FILE *out)
{
	if (o->format == FMT_JSON || o->format == FMT_CSV) {
		report_machine(o, r, out);
		return;
	}
	for (size_t i = 0; i < r->n_bench; i++) {
		if (i)
			fputc('\n', out);
		report_bench(o, r, &r->bench[i], out);
	}
	if (!r->n_bench)
		fprintf(out, "%s: no benchmark in this result\n",
			r->label ? r->label : "result");
}

static json_t *report_num(bool ok, double v)
{
	return ok && isfinite(v) ? json_real(v) : json_null();
}

/* show --format json/csv: the summaries, one per benchmark x metric. */
static void report_machine(const struct report_opts *o,
			   const struct result *r, FILE *out)
{
	json_t *root = json_object(), *bench = json_array();

	if (o->format == FMT_CSV)
		fputs("benchmark,metric,unit,n,median,median_lo,median_hi,mean,sd,min,max,status\n",
		      out);
	for (size_t i = 0; i < r->n_bench; i++) {
		struct metric_set set;
		json_t *ms = json_array();

		if (metrics_extract(r, &r->bench[i], &set))
			continue;
		for (size_t k = 0; k < set.n; k++) {
			const struct metric *m = &set.m[k];
			struct stats_summary s = { 0 };
			bool ok = m->supported && m->n &&
				  !stats_summarize(m->v, m->n, 0.95, &s);
			const char *st = !m->supported ? "not-supported" :
					 !m->n ? "not-counted" :
					 m->scaled ? "scaled" :
					 m->modelled ? "modelled" :
					 m->emulated ? "emulated" : "ok";

			if (!report_shown(o, m))
				continue;
			if (o->format == FMT_CSV) {
				char bn[512], mn[512];

				escape_str(r->bench[i].name, bn, sizeof(bn));
				escape_str(m->name, mn, sizeof(mn));
				fprintf(out, "%s,%s,%s,%zu", bn, mn, m->unit,
					m->n);
				if (ok)
					fprintf(out, ",%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g",
						s.median, s.median_lo,
						s.median_hi, s.mean, s.sd,
						s.min, s.max);
				else
					fputs(",,,,,,,", out);
				fprintf(out, ",%s\n", st);
				continue;
			}
			json_array_append_new(ms, json_pack(
				"{s:s,s:s,s:I,s:s,s:o,s:[oo],s:o,s:o,s:o,s:o}",
				"name", m->name, "unit", m->unit,
				"n", (json_int_t)m->n, "status", st,
				"median", report_num(ok, s.median),
				"median_ci", report_num(ok, s.median_lo),
				report_num(ok, s.median_hi),
				"mean", report_num(ok, s.mean),
				"sd", report_num(ok, s.sd),
				"min", report_num(ok, s.min),
				"max", report_num(ok, s.max)));
			if (m->reason)
				json_object_set_new(json_array_get(ms,
					json_array_size(ms) - 1), "reason",
					json_string(m->reason));
		}
		json_array_append_new(bench, json_pack("{s:s,s:o}", "name",
			r->bench[i].name, "metrics", ms));
		metrics_free(&set);
	}
	if (o->format == FMT_CSV) {
		json_decref(root);
		json_decref(bench);
		return;
	}
	json_object_set_new(root, "format", json_string("abstat-show"));
	json_object_set_new(root, "schema_version", json_integer(1));
	json_object_set_new(root, "label", r->label ? json_string(r->label) :
						      json_null());
	json_object_set_new(root, "benchmarks", bench);
	json_dumpf(root, out, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
				      JSON_REAL_PRECISION(10));
	fputc('\n', out);
	json_decref(root);
}

/* show: the environment in a few lines before the table. */
void report_env(const struct result *r, FILE *out)
{
	const char *rel = result_kernel_release(r);
	json_t *machine = compare_machine(r);
	char line[1024];

	snprintf(line, sizeof(line), "%s: %s, created %s",
		 r->path ? r->path : "result", r->status ? r->status : "?",
		 r->created ? r->created : "?");
	fmt_text_line(out, REPORT_WIDTH, line);
	snprintf(line, sizeof(line), "kernel %s", rel ? rel : "unknown");
	fmt_text_line(out, REPORT_WIDTH, line);
	/* compare's line: the CPU, virtual or not, the PMU */
	if (machine) {
		compare_machine_line(machine, line, sizeof(line));
		fmt_text_wrap(out, REPORT_WIDTH, "", "    ", line);
		json_decref(machine);
	}
	/* a warning whole (wrapped, never cut): it says what to do */
	for (size_t i = 0; r->warnings && i < json_array_size(r->warnings);
	     i++) {
		const char *w = json_string_value(json_array_get(r->warnings,
								 i));

		if (w)
			fmt_text_wrap(out, REPORT_WIDTH, "warning: ", "  ", w);
	}
	fputc('\n', out);
}
