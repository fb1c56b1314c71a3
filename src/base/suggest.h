/* SPDX-License-Identifier: MIT */
/*
 * suggest: "did you mean": of the names a mistyped word could have been
 * (events, workloads, suites, commands, long options), the nearest one
 * by edit distance, when it is near enough to be a typo. The distance is
 * the optimal string alignment one (Levenshtein with transpositions,
 * Damerau 1964): an insertion, a deletion, a substitution or a swap of
 * two neighbours each cost 1, compared case-insensitively. Pure: no I/O.
 */
#ifndef ABSTAT_SUGGEST_H
#define ABSTAT_SUGGEST_H

#include <stddef.h>

/* Names longer than this are never suggested (nor words that long). */
#define SUGGEST_MAX 64

/* A running search: suggest_init, suggest_offer each name, then
 * suggest_best. The nearest name is copied in, so a name offered may be
 * freed before suggest_best (the metrics of one file at a time). */
struct suggest {
	const char *word;
	char best[SUGGEST_MAX + 1];
	unsigned dist;
};

void suggest_init(struct suggest *s, const char *word);
void suggest_offer(struct suggest *s, const char *name);
/* The nearest name offered, when it is a likely typo of the word: at
 * most 1 edit for words of up to 4 characters, 2 up to 8, 3 beyond;
 * never the word itself. NULL when none is. */
const char *suggest_best(const struct suggest *s);

/* The distance of a and b (above), or SUGGEST_MAX + 1 when either is
 * longer than SUGGEST_MAX. */
unsigned suggest_distance(const char *a, const char *b);

/* The message in buf with " (did you mean 'best'?)" put right after the
 * first "'word'" in it (at its end when the word is not quoted there);
 * left as is when best is NULL or the result would not fit in len. */
void suggest_insert(char *buf, size_t len, const char *word,
		    const char *best);

#endif
