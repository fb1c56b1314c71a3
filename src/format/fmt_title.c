// SPDX-License-Identifier: MIT
/*
 * fmt_title: the sentences around a table that text, mail and markdown
 * share: its title (what, runs, boots or sessions, CPUs), the footer
 * (what the verdicts and intervals are, the design's sentence) and the
 * geomean note, each into a buffer the format wraps (format.h); and the
 * heading of a table of --by host.
 */
#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "format.h"

/* Files of the model that record no boot (fmt_title_boots). */
static size_t fmt_unknown_boots(const struct compare_model *m, bool *all)
{
	size_t n = 0;

	*all = true;
	for (size_t s = 0; m->unknown_boot && s < m->n_sides; s++) {
		n += m->unknown_boot[s];
		*all &= m->unknown_boot[s] == m->files[s];
	}
	return n;
}

/* ", boots 3/3" when the sides' files are of distinct boots (with
 * " (assumed)" where --assume-boots made them so); with some sessions of
 * one boot ", sessions 3 in 1 boot" (each side alike) or ", sessions 3/2
 * in 1/1 boots" (the sessions and boots per side); files that record no
 * boot: ", sessions 3/3" (no boot count). */
static void fmt_title_boots(const struct compare_model *m, char *buf,
			    size_t len)
{
	bool same = true, distinct = true, all;
	size_t k, unknown = fmt_unknown_boots(m, &all);

	for (size_t s = 0; s < m->n_sides; s++) {
		same &= m->files[s] == m->files[0] &&
			m->boots[s] == m->boots[0];
		distinct &= m->boots[s] == m->files[s];
	}
	if (unknown && all && !m->assume_boots) {
		k = (size_t)snprintf(buf, len, ", sessions ");
		for (size_t s = 0; s < m->n_sides && k < len; s++)
			k += (size_t)snprintf(buf + k, len - k, "%s%zu",
					      s ? "/" : "", m->files[s]);
		return;
	}
	if (distinct) {
		k = (size_t)snprintf(buf, len, ", boots ");
		for (size_t s = 0; s < m->n_sides && k < len; s++)
			k += (size_t)snprintf(buf + k, len - k, "%s%zu",
					      s ? "/" : "", m->boots[s]);
		if (unknown && m->assume_boots && k < len)
			snprintf(buf + k, len - k, " (assumed)");
		return;
	}
	if (same) {
		snprintf(buf, len, ", sessions %zu in %zu boot%s", m->files[0],
			 m->boots[0], m->boots[0] == 1 ? "" : "s");
		return;
	}
	k = (size_t)snprintf(buf, len, ", sessions ");
	for (size_t s = 0; s < m->n_sides && k < len; s++)
		k += (size_t)snprintf(buf + k, len - k, "%s%zu", s ? "/" : "",
				      m->files[s]);
	for (size_t s = 0; s < m->n_sides && k < len; s++)
		k += (size_t)snprintf(buf + k, len - k, "%s%zu", s ? "/" : " in ",
				      m->boots[s]);
	if (k < len)
		snprintf(buf + k, len - k, " boots");
}

/* ", 2 copies" when every side ran that many at once, ", copies 1/2"
 * when they differ; nothing for one copy each. */
static void fmt_title_copies(const struct compare_model *m, char *buf,
			     size_t len)
{
	bool same = true;
	size_t k;

	for (size_t s = 1; s < m->n_sides; s++)
		same &= m->copies[s] == m->copies[0];
	if (same && m->copies[0] <= 1)
		return;
	if (same) {
		snprintf(buf, len, ", %u copies", m->copies[0]);
		return;
	}
	k = (size_t)snprintf(buf, len, ", copies ");
	for (size_t s = 0; s < m->n_sides && k < len; s++)
		k += (size_t)snprintf(buf + k, len - k, "%s%u", s ? "/" : "",
				      m->copies[s] ? m->copies[s] : 1);
}

void fmt_title(const struct compare_model *m, char *buf, size_t len)
{
	char what[96], runs[64], boots[64] = "";
	bool same = true, multi = false, all;

	for (size_t s = 1; s < m->n_sides; s++)
		same &= m->runs[s] == m->runs[0];
	for (size_t s = 0; s < m->n_sides; s++)
		multi |= m->files[s] > 1;
	if (fmt_view(m) == FMT_VIEW_SINGLE)
		escape_str(m->rows[0].bench, what, sizeof(what));
	else if (fmt_view(m) == FMT_VIEW_SUITE && fmt_one_metric(m))
		snprintf(what, sizeof(what), "%zu benchmarks, %s", m->n_bench,
			 m->rows[0].metric);
	else
		snprintf(what, sizeof(what), "%zu benchmarks", m->n_bench);
	if (same) {
		snprintf(runs, sizeof(runs), "%zu runs/side", m->runs[0]);
	} else {
		size_t k = (size_t)snprintf(runs, sizeof(runs), "runs ");

		for (size_t s = 0; s < m->n_sides && k < sizeof(runs); s++)
			k += (size_t)snprintf(runs + k, sizeof(runs) - k,
					      "%s%zu", s ? "/" : "",
					      m->runs[s]);
	}
	if (multi)
		fmt_title_boots(m, boots, sizeof(boots));
	fmt_title_copies(m, runs + strlen(runs), sizeof(runs) - strlen(runs));
	snprintf(buf, len, "abstat compare: %s, %s%s%s%s%s%s%s, %s", what,
		 runs, m->interrupted ? " (interrupted)" : "", boots,
		 m->design == DESIGN_SESSIONS && !multi ? ", 1 session/side" :
		 m->design == DESIGN_INTERLEAVED ? ", interleaved" : "",
		 fmt_unknown_boots(m, &all) && !m->assume_boots ?
			 ", boot unknown" : "",
		 m->cpus ? ", CPU " : "", m->cpus ? m->cpus : "",
		 m->user_only ? "user-only" : "user+kernel");
}

/* Why the first primary row is the tested one (compare_primary_metric's
 * order), for the footer. */
static const char *fmt_primary_why(const struct compare_model *m)
{
	const struct compare_row *row = NULL;
	size_t n;

	for (size_t r = 0; r < m->n_rows && !row; r++)
		if (m->rows[r].primary)
			row = &m->rows[r];
	if (!row)
		return NULL;
	n = strlen(row->metric);
	for (size_t r = 0; r < m->n_rows && m->primary_named; r++)
		if (m->rows[r].primary && strcmp(m->rows[r].metric, row->metric))
			return "--primary names them";
	if (m->primary_named)
		return "--primary names it";
	if (n > 3 && !strcmp(row->metric + n - 3, "/op"))
		return "the cost of one operation, as the runs counted them";
	if (row->kind == METRIC_SCORE)
		return "the benchmark's own score, no operation count";
	if (!strcmp(row->metric, "instructions"))
		return "an emulated CPU counts only its instructions, no operation count";
	return "no operation count, no score";
}

/* The primary metrics of the table, "task-clock/op" or "cycles/op,
 * task-clock" (at most six named). */
static void fmt_primaries(const struct compare_model *m, char *buf,
			  size_t len)
{
	size_t k = 0, named = 0;

	buf[0] = '\0';
	for (size_t r = 0; r < m->n_rows && k < len; r++) {
		bool seen = false;

		if (!m->rows[r].primary)
			continue;
		for (size_t q = 0; q < r && !seen; q++)
			seen = m->rows[q].primary &&
			       !strcmp(m->rows[q].metric, m->rows[r].metric);
		if (seen)
			continue;
		if (named++ == 6) {
			snprintf(buf + k, len - k, ", ...");
			break;
		}
		k += (size_t)snprintf(buf + k, len - k, "%s%s",
				      k ? ", " : "", m->rows[r].metric);
	}
}

/* "<3 boots: ... (here 2/3)": what a verdict needs. The length written
 * (snprintf's). */
static size_t fmt_few_boots(const struct compare_model *m, char *buf,
			    size_t len)
{
	size_t k = (size_t)snprintf(buf, len,
		" <3 boots: no verdict and no p; a verdict needs %d boots per side (here ",
		COMPARE_MIN_BOOTS);

	for (size_t s = 0; s < m->n_sides && k < len; s++)
		k += (size_t)snprintf(buf + k, len - k, "%s%zu", s ? "/" : "",
				      m->boots[s]);
	if (k < len)
		k += (size_t)snprintf(buf + k, len - k, ").");
	return k;
}

/* The footer's sentence on the design: what the runs are replicates of.
 * The length written (snprintf's). */
static size_t fmt_footer_design(const struct compare_model *m, bool pooled,
				char *buf, size_t len)
{
	size_t k = 0;

	switch (m->design) {
	case DESIGN_SESSIONS:
		if (pooled) {
			k += (size_t)snprintf(buf + k, k < len ? len - k : 0,
				" Sessions of one boot (one kernel.boot_id) are not boots: each side's runs are pooled as one session, so p and the interval leave out boot-to-boot variation; \"session\" marks a difference between these sessions, not a verdict on A vs B, and --fail-on-regression acts on it only with --within-session. For a verdict: 3 or more boots per side (reboot between sessions: abstat boots), or abstat versus.");
			break;
		}
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0,
			" One session per side: the runs are replicates of their own session, so p and the interval leave out session-to-session (boot-to-boot) variation; \"session\" marks a difference between these two sessions, not a verdict on A vs B, and --fail-on-regression acts on it only with --within-session. For a verdict: 3 or more sessions (boots) per side, or abstat versus.");
		break;
	case DESIGN_INTERLEAVED:
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0,
			" One session, the sides interleaved: the runs are replicates of this A/B on this boot.");
		break;
	case DESIGN_BOOTS:
		k += (size_t)snprintf(buf + k, k < len ? len - k : 0,
			" Several boots on a side: each result file is one value (the %s of its runs); Welch t on their logs and the interval it implies; nothing is significant with fewer than %d boots per side.",
			m->center == CENTER_MEAN ? "mean" : "median",
			COMPARE_MIN_BOOTS);
		if (pooled && k < len)
			k += (size_t)snprintf(buf + k, len - k,
				" Files of one boot (one kernel.boot_id) are sessions of it, pooled as one value.");
		break;
	}
	return k;
}

/* What the rows of a model have that the footer explains. */
struct fmt_marks {
	bool small, exact, scaled, absolute, secondary, disagree;
	bool few_boots, flat, pooled, few_runs, model, paired, unpaired;
	bool emul;
};

static void fmt_marks_of(const struct compare_model *m, bool intervals,
			 struct fmt_marks *f)
{
	memset(f, 0, sizeof(*f));
	for (size_t r = 0; r < m->n_rows; r++) {
		f->secondary |= !m->rows[r].primary;
		f->model |= m->rows[r].modelled;
		f->emul |= m->rows[r].emulated;
		for (size_t s = 0; s < m->n_sides; s++) {
			const struct compare_stat *st = &m->rows[r].stat[s];
			const struct compare_delta *d = &m->rows[r].delta[s];

			f->small |= st->n &&
				    st->run.ci_level < 1 - m->alpha - 1e-9;
			f->scaled |= st->scaled;
			f->exact |= s && d->exact && d->has_delta;
			f->disagree |= s && intervals && d->ci_disagrees;
			f->few_boots |= s && m->rows[r].primary &&
					d->verdict == VERDICT_TOO_FEW_BOOTS;
			f->few_runs |= s && d->verdict == VERDICT_TOO_FEW_RUNS;
			f->flat |= s && m->design == DESIGN_BOOTS &&
				   d->has_p && !d->exact && d->lo == d->hi;
			f->absolute |= s && d->absolute && d->has_delta;
			f->paired |= s && d->has_p && d->paired;
			f->unpaired |= s && d->has_p && !d->paired;
		}
	}
	for (size_t s = 0; s < m->n_sides; s++)
		f->pooled |= m->files[s] > m->boots[s];
}

/* The footer's first sentences: what the verdicts are on, the design,
 * the tests. Returns the length it would have. */
static size_t fmt_footer_tests(const struct compare_model *m,
			       const struct fmt_marks *f, char *buf,
			       size_t len)
{
	const char *sec = f->secondary ? "the other rows are secondary: delta, interval and unadjusted p, no verdict. " : "";
	char prim[128];
	bool all;
	size_t k;

	fmt_primaries(m, prim, sizeof(prim));
	/* no primary row tested (too few boots or runs): no Holm to name */
	if (m->n_tests)
		k = (size_t)snprintf(buf, len,
			"Verdicts on the primary row of each benchmark (%s), Holm over %zu test%s at alpha %g (p shown corrected); %s~ not significant. Intervals at %g%%.",
			prim[0] ? prim : "none", m->n_tests,
			m->n_tests == 1 ? "" : "s", m->alpha, sec,
			(1 - m->alpha) * 100);
	else
		k = (size_t)snprintf(buf, len,
			"Verdicts on the primary row of each benchmark (%s): none tested, too few boots or runs (no p shown); %sIntervals at %g%%.",
			prim[0] ? prim : "none", sec, (1 - m->alpha) * 100);
	if (fmt_primary_why(m) && k < len)
		k += (size_t)snprintf(buf + k, len - k, " Why %s: %s.", prim,
				      fmt_primary_why(m));
	k += fmt_footer_design(m, f->pooled, buf + k, k < len ? len - k : 0);
	if (fmt_unknown_boots(m, &all) && !m->assume_boots && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" boot unknown: files that record no boot (neither kernel.boot_id nor boot_time: imports, older files) are taken for sessions of one boot; --assume-boots when each was measured in a boot of its own.");
	if (f->paired && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" Test: Wilcoxon signed-rank on the log ratios of run i of each side to run i of A (neighbours in one round share the machine's drift and load); interval: Hodges-Lehmann, from the same ranks.");
	if (m->design != DESIGN_BOOTS && (!f->paired || f->unpaired) &&
	    k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" Test%s: Mann-Whitney U on the runs; interval: bootstrap, %u resamples, seed %llu.",
			f->paired ? " where the runs do not pair up" : "",
			m->resamples, (unsigned long long)m->seed);
	return k;
}

void fmt_footer(const struct compare_model *m, bool intervals, char *buf,
		size_t len)
{
	struct fmt_marks f;
	size_t k;

	fmt_marks_of(m, intervals, &f);
	k = fmt_footer_tests(m, &f, buf, len);
	if (k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" cv: SD over mean of the %s.",
			m->design == DESIGN_BOOTS ? "boots' values" : "runs");
	if (f.small && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" With few runs the median's interval is the range (coverage below the level).");
	if (f.exact && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" exact: identical values in every run (>= %d per side), no test needed.",
			COMPARE_EXACT_MIN_RUNS);
	if (f.few_runs && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" <4 runs: fewer than %d runs on a side, no test (the delta only).",
			COMPARE_MIN_RUNS);
	if (f.few_boots && k < len)
		k += fmt_few_boots(m, buf + k, len - k);
	if (f.flat && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" An interval of zero width: the boots of each side gave one value, so Welch t has no spread to weigh the delta against and its p is 0 (1 without a delta): a deterministic count, not a measured certainty.");
	if (f.disagree && k < len)
		k += (size_t)snprintf(buf + k, len - k,
				      " " FMT_DISAGREE_NOTE);
	if (f.absolute && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" A delta without %% is the change in the row's unit (its baseline is 0).");
	if (f.scaled && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" *: multiplexed, scaled by enabled/running time.");
	if (f.model && k < len)
		k += (size_t)snprintf(buf + k, len - k,
			" [m]: modelled, the count of a cache model (the kernel lab's, under QEMU), not of a hardware counter.");
	if (f.emul && k < len)
		snprintf(buf + k, len - k,
			" [e]: emulated, counted by the emulator (the x86_64 kernel lab's QEMU plugin), not by a hardware counter.");
}

/* What the geomean row is, as one paragraph (see format.h). */
void fmt_geomean_note(const struct compare_model *m, bool intervals,
		      char *buf, size_t len)
{
	char lab[512], x[24], y[24], z[24];
	size_t k;

	buf[0] = '\0';
	if (!m->geomean)
		return;
	k = (size_t)snprintf(buf, len,
		"geomean: the geometric mean of the primary rows' ratios to %s, its interval %s; no verdict%s",
		fmt_label(m, 0, lab, sizeof(lab)),
		m->geomean[m->n_sides - 1].boots ?
			"Welch t over the boots, each boot's geomean one value (the boots' offset is shared by the benchmarks)" :
			"by the delta method on the log ratios",
		intervals ? ":" : ".");
	for (size_t s = 1; intervals && s < m->n_sides && k < len; s++) {
		const struct compare_geomean *g = &m->geomean[s];

		fmt_label(m, s, lab, sizeof(lab));
		if (!g->has) {
			k += (size_t)snprintf(buf + k, len - k, "%s %s: none (%s)",
					      s > 1 ? ";" : "", lab, g->why);
			continue;
		}
		fmt_pct(g->delta, x, sizeof(x));
		fmt_pct(g->lo, y, sizeof(y));
		fmt_pct(g->hi, z, sizeof(z));
		k += (size_t)snprintf(buf + k, len - k, "%s %s %s [%s, %s]",
				      s > 1 ? ";" : "", lab, x, y, z);
	}
	if (intervals && k < len)
		k += (size_t)snprintf(buf + k, len - k, ".");
	for (size_t s = 1; s < m->n_sides && k < len; s++) {
		const struct compare_geomean *g = &m->geomean[s];

		if (g->left_out)
			k += (size_t)snprintf(buf + k, len - k,
				" %s: over the %zu of %zu benchmarks both sides have (%zu left out).",
				fmt_label(m, s, lab, sizeof(lab)), g->n,
				g->n + g->left_out, g->left_out);
	}
}

void fmt_host_head(const struct compare_model *m, FILE *out, bool md)
{
	char shown[512];

	if (!m->host_table)
		return;
	escape_str(m->host ? m->host : "unknown", shown, sizeof(shown));
	if (m->host_table > 1)
		fputc('\n', out);
	fprintf(out, md ? "## host: %s\n\n" : "host: %s\n", shown);
}
