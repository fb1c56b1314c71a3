// SPDX-License-Identifier: MIT
/*
 * session_measure: execute a plan of runs. One run through the launcher
 * (session_one), why it failed or was multiplexed, the warnings a run can
 * raise (left-over processes, migrations), the loop over the plan with its
 * journal, progress line and final status.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "doctor.h"
#include "session_priv.h"
#include "spawn_proto.h"
#include "trace.h"
#include "workloads.h"

/* Lines of stderr the failure reason shows, and the width of each. */
#define FAIL_LINES 3
#define FAIL_LINE_MAX 120

/* The last line of text (trailing newlines aside), its length in *n. */
static const char *session_last_line(const char *text, size_t *n)
{
	size_t len = strlen(text);
	const char *end, *start;

	while (len && text[len - 1] == '\n')
		len--;
	end = text + len;
	start = end;
	while (start > text && start[-1] != '\n')
		start--;
	*n = (size_t)(end - start);
	return start;
}

/* "; stderr: FIRST | SECOND | THIRD | ... | LAST" after buf's text: the
 * first lines say why more often than the last (a usage error, then its
 * usage text), the last where a program ends with its reason. */
static void session_stderr_excerpt(const struct launch_outcome *o, char *buf,
				   size_t size)
{
	const char *p = o->stderr_head, *last, *shown = NULL;
	size_t len = strlen(buf), head = strlen(p), n, shown_n = 0;
	bool whole = o->stderr_bytes <= head, more = false;
	unsigned k = 0;

	while (*p && k < FAIL_LINES) {
		n = strcspn(p, "\n");
		if (!p[n] && !whole)
			break; /* a line cut by the head's end */
		if (n) {
			len += snprintf(buf + len, len < size ? size - len : 0,
					"%s%.*s", k ? " | " : "; stderr: ",
					(int)(n < FAIL_LINE_MAX ? n :
							FAIL_LINE_MAX), p);
			shown = p;
			shown_n = n;
			k++;
		}
		p += n + (p[n] == '\n');
	}
	more = !whole || p[strspn(p, "\n")];
	if (!more && k)
		return;
	last = session_last_line(whole ? o->stderr_head : o->stderr_tail, &n);
	if (!n || (shown && n == shown_n && !strncmp(last, shown, n)))
		return;
	snprintf(buf + len, len < size ? size - len : 0, "%s%.*s",
		 k ? " | ... | " : "; stderr: ... ",
		 (int)(n < FAIL_LINE_MAX ? n : FAIL_LINE_MAX), last);
}

/* The reason a finished run failed, or NULL when it is good. */
static char *session_failure(const struct session *s,
			     const struct proc_sample *p, size_t n,
			     const struct launch_outcome *o,
			     enum run_status *status)
{
	char buf[LAUNCH_TAIL + 320];

	*status = RUN_FAILED;
	if (o->timed_out) {
		*status = RUN_TIMEOUT;
		snprintf(buf, sizeof(buf), "timed out after %g s (--timeout)",
			 s->in.measure->timeout_s);
		return strdup(buf);
	}
	if (o->read_err[0]) {
		snprintf(buf, sizeof(buf), "bad counter read: %s", o->read_err);
		return strdup(buf);
	}
	if (o->region_err[0]) {
		snprintf(buf, sizeof(buf), "the workload's region page (ABSTAT_REGION) cannot be: %s",
			 o->region_err);
		return strdup(buf);
	}
	if (o->protocol_error)
		return strdup("malformed region protocol message on ABSTAT_CTL");
	for (size_t i = 0; i < n; i++) {
		const char *what = n > 1 ? "copy " : "";
		char id[32] = "";

		if (n > 1)
			snprintf(id, sizeof(id), "%zu ", i);
		if (p[i].term_signal)
			snprintf(buf, sizeof(buf), "%s%skilled by signal %d (%s)",
				 what, id, p[i].term_signal,
				 strsignal(p[i].term_signal));
		else if (p[i].exit_status)
			snprintf(buf, sizeof(buf), "%s%sexit status %d", what,
				 id, p[i].exit_status);
		else
			continue;
		session_stderr_excerpt(o, buf, sizeof(buf));
		return strdup(buf);
	}
	*status = RUN_OK;
	return NULL;
}

/* Multiplexed counters are rejected unless --allow-multiplex. */
static char *session_multiplexed(const struct session *s,
				 const struct proc_sample *p)
{
	char buf[256];

	if (s->in.measure->allow_multiplex)
		return NULL;
	for (size_t e = 0; e < s->n_events; e++) {
		const struct counter_value *v = &p->counters[e];

		if (s->events[e].state != EVENT_OK || !v->running_ns ||
		    v->running_ns >= v->enabled_ns)
			continue;
		snprintf(buf, sizeof(buf),
			 "%s was multiplexed (counted %.1f%% of the time); use fewer events or --allow-multiplex",
			 s->events[e].name,
			 100.0 * v->running_ns / v->enabled_ns);
		return strdup(buf);
	}
	return NULL;
}

static void session_checks(struct session *s, const struct launch_outcome *o,
			   const struct proc_sample *total)
{
	if (o->leftover && !s->once.leftover) {
		char how[48] = "";

		s->once.leftover = true;
		if (o->leftover_setsid == 1)
			snprintf(how, sizeof(how), " (one called setsid)");
		else if (o->leftover_setsid)
			snprintf(how, sizeof(how), " (%u called setsid)",
				 o->leftover_setsid);
		session_warn(s, "the workload left %u process%s behind%s; abstat killed them; recorded",
			     o->leftover, o->leftover == 1 ? "" : "es", how);
	}
	if (o->handshake && !s->once.handshake) {
		s->once.handshake = true;
		if (s->spec.backend->region_fds)
			session_warn(s, "the workload marks its region with the blocking handshake (ABSTAT_CTL) of an older abstat.h: one context switch at each region boundary, which can change what the region costs (abstat-workloads(7)); rebuild it with this abstat.h; recorded");
		else
			session_warn(s, "--backend %s keeps its counters to itself, so the workload's region markers use the blocking handshake (ABSTAT_CTL): one context switch at each region boundary (abstat-workloads(7)); recorded",
				     s->spec.backend->name);
	}
	for (size_t e = 0; e < s->n_events; e++) {
		if (s->in.measure->no_pin || s->once.migration ||
		    s->pinned.n > s->n_copies || /* a set: may move */
		    strcmp(s->events[e].name, "cpu-migrations") ||
		    s->events[e].state != EVENT_OK ||
		    !total->counters[e].value)
			continue;
		s->once.migration = true;
		session_warn(s, "the pinned workload migrated between CPUs (%" PRIu64 " cpu-migrations in one run; recorded)",
			     total->counters[e].value);
	}
}

static void session_fatal_open(const struct session *s,
			       const struct launch_outcome *o,
			       const char *cmd, int rc)
{
	const struct sink *k = &s->in.sink;
	char buf[512];

	if (o->exec_failed) {
		session_error(k, "cannot execute %s: %s", cmd,
			      strerror(o->exec_errno));
		return;
	}
	if (o->open_errno && o->bad_event >= 0 &&
	    (size_t)o->bad_event < s->n_events) {
		s->backend->strerror(&s->events[o->bad_event], o->open_errno,
				     buf, sizeof(buf));
		session_error(k, "%s", buf);
		return;
	}
	session_error(k, "cannot start %s: %s", cmd,
		      strerror(o->open_errno ? o->open_errno : -rc));
}

/* The nc samples of a run that is not kept, and what they hold. */
static void session_samples_free(struct proc_sample *p, size_t nc)
{
	for (size_t i = 0; p && i < nc; i++) {
		free(p[i].counters);
		free(p[i].output);
	}
	free(p);
}

/* Run one plan item; fill run. Returns EXIT_OK or a fatal status. */
static int session_one(struct session *s, struct benchmark *b,
		       const struct suite_entry *e, bool warmup,
		       struct run *run)
{
	size_t nc = b->copies && b->copies < s->n_copies ? b->copies :
							    s->n_copies;
	struct proc_sample *p = calloc(nc, sizeof(*p));
	struct launch_outcome o;
	int rc;

	if (!p)
		return EXIT_IO;
	for (size_t i = 0; i < nc; i++) {
		p[i].counters = calloc(s->n_events ? s->n_events : 1,
				       sizeof(*p[i].counters));
		if (!p[i].counters) {
			session_samples_free(p, nc);
			return EXIT_IO;
		}
	}
	s->spec.argv = b->argv;
	rc = launcher_run(&s->spec, s->copies, nc, p, &o);
	memset(run, 0, sizeof(*run));
	run->index = b->n_runs;
	run->warmup = warmup;
	run->n_copies = nc;
	if (s->profile && profile_collect(s->profile, run) < 0) {
		session_samples_free(p, nc);
		return EXIT_IO;
	}
	if (rc < 0 && rc != -EINTR) {
		session_fatal_open(s, &o, b->argv[0], rc);
		session_samples_free(p, nc);
		return o.exec_failed ? EXIT_WORKLOAD : EXIT_COUNTERS;
	}
	for (size_t i = 0; i < nc; i++) {
		p[i].start_ns -= s->t0_ns;
		p[i].end_ns -= s->t0_ns;
		if (s->in.measure->has_ops && !p[i].has_ops) {
			p[i].has_ops = true;
			p[i].ops = s->in.measure->ops;
		}
	}
	if (nc == 1) {
		run->total = p[0];
		free(p);
	} else {
		run->copies = p;
		result_run_aggregate(run, s->n_events);
	}
	run->reason = session_failure(s, run->copies ? run->copies : &run->total,
				      nc, &o, &run->status);
	if (!run->reason)
		run->reason = session_multiplexed(s, &run->total);
	session_scores(s, e, run);
	if (run->reason && run->status == RUN_OK)
		run->status = RUN_FAILED;
	if (rc == -EINTR)
		return EXIT_INTERRUPTED;
	session_checks(s, &o, &run->total);
	return EXIT_OK;
}

static void session_set_status(struct result **results, size_t n,
			       const char *status)
{
	for (size_t i = 0; i < n; i++) {
		free(results[i]->status);
		results[i]->status = strdup(status);
	}
}

/* Failed runs and not one measured run that succeeded. */
static bool session_all_failed(const struct result *r)
{
	size_t failed = 0;

	for (size_t b = 0; b < r->n_bench; b++)
		for (size_t i = 0; i < r->bench[b].n_runs; i++) {
			const struct run *run = &r->bench[b].runs[i];

			if (run->status != RUN_OK)
				failed++;
			else if (!run->warmup)
				return false;
		}
	return failed > 0;
}

/* Status "failed" for results without one good measured run (unless
 * interrupted); EXIT_FAILED when the session itself went through (-i). */
static int session_failed(const struct session *s, struct result **results,
			  size_t n, int rc)
{
	bool any = false;

	if (rc == EXIT_INTERRUPTED)
		return rc;
	for (size_t i = 0; i < n; i++) {
		if (!session_all_failed(results[i]))
			continue;
		free(results[i]->status);
		results[i]->status = strdup("failed");
		any = true;
		if (rc != EXIT_OK)
			continue;
		if (n > 1)
			session_error(&s->in.sink, "every measured run of side %s failed; nothing to compare (status failed)",
				      results[i]->label);
		else
			session_error(&s->in.sink, "every measured run failed; nothing to report (status failed)");
	}
	return any && rc == EXIT_OK ? EXIT_FAILED : rc;
}

/*
 * Where abstat waits for the runs. Counters attached to a task on another
 * CPU cost a synchronous interrupt to that CPU per event
 * (perf_install_in_context), and every release and reaping is a wake-up
 * across CPUs; in a VM each of those is an exit to the host. abstat
 * sleeps while a run goes, so waiting on the workload's own CPU costs the
 * run nothing, unless abstat must work during it: abstat profile reads
 * the samples as they come, and --copies runs several CPUs at once.
 */
void session_colocate(struct session *s)
{
	enum launcher_cpu want = s->in.measure->launcher_cpu;
	cpu_set_t set;
	int cpu;

	s->launcher_cpu = -1;
	if (want == LAUNCHER_CPU_AUTO)
		want = s->in.measure->samples ? LAUNCHER_CPU_ANY :
						LAUNCHER_CPU_SAME;
	if (want != LAUNCHER_CPU_SAME || s->n_copies != 1 ||
	    s->copies[0].cpu < 0 || s->copies[0].cpus)
		return;
	cpu = s->copies[0].cpu;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) < 0) {
		session_warn(s, "--launcher-cpu same: cannot move abstat to CPU %d (%s); it waits where it is, and launches cost more (recorded)",
			     cpu, strerror(errno));
		return;
	}
	s->launcher_cpu = cpu;
}

/* Every run is born from the spawn helper. It is started early in the
 * session (session_open, once abstat is on the workload's CPU; the
 * helper sets up on the others), so that its exec and set-up run beside
 * abstat's own start-up rather than after it; a failure is said once and
 * runs start from abstat itself. */
void session_launcher_spawn(struct session *s)
{
	char path[PATH_MAX], err[512];

	if (s->once.helper)
		return;
	s->once.helper = true;
	if (workloads_path(SPAWN_NAME, path, sizeof(path)) < 0) {
		session_warn(s, "%s is not built or installed (run make, or set ABSTAT_WORKLOAD_DIR); runs start from abstat's own memory, so maxrss includes abstat's (recorded)",
			     SPAWN_NAME);
		return;
	}
	if (launcher_helper_start(path, &s->spec.helper, err, sizeof(err)) < 0)
		session_warn(s, "%s; runs start from abstat's own memory, so maxrss includes abstat's (recorded)",
			     err);
	launcher_helper_aside(s->spec.helper, s->launcher_cpu);
	trace_mark("spawn helper started");
}

/* The runs begin: whatever they leave behind comes back to abstat (see
 * launcher.h), abstat runs SCHED_FIFO, and the helper waits where abstat
 * waits, at the same priority. */
static void session_launcher_start(struct session *s)
{
	int rc = launcher_contain();

	if (rc < 0)
		session_warn(s, "cannot make abstat a child subreaper (%s); processes a run leaves behind after setsid() may survive it",
			     strerror(-rc));
	rc = launcher_prio_raise();
	if (rc < 0)
		session_warn(s, "cannot run abstat and its spawn helper SCHED_FIFO (%s): after a run's go abstat may still run on the workload's CPU inside its region; run as root or allow RLIMIT_RTPRIO 1; recorded",
			     strerror(-rc));
	session_launcher_spawn(s);
	rc = launcher_helper_place(s->spec.helper, s->launcher_cpu);
	if (rc < 0)
		session_warn(s, "cannot put the spawn helper where abstat waits (%s%s): runs may start more slowly; recorded",
			     s->launcher_cpu >= 0 ? "its CPU, SCHED_FIFO: " :
						    "SCHED_FIFO: ",
			     strerror(-rc));
}

/* The runs are over: the smt check's last chance, the helper gone, the
 * priority given back. */
static void session_launcher_stop(struct session *s)
{
	session_smt_check(s, true);
	launcher_helper_stop(s->spec.helper);
	s->spec.helper = NULL;
	launcher_prio_restore();
}

/* --prepare and the run (--conclude comes once it is journaled). */
static int session_prepared_one(struct session *s, struct benchmark *b,
				const struct suite_entry *e, bool warmup,
				struct run *run)
{
	int rc = session_hook(s, "prepare",
			      session_hook_cmd(s, e, SUITE_PREPARE), b,
			      "before a run");

	if (rc) {
		memset(run, 0, sizeof(*run));
		return rc;
	}
	if (s->once.traced) {
		rc = session_one(s, b, e, warmup, run);
		session_smt_check(s, false);
		return rc;
	}
	trace_mark("first run starts");
	rc = session_one(s, b, e, warmup, run);
	trace_mark("first run done");
	s->once.traced = true;
	session_smt_check(s, false);
	return rc;
}

/* A run that failed (kept, journaled): without -i it stops the session
 * (EXIT_WORKLOAD), said once; with -i the first is a warning. */
static int session_run_failed(struct session *s, const struct benchmark *b,
			      const struct run *run)
{
	s->n_failed++;
	progress_clear(&s->progress);
	if (!s->in.measure->ignore_failure) {
		session_error(&s->in.sink, "%s, run %u%s: %s; stopping (-i goes on past failed runs)",
			      b->name, run->index,
			      run->warmup ? " (warm-up)" : "", run->reason);
		return EXIT_WORKLOAD;
	}
	if (!s->once.failure) {
		s->once.failure = true;
		sink_say(&s->in.sink, SAY_WARN,
			    "%s, run %u: %s; going on (-i), failed runs stay out of the statistics",
			    b->name, run->index, run->reason);
	}
	return EXIT_OK;
}

/* The plan is over (rc: how it ended): the failed runs counted under
 * -i, the session's warnings into every result, each result's status;
 * the session's exit status. */
static int session_end(struct session *s, struct result **results,
		       size_t n_results, size_t n_plan, int rc)
{
	if (s->n_failed && s->in.measure->ignore_failure)
		sink_say(&s->in.sink, SAY_WARN,
			    "%u of %zu runs failed; they are kept in the result and out of the statistics",
			    s->n_failed, n_plan);
	for (size_t i = 0; i < n_results; i++) {
		json_decref(results[i]->warnings);
		results[i]->warnings = json_deep_copy(s->warnings);
	}
	if (rc == EXIT_INTERRUPTED)
		session_set_status(results, n_results, "interrupted");
	else if (rc != EXIT_OK)
		session_set_status(results, n_results, "partial");
	return session_failed(s, results, n_results, rc);
}

int session_measure(struct session *s, struct result **results,
		    struct journal **journals, const struct plan_item *plan,
		    size_t n_plan)
{
	size_t n_results = 0;
	int rc = EXIT_OK, crc;
	char err[512];
	unsigned char *marks = session_plan_marks(results, plan, n_plan);

	if (!marks)
		return EXIT_IO;
	session_launcher_start(s);
	progress_start(&s->progress, stderr, s->in.progress, s->in.quiet,
		       n_plan);

	for (size_t i = 0; i < n_plan; i++)
		if (plan[i].result + 1 > n_results)
			n_results = plan[i].result + 1;
	for (size_t i = 0; i < n_plan && rc == EXIT_OK; i++) {
		struct result *r = results[plan[i].result];
		struct benchmark *b = &r->bench[plan[i].bench];
		struct journal *j = journals ? journals[plan[i].result] : NULL;
		struct run run, *slot;

		if (session_stopping()) {
			rc = EXIT_INTERRUPTED;
			break;
		}
		progress_update(&s->progress, b->name, i);
		rc = session_setup(s, plan, i, b, marks);
		if (rc)
			break;
		rc = session_prepared_one(s, b, session_entry(s, plan, i),
					  plan[i].warmup, &run);
		if (rc == EXIT_INTERRUPTED) {
			result_run_free(&run); /* killed half-way: not kept */
			break;
		}
		if (rc)
			break;
		slot = result_run_add(b, NULL);
		if (!slot) {
			rc = EXIT_IO;
			break;
		}
		*slot = run;
		if (j && journal_append(j, plan[i].bench, &run, err,
					sizeof(err)) < 0) {
			session_error(&s->in.sink, "%s", err);
			rc = EXIT_IO;
			break;
		}
		/* The run is kept (and journaled) whatever --conclude does:
		 * a conclude that fails, hangs or is killed stops the session,
		 * it does not undo a finished run. */
		rc = session_hook(s, "conclude",
				  session_hook_cmd(s, session_entry(s, plan, i),
						   SUITE_CONCLUDE),
				  b, "after a run");
		if (rc)
			break;
		rc = session_cleanup(s, results, plan, n_plan, i, marks, false);
		if (rc)
			break;
		if (run.status != RUN_OK)
			rc = session_run_failed(s, b, &run);
	}
	crc = session_cleanup(s, results, plan, n_plan, 0, marks, true);
	if (crc && rc == EXIT_OK)
		rc = crc;
	free(marks);
	session_launcher_stop(s);
	progress_end(&s->progress);
	return session_end(s, results, n_results, n_plan, rc);
}

/* The doctor's smt check (session_doctor began it): once
 * DOCTOR_SMT_NAP_NS have passed since, after a run, or at the end of the
 * session (last: waiting out the rest, unless interrupted), its warning
 * like the others. */
void session_smt_check(struct session *s, bool last)
{
	unsigned long long gone = launcher_now_ns() - s->smt_t0_ns;
	struct doctor_check *c;

	if (!s->smt_on || (!last && gone < DOCTOR_SMT_NAP_NS))
		return;
	if (gone < DOCTOR_SMT_NAP_NS && session_stopping()) {
		/* interrupted: no wait for a check nobody will read */
		free(s->smt.stat);
		s->smt_on = false;
		return;
	}
	if (gone < DOCTOR_SMT_NAP_NS) {
		struct timespec nap = { 0, (long)(DOCTOR_SMT_NAP_NS - gone) };

		nanosleep(&nap, NULL);
	}
	s->smt_on = false;
	if (doctor_smt_end("", &s->smt, &c) < 0)
		return;
	if (c[0].level != DOCTOR_OK)
		session_warn(s, "%s: %s; %s", c[0].name, c[0].detail,
			     c[0].fix ? c[0].fix : "see 'abstat doctor'");
	doctor_free(c, 1);
}
