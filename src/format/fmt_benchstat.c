// SPDX-License-Identifier: MIT
/*
 * fmt_benchstat: the Go benchmark format (golang.org/design/14313-
 * benchmark-format), so golang.org/x/perf/cmd/benchstat can re-analyse
 * abstat's runs. One line per measured run,
 * "BenchmarkName[-N] 1 value unit value unit ...", N the copies when more
 * than one (as Go writes GOMAXPROCS). The format's rules shape the rest:
 *
 *  - a name is "Benchmark" then a character that is not lower case, with
 *    no blanks: the first letter is upper-cased, blanks become '_';
 *  - a unit has no blanks either; units are the metric names, tidied as
 *    benchstat tidies them (benchunit.Tidy): ns/op is sec/op, a row in
 *    ns is METRIC-sec, one in kB (KiB, rusage) METRIC-B, a count METRIC;
 *  - a configuration line "key: value" holds any value, blanks included,
 *    until the next line with that key: compare and versus write one
 *    "side: LABEL" per side (labels kept as given, control characters
 *    escaped), and "boot: K" per result file when a side has several
 *    (boots are not pooled), so `benchstat -col side` (or -col side,boot)
 *    compares them; "host: NAME" first when every file is of one host
 *    (compare_model.host), which names each document of --by host and
 *    keeps the hosts' tables apart when their documents are read as one. run and show write one result with no side key, so
 *    `benchstat old.txt new.txt` compares two results as benchstat's
 *    default (-col .file) does.
 */
#include <ctype.h>
#include <string.h>

#include "escape.h"
#include "format.h"
#include "metrics.h"

/* One benchstat token: control characters escaped (escape.h), blanks as
 * '_' */
static void fmt_bs_token(FILE *out, const char *raw)
{
	char buf[4096];

	escape_str(raw, buf, sizeof(buf));
	for (const char *s = buf; *s; s++)
		fputc(isspace((unsigned char)*s) ? '_' : *s, out);
}

/* " value unit" for one metric, in benchstat's tidy units. */
static void fmt_bs_value(FILE *out, const char *metric, const char *unit,
			 double v)
{
	if (!strcmp(metric, "ns/op")) {
		fprintf(out, " %.10g sec/op", v / 1e9);
		return;
	}
	if (strchr(metric, '/') || !unit[0] || !strcmp(unit, metric)) {
		fprintf(out, " %.10g ", v);
		fmt_bs_token(out, metric);
		return;
	}
	if (!strcmp(unit, "ns")) {
		v /= 1e9;
		unit = "sec";
	} else if (!strcmp(unit, "kB")) {
		v *= 1024;
		unit = "B";
	}
	fprintf(out, " %.10g ", v);
	fmt_bs_token(out, metric);
	fputc('-', out);
	fmt_bs_token(out, unit);
}

static void fmt_bs_name(FILE *out, const char *bench, unsigned copies)
{
	char b[512];

	escape_str(bench, b, sizeof(b));
	fprintf(out, "Benchmark%c", toupper((unsigned char)b[0]));
	fmt_bs_token(out, b + 1);
	if (copies > 1)
		fprintf(out, "-%u", copies);
	fputs(" 1", out);
}

/* A configuration line: the value as given (control characters escaped,
 * so it stays one line). */
static void fmt_bs_config(FILE *out, const char *key, const char *value)
{
	char buf[4096];

	escape_str(value, buf, sizeof(buf));
	fprintf(out, "%s: %s\n", key, buf);
}

/* Value i of boot g of a row's side s: its index in st->v, or -1. */
static long fmt_bs_index(const struct compare_stat *st, size_t g, size_t i)
{
	size_t off = 0;

	if (!st->supported)
		return -1;
	if (!st->n_groups)
		return g == 0 && i < st->n ? (long)i : -1;
	if (g >= st->n_groups || i >= st->group_len[g])
		return -1;
	for (size_t k = 0; k < g; k++)
		off += st->group_len[k];
	return (long)(off + i);
}

/* Side s, boot g: the lines of rows [r, end) (one benchmark). */
static void fmt_bs_bench(const struct compare_model *m, size_t s, size_t g,
			 size_t r, size_t end, FILE *out)
{
	for (size_t i = 0;; i++) {
		bool any = false;

		for (size_t k = r; k < end && !any; k++)
			any = fmt_bs_index(&m->rows[k].stat[s], g, i) >= 0;
		if (!any)
			return;
		fmt_bs_name(out, m->rows[r].bench, m->rows[r].stat[s].copies);
		for (size_t k = r; k < end; k++) {
			const struct compare_stat *st = &m->rows[k].stat[s];
			long at = fmt_bs_index(st, g, i);

			if (at >= 0)
				fmt_bs_value(out, m->rows[k].metric,
					     m->rows[k].unit, st->v[at]);
		}
		fputc('\n', out);
	}
}

/* After the data, abstat's verdict on every primary row, the word the
 * tables print (benchstat reads a configuration line and ignores it
 * when no benchmark follows). */
static void fmt_bs_verdicts(const struct compare_model *m, FILE *out)
{
	for (size_t s = 1; s < m->n_sides; s++)
		for (size_t r = 0; r < m->n_rows; r++) {
			const struct compare_row *row = &m->rows[r];
			const char *w = compare_verdict_word(m, row, s);

			if (!row->primary || !w)
				continue;
			fputs("abstat-verdict: ", out);
			fmt_bs_token(out, m->labels[s]);
			fputc(' ', out);
			fmt_bs_token(out, row->bench);
			fputc(' ', out);
			fmt_bs_token(out, row->metric);
			fprintf(out, " %s\n", w);
		}
}

void fmt_benchstat(const struct compare_model *m, FILE *out)
{
	bool boots = false;

	for (size_t s = 0; s < m->n_sides; s++)
		boots |= m->boots[s] > 1;
	fprintf(out, "abstat-seed: %llu\n", (unsigned long long)m->seed);
	if (m->host)
		fmt_bs_config(out, "host", m->host);
	for (size_t s = 0; s < m->n_sides; s++) {
		size_t n_boots = 1;

		fmt_bs_config(out, "side", m->labels[s]);
		for (size_t r = 0; r < m->n_rows; r++)
			if (m->rows[r].stat[s].n_groups > n_boots)
				n_boots = m->rows[r].stat[s].n_groups;
		for (size_t g = 0; g < n_boots; g++) {
			if (boots)
				fprintf(out, "boot: %zu\n", g + 1);
			for (size_t r = 0; r < m->n_rows;) {
				size_t end = r;

				while (end < m->n_rows &&
				       !strcmp(m->rows[end].bench,
					       m->rows[r].bench))
					end++;
				fmt_bs_bench(m, s, g, r, end, out);
				r = end;
			}
		}
	}
	fmt_bs_verdicts(m, out);
}

static bool fmt_bs_wanted(const struct metric *m, const char *metrics,
			  const char *events)
{
	if (!m->supported)
		return false;
	if (!metrics && !events)
		return true;
	return compare_check_list_has(metrics, m->name) ||
	       compare_check_list_has(events, m->name);
}

void fmt_benchstat_result(const struct result *r, const char *metrics,
			  const char *events, FILE *out)
{
	for (size_t b = 0; b < r->n_bench; b++) {
		struct metric_set set;

		if (metrics_extract(r, &r->bench[b], &set))
			continue;
		for (size_t i = 0;; i++) {
			bool any = false;

			for (size_t k = 0; k < set.n && !any; k++)
				any = i < set.m[k].n &&
				      fmt_bs_wanted(&set.m[k], metrics,
						    events);
			if (!any)
				break;
			fmt_bs_name(out, r->bench[b].name, r->bench[b].copies);
			for (size_t k = 0; k < set.n; k++)
				if (fmt_bs_wanted(&set.m[k], metrics, events) &&
				    i < set.m[k].n)
					fmt_bs_value(out, set.m[k].name,
						     set.m[k].unit,
						     set.m[k].v[i]);
			fputc('\n', out);
		}
		metrics_free(&set);
	}
}
