/* SPDX-License-Identifier: MIT */
/*
 * score: metrics read from a workload's own output. A score definition
 * (struct score_def, result.h) is written NAME[:UNIT][:higher|lower]=REGEX
 * (--score, abstat-run(1)); the first capture group of the first match of
 * REGEX (PCRE2, bounded: SCORE_STEPS_MAX) in a run's kept output is the
 * value. A parser
 * (--parser) is a named table of such definitions for one tool's output.
 * Pure functions: text in, numbers and reasons out.
 */
#ifndef ABSTAT_SCORE_H
#define ABSTAT_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "result.h"

/* The steps a score's search may take on one output (score.c). */
#define SCORE_STEPS_MAX 10000000

/* "NAME[:UNIT][:higher|lower]=REGEX" into d (fields allocated). 0, or
 * -EINVAL with the reason in err (the regex is compiled to check it and
 * must have a capture group), or -ENOMEM. */
int score_parse_spec(const char *spec, struct score_def *d, char *err,
		     size_t len);

/* The names of the parsers, NULL-terminated (--parser). */
extern const char *const score_parsers[];

/* The score of parser name that counts the tool's operations (its
 * --ops-from), NULL where it prints none. */
const char *score_parser_ops(const char *name);

/* Append parser name's definitions to *defs (n of them). 0, -ENOENT for
 * an unknown name, or -ENOMEM. */
int score_parser_defs(const char *name, struct score_def **defs, size_t *n);

/* Append a copy of d to *defs, replacing a definition of the same name.
 * 0 or -ENOMEM. */
int score_defs_add(struct score_def **defs, size_t *n,
		   const struct score_def *d);
void score_def_clear(struct score_def *d);

/*
 * A score's text as a number: what strtod reads as a decimal (sign,
 * digits, a point, an exponent; thousands separators "," are dropped),
 * then at most one SI prefix: k K M G T (x 1e3 .. 1e12) or m u n
 * (x 1e-3 .. 1e-9), blanks around it allowed. 0, -EINVAL, or -ERANGE
 * when it or its prefix goes beyond a double (1e309, 1.7e308T; an
 * underflow, 1e-320, is a value).
 */
int score_number(const char *s, size_t n, double *out);

/* The value of d in text: 0, -ENOENT when the regex does not match,
 * -EINVAL when the group is not a number (err says what it holds),
 * -E2BIG when the search took more than SCORE_STEPS_MAX steps (err names
 * the score and the limit), -ENOMEM. */
int score_extract(const struct score_def *d, const char *text, double *out,
		  char *err, size_t len);

/*
 * A run's scores from its copies' kept outputs (run->scores: NAME ->
 * value; with copies, the sum for higher-is-better scores, throughputs
 * adding up, else the mean). NULL when every score was found, else the
 * reason ("score events/s: no match for /.../ in the output"), malloc'd;
 * the scores found are kept either way. A search past the step limit is
 * a reason even for an optional score (a parser's).
 */
char *score_run(const struct score_def *defs, size_t n, struct run *run);

/*
 * show --score/--parser: add defs to r's definitions (replacing those of
 * the same name) and read them again from every run's kept output; a run
 * without a match has no value for it. 0, -ENODATA when no run of r kept
 * its output, -E2BIG when a search went past the step limit (err says
 * which score), or -ENOMEM.
 */
int score_result(struct result *r, const struct score_def *defs, size_t n,
		 char *err, size_t len);

#endif
