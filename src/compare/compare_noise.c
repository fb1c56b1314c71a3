// SPDX-License-Identifier: MIT
/*
 * compare_noise: what the runs' series earned (a noisy CV, outliers,
 * drift with run order, a slow first run), noted row by row while the
 * model is built and said once, as one warning line that names each
 * kind, its rows and the sides they were seen on:
 *
 *   noisy runs: CV >= 10% in wall (both sides), user (b) (10.7-21.0%);
 *   outliers (robust z > 10, kept, not dropped) in task-clock (a: 2);
 *   see 'abstat doctor'
 *
 * A warning prints once, not once a row and side (doc/development.md).
 * Rows whose resolution explains their spread earn nothing: rusage's user
 * and sys are split by clock ticks (4 ms at HZ=250), so a spread of a
 * tick says nothing about the machine.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_priv.h"

/* rusage's user and sys: the kernel splits a task's runtime between
 * them by the ticks it sampled, so either is off by up to a tick or two
 * (4 ms a tick at HZ=250) */
#define NOISE_TICK_NS 4e6

bool compare_noise_resolution(const struct compare_row *row,
			      const struct compare_stat *st)
{
	if (strcmp(row->metric, "user") && strcmp(row->metric, "sys"))
		return false;
	return st->run.sd <= NOISE_TICK_NS;
}

int compare_noise_add(struct compare_model *m, enum compare_noise_kind kind,
		      const struct compare_row *row, size_t s, double value)
{
	struct compare_noise_note *n;

	n = realloc(m->noise, (m->n_noise + 1) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	m->noise = n;
	n[m->n_noise++] = (struct compare_noise_note){
		kind, row->bench, row->metric, s, value };
	return 0;
}

/* Append to buf (size len) what printf would print; the end is kept
 * when it does not fit. */
static void noise_cat(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void noise_cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

/* The sides the notes of kind on metric were seen on: "both sides",
 * "every side", or their labels ("a", "a, c"); for outliers each with
 * its count. */
static void noise_sides(const struct compare_model *m,
			enum compare_noise_kind kind, const char *metric,
			char *buf, size_t len)
{
	size_t seen = 0;

	buf[0] = '\0';
	for (size_t s = 0; s < m->n_sides; s++) {
		double count = 0;
		bool on = false;

		for (size_t i = 0; i < m->n_noise; i++) {
			const struct compare_noise_note *n = &m->noise[i];

			if (n->kind == kind && n->side == s &&
			    !strcmp(n->metric, metric)) {
				on = true;
				count += n->value;
			}
		}
		if (!on)
			continue;
		noise_cat(buf, len, "%s%s", seen++ ? ", " : "", m->labels[s]);
		if (kind == NOISE_OUTLIERS)
			noise_cat(buf, len, ": %.0f", count);
	}
	if (seen == m->n_sides && kind != NOISE_OUTLIERS)
		snprintf(buf, len, "%s",
			 m->n_sides == 2 ? "both sides" : "every side");
}

/* One kind's part of the line ("" when it has no note). */
static void noise_kind(const struct compare_model *m,
		       enum compare_noise_kind kind, char *buf, size_t len)
{
	static const char *const head[NOISE_KINDS] = {
		"CV >= 10% in ",
		"outliers (robust z > 10, kept, not dropped) in ",
		"a drift with run order in ",
		"a slow first run in ",
	};
	double lo = INFINITY, hi = -INFINITY;
	size_t named = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < m->n_noise; i++) {
		const struct compare_noise_note *n = &m->noise[i];
		char sides[256];
		bool before = false;

		if (n->kind != kind)
			continue;
		lo = fmin(lo, n->value);
		hi = fmax(hi, n->value);
		for (size_t j = 0; j < i && !before; j++)
			before = m->noise[j].kind == kind &&
				 !strcmp(m->noise[j].metric, n->metric);
		if (before)
			continue;
		noise_sides(m, kind, n->metric, sides, sizeof(sides));
		noise_cat(buf, len, "%s%s (%s)", named++ ? ", " : head[kind],
			  n->metric, sides);
	}
	if (!named)
		return;
	if (kind == NOISE_CV)
		noise_cat(buf, len, " (CV %.1f-%.1f%%)", lo * 100, hi * 100);
	else if (kind == NOISE_DRIFT)
		noise_cat(buf, len, " (Spearman rho %+.2f to %+.2f: thermal or background effects)",
			  lo, hi);
	else if (kind == NOISE_FIRST)
		noise_cat(buf, len, " (up to %.1fx the others' median: add --warmup)",
			  hi);
}

int compare_noise_warn(struct compare_model *m)
{
	char line[2048] = "", part[1024];
	size_t benches = 0, kinds = 0;

	/* in how many benchmarks (the rows of one are together) */
	for (size_t i = 0; i < m->n_noise; i++) {
		bool before = false;

		for (size_t j = 0; j < i && !before; j++)
			before = !strcmp(m->noise[j].bench, m->noise[i].bench);
		benches += !before;
	}
	for (int k = 0; k < NOISE_KINDS; k++) {
		noise_kind(m, (enum compare_noise_kind)k, part, sizeof(part));
		if (part[0])
			noise_cat(line, sizeof(line), "%s%s", kinds++ ? "; " : "",
				  part);
	}
	if (!kinds)
		return 0;
	if (m->n_bench > 1)
		return compare_warn(m, "noisy runs in %zu of %zu benchmarks: %s; see 'abstat doctor'",
				    benches, m->n_bench, line);
	return compare_warn(m, "noisy runs: %s; see 'abstat doctor'", line);
}
