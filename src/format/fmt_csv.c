// SPDX-License-Identifier: MIT
/* fmt_csv: one line per row and side (RFC 4180 quoting), every number at
 * full precision; empty fields where a number has no meaning. The last
 * column is the one host of every file (compare_model.host, empty when
 * several or none recorded): it names each document of --by host. */
#include <math.h>
#include <string.h>

#include "escape.h"
#include "format.h"

/* s as a csv field: control characters escaped (escape.h), quoted when it
 * holds a comma or a quote */
static void fmt_csv_str(FILE *out, const char *raw)
{
	char buf[4096];
	const char *s = buf;

	escape_str(raw, buf, sizeof(buf));
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* ",HOST" and the end of a line */
static void fmt_csv_end(const struct compare_model *m, FILE *out)
{
	fputc(',', out);
	if (m->host)
		fmt_csv_str(out, m->host);
	fputc('\n', out);
}

static void fmt_csv_num(FILE *out, bool ok, double v)
{
	if (ok && isfinite(v))
		fprintf(out, ",%.10g", v);
	else
		fputs(",", out);
}

void fmt_csv(const struct compare_model *m, FILE *out)
{
	fputs("benchmark,metric,unit,side,label,n,center,median,median_lo,median_hi,mean,sd,min,max,status,delta,delta_lo,delta_hi,p,p_holm,verdict,primary,absolute,word,host\n",
	      out);
	for (size_t r = 0; r < m->n_rows; r++) {
		const struct compare_row *row = &m->rows[r];

		for (size_t s = 0; s < m->n_sides; s++) {
			const struct compare_stat *st = &row->stat[s];
			const struct compare_delta *d = &row->delta[s];
			bool ok = st->present && st->supported && st->n;

			fmt_csv_str(out, row->bench);
			fputc(',', out);
			fmt_csv_str(out, row->metric);
			fputc(',', out);
			fmt_csv_str(out, row->unit);
			fprintf(out, ",%zu,", s);
			fmt_csv_str(out, m->labels[s]);
			fprintf(out, ",%zu", st->n);
			fmt_csv_num(out, ok, st->center);
			fmt_csv_num(out, ok, st->run.median);
			fmt_csv_num(out, ok, st->run.median_lo);
			fmt_csv_num(out, ok, st->run.median_hi);
			fmt_csv_num(out, ok, st->run.mean);
			fmt_csv_num(out, ok, st->run.sd);
			fmt_csv_num(out, ok, st->run.min);
			fmt_csv_num(out, ok, st->run.max);
			fprintf(out, ",%s", !st->present ? "missing" :
					    !st->supported ? "not-supported" :
					    !st->n ? "not-counted" :
					    st->scaled ? "scaled" : "ok");
			if (!s) {
				fprintf(out, ",,,,,,baseline,%d,,",
					row->primary);
				fmt_csv_end(m, out);
				continue;
			}
			fmt_csv_num(out, d->has_delta, d->delta);
			fmt_csv_num(out, fmt_has_interval(d), d->lo);
			fmt_csv_num(out, fmt_has_interval(d), d->hi);
			fmt_csv_num(out, d->has_p &&
				    !d->few_boots, d->p);
			fmt_csv_num(out, d->in_family, d->p_holm);
			fprintf(out, ",%s,%d,%d,",
				compare_verdict_name(d->verdict), row->primary,
				d->absolute);
			fmt_csv_str(out, compare_verdict_word(m, row, s) ?
				    compare_verdict_word(m, row, s) : "");
			fmt_csv_end(m, out);
		}
	}
	/* a suite's geomean: metric "geomean", n its benchmarks, no
	 * centers, status "geomean", no p and no verdict */
	for (size_t s = 1; m->geomean && s < m->n_sides; s++) {
		const struct compare_geomean *g = &m->geomean[s];

		fprintf(out, ",geomean,,%zu,", s);
		fmt_csv_str(out, m->labels[s]);
		fprintf(out, ",%zu,,,,,,,,,geomean", g->n);
		fmt_csv_num(out, g->has, g->delta);
		fmt_csv_num(out, g->has, g->lo);
		fmt_csv_num(out, g->has, g->hi);
		fputs(",,,,0,0,", out);
		fmt_csv_end(m, out);
	}
}
