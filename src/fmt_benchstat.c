// SPDX-License-Identifier: MIT
/*
 * fmt_benchstat: the Go benchmark format, so golang.org/x/perf/cmd/benchstat
 * can re-analyse abstat's runs: a "side: LABEL" configuration line per side
 * (benchstat -col side), then one line per measured run,
 * "BenchmarkName 1 value unit value unit ...". Units are the metric names
 * (ns/op stays ns/op; others get their unit appended, "wall-ns"); the
 * format has no spaces in names or units, so they become '_'.
 */
#include <ctype.h>
#include <string.h>

#include "escape.h"
#include "format.h"

/* One benchstat token: control characters escaped (escape.h), blanks as
 * '_' */
static void fmt_bs_token(FILE *out, const char *raw)
{
	char buf[4096];

	escape_str(raw, buf, sizeof(buf));
	for (const char *s = buf; *s; s++)
		fputc(*s == ' ' ? '_' : *s, out);
}

static void fmt_bs_unit(FILE *out, const struct compare_row *r)
{
	fmt_bs_token(out, r->metric);
	if (r->unit[0] && strchr(r->metric, '/') == NULL &&
	    strcmp(r->unit, r->metric)) {
		fputc('-', out);
		fmt_bs_token(out, r->unit);
	}
}

void fmt_benchstat(const struct compare_model *m, FILE *out)
{
	fprintf(out, "abstat-seed: %llu\n", (unsigned long long)m->seed);
	for (size_t s = 0; s < m->n_sides; s++) {
		fputs("side: ", out);
		fmt_bs_token(out, m->labels[s]);
		fputc('\n', out);
		for (size_t r = 0; r < m->n_rows;) {
			size_t end = r, most = 0;

			while (end < m->n_rows &&
			       !strcmp(m->rows[end].bench, m->rows[r].bench))
				end++;
			for (size_t k = r; k < end; k++)
				if (m->rows[k].stat[s].supported &&
				    m->rows[k].stat[s].n > most)
					most = m->rows[k].stat[s].n;
			for (size_t i = 0; i < most; i++) {
				char b[512];

				escape_str(m->rows[r].bench, b, sizeof(b));
				fprintf(out, "Benchmark%c", toupper((unsigned char)b[0]));
				fmt_bs_token(out, b + 1);
				fputs(" 1", out);
				for (size_t k = r; k < end; k++) {
					const struct compare_stat *st =
						&m->rows[k].stat[s];

					if (!st->supported || i >= st->n)
						continue;
					fprintf(out, " %.10g ", st->v[i]);
					fmt_bs_unit(out, &m->rows[k]);
				}
				fputc('\n', out);
			}
			r = end;
		}
	}
}
