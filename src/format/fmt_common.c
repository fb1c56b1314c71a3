// SPDX-License-Identifier: MIT
/*
 * fmt_common: what the table formats share: number and percentage
 * formatting, the cells of a row, the text tables' lines and row headings
 * and the markdown escapes, so text, mail and markdown say the same thing
 * in the same words (the title, footer and geomean note: fmt_title.c). It
 * calls no format (format.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "escape.h"
#include "format.h"
#include "term.h"

bool fmt_colour(FILE *out)
{
	return term_colour(fileno(out));
}

/* v of 1e21 and up as "-1.7e308": 2 digits, no '+', the exponent's own
 * digits, within 8 columns (a cell cut "-1.7e+308" to "-1.7e+30"). */
static void fmt_value_huge(double v, char *buf, size_t len)
{
	char tmp[32], *e, *d;

	snprintf(tmp, sizeof(tmp), "%.2g", v);
	e = strchr(tmp, 'e');
	if (e) {
		d = e + 1 + (e[1] == '+');
		while (*d == '0' && d[1])
			d++;
		memmove(e + 1, d, strlen(d) + 1);
	}
	snprintf(buf, len, "%s", tmp);
}

void fmt_value(double v, char *buf, size_t len)
{
	static const char suffix[] = "kMGTPE";
	double a = fabs(v), orig = v;
	int k = -1;

	if (!isfinite(v)) { /* no "infE": what it is, with no prefix */
		snprintf(buf, len, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" :
								 "inf");
		return;
	}
	if (a == 0) {
		snprintf(buf, len, "0");
		return;
	}
	if (a < 1e5) {
		snprintf(buf, len, a >= 100 ? "%.0f" : a >= 1e-3 ? "%.4g" :
							     "%.2e", v);
		return;
	}
	do { /* a >= 1e5: once at least */
		a /= 1000;
		v /= 1000;
		k++;
	} while (a >= 999.95 && k < 5);
	if (a >= 999.95) /* beyond E (1e21 and up): "1.7e308", not "1e+290E" */
		fmt_value_huge(orig, buf, len);
	else
		snprintf(buf, len, "%.4g%c", v, suffix[k]);
}

/* A size row (unit "B", or maxrss's "kB": KiB, as getrusage counts them)
 * scaled as pyperf scales memory, by 1024: the largest of B, KiB, MiB,
 * GiB, TiB in which ref is at least 1 (a kB row never below KiB). */
static double fmt_size_scale(const char *unit, double ref,
			     const char **name)
{
	static const char *const names[] = { "B", "KiB", "MiB", "GiB",
					      "TiB" };
	double in = strcmp(unit, "B") ? 1024 : 1; /* the row's unit, B */
	double div = 1;
	int i = 0;

	while (i < 4 && fabs(ref) * in >= div * 1024) {
		div *= 1024;
		i++;
	}
	if (!i && in > 1) {
		div = 1024;
		i = 1;
	}
	*name = names[i];
	return div / in;
}

bool fmt_unit_scaled(const char *unit)
{
	return !strcmp(unit, "ns") || !strcmp(unit, "B") ||
	       !strcmp(unit, "kB");
}

double fmt_time_scale(enum time_unit u, const char *unit, double ref,
		      const char **name)
{
	static const char *const names[] = { "ns", "us", "ms", "s" };
	static const double div[] = { 1, 1e3, 1e6, 1e9 };
	int i = 0;

	*name = unit;
	if (!strcmp(unit, "B") || !strcmp(unit, "kB"))
		return fmt_size_scale(unit, ref, name);
	if (strcmp(unit, "ns"))
		return 1;
	if (u != TIME_UNIT_AUTO)
		i = (int)u - TIME_UNIT_NS;
	else
		while (i < 3 && fabs(ref) >= div[i + 1])
			i++;
	*name = names[i];
	return div[i];
}

void fmt_scaled(double v, double div, char *buf, size_t len)
{
	double x = v / div;

	/* seconds have no larger unit: 1e15 ns is "1e+06", not "1M" (of
	 * seconds, read as mega-something) */
	if (div == 1e9 && fabs(x) >= 1e5)
		snprintf(buf, len, "%.3g", x);
	else if (div == 1 || fabs(x) >= 1e4 || fabs(x) < 1e-3 || x == 0)
		fmt_value(x, buf, len);
	else
		snprintf(buf, len, "%.4g", x);
}

double fmt_points(double frac)
{
	double x = frac * 100;

	return fabs(x) < 0.05 ? 0 : x;
}

void fmt_pct(double frac, char *buf, size_t len)
{
	double x = fmt_points(frac);

	snprintf(buf, len, fabs(x) < 99.95 ? "%+.1f%%" : "%+.0f%%", x);
}

/* A change in the row's own unit (zero baseline): "+1", "-2.5", "+12k". */
static void fmt_abs(double v, char *buf, size_t len)
{
	char x[24];

	fmt_value(fabs(v), x, sizeof(x));
	snprintf(buf, len, "%c%.20s", v < 0 ? '-' : '+', x);
}

static void fmt_ci(double lo, double hi, bool absolute, char *buf,
		   size_t len)
{
	char x[24], y[24];

	if (absolute) {
		fmt_abs(lo, x, sizeof(x));
		fmt_abs(hi, y, sizeof(y));
	} else {
		fmt_pct(lo, x, sizeof(x));
		fmt_pct(hi, y, sizeof(y));
		/* drop the '%' signs: the column head says it is a
		 * percentage */
		x[strlen(x) - 1] = '\0';
		y[strlen(y) - 1] = '\0';
	}
	snprintf(buf, len, "[%.12s,%.12s]", x, y);
}

const char *fmt_label(const struct compare_model *m, size_t s, char *buf,
		      size_t len)
{
	escape_str(m->labels[s], buf, len);
	return buf;
}

const char *fmt_label_fit(const struct compare_model *m, size_t s, int w,
			  char *buf, size_t len)
{
	size_t n = strlen(fmt_label(m, s, buf, len));

	if ((int)n > w && w > 2) {
		memmove(buf + 2, buf + n - (size_t)(w - 2), (size_t)(w - 2) + 1);
		buf[0] = buf[1] = '.';
	}
	return buf;
}

enum fmt_view fmt_view(const struct compare_model *m)
{
	if (m->n_bench <= 1)
		return FMT_VIEW_SINGLE;
	return m->n_rows == m->n_bench ? FMT_VIEW_SUITE : FMT_VIEW_GROUPS;
}

bool fmt_one_metric(const struct compare_model *m)
{
	for (size_t r = 1; r < m->n_rows; r++)
		if (strcmp(m->rows[r].metric, m->rows[0].metric))
			return false;
	return true;
}

const char *fmt_center_head(const struct compare_model *m)
{
	return m->center == CENTER_MEAN ? "mean" : "median";
}

/* The spread of one side: its cv (SD over mean of the runs, or of the
 * boots' centers with several boots), a percentage. A dispersion, not an
 * interval: symmetric by definition. The median's asymmetric interval is
 * in csv and json. */
static void fmt_spread(const struct compare_stat *st, char *buf, size_t len)
{
	double x = st->cv * 100;

	if (st->run.mean == 0 && st->center == 0) {
		snprintf(buf, len, "-");
		return;
	}
	snprintf(buf, len, x < 99.95 ? "%.1f%%" : "%.0f%%", x);
}

const char *fmt_stat_state(const struct compare_stat *st)
{
	if (!st->present)
		return "<missing>";
	if (!st->supported)
		return "<not supported>";
	if (!st->n)
		return "<not counted>";
	return NULL;
}

static void fmt_name(const struct compare_model *m,
		     const struct compare_row *r, char *buf, size_t len)
{
	char star[8] = "";
	char bench[72], metric[72];

	/* as shown: control characters escaped (escape.h) */
	escape_str(r->bench, bench, sizeof(bench));
	escape_str(r->metric, metric, sizeof(metric));

	/* [m]: a model's count, never a hardware counter's (the footer) */
	if (r->modelled)
		strcpy(star, "[m]");
	/* [e]: the emulator's count (the x86_64 lab's plugin) */
	if (r->emulated)
		strcpy(star, "[e]");
	for (size_t s = 0; s < m->n_sides; s++)
		if (r->stat[s].scaled) {
			strcat(star, "*");
			break;
		}
	switch (fmt_view(m)) {
	case FMT_VIEW_SUITE:
		if (fmt_one_metric(m))
			snprintf(buf, len, "%s%s", bench, star);
		else
			snprintf(buf, len, "%s %s%s", bench, metric,
				 star);
		break;
	case FMT_VIEW_GROUPS:
		snprintf(buf, len, "  %s%s", metric, star);
		break;
	default:
		snprintf(buf, len, "%s%s", metric, star);
	}
}

/* The value a time row's unit is chosen for: the baseline's center, or
 * the largest center of the row when the baseline's is 0 (every side of
 * a row in one unit). */
double fmt_typical(const struct stats_summary *s)
{
	return fabs(s->median) ? fabs(s->median) :
	       fabs(s->mean) ? fabs(s->mean) : fmax(fabs(s->min), fabs(s->max));
}

static double fmt_row_ref(const struct compare_model *m,
			  const struct compare_row *r)
{
	double ref = fabs(r->stat[0].center);

	for (size_t s = 1; ref == 0 && s < m->n_sides; s++)
		if (r->stat[s].present && r->stat[s].n)
			ref = fmax(ref, fabs(r->stat[s].center));
	/* every center 0 (a sys row of mostly 0 with a few ms): the runs'
	 * typical value, never ns for a row whose mean is milliseconds */
	for (size_t s = 0; ref == 0 && s < m->n_sides; s++)
		if (r->stat[s].present && r->stat[s].n)
			ref = fmax(ref, fmt_typical(&r->stat[s].run));
	/* every value 0: the interval's ends, so that delta and interval
	 * share the unit ("+0ns [-1.224M,...]" was ns beside millions) */
	for (size_t s = 1; ref == 0 && s < m->n_sides; s++)
		if (r->delta[s].has_delta)
			ref = fmax(ref, fmax(fabs(r->delta[s].lo),
					     fabs(r->delta[s].hi)));
	return ref;
}

void fmt_p(const struct compare_delta *d, char *buf, size_t len)
{
	double p = d->in_family ? d->p_holm : d->p;

	/* below the boot rule no p: it would read as a verdict */
	if (!d->has_p || d->few_boots)
		snprintf(buf, len, "-");
	else if (p < 0.001)
		snprintf(buf, len, "<0.001");
	else
		snprintf(buf, len, "%.3f", p);
}

/* The interval as +- its half width, for a table that has no room for
 * both ends ("+-4.2": points; in the row's unit when absolute). */
static void fmt_pm(const struct compare_delta *d, double div,
		   struct fmt_cells *c)
{
	double half = (d->hi - d->lo) / 2;
	char x[24];

	if (d->exact || !d->has_p) {
		snprintf(c->pm, sizeof(c->pm), "%.20s", c->ci);
		return;
	}
	if (d->absolute)
		fmt_value(half / div, x, sizeof(x));
	else
		snprintf(x, sizeof(x), "%.1f", fmt_points(half));
	snprintf(c->pm, sizeof(c->pm), "+-%.12s%s", x,
		 d->ci_disagrees ? "!" : "");
}

enum fmt_row_show fmt_row_show(const struct compare_model *m,
			       const struct compare_row *r)
{
	bool uncounted = true, zero = true;

	if (m->all_rows || r->primary || r->asked)
		return FMT_ROW_SHOWN;
	/* a count that stayed 0 (migrations, faults); a time of 0 or a
	 * score of 0 is a measurement */
	zero = r->kind == METRIC_COUNTER || r->kind == METRIC_PER_OP;
	for (size_t s = 0; s < m->n_sides; s++) {
		const struct compare_stat *st = &r->stat[s];

		if (!st->present)
			return FMT_ROW_SHOWN;
		uncounted &= fmt_stat_state(st) != NULL;
		zero &= !fmt_stat_state(st) && st->n && st->run.min == 0 &&
			st->run.max == 0;
	}
	return uncounted ? FMT_ROW_UNCOUNTED :
	       zero	 ? FMT_ROW_ZERO : FMT_ROW_SHOWN;
}

/* Row r is left out as what, for the same reason as reason (NULL: any). */
static bool fmt_left_out_as(const struct compare_model *m, size_t r,
			    enum fmt_row_show what, const char *reason)
{
	const char *o = m->rows[r].stat[0].reason;

	if (fmt_row_show(m, &m->rows[r]) != what)
		return false;
	return what == FMT_ROW_ZERO || (!o && !reason) ||
	       (o && reason && !strcmp(o, reason));
}

/* Row r is the first left out as what (for its reason) with its metric's
 * name: a suite's rows name each metric once. */
static bool fmt_left_out_first(const struct compare_model *m, size_t r,
			       enum fmt_row_show what)
{
	const char *reason = m->rows[r].stat[0].reason;

	for (size_t i = 0; i < r; i++)
		if (fmt_left_out_as(m, i, what, reason) &&
		    !strcmp(m->rows[i].metric, m->rows[r].metric))
			return false;
	return true;
}

void fmt_names_line(FILE *out, int width, const char *head,
		    const char *const *names, size_t n)
{
	char buf[1100], more[64] = "";
	size_t shown = 0;
	int k = snprintf(buf, sizeof(buf), "%s", head);

	for (; shown < n; shown++) {
		bool last = shown + 1 == n;

		snprintf(more, sizeof(more), " and %zu more (--all-rows)",
			 n - shown - (last ? 0 : 1));
		if (shown && k + 2 + (int)strlen(names[shown]) +
				     (last ? 0 : (int)strlen(more)) > width) {
			snprintf(more, sizeof(more), " and %zu more (--all-rows)",
				 n - shown);
			break;
		}
		k += snprintf(buf + k, sizeof(buf) - (size_t)k, "%s %.200s",
			      shown ? "," : "", names[shown]);
		if (k >= (int)sizeof(buf) - 264)
			break;
	}
	if (shown < n)
		snprintf(buf + k, sizeof(buf) - (size_t)k, "%s", more);
	fmt_text_line(out, width, buf);
}

/* One line of the names left out as what for reason, from row first on
 * (fmt_names_line). */
static void fmt_left_out_names(const struct compare_model *m, size_t first,
			       enum fmt_row_show what, const char *reason,
			       FILE *out, int width)
{
	const char **names = calloc(m->n_rows + 1, sizeof(*names));
	size_t n = 0;

	if (!names)
		return;
	for (size_t i = first; i < m->n_rows; i++)
		if (fmt_left_out_as(m, i, what, reason) &&
		    fmt_left_out_first(m, i, what))
			names[n++] = m->rows[i].metric;
	fmt_names_line(out, width, what == FMT_ROW_ZERO ?
			       "zero in every run on every side:" :
			       "not counted here:", names, n);
	free(names);
}

void fmt_rows_left_out(const struct compare_model *m, enum fmt_row_show what,
		       FILE *out, int width)
{
	char buf[1024];

	for (size_t r = 0; r < m->n_rows; r++) {
		const char *reason = m->rows[r].stat[0].reason;
		bool first = true;

		if (!fmt_left_out_as(m, r, what, reason))
			continue;
		/* a line a reason, at the first row that has it */
		for (size_t i = 0; i < r && first; i++)
			first = !fmt_left_out_as(m, i, what, reason);
		if (!first)
			continue;
		fmt_left_out_names(m, r, what, reason, out, width);
		if (what == FMT_ROW_ZERO)
			return;
		snprintf(buf, sizeof(buf), "(%s)", reason ? reason : "no value");
		fmt_text_wrap(out, width, "  ", "  ", buf);
	}
}

void fmt_row_cells(const struct compare_model *m, const struct compare_row *r,
		   size_t s, struct fmt_cells *c)
{
	const struct compare_stat *a = &r->stat[0], *b = &r->stat[s];
	const struct compare_delta *d = &r->delta[s];
	const char *sa = fmt_stat_state(a), *sb = fmt_stat_state(b);
	const char *tu;
	char x[24];
	double div;

	memset(c, 0, sizeof(*c));
	fmt_name(m, r, c->name, sizeof(c->name));
	if (sa || sb) {
		c->special = true;
		if (sa && sb && !strcmp(sa, sb))
			snprintf(c->msg, sizeof(c->msg), "%s", sa);
		else
			snprintf(c->msg, sizeof(c->msg), "%s on %s",
				 sa ? sa : sb, m->labels[sa ? 0 : s]);
		c->reason = sa ? a->reason : b->reason;
		return;
	}
	div = fmt_time_scale(m->time_unit, r->unit, fmt_row_ref(m, r), &tu);
	if (!fmt_unit_scaled(r->unit))
		tu = ""; /* not a time or size: the unit left out */
	fmt_scaled(a->center, div, x, sizeof(x));
	snprintf(c->ca, sizeof(c->ca), "%.8s%s", x, tu);
	fmt_scaled(b->center, div, x, sizeof(x));
	snprintf(c->cb, sizeof(c->cb), "%.8s%s", x, tu);
	fmt_spread(a, c->pa, sizeof(c->pa));
	fmt_spread(b, c->pb, sizeof(c->pb));
	snprintf(c->n, sizeof(c->n), "%zu/%zu", a->n, b->n);
	if (!d->has_delta) {
		snprintf(c->delta, sizeof(c->delta), "?");
		snprintf(c->msg, sizeof(c->msg), "%s",
			 d->why ? d->why : "undetermined");
		return;
	}
	/* the point delta in every row, with its verdict beside it */
	if (d->absolute) {
		fmt_abs(d->delta / div, x, sizeof(x));
		snprintf(c->delta, sizeof(c->delta), "%.12s%s", x, tu);
	}
	else
		fmt_pct(d->delta, c->delta, sizeof(c->delta));
	if (r->primary && compare_verdict_changes(d->verdict))
		c->sign = d->regression ? -1 : 1;
	if (d->verdict != VERDICT_SECONDARY)
		snprintf(c->verdict, sizeof(c->verdict), "%s",
			 compare_verdict_word(m, r, s) ?
				 compare_verdict_word(m, r, s) : "");
	/* too few runs, undetermined: no test ran, the verdict cell holds
	 * the one word every format prints ("<4 runs", "?") */
	if (d->verdict == VERDICT_TOO_FEW_RUNS ||
	    d->verdict == VERDICT_UNDETERMINED ||
	    (d->verdict == VERDICT_SECONDARY && !d->has_p && !d->exact)) {
		snprintf(c->ci, sizeof(c->ci), "-");
		snprintf(c->p, sizeof(c->p), "-");
		return;
	}
	if (d->exact)
		snprintf(c->ci, sizeof(c->ci), "exact");
	else if (d->has_p)
		fmt_ci(d->lo / (d->absolute ? div : 1),
		       d->hi / (d->absolute ? div : 1), d->absolute, c->ci,
		       sizeof(c->ci));
	else
		snprintf(c->ci, sizeof(c->ci), "-");
	if (d->ci_disagrees)
		strcat(c->ci, "!");
	fmt_pm(d, div, c);
	fmt_p(d, c->p, sizeof(c->p));
}

void fmt_geomean_cells(const struct compare_model *m, size_t s,
		       struct fmt_cells *c)
{
	const struct compare_geomean *g = &m->geomean[s];

	memset(c, 0, sizeof(*c));
	snprintf(c->name, sizeof(c->name), "geomean");
	if (!g->has) {
		snprintf(c->delta, sizeof(c->delta), "?");
		snprintf(c->msg, sizeof(c->msg), "%s", g->why);
		return;
	}
	fmt_pct(g->delta, c->delta, sizeof(c->delta));
	fmt_ci(g->lo, g->hi, false, c->ci, sizeof(c->ci));
	snprintf(c->p, sizeof(c->p), "-");
	if (g->left_out)
		snprintf(c->verdict, sizeof(c->verdict), "(%zu of %zu)", g->n,
			 g->n + g->left_out);
}

bool fmt_cut(FILE *out, int width)
{
	return width <= FMT_MAIL_WIDTH || isatty(fileno(out));
}

/* One line, its control characters escaped (escape.h), cut with "..."
 * when longer where fmt_cut says so: on a terminal at its own width when
 * that is wider than width (a 200-column one shows 200), in a mail at
 * width. */
void fmt_text_line(FILE *out, int width, const char *s)
{
	char shown[4096];
	int n, limit = width;

	escape_str(s, shown, sizeof(shown));
	n = (int)strlen(shown);
	if (n > width && width > FMT_MAIL_WIDTH && isatty(fileno(out)) &&
	    term_width(fileno(out)) > limit)
		limit = term_width(fileno(out));
	if (n <= limit || !fmt_cut(out, width))
		fprintf(out, "%s\n", shown);
	else
		fprintf(out, "%.*s...\n", limit - 3, shown);
}

void fmt_row_heads(const struct compare_model *m,
		   const struct compare_row *row, const char **last_bench,
		   bool *last_primary, const char *secondary, int width,
		   FILE *out)
{
	char buf[128];

	if (fmt_view(m) == FMT_VIEW_GROUPS &&
	    (!*last_bench || strcmp(*last_bench, row->bench))) {
		fmt_text_line(out, width, row->bench);
		*last_bench = row->bench;
		*last_primary = true;
	}
	if (!row->primary && *last_primary) {
		snprintf(buf, sizeof(buf), "%s(secondary: %s)",
			 fmt_view(m) == FMT_VIEW_GROUPS ? "  " : "", secondary);
		fmt_text_line(out, width, buf);
	}
	*last_primary = row->primary;
}

void fmt_legend(const struct compare_model *m, FILE *out, int width)
{
	char buf[4096];
	size_t k = (size_t)snprintf(buf, sizeof(buf), "sides in full:");

	for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, " %s%s%s",
				      m->labels[s], s ? "" : " (baseline)",
				      s + 1 < m->n_sides ? ";" : "");
	fmt_text_wrap(out, width, "", "  ", buf);
}
