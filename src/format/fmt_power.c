// SPDX-License-Identifier: MIT
/*
 * fmt_power: the lines under a table that say what each tested primary
 * row could have detected (compare_delta.detectable, compare_power.c),
 * and with --detect the boots or runs a side would need; shared by the
 * text and mail formats, whose word wrapping prints them.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "format.h"

bool fmt_power_any(const struct compare_model *m)
{
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			if (m->rows[r].delta[s].has_detectable)
				return true;
	return false;
}

void fmt_power_head(const struct compare_model *m, char *buf, size_t len)
{
	const char *from = m->design == DESIGN_BOOTS ? "boots' spread" :
			   m->design == DESIGN_SESSIONS ?
				   "runs' spread, within these sessions" :
				   "pairs' spread";
	size_t k = (size_t)snprintf(buf, len, "What %s test could detect (%.0f%% power at alpha %g",
				    m->n_tests > 1 ? "each" : "the",
				    COMPARE_POWER * 100, m->alpha);

	if (m->n_tests > 1 && k < len)
		k += (size_t)snprintf(buf + k, len - k, "/%zu", m->n_tests);
	if (k < len)
		snprintf(buf + k, len - k, ", from its own %s):", from);
}

bool fmt_power_line(const struct compare_model *m,
		    const struct compare_row *r, size_t s, char *buf,
		    size_t len)
{
	const struct compare_delta *d = &r->delta[s];
	const char *unit = m->design == DESIGN_BOOTS ? "boots" : "runs";
	char name[128], lab[128];
	size_t k, primaries = 0;

	if (!d->has_detectable)
		return false;
	/* a benchmark with several tested rows (--primary a,b): each named */
	for (size_t i = 0; i < m->n_rows; i++)
		primaries += m->rows[i].primary && r->bench &&
			     m->rows[i].bench &&
			     !strcmp(m->rows[i].bench, r->bench);
	if (primaries > 1) {
		char both[256];

		snprintf(both, sizeof(both), "%s %s", r->bench, r->metric);
		escape_str(both, name, sizeof(name));
	} else {
		escape_str(r->bench, name, sizeof(name));
	}
	/* below 0.1% (counts that barely vary): two digits, never "0.0" */
	k = (size_t)snprintf(buf, len, d->detectable < 0.001 ?
			     "%s%s%s: %s%s could detect about +-%.2g%%" :
			     "%s%s%s: %s%s could detect about +-%.1f%%",
			     m->n_sides > 2 ? fmt_label(m, s, lab, sizeof(lab)) :
					      "",
			     m->n_sides > 2 ? " " : "", name,
			     compare_verdict_word(m, r, s),
			     d->verdict == VERDICT_NOT_SIGNIFICANT ?
				     " no change found;" : ";",
			     d->detectable * 100);
	if (d->has_detect_n && k < len && d->detect_n)
		snprintf(buf + k, len - k, "; +-%g%% needs %zu %s a side",
			 m->detect * 100, d->detect_n, unit);
	else if (d->has_detect_n && k < len)
		snprintf(buf + k, len - k, "; +-%g%% needs more than %d %s a side",
			 m->detect * 100, COMPARE_DETECT_MAX, unit);
	return true;
}
