// SPDX-License-Identifier: MIT
/*
 * compare: sides -> the delta model (compare.h). Checks that the sides can
 * be compared at all (event encodings, environment), decides what the
 * runs are replicates of (the design: separate sessions, one interleaved
 * session, or several boots per side), chooses the rows (one primary row
 * per benchmark, the others secondary), summarises every side per row,
 * computes deltas, intervals and p-values at 1 - alpha (runs: Mann-Whitney
 * U and the bootstrap; boots: Welch t on the boots' log centers), then
 * Holm-corrects over the primary rows only. The model and its assumptions
 * are documented in abstat-compare(1), THE MODEL. The statistics
 * themselves are in stats*.c; printing is in the fmt_*.c files, chosen in
 * format.c. Nothing here prints: errors go to the caller's err, warnings
 * into the model.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_priv.h"
#include "err.h"
#include "result_keys.h"
#include "stats.h"
#include "where.h"

/* Warning threshold (DESIGN.md "Statistics"; the others: compare_stat.c). */
#define COMPARE_CPU_SHARE 0.9  /* task-clock / wall below: warn */

const char *compare_verdict_name(enum compare_verdict v)
{
	static const char *const names[] = {
		[VERDICT_SIGNIFICANT] = "significant",
		[VERDICT_SESSION] = "session",
		[VERDICT_NOT_SIGNIFICANT] = "not-significant",
		[VERDICT_SECONDARY] = "secondary",
		[VERDICT_TOO_FEW_RUNS] = "too-few-runs",
		[VERDICT_TOO_FEW_BOOTS] = "too-few-boots",
		[VERDICT_UNDETERMINED] = "undetermined",
		[VERDICT_NOT_SUPPORTED] = "not-supported",
	};

	return names[v];
}

const char *compare_design_name(enum compare_design d)
{
	static const char *const names[] = {
		[DESIGN_SESSIONS] = "sessions",
		[DESIGN_INTERLEAVED] = "interleaved",
		[DESIGN_BOOTS] = "boots",
	};

	return names[d];
}

const char *compare_verdict_word(const struct compare_model *m,
				 const struct compare_row *row, size_t s)
{
	static const char *const words[] = {
		[VERDICT_SIGNIFICANT] = "yes",
		[VERDICT_SESSION] = "session",
		[VERDICT_NOT_SIGNIFICANT] = "~",
		[VERDICT_SECONDARY] = "secondary",
		[VERDICT_TOO_FEW_RUNS] = "<4 runs",
		[VERDICT_TOO_FEW_BOOTS] = "<3 boots",
		[VERDICT_UNDETERMINED] = "?",
		[VERDICT_NOT_SUPPORTED] = NULL,
	};

	(void)m;
	return words[row->delta[s].verdict];
}

/* A metric every file of every side that has it can count, and no file
 * that has the benchmark lacks (an imported result: a source that has no
 * such counter). */
static bool compare_counts(struct metric_set *const *sets,
			   const struct side *sides, size_t n, const char *name)
{
	bool seen = false;

	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct metric *mt = metrics_find(&sets[s][f],
							       name);

			if (!mt && sets[s][f].n)
				return false;
			if (!mt)
				continue;
			if (!mt->supported || !mt->counted || !mt->n)
				return false;
			seen = true;
		}
	return seen;
}

const char *compare_primary_metric(struct metric_set *const *sets,
				   const struct side *sides, size_t n)
{
	static const char *const order[][2] = {
		{ "cycles/op", "cycles" },
		{ "cpu-cycles/op", "cpu-cycles" },
		{ "task-clock/op", "task-clock" },
		{ "ns/op", "wall" },
	};
	const struct result *r0 = sides[0].files[0];
	const char *own = result_imported_str(r0, RK_PRIMARY);
	bool ops = compare_counts(sets, sides, n, "ns/op");
	/* QEMU TCG's emulated CPU (the lab): only its instruction counts
	 * mean anything, its cycles are those instructions under icount */
	bool emulated = result_cpu_emulated(r0);
	const char *insn = ops ? "instructions/op" : "instructions";

	if (own && compare_counts(sets, sides, n, own))
		return own;
	/* an operation count: the cost of one operation, never the count
	 * itself (a timed loop's count is its rate, a fixed one's is
	 * constant) nor a total that the design fixes */
	if (ops && emulated && compare_counts(sets, sides, n, insn))
		return insn;
	for (size_t i = 0; ops && i < sizeof(order) / sizeof(order[0]); i++)
		if (compare_counts(sets, sides, n, order[i][0]))
			return order[i][0];
	/* no count: what the benchmark itself says it did, before a total
	 * (a timed run's instructions under icount are constant) */
	for (size_t i = 0; i < sets[0][0].n; i++)
		if (sets[0][0].m[i].kind == METRIC_SCORE)
			return sets[0][0].m[i].name;
	if (emulated && compare_counts(sets, sides, n, insn))
		return insn;
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (compare_counts(sets, sides, n, order[i][1]))
			return order[i][1];
	return NULL;
}

/* The benchmark's primary row: --primary, else compare_primary_metric. */
static const char *compare_primary(const struct compare_opts *o,
				   const struct compare_bench *b,
				   const struct side *sides, size_t n)
{
	if (o->primary)
		return o->primary; /* checked to exist (compare_build) */
	return compare_primary_metric(b->sets, sides, n);
}

static bool compare_wanted(const struct compare_opts *o, size_t nb,
			   const struct metric_set *base, const char *name)
{
	const struct metric *mt;

	if (o->metrics || o->events)
		return compare_check_list_has(o->metrics, name) ||
		       compare_check_list_has(o->events, name);
	if (o->detail)
		return true;
	if (nb > 1)
		return false; /* a suite: its primary rows */
	/* one benchmark: counters, derived, times and ns/op; per-event
	 * per-op values, ops/s and maxrss repeat them (--detail shows them) */
	mt = metrics_find(base, name);
	if (mt && mt->kind == METRIC_PER_OP)
		return !strcmp(name, "ns/op");
	return strcmp(name, "maxrss");
}

static int compare_add_row(struct compare_model *m, const char *bench,
			   const struct metric *mt, bool primary)
{
	struct compare_row *r = realloc(m->rows,
					(m->n_rows + 1) * sizeof(*r));

	if (!r)
		return -ENOMEM;
	m->rows = r;
	r = &r[m->n_rows];
	memset(r, 0, sizeof(*r));
	m->n_rows++;
	r->bench = strdup(bench);
	r->metric = strdup(mt->name);
	r->unit = strdup(mt->unit);
	r->kind = mt->kind;
	r->higher_is_better = mt->higher_is_better;
	r->modelled = mt->modelled;
	r->emulated = mt->emulated;
	r->primary = primary;
	r->stat = calloc(m->n_sides, sizeof(*r->stat));
	r->delta = calloc(m->n_sides, sizeof(*r->delta));
	if (!r->bench || !r->metric || !r->unit || !r->stat || !r->delta)
		return -ENOMEM;
	return 0;
}

/* Holm over the primary rows' tests (rows x non-baseline sides): the
 * family is fixed by the benchmarks, not by the rows shown. */
static int compare_holm(struct compare_model *m)
{
	size_t n = 0, k = 0;
	double *p;

	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			n += m->rows[r].delta[s].in_family;
	m->n_tests = n;
	if (!n)
		return 0;
	p = calloc(n, sizeof(*p));
	if (!p)
		return -ENOMEM;
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++)
			if (m->rows[r].delta[s].in_family)
				p[k++] = m->rows[r].delta[s].p;
	if (stats_holm(p, n, p)) {
		free(p);
		return -ENOMEM;
	}
	k = 0;
	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++) {
			struct compare_delta *d = &m->rows[r].delta[s];

			if (!d->in_family)
				continue;
			compare_delta_holm(m, d, p[k++]);
		}
	free(p);
	return 0;
}

/* Copies of benchmark name in r (task-clock adds up over copies). */
static unsigned compare_copies(const struct result *r, const char *name)
{
	for (size_t i = 0; i < r->n_bench; i++)
		if (r->bench[i].name && !strcmp(r->bench[i].name, name))
			return r->bench[i].copies ? r->bench[i].copies : 1;
	return 1;
}

/*
 * task-clock / wall per copy below COMPARE_CPU_SHARE: the workload did
 * not get its CPU (a busy machine, or it sleeps), and wall-based rows
 * (ns/op, ops/s) measure the machine as much as the workload. Warned once
 * per side, with the lowest share seen.
 */
static int compare_cpu_share(struct compare_model *m,
			     const struct compare_bench *b,
			     const struct side *sides)
{
	for (size_t s = 0; s < m->n_sides; s++) {
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct metric *tc = metrics_find(&b->sets[s][f],
							       "task-clock");
			const struct metric *w = metrics_find(&b->sets[s][f],
							      "wall");
			unsigned copies = compare_copies(sides[s].files[f],
							 b->name);
			double share;

			if (!tc || !w || !tc->n || !w->n || !tc->supported)
				continue;
			share = stats_median(tc->v, tc->n) /
				stats_median(w->v, w->n) / copies;
			if (isfinite(share) && share < m->cpu_share[s]) {
				m->cpu_share[s] = share;
				free(m->cpu_share_bench[s]);
				m->cpu_share_bench[s] = strdup(b->name);
				if (!m->cpu_share_bench[s])
					return -ENOMEM;
			}
		}
	}
	return 0;
}

/* One line for every side whose workload waited for its CPU. */
static int compare_cpu_share_warn(struct compare_model *m)
{
	char who[512] = "", share[256] = "";
	size_t n = 0;

	for (size_t s = 0; s < m->n_sides; s++) {
		size_t w = strlen(who), h = strlen(share);

		if (!(m->cpu_share[s] < COMPARE_CPU_SHARE))
			continue;
		snprintf(who + w, sizeof(who) - w, "%s%s (%s)", n ? ", " : "",
			 m->labels[s], m->cpu_share_bench[s]);
		snprintf(share + h, sizeof(share) - h, "%s%.0f%%", n ? ", " : "",
			 m->cpu_share[s] * 100);
		n++;
	}
	if (n && compare_warn(m, "%s: the workload got %s of its CPU (task-clock / wall); per-op rows use CPU time, wall-based rows (wall, ns/op, ops/s) include the wait",
			      who, share))
		return -ENOMEM;
	return 0;
}

/*
 * What the runs are replicates of. Several boots on a side (distinct
 * kernel.boot_id): boots. Several files of one boot on a side are
 * sessions of that boot, pooled as one: sessions. One file per side, all
 * from one session that interleaved its sides (versus: the same
 * config.session, config.interleaved): interleaved. Otherwise separate
 * sessions.
 */
static enum compare_design compare_design_of(const struct side *sides,
					     size_t n, bool assume)
{
	const char *id = NULL;
	bool same = true;

	for (size_t s = 0; s < n; s++)
		if (side_boots(&sides[s], NULL, assume) > 1)
			return DESIGN_BOOTS;
	for (size_t s = 0; s < n; s++)
		if (sides[s].n_files > 1)
			return DESIGN_SESSIONS;
	for (size_t s = 0; s < n && same; s++) {
		const char *sid = result_session(sides[s].files[0]);

		same = sid && result_interleaved(sides[s].files[0]) &&
		       (!id || !strcmp(id, sid));
		id = sid;
	}
	return same ? DESIGN_INTERLEAVED : DESIGN_SESSIONS;
}

/* Rows for the wanted metrics of one file's set not yet in the rows of
 * this benchmark (from first on); the primary row is added first. */
static int compare_set_rows(const struct compare_opts *o,
			    struct compare_model *m,
			    const struct compare_bench *b, size_t nb,
			    const struct metric_set *set, size_t first,
			    const char *primary)
{
	for (size_t k = 0; k < set->n; k++) {
		const struct metric *mt = &set->m[k];
		bool dup = false;

		for (size_t r = first; r < m->n_rows; r++)
			dup |= !strcmp(m->rows[r].metric, mt->name);
		if (dup || (primary && compare_check_list_has(primary,
							      mt->name)) ||
		    !compare_wanted(o, nb, &b->sets[0][0], mt->name))
			continue;
		if (compare_add_row(m, b->name, mt, false))
			return -ENOMEM;
		/* a row asked for by name stays, zero or not */
		m->rows[m->n_rows - 1].asked =
			compare_check_list_has(o->metrics, mt->name) ||
			compare_check_list_has(o->events, mt->name);
	}
	return 0;
}

/* The primary rows of benchmark b (a comma list: --primary a,b), first
 * among its rows, in the list's order. */
static int compare_primary_row(struct compare_model *m,
			       const struct side *sides,
			       const struct compare_bench *b,
			       const char *primary)
{
	const char *p = primary;

	while (*p) {
		size_t len = strcspn(p, ",");
		char name[256];
		const struct metric *mt = NULL;

		snprintf(name, sizeof(name), "%.*s", (int)len, p);
		for (size_t s = 0; s < m->n_sides && !mt; s++)
			for (size_t f = 0; f < sides[s].n_files && !mt; f++)
				mt = metrics_find(&b->sets[s][f], name);
		if (mt && compare_add_row(m, b->name, mt, true))
			return -ENOMEM;
		p += len + (p[len] == ',');
	}
	return 0;
}

static int compare_rows(const struct compare_opts *o, const struct side *sides,
			struct compare_model *m, struct compare_bench *b,
			size_t nb)
{
	for (size_t i = 0; i < nb; i++) {
		size_t first = m->n_rows;
		const char *primary;
		bool any = false;

		/* one benchmark's metrics at a time: its rows copy them */
		if (compare_bench_load(&b[i], sides, m->n_sides))
			return -ENOMEM;
		primary = compare_primary(o, &b[i], sides, m->n_sides);
		if (primary && compare_primary_row(m, sides, &b[i], primary))
			return -ENOMEM;
		/* metric order: as the first file holding each one has it */
		for (size_t s = 0; s < m->n_sides; s++)
			for (size_t f = 0; f < sides[s].n_files; f++)
				if (compare_set_rows(o, m, &b[i], nb,
						     &b[i].sets[s][f], first,
						     primary))
					return -ENOMEM;
		for (size_t r = first; r < m->n_rows; r++) {
			for (size_t s = 0; s < m->n_sides; s++) {
				if (compare_stat_fill(m, &m->rows[r],
						      &b[i], s, &sides[s]))
					return -ENOMEM;
				m->rows[r].stat[s].copies = compare_copies(
					sides[s].files[0], b[i].name);
			}
			any = true;
		}
		if (compare_cpu_share(m, &b[i], sides))
			return -ENOMEM;
		compare_bench_unload(&b[i], sides, m->n_sides);
		m->n_bench += any;
	}
	return 0;
}

static int compare_header(const struct side *sides, size_t n,
			  struct compare_model *m)
{
	const struct result *ref = sides[0].files[0];
	const char *cpus = result_cpus(ref);
	const char *host = NULL;
	bool one = true;

	m->labels = calloc(n, sizeof(*m->labels));
	m->files = calloc(n, sizeof(*m->files));
	m->boots = calloc(n, sizeof(*m->boots));
	m->unknown_boot = calloc(n, sizeof(*m->unknown_boot));
	m->runs = calloc(n, sizeof(*m->runs));
	m->copies = calloc(n, sizeof(*m->copies));
	m->cpu_share = calloc(n, sizeof(*m->cpu_share));
	m->cpu_share_bench = calloc(n, sizeof(*m->cpu_share_bench));
	if (!m->labels || !m->files || !m->boots || !m->runs || !m->copies ||
	    !m->cpu_share || !m->cpu_share_bench || !m->unknown_boot)
		return -ENOMEM;
	for (size_t s = 0; s < n; s++)
		m->cpu_share[s] = INFINITY;
	for (size_t s = 0; s < n; s++) {
		const char *l = sides[s].label ? sides[s].label :
				sides[s].files[0]->label;
		char buf[32];

		if (!l || !*l) {
			snprintf(buf, sizeof(buf), "side%zu", s + 1);
			l = buf;
		}
		m->labels[s] = strdup(l);
		if (!m->labels[s])
			return -ENOMEM;
		m->files[s] = sides[s].n_files;
		m->boots[s] = side_boots(&sides[s], NULL, m->assume_boots);
		m->unknown_boot[s] = side_unknown_boot(&sides[s]);
		for (size_t f = 0; f < sides[s].n_files; f++)
			m->interrupted |= sides[s].files[f]->status &&
					  !strcmp(sides[s].files[f]->status,
						  "interrupted");
	}
	for (size_t s = 0; s < n; s++) {
		char buf[512];

		if (!side_pooled(&sides[s], buf, sizeof(buf)))
			continue;
		if (!m->pooled)
			m->pooled = calloc(n, sizeof(*m->pooled));
		if (!m->pooled || !(m->pooled[s] = strdup(buf)))
			return -ENOMEM;
	}
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const char *h = side_host(sides[s].files[f]);

			if (!h || (host && strcmp(host, h)))
				one = false;
			host = h;
		}
	if (one && host && !(m->host = strdup(host)))
		return -ENOMEM;
	m->user_only = result_user_only(ref);
	if (cpus)
		m->cpus = strdup(cpus);
	m->machine = compare_machine(sides[0].files[0]);
	return m->machine ? 0 : -ENOMEM;
}

int compare_build(const struct compare_opts *o, const struct side *sides,
		  size_t n, struct compare_model **out, char *err, size_t len)
{
	struct compare_model *m = calloc(1, sizeof(*m));
	struct compare_bench *b = NULL;
	struct compare_opts oi;
	size_t nb = 0;
	int rc;

	*out = NULL;
	if (!m) {
		return err_nomem(err, len);
	}
	m->n_sides = n;
	m->alpha = o->alpha;
	m->detect = o->detect;
	m->all_rows = o->all_rows;
	m->center = o->center;
	m->seed = o->seed;
	m->resamples = o->resamples;
	m->time_unit = o->time_unit;
	m->host_table = o->host_table;
	m->primary_named = o->primary != NULL;
	m->assume_boots = o->assume_boots;
	m->design = compare_design_of(sides, n, o->assume_boots);
	/* one interleaved session (versus -o): its sides ran different
	 * commands by design, as in versus itself */
	oi = *o;
	oi.commands_differ |= m->design == DESIGN_INTERLEAVED;
	rc = compare_header(sides, n, m);
	if (!rc)
		rc = compare_check_versus(o, sides, n, m, err, len);
	if (!rc)
		rc = compare_check_encodings(o, sides, n, m, err, len);
	/* no benchmark in common says more than their env differences */
	if (!rc)
		rc = compare_check_benches(sides, n, m, &b, &nb, err, len);
	if (!rc)
		rc = compare_check_env(&oi, sides, n, m, err, len);
	if (!rc)
		rc = compare_check_names(o->metrics, "--metric", b, nb,
					 sides, n, err, len);
	if (!rc)
		rc = compare_check_names(o->events, "-e", b, nb, sides, n,
					 err, len);
	if (!rc && o->primary)
		rc = compare_check_names(o->primary, "--primary", b, nb,
					 sides, n, err, len);
	if (!rc)
		rc = compare_rows(o, sides, m, b, nb);
	if (!rc)
		rc = compare_deltas(m);
	if (!rc)
		rc = compare_holm(m);
	if (!rc)
		compare_power(m);
	if (!rc)
		rc = compare_noise_warn(m);
	if (!rc)
		rc = compare_cpu_share_warn(m);
	if (!rc)
		rc = compare_geomean(m);
	for (size_t r = 0; !rc && r < m->n_rows; r++)
		for (size_t s = 0; s < n; s++)
		{
			if (m->rows[r].stat[s].n > m->runs[s])
				m->runs[s] = m->rows[r].stat[s].n;
			if (m->rows[r].stat[s].copies > m->copies[s])
				m->copies[s] = m->rows[r].stat[s].copies;
		}
	if (!rc && !m->n_rows) {
		snprintf(err, len, "the baseline has no benchmark to compare; is %s a complete result?",
			 compare_check_file_name(sides[0].files[0]));
		rc = -EINVAL;
	}
	if (!rc && o->where)
		rc = where_build(m, sides, n, o->where, &m->where);
	if (rc == -ENOMEM)
		err_nomem(err, len);
	compare_check_free(b, nb, sides, n);
	if (rc) {
		compare_model_free(m);
		return rc;
	}
	*out = m;
	return 0;
}

void compare_model_free(struct compare_model *m)
{
	if (!m)
		return;
	for (size_t r = 0; r < m->n_rows; r++) {
		struct compare_row *row = &m->rows[r];

		for (size_t s = 0; row->stat && s < m->n_sides; s++) {
			free((void *)row->stat[s].v);
			free((void *)row->stat[s].group_len);
			free((void *)row->stat[s].boot_center);
			free(row->stat[s].reason);
		}
		free(row->bench);
		free(row->metric);
		free(row->unit);
		free(row->stat);
		free(row->delta);
	}
	free(m->rows);
	for (size_t s = 0; m->labels && s < m->n_sides; s++)
		free(m->labels[s]);
	for (size_t s = 0; m->versus && s < m->n_sides; s++)
		free(m->versus[s]);
	free(m->labels);
	free(m->files);
	free(m->boots);
	free(m->unknown_boot);
	for (size_t s = 0; m->pooled && s < m->n_sides; s++)
		free(m->pooled[s]);
	free(m->pooled);
	free(m->host);
	where_free(m->where);
	free(m->runs);
	free(m->copies);
	for (size_t s = 0; m->cpu_share_bench && s < m->n_sides; s++)
		free(m->cpu_share_bench[s]);
	free(m->cpu_share_bench);
	free(m->cpu_share);
	free(m->noise);
	free(m->forced_note);
	free(m->versus);
	free(m->cpus);
	json_decref(m->machine);
	env_diff_free(m->env, m->n_env, m->n_sides);
	for (size_t i = 0; i < m->n_warnings; i++)
		free(m->warnings[i]);
	free(m->warnings);
	free(m->geomean);
	free(m);
}

bool compare_regressed(const struct compare_model *m,
		       const struct compare_row *row, size_t s, double pct,
		       bool sessions)
{
	const struct compare_delta *d = &row->delta[s];

	if (pct < 0 || !row->primary || !d->regression ||
	    !(d->verdict == VERDICT_SIGNIFICANT ||
	      (d->verdict == VERDICT_SESSION && sessions)))
		return false;
	return fabs(d->delta) * (d->absolute ? 1 : 100) > pct;
}
