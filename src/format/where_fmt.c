// SPDX-License-Identifier: MIT
/*
 * where_fmt: the where table as text (80 columns, 72 for mail:
 * a function name longer than its column gets a line of its own) and as
 * JSON. Shares and deltas in percentage points; p is Holm-adjusted over
 * every function tested; the verdict words are the main table's.
 */
#include <stdio.h>
#include <string.h>

#include "where.h"
#include "escape.h"
#include "format.h"

/* The columns after the name: " A% B% delta interval! p sig" (the
 * verdict word at most 7: "session"; '!' as in the main table,
 * compare_delta.ci_disagrees). */
#define WHERE_NUMS 49

/* The main table's words for a tested row (compare_verdict_word). */
static const char *where_word(const struct compare_model *m,
			      const struct compare_delta *d)
{
	struct compare_delta ds[2] = { { 0 }, *d };
	const struct compare_row row = { .primary = true, .delta = ds };
	const char *w = compare_verdict_word(m, &row, 1);

	return w ? w : "?";
}

static void where_p(const struct compare_delta *d, char *buf, size_t len)
{
	if (d->exact)
		snprintf(buf, len, "exact");
	else if (!d->in_family)
		snprintf(buf, len, "-");
	else if (d->p_holm < 0.0001)
		snprintf(buf, len, "<.0001");
	else
		snprintf(buf, len, "%.4f", d->p_holm);
}

static void where_line(const struct compare_model *m,
		       const struct where_row *r, int name_w, FILE *out)
{
	char name[512], ci[40], p[16];
	int len;

	escape_str(r->func, name, sizeof(name));
	len = (int)strlen(name);
	snprintf(ci, sizeof(ci), "[%+.1f,%+.1f]", fmt_points(r->d.lo),
		 fmt_points(r->d.hi));
	where_p(&r->d, p, sizeof(p));
	if (len > name_w) {
		fprintf(out, "%s\n", name);
		name[0] = '\0';
	}
	fprintf(out, "%-*s %5.1f %5.1f %+6.1f %13s%c %6s %s\n", name_w,
		name, fmt_points(r->a), fmt_points(r->b), fmt_points(r->d.delta),
		ci, r->d.ci_disagrees ? '!' : ' ', p, where_word(m, &r->d));
}

/* The smallest two-sided p of Mann-Whitney U with na and nb runs (all of
 * one side below all of the other): 2 / C(na + nb, na). */
static double where_min_p(size_t na, size_t nb)
{
	double c = 1;

	for (size_t i = 1; i <= na; i++)
		c = c * (double)(nb + i) / (double)i;
	return fmin(1, 2 / c);
}

/* With too few runs no function can be named whatever moved (Holm over
 * every function tested): say so, and the runs a side that could. */
static void where_runs_note(const struct compare_model *m,
			    const struct where_table *t, int width, FILE *out)
{
	char buf[320];
	size_t na = t->rows[0].na, nb = t->rows[0].nb, need = 2;
	double k = (double)t->n_tests;

	for (size_t i = 1; i < t->n_rows; i++) {
		na = t->rows[i].na < na ? t->rows[i].na : na;
		nb = t->rows[i].nb < nb ? t->rows[i].nb : nb;
	}
	if (!t->n_tests || k * where_min_p(na, nb) < m->alpha)
		return;
	while (need < 1000 && k * where_min_p(need, need) >= m->alpha)
		need++;
	snprintf(buf, sizeof(buf), "where: with %zu/%zu runs no function can be named: the smallest p is %.4f, Holm over %zu needs one below %.4f; %zu runs a side can",
		 na, nb, where_min_p(na, nb), t->n_tests, m->alpha / k, need);
	fmt_text_wrap(out, width, "", "  ", buf);
}

void where_print(const struct compare_model *m, const struct where_table *t,
		 int width, FILE *out)
{
	int name_w = width - WHERE_NUMS;
	char a[64], b[64];
	const char *bench = NULL;
	size_t side = 0;

	for (size_t i = 0; i < t->n_rows; i++) {
		const struct where_row *r = &t->rows[i];

		if (!i || r->side != side) {
			side = r->side;
			fmt_label(m, 0, a, sizeof(a));
			fmt_label(m, side, b, sizeof(b));
			fprintf(out, "\nwhere: self share of samples, %% (A: %.24s, B: %.24s)\n",
				a, b);
			fprintf(out, "%-*s %5s %5s %6s %13s  %6s %s\n", name_w,
				"function", "A", "B", "delta", "interval",
				"p", "sig");
			bench = NULL;
		}
		if (m->n_bench > 1 && (!bench || strcmp(bench, r->bench))) {
			char nb[128];

			escape_str(r->bench, nb, sizeof(nb));
			fprintf(out, "[%.*s]\n", width - 2, nb);
			bench = r->bench;
		}
		where_line(m, r, name_w, out);
	}
	if (!t->n_rows)
		fprintf(out, "\nwhere: no function's self share moved by 0.05 points or more (%zu functions)\n",
			t->n_tests);
	else
		fprintf(out, "points, B - A; %s; Holm over %zu functions\n",
			t->boots ? "boots are the unit" : "runs are the unit",
			t->n_tests);
	if (t->n_rows && !t->boots)
		where_runs_note(m, t, width, out);
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->rows[i].d.ci_disagrees) {
			fmt_text_wrap(out, width, "", "  ", FMT_DISAGREE_NOTE);
			break;
		}
}

json_t *where_json(const struct compare_model *m, const struct where_table *t)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < t->n_rows; i++) {
		const struct where_row *r = &t->rows[i];
		const struct compare_delta *d = &r->d;
		json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:f, s:f, s:f, s:f, s:f, s:s}",
				      "benchmark", r->bench, "function",
				      r->func, "side", m->labels[r->side],
				      "n_a", (json_int_t)r->na,
				      "n_b", (json_int_t)r->nb,
				      "share_a", r->a, "share_b", r->b,
				      "delta_pts", d->delta * 100,
				      "lo_pts", d->lo * 100,
				      "hi_pts", d->hi * 100, "verdict",
				      compare_verdict_name(d->verdict));

		if (o && d->in_family) {
			json_object_set_new(o, "p", json_real(d->p));
			json_object_set_new(o, "p_holm", json_real(d->p_holm));
			json_object_set_new(o, "interval_disagrees",
					    json_boolean(d->ci_disagrees));
		}
		if (!o || json_array_append_new(a, o)) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}
