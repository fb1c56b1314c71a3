// SPDX-License-Identifier: MIT
/*
 * fmt_env: the environment header of the text, mail and markdown tables:
 * one entry per key that differs, every side's value shown, nothing cut.
 * An entry that fits the width is "key: A -> B"; a longer one whose
 * values are lists of words with words in common (a kernel command line,
 * a benchmark's argv) shows the words that differ against the baseline:
 * "+w" only the other side has it, "-w" only the baseline has it,
 * "k=a -> k=b" a key=value word whose value changed, ", " between them;
 * anything else shows each side's full value on lines of its own
 * ("  LABEL: value"). Long entries wrap at spaces (continuation lines
 * indented), and a word longer than a line is folded, never cut. The
 * one entry that is cut is kernel.config, whose options that differ
 * (thousands between two releases) are named as fit in the line, then
 * "and N more" (fmt_env_kconfig).
 * Documented in abstat-compare(1), "Environment".
 */
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "fmt_wrap.h"
#include "format.h"

/* The words of s (split at spaces and tabs) in a new array of n pointers
 * into copy (a new string). NULL on ENOMEM. */
static char **fmt_env_words(const char *s, char **copy, size_t *n)
{
	char **w = calloc(strlen(s) / 2 + 2, sizeof(*w));
	char *save = NULL;

	*n = 0;
	*copy = strdup(s);
	if (!w || !*copy) {
		free(w);
		free(*copy);
		*copy = NULL;
		return NULL;
	}
	for (char *t = strtok_r(*copy, " \t", &save); t;
	     t = strtok_r(NULL, " \t", &save))
		w[(*n)++] = t;
	return w;
}

/* "k=" prefix length of a key=value word, 0 when it has none. */
static size_t fmt_env_kv(const char *w)
{
	const char *eq = strchr(w, '=');

	return eq && eq != w ? (size_t)(eq - w) + 1 : 0;
}

static void fmt_env_cat(char *buf, size_t len, size_t *k, const char *a,
			const char *b, const char *c)
{
	if (*k < len)
		*k += (size_t)snprintf(buf + *k, len - *k, "%s%s%s%s",
				       *k ? ", " : "", a, b, c);
}

/* The words of b that differ from a's, in the notation above, into buf:
 * the number of words in common (0: not worth showing as words), or -1
 * on ENOMEM. Words are matched as a multiset: a repeated word counts as
 * often as it appears. */
static int fmt_env_word_diff(const char *a, const char *b, char *buf,
			     size_t len)
{
	char *ca, *cb, **wa, **wb;
	size_t na, nb, k = 0;
	int common = 0;

	buf[0] = '\0';
	wa = fmt_env_words(a, &ca, &na);
	wb = fmt_env_words(b, &cb, &nb);
	if (!wa || !wb) {
		common = -1;
		goto out;
	}
	/* a word in both sides is matched and taken out (set to NULL) */
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (wb[j] && !strcmp(wa[i], wb[j])) {
				wa[i] = wb[j] = NULL;
				common++;
				break;
			}
	for (size_t i = 0; i < na; i++) {
		size_t kv = wa[i] ? fmt_env_kv(wa[i]) : 0;
		bool changed = false;

		if (!wa[i])
			continue;
		for (size_t j = 0; kv && j < nb && !changed; j++)
			if (wb[j] && fmt_env_kv(wb[j]) == kv &&
			    !strncmp(wa[i], wb[j], kv)) {
				fmt_env_cat(buf, len, &k, wa[i], " -> ", wb[j]);
				wb[j] = NULL;
				changed = true;
			}
		if (!changed)
			fmt_env_cat(buf, len, &k, "-", wa[i], "");
	}
	for (size_t j = 0; j < nb; j++)
		if (wb[j])
			fmt_env_cat(buf, len, &k, "+", wb[j], "");
out:
	free(wa);
	free(wb);
	free(ca);
	free(cb);
	return common;
}

static const char *fmt_env_value(const struct env_diff *d, size_t s)
{
	return d->values && d->values[s] ? d->values[s] : "?";
}

/* An option's value on side s as the header shows it: "n" where the
 * side does not set it (kconfig's word for an option that is off). */
static const char *fmt_env_opt(const struct env_opt_diff *e, size_t s)
{
	return e->values && e->values[s] ? e->values[s] : "n";
}

static bool fmt_env_opt_differs(const struct env_opt_diff *e, size_t s)
{
	return strcmp(fmt_env_opt(e, s), fmt_env_opt(e, 0)) != 0;
}

/* The options side s sets otherwise than the baseline, "NAME A -> B" in
 * name order joined by ", ", as many as fit in room columns (one at
 * least), then " and N more": appended to buf at *k. 0 when side s sets
 * them all as the baseline does. */
static size_t fmt_env_opts(const struct env_diff *d, size_t s, size_t room,
			   char *buf, size_t len, size_t *k)
{
	size_t total = 0, shown = 0, k0 = *k;

	for (size_t i = 0; i < d->n_opts; i++)
		total += fmt_env_opt_differs(&d->opts[i], s);
	for (size_t i = 0; i < d->n_opts && shown < total; i++) {
		const struct env_opt_diff *e = &d->opts[i];
		const char *a = fmt_env_opt(e, 0), *b = fmt_env_opt(e, s);
		size_t need = strlen(e->name) + strlen(a) + strlen(b) + 5 +
			      (shown ? 2 : 0);
		char more[48] = "";

		if (!fmt_env_opt_differs(e, s))
			continue;
		if (total - shown > 1)
			snprintf(more, sizeof(more), " and %zu more",
				 total - shown - 1);
		if (shown && *k - k0 + need + strlen(more) > room)
			break;
		if (*k < len)
			*k += (size_t)snprintf(buf + *k, len - *k,
					       "%s%s %s -> %s",
					       shown ? ", " : "", e->name, a,
					       b);
		shown++;
	}
	if (shown < total && *k < len)
		*k += (size_t)snprintf(buf + *k, len - *k, " and %zu more",
				       total - shown);
	return total;
}

/* The columns left of width after used (0 when none are). */
static size_t fmt_env_room(const struct fmt_wrap *o, size_t used)
{
	used += strlen(o->first);
	return used < (size_t)o->width ? (size_t)o->width - used : 0;
}

/* "KEY[TAG]:" on a line of its own, and in sub the indents of the
 * side lines under it. */
static void fmt_env_heading(const struct env_diff *d, const char *tag,
			    const struct fmt_wrap *o,
			    struct fmt_wrap *sub)
{
	char buf[4096];

	snprintf(buf, sizeof(buf), "%s%s:", d->key, tag);
	fmt_wrap(o, buf);
	*sub = *o;
	sub->first = o->md ? "  - " : "  ";
	sub->cont = o->md ? "    " : "      ";
}

/* kernel.config: the options that differ instead of the values, within
 * the line: "kernel.config: CONFIG_X n -> y, CONFIG_Y m -> y and 40
 * more"; with more sides one line a side, as fmt_env_entry's. */
static void fmt_env_kconfig(const struct compare_model *m,
			    const struct env_diff *d, const char *tag,
			    const struct fmt_wrap *o)
{
	struct fmt_wrap sub;
	char buf[4096];
	size_t k;

	if (m->n_sides == 2) {
		k = (size_t)snprintf(buf, sizeof(buf), "%s%s: ", d->key, tag);
		fmt_env_opts(d, 1, fmt_env_room(o, k), buf, sizeof(buf), &k);
		fmt_wrap(o, buf);
		return;
	}
	fmt_env_heading(d, tag, o, &sub);
	for (size_t s = 1; s < m->n_sides; s++) {
		k = (size_t)snprintf(buf, sizeof(buf), "%s: ", m->labels[s]);
		if (k >= sizeof(buf) / 2)
			k = sizeof(buf) / 2;
		if (!fmt_env_opts(d, s, fmt_env_room(&sub, k), buf,
				  sizeof(buf), &k))
			snprintf(buf + k, sizeof(buf) - k, "as %s",
				 m->labels[0]);
		fmt_wrap(&sub, buf);
	}
}

/* One key: the full line when it fits, else word differences or every
 * side's value on lines of their own. */
static void fmt_env_entry(const struct compare_model *m,
			  const struct env_diff *d, const char *tag,
			  const struct fmt_wrap *o)
{
	char buf[4096], words[4096];
	struct fmt_wrap sub;
	size_t k;
	bool as_words = true;

	if (d->n_opts) {
		fmt_env_kconfig(m, d, tag, o);
		return;
	}
	k = (size_t)snprintf(buf, sizeof(buf), "%s%s:", d->key, tag);
	for (size_t s = 0; s < m->n_sides && k < sizeof(buf); s++)
		k += (size_t)snprintf(buf + k, sizeof(buf) - k, "%s%s",
				      s ? " -> " : " ", fmt_env_value(d, s));
	if (k < sizeof(buf) && !escape_needed(buf) &&
	    strlen(o->first) + k <= (size_t)o->width) {
		fputs(o->first, o->out);
		fmt_wrap_put(o, buf, (int)k);
		fputc('\n', o->out);
		return;
	}
	/* words: every side shares words with the baseline, and the
	 * differences are shorter than the values */
	for (size_t s = 1; s < m->n_sides && as_words; s++) {
		const char *a = fmt_env_value(d, 0), *b = fmt_env_value(d, s);

		as_words = fmt_env_word_diff(a, b, words, sizeof(words)) > 0 &&
			   strlen(words) < strlen(b);
	}
	if (as_words && m->n_sides == 2) {
		fmt_env_word_diff(fmt_env_value(d, 0), fmt_env_value(d, 1),
				  words, sizeof(words));
		snprintf(buf, sizeof(buf), "%s%s: %s", d->key, tag, words);
		fmt_wrap(o, buf);
		return;
	}
	fmt_env_heading(d, tag, o, &sub);
	for (size_t s = as_words ? 1 : 0; s < m->n_sides; s++) {
		const char *v = fmt_env_value(d, s);

		if (as_words && !strcmp(v, fmt_env_value(d, 0)))
			snprintf(words, sizeof(words), "as %s", m->labels[0]);
		else if (as_words)
			fmt_env_word_diff(fmt_env_value(d, 0), v, words,
					  sizeof(words));
		snprintf(buf, sizeof(buf), "%s: %s", m->labels[s],
			 as_words ? words : v);
		fmt_wrap(&sub, buf);
	}
}

void fmt_env(const struct compare_model *m, FILE *out, int width, bool md)
{
	struct fmt_wrap o = {
		.out = out,
		.width = width,
		.first = md ? "- " : "",
		.cont = md ? "  " : "    ",
		.md = md,
	};
	char buf[1024], info[512] = "";
	size_t ki = 0;
	bool any = false;

	/* what it was measured on: the CPU, virtual or not, the PMU */
	if (m->machine) {
		compare_machine_line(m->machine, buf, sizeof(buf));
		fmt_wrap(&o, buf);
	}
	/* the sides of a saved versus session: what A and B were */
	for (size_t s = 0; m->versus && s < m->n_sides; s++) {
		snprintf(buf, sizeof(buf), "versus %s", m->versus[s] ?
			 m->versus[s] : "(not a versus side)");
		fmt_wrap(&o, buf);
	}
	/* --allow-mixed: what each side pools, named */
	for (size_t s = 0; m->pooled && s < m->n_sides; s++) {
		char lab[256];

		if (!m->pooled[s])
			continue;
		snprintf(buf, sizeof(buf), "%s pools %s (--allow-mixed)",
			 fmt_label(m, s, lab, sizeof(lab)), m->pooled[s]);
		fmt_wrap(&o, buf);
	}
	for (size_t i = 0; i < m->n_env; i++) {
		const struct env_diff *d = &m->env[i];

		if (d->kind == ENV_DIFF_INFO && !md) {
			if (ki < sizeof(info))
				ki += (size_t)snprintf(info + ki,
						       sizeof(info) - ki,
						       "%s%s", ki ? ", " : "",
						       d->key);
			continue;
		}
		fmt_env_entry(m, d, d->kind == ENV_DIFF_INFO ? " (info)" : "",
			      &o);
		any = true;
	}
	if (ki) {
		snprintf(buf, sizeof(buf), "also differs: %s", info);
		fmt_wrap(&o, buf);
	} else if (!any) {
		fmt_wrap(&o, m->versus ?
			     "environment: no other recorded difference" :
			     "environment: no recorded difference");
	}
	if (m->forced) {
		snprintf(buf, sizeof(buf), "FORCED: %s", m->forced_note);
		fmt_wrap(&o, buf);
	}
}
