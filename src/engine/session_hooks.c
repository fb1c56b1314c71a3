// SPDX-License-Identifier: MIT
/*
 * session_hooks: what runs around the runs of a plan. The hooks (--setup
 * and --cleanup once per benchmark, --prepare and --conclude around every
 * run; a suite line's own replace the command line's; {NAME} replaced by
 * the benchmark's scanned values) and the scores read from each run's
 * kept output (the command line's and its suite line's).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hooks.h"
#include "scan.h"
#include "score.h"
#include "session_priv.h"

/* The scores of a benchmark: the command line's, then its suite line's. */
static int session_score_defs(const struct session *s,
			      const struct suite_entry *e,
			      struct score_def **defs, size_t *n)
{
	for (size_t i = 0; i < s->in.measure->n_scores; i++)
		if (score_defs_add(defs, n, &s->in.measure->scores[i]) < 0)
			return -ENOMEM;
	for (size_t i = 0; e && i < e->n_scores; i++)
		if (score_defs_add(defs, n, &e->scores[i]) < 0)
			return -ENOMEM;
	return 0;
}

/* The score that counts a run's operations: --ops-from, else the
 * parser's own count where --ops gives none. */
static const char *session_ops_name(const struct measure_opts *m)
{
	return m->ops_from ? m->ops_from : m->has_ops ? NULL : m->parser_ops;
}

/* --ops-from: each copy's operations, the count it printed (defs[] has
 * the score); the run's, their sum. A copy without it fails the run,
 * with one reason. */
static void session_ops(const struct session *s,
			const struct score_def *defs, size_t n,
			struct run *run)
{
	const char *name = session_ops_name(s->in.measure);
	size_t nc = run->copies ? run->n_copies : 1;
	const struct score_def *d = NULL;
	uint64_t sum = 0;
	char err[512];

	for (size_t i = 0; name && i < n && !d; i++)
		if (!strcmp(defs[i].name, name))
			d = &defs[i];
	if (!name || run->reason)
		return;
	if (!d) {
		if (asprintf(&run->reason, "--ops-from %s: no such score for this benchmark", name) < 0)
			run->reason = NULL;
		return;
	}
	for (size_t i = 0; i < nc; i++) {
		struct proc_sample *p = run->copies ? &run->copies[i] :
						      &run->total;
		double v = 0;
		int rc = score_extract(d, p->output, &v, err, sizeof(err));

		if (!rc && !(v >= 1 && v < 1.8e19))
			snprintf(err, sizeof(err), "score %s: %g is not a count of operations",
				 name, v);
		if (rc || !(v >= 1 && v < 1.8e19)) {
			if (asprintf(&run->reason, "--ops-from: %s", err) < 0)
				run->reason = NULL;
			return;
		}
		p->has_ops = true;
		p->ops = (uint64_t)(v + 0.5);
		sum += p->ops;
	}
	run->total.has_ops = true;
	run->total.ops = sum;
}

int session_config_counts(const struct session *s, json_t *config)
{
	const char *ops = session_ops_name(s->in.measure);

	if (s->in.measure->oversubscribe &&
	    json_object_set_new(config, "oversubscribe", json_true()))
		return -ENOMEM;
	if (ops && json_object_set_new(config, "ops_from", json_string(ops)))
		return -ENOMEM;
	return 0;
}

/* The run's scores from its kept output; a missing one fails a run that
 * had not failed already. */
void session_scores(const struct session *s, const struct suite_entry *e,
		    struct run *run)
{
	struct score_def *defs = NULL;
	size_t n = 0;
	char *why;

	if (!s->in.measure->n_scores && !(e && e->n_scores))
		return;
	why = session_score_defs(s, e, &defs, &n) ? strdup("out of memory") :
						    score_run(defs, n, run);
	if (why && !run->reason)
		run->reason = why;
	else
		free(why);
	if (!why)
		session_ops(s, defs, n, run);
	for (size_t i = 0; i < n; i++)
		score_def_clear(&defs[i]);
	free(defs);
}

/*
 * Hook name (cmd NULL: none) for plan item i, bounded as a run is
 * (--timeout, else HOOKS_TIMEOUT_S) and by the stop signals: EXIT_OK,
 * EXIT_INTERRUPTED (a stop signal killed it), or EXIT_WORKLOAD after one
 * error line naming it, the benchmark and the run. A hook that starts
 * after a stop (--cleanup on the way out) runs to its end or its limit;
 * a second signal kills it with abstat (session.c).
 */
int session_hook(struct session *s, const char *name, const char *cmd,
		 const struct benchmark *b, const char *when)
{
	struct hooks_limits lim = {
		.timeout_s = s->in.measure->timeout_s,
		.stop_signals = &s->stop_signals,
		.stop_flag = session_stopping() ? NULL : s->spec.stop_flag,
		.pgid = s->hook_pgid,
	};
	char err[1024], *line;
	unsigned left, setsid;
	int rc;

	if (!cmd)
		return EXIT_OK;
	/* what the hook leaves behind comes back to abstat: killed below */
	launcher_contain();
	/* {NAME}: the benchmark's scanned values (scan.h) */
	line = b->params ? scan_substitute(cmd, b->params) : strdup(cmd);
	if (!line)
		return EXIT_IO;
	rc = hooks_run(name, line, &lim, err, sizeof(err));
	free(line);
	left = launcher_sweep_all(s->spec.helper, &setsid);
	if (left)
		session_warn(s, "--%s '%s' left %u process%s behind (%u after setsid()); killed: a hook's processes end with it",
			     name, cmd, left, left == 1 ? "" : "es", setsid);
	if (!rc)
		return EXIT_OK;
	progress_clear(&s->progress);
	if (rc == -EINTR) {
		sink_say(&s->in.sink, SAY_NOTICE, "%s, %s: %s",
			    b->name, when, err);
		return EXIT_INTERRUPTED;
	}
	session_error(&s->in.sink, "%s, %s: %s; stopping", b->name, when, err);
	return EXIT_WORKLOAD;
}

/* The suite line of plan item i (run -S), or NULL. */
const struct suite_entry *session_entry(const struct session *s,
					const struct plan_item *plan, size_t i)
{
	const struct measure_opts *m = s->in.measure;

	if (!m->scans || plan[i].bench >= m->n_targets)
		return NULL;
	return m->targets[plan[i].bench].entry;
}

/* Hook h of a benchmark: its suite line's, else the command line's. */
const char *session_hook_cmd(const struct session *s,
			     const struct suite_entry *e, enum suite_hook h)
{
	const struct measure_opts *m = s->in.measure;
	const char *const cmds[SUITE_N_HOOKS] = {
		m->setup, m->cleanup, m->prepare, m->conclude,
	};

	return e && e->hooks[h] ? e->hooks[h] : cmds[h];
}

/*
 * Where each benchmark's runs start and end in the plan: marks[i] has
 * SESSION_FIRST on the first item of its benchmark and SESSION_LAST on
 * the last. One pass each way with a flag per benchmark, so that --setup
 * and --cleanup cost nothing per run however long the plan is.
 */
unsigned char *session_plan_marks(struct result **results,
				  const struct plan_item *plan, size_t n_plan)
{
	size_t n_results = 0, n_keys = 0, *off;
	unsigned char *marks = calloc(n_plan + 1, 1);
	bool *seen;

	for (size_t i = 0; i < n_plan; i++)
		if (plan[i].result + 1 > n_results)
			n_results = plan[i].result + 1;
	off = calloc(n_results + 1, sizeof(*off));
	for (size_t r = 0; off && r < n_results; r++) {
		off[r] = n_keys;
		n_keys += results[r]->n_bench;
	}
	seen = off ? calloc(n_keys + 1, sizeof(*seen)) : NULL;
	if (!marks || !seen) {
		free(marks);
		free(off);
		free(seen);
		return NULL;
	}
	for (size_t i = 0; i < n_plan; i++) {
		size_t k = off[plan[i].result] + plan[i].bench;

		if (!seen[k])
			marks[i] |= SESSION_FIRST;
		seen[k] = true;
	}
	memset(seen, 0, n_keys * sizeof(*seen));
	for (size_t i = n_plan; i-- > 0;) {
		size_t k = off[plan[i].result] + plan[i].bench;

		if (!seen[k])
			marks[i] |= SESSION_LAST;
		seen[k] = true;
	}
	free(off);
	free(seen);
	return marks;
}

/* --setup before the first item of each benchmark (once). */
int session_setup(struct session *s, const struct plan_item *plan, size_t i,
		  const struct benchmark *b, unsigned char *marks)
{
	if (!(marks[i] & SESSION_FIRST))
		return EXIT_OK;
	marks[i] |= SESSION_SET_UP;
	return session_hook(s, "setup",
			    session_hook_cmd(s, session_entry(s, plan, i),
					     SUITE_SETUP),
			    b, "before its first run");
}

static int session_cleanup_one(struct session *s, struct result **results,
			       const struct plan_item *plan, size_t j)
{
	return session_hook(s, "cleanup",
			    session_hook_cmd(s, session_entry(s, plan, j),
					     SUITE_CLEANUP),
			    &results[plan[j].result]->bench[plan[j].bench],
			    "after its last run");
}

/* --cleanup after the last item of each benchmark (item i), or at the
 * end for every benchmark set up and not yet cleaned up (a stop, a
 * failure): its first item still carries SESSION_SET_UP. */
int session_cleanup(struct session *s, struct result **results,
		    const struct plan_item *plan, size_t n_plan, size_t i,
		    unsigned char *marks, bool at_end)
{
	int rc = EXIT_OK;

	if (!at_end) {
		size_t first = i;

		if (!(marks[i] & SESSION_LAST))
			return EXIT_OK;
		/* the benchmark's first item: the nearest one before i */
		for (size_t j = i + 1; j-- > 0;)
			if ((marks[j] & SESSION_FIRST) &&
			    plan[j].result == plan[i].result &&
			    plan[j].bench == plan[i].bench) {
				first = j;
				break;
			}
		if (!(marks[first] & SESSION_SET_UP))
			return EXIT_OK;
		marks[first] &= (unsigned char)~SESSION_SET_UP;
		return session_cleanup_one(s, results, plan, first);
	}
	for (size_t j = 0; j < n_plan; j++) {
		if (!(marks[j] & SESSION_SET_UP))
			continue;
		marks[j] &= (unsigned char)~SESSION_SET_UP;
		if (rc == EXIT_OK)
			rc = session_cleanup_one(s, results, plan, j);
	}
	return rc;
}
