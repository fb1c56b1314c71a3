/* SPDX-License-Identifier: MIT */
/*
 * compare: the delta model. Sides (each one or more result files of one
 * configuration) -> per benchmark x metric rows with centers, CIs, deltas,
 * p-values (Holm-corrected) and verdicts -> one output format.
 * The model takes only its options (struct compare_opts, built by the
 * commands from the command line), never prints, and returns 0 or -errno
 * with a reason in the caller's err; warnings go into the model.
 *
 * Consumers (compare, versus, plot) call compare_build() and read the
 * model; they
 * never recompute statistics. Every double in the model is finite unless
 * a "has_" flag or the verdict says it is not meaningful (then it is 0).
 * Deltas and their CIs are fractions: +0.037 is +3.7%.
 */
#ifndef ABSTAT_COMPARE_H
#define ABSTAT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "env.h"
#include "metrics.h"
#include "result.h"
#include "side.h"
#include "stats.h"

enum center_kind { CENTER_MEDIAN, CENTER_MEAN };
/* --time-unit: how a time row (unit ns) is printed in the tables */
enum time_unit { TIME_UNIT_AUTO, TIME_UNIT_NS, TIME_UNIT_US, TIME_UNIT_MS,
		 TIME_UNIT_S };

/* What the model depends on: everything else about the command line is
 * the commands' business. */
struct compare_opts {
	double alpha;             /* --alpha */
	enum center_kind center;  /* --center */
	uint64_t seed;            /* --seed, else COMPARE_DEFAULT_SEED */
	unsigned resamples;       /* --resamples */
	bool detail;              /* --detail: every metric of a suite */
	bool all_rows;            /* --all-rows: keep the rows no side
				   * counted and those zero in every run */
	double detect;            /* --detect PCT as a fraction, 0: off */
	const char *metrics;      /* --metric LIST: the rows, or NULL */
	const char *events;       /* -e LIST as rows (compare, show, plot;
				   * NULL in run and versus, where -e is
				   * what to count) */
	const char *primary;      /* --primary METRIC, or NULL: per
				   * benchmark, cycles(/op) where cycles
				   * count, else task-clock(/op) */
	bool force_compare;       /* --force-compare */
	const char *allow_env_diff; /* --allow-env-diff KEY[,KEY] */
	/* The sides are different commands by design (versus, or the saved
	 * sides of one interleaved session): argv and binary differences
	 * (benchmarks.NAME.argv, workloads.NAME.sha256) are the sides, never
	 * refused, and left out of the environment header. */
	bool commands_differ;
	/* --allow-mixed: a side may pool files of several versus sides
	 * (each is named in the header) */
	bool allow_mixed;
	/* --assume-boots: a file that records neither kernel.boot_id nor
	 * kernel.boot_time is a boot of its own (else such files are of
	 * one unknown boot: sessions) */
	bool assume_boots;
	/* display only, carried to the formats: --time-unit (a time row's
	 * unit, TIME_UNIT_AUTO: chosen per row) */
	enum time_unit time_unit;
	/* --where N: the where table's rows per side when sides hold
	 * profiles (where.h), 0: no where table */
	size_t where;
	/* --by host: this table's place among the hosts' tables (1: the
	 * first), 0 without --by host; carried to the formats */
	size_t host_table;
};

/* Fewer runs than this on a side: no verdict ("need >= 4 runs"). */
#define COMPARE_MIN_RUNS 4
/* With several result files (boots) on a side, fewer than this on a side:
 * nothing is significant (the interval is still shown). */
#define COMPARE_MIN_BOOTS 3
/* The power a detectable change is stated at (compare_power.c). */
#define COMPARE_POWER 0.8
/* ... from each side's SD raised to its upper bound at this confidence
 * (stats_sd_upper): with 3 boots a side the SD measured is a third to
 * three times the true one, and a change stated from a low one is
 * missed; 0.6 keeps each comparison's own stated change found in 80% or
 * more at 3 to 10 boots and 1 to 10 benchmarks (bench/power_sim.c,
 * doc/verdicts.md) */
#define COMPARE_POWER_SD_CONF 0.6
/* --detect: counts a side past this are "more than" it. */
#define COMPARE_DETECT_MAX 10000
/* "exact" (no test) needs every run of both sides identical, and at least
 * this many on each side. */
#define COMPARE_EXACT_MIN_RUNS 10

/* What the runs of the sides are replicates of (abstat-compare(1), THE
 * MODEL). */
enum compare_design {
	DESIGN_SESSIONS,    /* one boot per side, its result files
			     * (sessions) pooled, from separate sessions:
			     * runs replicate their own session only, so a
			     * verdict is "within the sessions" */
	DESIGN_INTERLEAVED, /* one session, the sides interleaved (versus):
			     * runs replicate the A/B on that boot */
	DESIGN_BOOTS,       /* several boots on a side (distinct
			     * kernel.boot_id): the boot is the unit, the
			     * center of its runs (of all its files) one
			     * value */
};
/* Bootstrap seed when --seed is not given: fixed, so output is diffable. */
#define COMPARE_DEFAULT_SEED UINT64_C(0x61627374617431)

/* The one verdict of a row and side, computed once in compare (and in
 * where.c for the where table), printed in the same word by every format
 * (compare_verdict_word) and named in csv and json
 * (compare_verdict_name). */
enum compare_verdict {
	VERDICT_SIGNIFICANT,     /* "yes": a primary row, p_holm < alpha (or
				  * an exact delta != 0) on interleaved runs
				  * or >= COMPARE_MIN_BOOTS boots a side */
	VERDICT_SESSION,         /* "session": the same, between two
				  * sessions (DESIGN_SESSIONS): a difference
				  * of these sessions, not a verdict */
	VERDICT_NOT_SIGNIFICANT, /* printed "~" */
	VERDICT_SECONDARY,       /* a secondary row: delta, interval and
				  * unadjusted p, never a verdict (also
				  * with too few runs or boots) */
	VERDICT_TOO_FEW_RUNS,    /* a primary row, < COMPARE_MIN_RUNS on a
				  * side */
	VERDICT_TOO_FEW_BOOTS,   /* a primary row, several boots,
				  * < COMPARE_MIN_BOOTS on a side: delta
				  * (and interval) only */
	VERDICT_UNDETERMINED,    /* the test failed: never significant */
	VERDICT_NOT_SUPPORTED,   /* metric missing, not supported or not
				  * counted on a side */
};

/* One side's summary of one metric (pooled over the side's files). */
struct compare_stat {
	bool present;     /* the side has this benchmark and metric */
	bool supported;   /* false: <not supported> (reason) */
	bool counted;     /* false: not counted in some run (reason) */
	bool scaled;      /* some value was scaled (multiplexing) */
	char *reason;     /* why not supported/counted, or NULL */
	size_t n;         /* values (measured runs that counted) */
	/* The pooled runs: median with its order-statistic interval at
	 * 1 - alpha (ci_level: its real coverage, lower when n is too small,
	 * n < 6 at 95%), mean, sample SD (n - 1), min, max. */
	struct stats_summary run;
	double center;    /* median or mean, per --center; with several
			   * boots the geometric mean of the boots'
			   * centers (arithmetic when one is <= 0) */
	double cv;        /* sd / mean of the runs, 0 when mean is 0; with
			   * several boots the SD of the boots' centers
			   * over their mean */
	size_t n_files;   /* boots pooled in this side */
	/* Several files: within-boot = pooled SD of runs around their own
	 * file's mean; between-boot = SD of the files' medians. Relative
	 * (fractions of center). 0 with one file. */
	double within_boot_rel, between_boot_rel;
	size_t n_outliers; /* robust z > 10, flagged never dropped */
	const double *v;  /* the values (pooled, file order then run order) */
	size_t n_groups;  /* files that contributed values */
	const size_t *group_len; /* values per contributing file */
	const double *boot_center; /* n_groups: each file's median (mean) */
	/* The center's interval at 1 - alpha: the median's order-statistic
	 * one (runs), or with several boots Student's t on the boots' log
	 * centers (the runs of a boot are not independent draws of the
	 * side, so the pooled runs' interval would be too narrow). */
	double center_lo, center_hi;
	unsigned copies;  /* the benchmark's copies in the side's first
			   * file (benchstat's -N) */
};

/* One non-baseline side against the baseline for one row. */
struct compare_delta {
	enum compare_verdict verdict;
	bool has_delta;   /* delta, lo, hi meaningful */
	double delta, lo, hi; /* center(B)/center(A) - 1 and its 1 - alpha
			       * interval; with absolute, B - A */
	bool absolute;    /* a center is 0 (or a boot's is <= 0): the
			   * delta is the change in the row's unit */
	bool exact;       /* every run identical on each side (>= 10) */
	bool has_p;       /* p meaningful (a test ran) */
	double p;         /* two-sided, unadjusted: Mann-Whitney U on runs,
			   * the signed-rank test on pairs (paired), or
			   * Welch t on the boots' (log) centers */
	bool in_family;   /* p_holm meaningful: a primary row's test */
	double p_holm;    /* Holm-adjusted over the primary rows */
	bool exact_p;     /* exact distribution (else normal approx.) */
	/* the test was on pairs (an interleaved session, as many runs a
	 * side): Wilcoxon's signed-rank test of the log ratios of run i of
	 * B to run i of A, the interval Hodges-Lehmann's from the same
	 * ranks (not the bootstrap) */
	bool paired;
	bool regression;  /* the change is in the worse direction */
	/* a primary row whose (unadjusted) interval says otherwise than
	 * its Holm-adjusted verdict: excludes no change with "~", or holds
	 * it with a change; printed with a '!' after the interval */
	bool ci_disagrees;
	/* several boots, fewer than COMPARE_MIN_BOOTS on a side: the
	 * interval is shown, never a p (a primary row's verdict is then
	 * VERDICT_TOO_FEW_BOOTS, a secondary row's VERDICT_SECONDARY) */
	bool few_boots;
	/* a tested primary row (not exact, not absolute): the smallest
	 * change (a fraction, either way) its test would detect in
	 * COMPARE_POWER of repeats of this comparison, at the Holm family's
	 * strictest level (alpha / n_tests), from its own spread and counts
	 * (compare_power.c) */
	bool has_detectable;
	double detectable;
	/* --detect: the boots (or runs) a side would need to detect the
	 * model's detect change at that power, 0 when more than
	 * COMPARE_DETECT_MAX */
	bool has_detect_n;
	size_t detect_n;
	const char *why;  /* short reason for a non-verdict, or NULL */
};

struct compare_row {
	char *bench;      /* benchmark name */
	char *metric;     /* metric name (metrics.h) */
	char *unit;
	enum metric_kind kind;
	bool higher_is_better;
	bool modelled;    /* a model's count (metric.modelled): [m] */
	bool asked;       /* named by --metric or -e: a table keeps it */
	bool emulated;    /* the emulator's count (metric.emulated): [e] */
	bool primary;     /* the benchmark's one tested row; the others are
			   * secondary: delta, interval, unadjusted p, never
			   * a verdict or an exit status */
	struct compare_stat *stat;   /* n_sides */
	struct compare_delta *delta; /* n_sides; [0] (baseline) unused */
};

/*
 * The geometric mean over the benchmarks of one side's ratios
 * center(side) / center(baseline) of their primary rows, as a delta
 * (ratio - 1), with its interval at 1 - alpha by the delta method on the
 * log ratios, or with boots Welch t over each boot's geomean
 * (compare_geomean.c). No verdict: a summary, not a test.
 */
struct compare_geomean {
	bool has;         /* delta, lo, hi meaningful */
	size_t n;         /* benchmarks in the mean */
	size_t left_out;  /* benchmarks missing on a side, not in it */
	double delta, lo, hi;
	const char *why;  /* why there is none, or NULL */
	bool boots;       /* the interval is Welch t over the boots'
			   * geomeans (DESIGN_BOOTS), not the delta method */
	const char *why_method; /* why boots could not be the unit, or NULL */
};

struct where_table;
struct compare_noise_note;

struct compare_model {
	size_t n_sides;
	char **labels;          /* n_sides */
	size_t *files;          /* n_sides: result files per side */
	size_t *boots;          /* n_sides: distinct boots among them
				 * (side_boots): files of one boot are
				 * sessions of it, pooled as one */
	size_t *runs;           /* n_sides: max measured runs of a side */
	unsigned *copies;       /* n_sides: most copies of a benchmark there
				 * (--copies; 1 without) */
	/* n_sides: files of the side that record no boot (neither
	 * kernel.boot_id nor boot_time); without assume_boots they are
	 * sessions of one unknown boot, the header's "boot unknown" */
	size_t *unknown_boot;
	bool assume_boots;      /* compare_opts.assume_boots */
	size_t n_bench;         /* distinct benchmarks in the rows */
	size_t n_rows;
	struct compare_row *rows;
	size_t n_tests;         /* size of the Holm family (primary rows) */
	enum compare_design design;
	double alpha;           /* every test and interval: 1 - alpha */
	double detect;          /* compare_opts.detect */
	enum center_kind center;
	uint64_t seed;          /* bootstrap seed */
	unsigned resamples;     /* bootstrap resamples */
	bool forced;            /* --force-compare overrode an encoding diff */
	bool primary_named;     /* --primary chose the tested rows */
	char *forced_note;      /* what differed, when forced */
	bool user_only;         /* side 0 counted user space only */
	bool all_rows;          /* compare_opts.all_rows */
	bool interrupted;       /* a file's session was stopped by a signal */
	char *cpus;             /* CPUs of side 0 ("1"), or NULL */
	struct env_diff *env;   /* environment differences */
	size_t n_env;
	double *cpu_share;      /* n_sides: lowest task-clock / wall */
	char **cpu_share_bench; /* n_sides: where it was seen */
	size_t n_warnings;
	char **warnings;        /* the command prints each once */
	/* what the runs' series earned (a noisy CV, outliers, drift, a
	 * slow first run), row by row; compare_noise.c makes them one
	 * warning line */
	struct compare_noise_note *noise;
	size_t n_noise;
	/* n_sides ([0] unused) when the rows hold several benchmarks, else
	 * NULL */
	struct compare_geomean *geomean;
	enum time_unit time_unit; /* compare_opts.time_unit, for the tables */
	/* n_sides, or NULL: each side's command as saved by versus -o
	 * (config.versus: "label: argv ..."), shown in the header */
	char **versus;
	/* What side 0 was measured on (compare_machine), or NULL */
	json_t *machine;
	/* n_sides, or NULL when no side mixes anything: what a side pools
	 * (side_pooled: kernels, command lines, arguments, under
	 * --allow-mixed), NULL for a side that does not */
	char **pooled;
	/* the one host (env.host) every file was measured on, or NULL
	 * (several, or not recorded): names each --by host document */
	char *host;
	/* compare_opts.host_table: text, mail and markdown head the table
	 * with its host (host, "unknown" when NULL) */
	size_t host_table;
	/* where a difference comes from (where.h, compare_opts.where), or
	 * NULL: no two sides hold profiles, or not asked for */
	struct where_table *where;
};

/* Build the model. 0; -EINVAL when the sides cannot be compared
 * (encodings or environment differ, a chosen row does not exist, nothing
 * to compare) or -ENOMEM; either with a one-line reason in err. */
int compare_build(const struct compare_opts *o, const struct side *sides,
		  size_t n, struct compare_model **out, char *err, size_t len);
void compare_model_free(struct compare_model *m);

/* compare_machine.c: what a result's environment was measured on, as
 * {"cpu", "virtual" (true, false or null), "pmu" (the core PMU, "none",
 * or null when not recorded), "emulated"} (NULL without memory), and as
 * the tables' header line
 * "machine: CPU (virtual machine, PMU NAME)". */
json_t *compare_machine(const struct result *r);
void compare_machine_line(const json_t *machine, char *buf, size_t len);

/* compare_geomean.c: m->geomean from the primary rows (compare_build
 * calls it last). 0 or -ENOMEM. */
int compare_geomean(struct compare_model *m);

/* --fail-on-regression PCT (off when PCT < 0): row's delta on side s is
 * a significant change of a primary row in the worse direction beyond PCT
 * percent (beyond PCT units of an absolute delta). With DESIGN_SESSIONS
 * only when sessions is true (--within-session). The one definition, for
 * compare, versus and plot. */
bool compare_regressed(const struct compare_model *m,
		       const struct compare_row *row, size_t s, double pct,
		       bool sessions);
/* The row verdict as printed in every format: "yes", "session", "~",
 * "secondary", "<3 boots", "<4 runs", "?" (undetermined), or NULL (not
 * supported or missing: the table says why). */
const char *compare_verdict_word(const struct compare_model *m,
				 const struct compare_row *row, size_t s);
/* The verdict of a test that came out below alpha under design d:
 * VERDICT_SESSION between sessions, else VERDICT_SIGNIFICANT. */
enum compare_verdict compare_verdict_changed(enum compare_design d);
/* The verdict of a tested row from its Holm-adjusted p: changed (as
 * above) below m's alpha, else VERDICT_NOT_SIGNIFICANT. */
enum compare_verdict compare_verdict_holm(const struct compare_model *m,
					  double p_holm);
/* v says that A and B differ (significant or session). */
bool compare_verdict_changes(enum compare_verdict v);
/* A tested row's Holm-adjusted p into d, with its verdict (as
 * compare_verdict_holm) and ci_disagrees: the main table's rows and the
 * where table's (where.c) take both from here. */
void compare_delta_holm(const struct compare_model *m, struct compare_delta *d,
			double p_holm);

/* Verdict name for csv/json: "significant", "session",
 * "not-significant", "secondary", "too-few-runs", "too-few-boots",
 * "undetermined", "not-supported". */
const char *compare_verdict_name(enum compare_verdict v);
/* "sessions", "interleaved", "boots" */
const char *compare_design_name(enum compare_design d);

/* name is one item of a comma list (--metric, -e); exact match. */
bool compare_check_list_has(const char *list, const char *name);

/*
 * The primary metric of one benchmark when --primary does not name one
 * (compare's tested row, the runs and dist charts' first panel): the one
 * an imported result names (env.imported.primary: gobench's ns/op), else
 * instructions on QEMU TCG's emulated CPU (cpu.emulated), else
 * its first score (--score, --parser: what the benchmark itself says it
 * did), else CPU time per operation (cycles where every file counts
 * them, else task-clock; per op when every file reports operations),
 * else the wall-based ns/op or wall. sets[s][f]: the benchmark's metrics
 * in file f of side s (empty where the file lacks the benchmark). NULL
 * when none of them has values in every file that has the benchmark.
 */
const char *compare_primary_metric(struct metric_set *const *sets,
				   const struct side *sides, size_t n);

#endif
