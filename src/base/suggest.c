// SPDX-License-Identifier: MIT
/*
 * suggest: the nearest name to a mistyped word (suggest.h). Three rows of
 * the distance table suffice (the current, the one above, and the one
 * above that for transpositions), so the search allocates nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "suggest.h"

static unsigned suggest_min3(unsigned a, unsigned b, unsigned c)
{
	unsigned m = a < b ? a : b;

	return m < c ? m : c;
}

unsigned suggest_distance(const char *a, const char *b)
{
	unsigned rows[3][SUGGEST_MAX + 1];
	size_t la = strlen(a), lb = strlen(b);

	if (la > SUGGEST_MAX || lb > SUGGEST_MAX)
		return SUGGEST_MAX + 1;
	for (size_t j = 0; j <= lb; j++)
		rows[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		unsigned *cur = rows[i % 3], *up = rows[(i - 1) % 3];
		unsigned *up2 = rows[(i + 1) % 3]; /* row i - 2 */

		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			int ca = tolower((unsigned char)a[i - 1]);
			int cb = tolower((unsigned char)b[j - 1]);
			unsigned cost = ca != cb;

			cur[j] = suggest_min3(up[j] + 1, cur[j - 1] + 1,
					      up[j - 1] + cost);
			if (i > 1 && j > 1 &&
			    ca == tolower((unsigned char)b[j - 2]) &&
			    cb == tolower((unsigned char)a[i - 2]) &&
			    up2[j - 2] + 1 < cur[j])
				cur[j] = up2[j - 2] + 1;
		}
	}
	return rows[la % 3][lb];
}

void suggest_init(struct suggest *s, const char *word)
{
	s->word = word;
	s->best[0] = '\0';
	s->dist = SUGGEST_MAX + 1;
}

void suggest_offer(struct suggest *s, const char *name)
{
	unsigned d;

	if (!name || !strcmp(name, s->word))
		return;
	d = suggest_distance(s->word, name);
	/* d <= SUGGEST_MAX here, so the name fits in best */
	if (d < s->dist) {
		s->dist = d;
		snprintf(s->best, sizeof(s->best), "%s", name);
	}
}

const char *suggest_best(const struct suggest *s)
{
	size_t len = strlen(s->word);
	unsigned most = len <= 4 ? 1 : len <= 8 ? 2 : 3;

	if (!s->best[0] || !s->dist || s->dist > most ||
	    s->dist >= strlen(s->best))
		return NULL;
	return s->best;
}

void suggest_insert(char *buf, size_t len, const char *word,
		    const char *best)
{
	char quoted[SUGGEST_MAX + 8], add[SUGGEST_MAX + 32];
	size_t n = strlen(buf), k;
	char *at;

	if (!best || strlen(word) > SUGGEST_MAX || strlen(best) > SUGGEST_MAX)
		return;
	snprintf(quoted, sizeof(quoted), "'%s'", word);
	k = (size_t)snprintf(add, sizeof(add), " (did you mean '%s'?)", best);
	if (n + k + 1 > len)
		return;
	at = strstr(buf, quoted);
	at = at ? at + strlen(quoted) : buf + n;
	memmove(at + k, at, n - (size_t)(at - buf) + 1);
	memcpy(at, add, k);
}
