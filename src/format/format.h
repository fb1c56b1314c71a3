/* SPDX-License-Identifier: MIT */
/*
 * format: the output formats of the compare model, one file each, chosen
 * in one place: format_print() (format.c) looks the format up in its
 * table of {name, print}. Each format file only prints and knows no other
 * format: text and mail (fmt_text.c, with fmt_wide.c its table of three
 * sides or more), markdown, csv, json, benchstat. What they share is in
 * fmt_common.c (cells, numbers, lines, title, footer, the geomean note,
 * markdown escapes) and fmt_env.c (the environment header); neither
 * calls a format. Every number comes from the model (compare.h), and
 * so do the where table of profiled sides (compare_model.where: text
 * and mail after the table, markdown in a fence, json a "where" key) and
 * the host heading a --by host table (fmt_host_head), which a format
 * may leave out.
 *
 * Adding a format (three files; test 233 adds one so): its file with
 * its print function (declared below), one row in FORMATS, and the
 * reader of its verdict word in tests/cli/038, which fails until the
 * format has one. What it prints from the results is escaped (a side's
 * label through fmt_label: test 064 runs every format on hostile ones).
 */
#ifndef ABSTAT_FORMAT_H
#define ABSTAT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare.h"

/*
 * The formats: the one list of them, in --format's order (the first is
 * the default). A row is X(ID, NAME, PRINT): its enum value FMT_ID, its
 * --format value and its print function (format.c's table is made of
 * these rows, and so is format_names, the command line's list).
 */
#define FORMATS(X)                              \
	X(TEXT, "text", format_text)            \
	X(MAIL, "mail", format_mail)            \
	X(MARKDOWN, "markdown", fmt_markdown)   \
	X(CSV, "csv", fmt_csv)                  \
	X(JSON, "json", fmt_json)               \
	X(BENCHSTAT, "benchstat", fmt_benchstat)

#define FORMAT_ENUM_(id, name, print) FMT_##id,
enum out_format { FORMATS(FORMAT_ENUM_) FMT_COUNT };
#undef FORMAT_ENUM_

/* "text", "mail", ...; the --format values, in enum order, NULL after
 * (FORMATS' names). */
extern const char *const format_names[FMT_COUNT + 1];
const char *format_name(enum out_format f);
/* The --format value named s, or -1. */
int format_find(const char *s);
/* The model in format f on out (mail: plain ASCII, 72 columns). */
void format_print(enum out_format f, const struct compare_model *m,
		  FILE *out);

#define FMT_TEXT_WIDTH 80
#define FMT_MAIL_WIDTH 72

/* The formats' print functions (format.c's table calls them). */
void fmt_text(const struct compare_model *m, FILE *out, int width,
	      bool colour);
/* fmt_wide.c: the text table of three sides or more, a column group per
 * side (fmt_text calls it; text and mail). */
void fmt_wide(const struct compare_model *m, FILE *out, int width);
void fmt_markdown(const struct compare_model *m, FILE *out);
void fmt_csv(const struct compare_model *m, FILE *out);
void fmt_json(const struct compare_model *m, FILE *out);
void fmt_benchstat(const struct compare_model *m, FILE *out);
/* One result's runs in the benchmark format (run and show): the metrics
 * named in metrics or events (comma lists), every one when both are NULL. */
void fmt_benchstat_result(const struct result *r, const char *metrics,
			  const char *events, FILE *out);

/* What the formats share (fmt_common.c, fmt_env.c). */

/* The environment header (fmt_env.c): every key that differs with every
 * side's value, long values as the words that differ, within width
 * columns; md: as a markdown list. */
void fmt_env(const struct compare_model *m, FILE *out, int width, bool md);

/* A character that markdown would take as markup or HTML ('<' starts a
 * tag: "<not supported>" renders as nothing on GitHub): written
 * backslashed in every markdown text. */
bool fmt_md_special(char c);
/* Colour on out only when it is a TTY and NO_COLOR is unset. */
bool fmt_colour(FILE *out);

/* A value in at most 7 characters, 4 significant digits: "1009",
 * "12480", "1.235M", "0.0123". */
void fmt_value(double v, char *buf, size_t len);
/* Before row in the text tables: its benchmark's heading (groups view)
 * when it starts one, "(secondary: what)" when the secondary rows start;
 * *last_bench and *last_primary carry the state from row to row. */
void fmt_row_heads(const struct compare_model *m,
		   const struct compare_row *row, const char **last_bench,
		   bool *last_primary, const char *secondary, int width,
		   FILE *out);
/* Whether a text line longer than width is cut on out: the 80 columns of
 * text are a terminal's, so only a terminal's lines are cut ("...");
 * into a pipe or a file each line is whole (command lines, headers,
 * reasons), for the script or log that keeps it. The mail format's width
 * (FMT_MAIL_WIDTH, and narrower) is mail's: cut wherever it goes. */
bool fmt_cut(FILE *out, int width);
/* One line, cut to width with "..." when longer and fmt_cut says so. */
void fmt_text_line(FILE *out, int width, const char *s);
/* raw (from a file: escaped) word-wrapped within width, first before its
 * first line and cont before the others; a word longer than a line is
 * folded, never cut (fmt_env.c). */
void fmt_text_wrap(FILE *out, int width, const char *first,
		   const char *cont, const char *raw);
/* A time row (unit "ns") in unit u: the divisor from ns and the unit's
 * name; TIME_UNIT_AUTO picks the largest unit in which ref (the row's
 * typical value, in ns) is at least 1. A size row (unit "B", or "kB" as
 * maxrss) by 1024 as pyperf: B, KiB, MiB, GiB, TiB, the largest in
 * which ref is at least 1 (u does not apply). Other rows: 1 and their
 * unit. */
double fmt_time_scale(enum time_unit u, const char *unit, double ref,
		      const char **name);
/* v (ns) / div as fmt_value() does, but 4 significant digits below 10000
 * when div scales a time ("202.1", not "202"). */
void fmt_scaled(double v, double div, char *buf, size_t len);
/* unit's rows are scaled (fmt_time_scale): the unit goes beside each
 * number of a compare table, as ms or MiB. */
bool fmt_unit_scaled(const char *unit);
/* The value a row's unit is chosen from: its median, else (a median of
 * 0) its mean, else the larger of |min| and |max|. */
double fmt_typical(const struct stats_summary *s);
/* A fraction as a signed percentage: "+3.7%", "-12%". */
void fmt_pct(double frac, char *buf, size_t len);
/* A fraction in percentage points for "%+.1f": 0 where it would print
 * as "-0.0" or "+0.0" (never a signed zero's "-0.0"). */
double fmt_points(double frac);

/* The cells of one row of one comparison (side s against side 0), as the
 * text and markdown tables print them. special: the row has no numbers
 * (msg says why: "<not supported>", ...). */
struct fmt_cells {
	char name[160];
	char ca[16], pa[16], cb[16], pb[16];
	char delta[24], ci[40], p[16], verdict[16], n[32];
	char pm[24];       /* the interval as +- its half width ("+-4.2") */
	char msg[64];      /* not-supported/too-few/... text, or "" */
	const char *reason; /* why not supported, or NULL */
	bool special;      /* no numbers at all: only name and msg */
	int sign;          /* colour: +1 improvement, -1 regression, 0 */
};

enum fmt_view {
	FMT_VIEW_SINGLE, /* one benchmark: rows are metrics */
	FMT_VIEW_SUITE,  /* one row per benchmark */
	FMT_VIEW_GROUPS, /* several benchmarks, several metrics each */
};

enum fmt_view fmt_view(const struct compare_model *m);
/* Whether a human table shows row r: FMT_ROW_UNCOUNTED, no side counted
 * it (<not supported>, <not counted>: named in one line instead), and
 * FMT_ROW_ZERO, zero on every side in every run (named in the footer),
 * are left out unless --all-rows; a primary row always shows. */
enum fmt_row_show { FMT_ROW_SHOWN, FMT_ROW_UNCOUNTED, FMT_ROW_ZERO };
enum fmt_row_show fmt_row_show(const struct compare_model *m,
			       const struct compare_row *r);
/* The rows a table left out, as lines under it: "not counted here: a,
 * b (reason)" for each reason, "zero in every run on every side: c, d".
 * what: FMT_ROW_UNCOUNTED or FMT_ROW_ZERO. */
void fmt_rows_left_out(const struct compare_model *m, enum fmt_row_show what,
		       FILE *out, int width);
/* "HEAD a, b, c" in one line of width, the names past it said as "and
 * N more (--all-rows)" (the rows a table left out: compare's, run's). */
void fmt_names_line(FILE *out, int width, const char *head,
		    const char *const *names, size_t n);
/* Every row of the table is of one metric (a suite's primary rows). */
bool fmt_one_metric(const struct compare_model *m);
/* "<missing>", "<not supported>", "<not counted>", or NULL: st has
 * values. */
const char *fmt_stat_state(const struct compare_stat *st);
/* What the geomean row is, as one paragraph ("" without a geomean);
 * with intervals, each side's interval too (the wide table has no
 * interval column). */
void fmt_geomean_note(const struct compare_model *m, bool intervals,
		      char *buf, size_t len);
/* Side s's label as shown: control characters escaped (escape.h; the
 * model keeps labels as given, for json and charts). Returns buf. */
const char *fmt_label(const struct compare_model *m, size_t s, char *buf,
		      size_t len);
/* Side s's label within w columns: a longer one keeps its end, where
 * labels of one series differ (k47-1, k47-2; git describe's -gHASH),
 * after "..". Returns buf. */
const char *fmt_label_fit(const struct compare_model *m, size_t s, int w,
			  char *buf, size_t len);
void fmt_row_cells(const struct compare_model *m, const struct compare_row *r,
		   size_t s, struct fmt_cells *c);
/* The geomean row's cells for side s (m->geomean set): name, delta and
 * interval, or msg saying why there is none. */
void fmt_geomean_cells(const struct compare_model *m, size_t s,
		       struct fmt_cells *c);
/* The delta's interval is one (a test gave it, or the delta is exact):
 * the tables print it, else "-" and csv and json null. */
static inline bool fmt_has_interval(const struct compare_delta *d)
{
	return d->has_delta && (d->has_p || d->exact);
}
/* A row's p as the tables print it: Holm-adjusted on a primary row,
 * "<0.001" below, "-" without a test or below the boot rule. */
void fmt_p(const struct compare_delta *d, char *buf, size_t len);
/* Under a text or mail table whose header had to cut a label: every
 * side's label in full, wrapped (a long one folded, never cut). */
void fmt_legend(const struct compare_model *m, FILE *out, int width);
/* Column heading of the centers: "median" or "mean". */
const char *fmt_center_head(const struct compare_model *m);
/* What a '!' after an interval means (compare_delta.ci_disagrees): the
 * footer's sentence, and the where table's line under its rows. */
#define FMT_DISAGREE_NOTE "!: the interval is unadjusted and says otherwise than the Holm-adjusted verdict beside it, which is the one to read."
/* The footer as one paragraph (callers wrap it); intervals: the table
 * shows them (the '!' sentence), not the many-sides text table. */
void fmt_footer(const struct compare_model *m, bool intervals, char *buf,
		size_t len);
/* A table of --by host (compare_model.host_table): "host: NAME" (md:
 * "## host: NAME" and a blank line) before it, a blank line before
 * that from the second table on; nothing without --by host. */
void fmt_host_head(const struct compare_model *m, FILE *out, bool md);
/* Title: "abstat compare: getppid, 10 runs/side, CPU 1, user+kernel". */
void fmt_title(const struct compare_model *m, char *buf, size_t len);
/* Power (compare_delta.detectable): some row states what it could
 * detect; the heading of those lines; row r's side s as one line
 * ("getppid: ~ no change found; could detect about +-2.3%", with
 * --detect the boots or runs a side that change needs), false when it
 * states none. */
bool fmt_power_any(const struct compare_model *m);
void fmt_power_head(const struct compare_model *m, char *buf, size_t len);
bool fmt_power_line(const struct compare_model *m,
		    const struct compare_row *r, size_t s, char *buf,
		    size_t len);

#endif
