/* SPDX-License-Identifier: MIT */
/*
 * plot internals: the data files the gnuplot scripts in plots/ read
 * (plot_data.c, plot_runs.c) and running gnuplot (plot_gnuplot.c).
 * Columns are documented in abstat-plot(1), PLOT DATA FILES.
 *
 * Every string from a user or a result file (labels, benchmark, event and
 * metric names) goes into the data file only, never into script text:
 * gnuplot runs `backquotes` inside double-quoted command strings and a
 * newline ends a command. Data values are tab-separated; plot_put_str()
 * makes a string one safe field.
 */
#ifndef ABSTAT_PLOT_DATA_H
#define ABSTAT_PLOT_DATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "compare.h"

enum plot_fmt { PLOT_FMT_PNG, PLOT_FMT_SVG, PLOT_FMT_TXT, PLOT_FMT_GP };

/* gnuplot cannot read '"' inside a data field (it starts a quoted field
 * and nothing escapes it), so plot_put_str() writes it as this byte and
 * the scripts' unq() turns it back into '"'. */
#define PLOT_QUOTE '\001'

/* Write s as one field: tabs, newlines and other control bytes become
 * spaces, '"' becomes PLOT_QUOTE, an empty string "-"; with ascii (the
 * .txt chart) every non-ASCII byte becomes '?'. */
void plot_put_str(FILE *f, const char *s, bool ascii);

/* The most bars (rows x non-baseline sides) a delta chart draws; more is
 * refused with the reason (a 2000-row png fails in cairo). */
#define PLOT_MAX_BARS 400
/* Data writers, one per chart kind: 0, or -errno with a one-line reason
 * in err (-EINVAL: nothing to draw). The delta and scaling charts draw a
 * compare model the caller built (and whose warnings it printed). */
int plot_data_delta(const struct compare_model *m, FILE *f, bool ascii,
		    char *err, size_t len);
/* plot_scaling.c: the scaling chart. Its model options: one metric
 * (--metric, default ops/s), pinning may differ (N copies on N CPUs is
 * the experiment): *allow is the malloc'd --allow-env-diff list out
 * points to. 0, -EINVAL with the reason in err, or -ENOMEM. */
int plot_data_scaling_opts(const struct compare_opts *in,
			   struct compare_opts *out, char **allow, char *err,
			   size_t len);
/* The sides must have operation counts when the metric is ops/s. */
int plot_data_scaling_check(const struct compare_opts *o,
			    const struct side *sides, size_t n, char *err,
			    size_t len);
/* The data of metric's rows: a curve per side label (and benchmark),
 * the scanned parameter on x. 0, or -EINVAL (nothing scanned) with the reason in
 * err, or -ENOMEM. */
int plot_data_scaling(const struct compare_model *m,
		      const struct side *sides, const char *metric, FILE *f,
		      bool ascii, char *err, size_t len);

/* A number field, tab first; gnuplot reads NaN as an undefined value (no
 * point). */
void plot_put_num(FILE *f, double v);
/* A string field (plot_put_str), tab first. */
void plot_put_field(FILE *f, const char *s, bool ascii);
/* What the chart was measured on: compare's "machine:" line
 * (compare_machine_line of machine, side 0's first file) as two fields,
 * wrapped at a space within PLOT_MACHINE_COLS (the .txt chart is 72
 * wide), the second "-" when one line holds it; both "-" without a
 * machine. The scripts put them under the subtitle. */
#define PLOT_MACHINE_COLS 70
void plot_put_machine(FILE *f, const json_t *machine, bool ascii);
/* What a title names: "getppid", "getppid, stat" or "5 benchmarks", the
 * distinct names of names[0..n) (NULL ones left out), in buf. */
void plot_name_list(const char *const *names, size_t n, char *buf,
		    size_t len);

/* The rows of the runs chart: --metric and -e LIST, NULL for defaults
 * (each benchmark's primary metric first: --primary, else the one
 * compare tests, compare_primary_metric); dist: the same data for the
 * distribution chart (plots/dist.gp), with its title. */
struct plot_rows {
	const char *metrics;
	const char *events;
	const char *primary;
	bool dist;
};

/* Panels of the runs chart when none are chosen. */
#define PLOT_RUNS_MAX_PANELS 6
/* *panels: how many panels were wanted (at most PLOT_RUNS_MAX_PANELS are
 * drawn without a choice of rows). */
int plot_data_runs(const struct plot_rows *rows, const struct side *sides,
		   size_t n, FILE *f, bool ascii, size_t *panels, char *err,
		   size_t len);

/* One value axis (plot_axis.c): every tick divided by div and printed
 * with decimals decimals, label its unit ("us", "millions", "MiB"). */
struct plot_axis {
	double div;
	int decimals;
	char label[64];
};
void plot_axis_pick(double lo, double hi, const char *unit,
		    struct plot_axis *a);

/* The copies of the first benchmark of a side's first file (0: none). */
unsigned plot_side_copies(const struct side *side);

/* Text of plots/NAME.gp found like workloads: $ABSTAT_PLOTS_DIR, then
 * <exe dir>/plots, then <exe dir>/../share/abstat/plots. Returns a
 * malloc'd string, or NULL with the places looked at in err. */
char *plot_script_text(const char *name, char *err, size_t len);

/* Absolute path of gnuplot found in $PATH, or false. */
bool plot_find_gnuplot(char *buf, size_t len);

/* Run gnuplot (path gp) in dir, a private directory holding plot.gp and
 * plot.dat, to write plot.EXT there (no shell; only names abstat made
 * are passed). 0, or -errno with a one-line reason in err. */
int plot_gnuplot_run(const char *gp, const char *dir, enum plot_fmt fmt,
		     char *err, size_t len);

/* Move (rename, or copy across file systems) src to dst, refusing to
 * replace dst unless force and anything but a regular file even then.
 * 0 or -errno with a one-line reason in err. */
int plot_move(const char *src, const char *dst, bool force, char *err,
	      size_t len);

#endif
