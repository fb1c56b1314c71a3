// SPDX-License-Identifier: MIT
/* session: set-up and the measuring loop shared by run and versus. */
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <libgen.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "env.h"
#include "msg.h"
#include "session.h"
#include "workloads.h"

extern char **environ;

/* Signal state lives at file scope: a handler can reach nothing else. */
static volatile sig_atomic_t session_stop;
static struct cpuset *session_cpuset_for_signal;

static void session_on_signal(int sig)
{
	if (session_stop) {
		/* Second signal: leave at once; the journal stays. */
		if (session_cpuset_for_signal)
			cpuset_destroy_signal_safe(session_cpuset_for_signal);
		_exit(EXIT_INTERRUPTED);
	}
	session_stop = sig;
}

static void session_signals(struct session *s)
{
	struct sigaction sa = { .sa_handler = session_on_signal };
	struct sigaction ign = { .sa_handler = SIG_IGN };

	sigemptyset(&s->stop_signals);
	sigaddset(&s->stop_signals, SIGINT);
	sigaddset(&s->stop_signals, SIGTERM);
	sigaddset(&s->stop_signals, SIGHUP);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &ign, NULL);
	/* Blocked except inside the launcher's ppoll: no lost wake-up. */
	sigprocmask(SIG_BLOCK, &s->stop_signals, NULL);
}

/* Split -e into names and resolve + probe each. */
static int session_events(struct session *s)
{
	const struct config *cfg = s->cfg;
	char *list = strdup(cfg->events ? cfg->events :
					  counters_default_events);
	char *save = NULL, *tok, err[512];
	char unsupported[512] = "";
	const char *reason = NULL;
	int rc = EXIT_OK;

	if (!list)
		return EXIT_IO;
	for (tok = strtok_r(list, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		struct event *ev;
		int r;

		ev = realloc(s->events, (s->n_events + 1) * sizeof(*ev));
		if (!ev) {
			rc = EXIT_IO;
			break;
		}
		s->events = ev;
		ev = &ev[s->n_events];
		memset(ev, 0, sizeof(*ev));
		err[0] = '\0';
		r = s->backend->resolve(tok, cfg->user_only, ev, err,
					sizeof(err));
		if (r < 0) {
			/* The backend's message names the event. */
			rc = err[0] ? msg_usage("-e: %s", err) :
				      msg_usage("-e: %s: %s", tok, strerror(-r));
			event_free(ev);
			break;
		}
		s->n_events++;
		for (size_t i = 0; i + 1 < s->n_events; i++)
			if (!strcmp(s->events[i].name, ev->name)) {
				rc = msg_usage("-e: %s is given twice", tok);
				goto out;
			}
		/* Pinned groups are counted whole or the run is rejected;
		 * --allow-multiplex lets the kernel rotate them (scaled,
		 * flagged), recorded in each event's "pinned". */
		if (cfg->allow_multiplex)
			ev->pinned = false;
		r = s->backend->probe(ev, err, sizeof(err));
		if (r < 0) {
			msg_error("%s", err);
			rc = EXIT_COUNTERS;
			break;
		}
		if (ev->state != EVENT_OK) {
			size_t used = strlen(unsupported);

			snprintf(unsupported + used, sizeof(unsupported) - used,
				 "%s%s", used ? ", " : "", ev->name);
			if (!reason)
				reason = ev->reason;
		}
	}
out:
	free(list);
	if (rc == EXIT_OK && unsupported[0]) {
		bool any = false;

		for (size_t i = 0; i < s->n_events; i++)
			any |= s->events[i].state == EVENT_OK;
		msg_warn("%s: %s; %s", unsupported,
			 reason ? reason : "not supported",
			 any ? "counting the others only" :
			       "measuring times only");
		json_array_append_new(
			s->warnings,
			json_sprintf("%s: %s", unsupported,
				     reason ? reason : "not supported"));
	}
	return rc;
}

/* Pick one CPU per copy: -C as given, else the highest online CPUs,
 * avoiding CPU 0 when there is another. */
static int session_cpus(struct session *s)
{
	const struct config *cfg = s->cfg;
	struct cpu_list online;
	size_t n = cfg->copies;

	s->n_copies = n;
	s->copies = calloc(n, sizeof(*s->copies));
	if (!s->copies)
		return EXIT_IO;
	memset(&s->pinned, 0, sizeof(s->pinned));
	if (cfg->no_pin) {
		for (size_t i = 0; i < n; i++)
			s->copies[i].cpu = -1;
		return EXIT_OK;
	}
	if (cfg->cpus.n) {
		s->pinned = cfg->cpus;
	} else {
		if (cpu_online("", &online) < 0 || !online.n)
			return msg_usage("cannot read the online CPUs (/sys/devices/system/cpu/online); give -C or --no-pin");
		if (online.n < n)
			return msg_usage("--copies %zu needs %zu online CPUs; this machine has %zu",
					 n, n, online.n);
		/* The last n online CPUs: CPU 0 (interrupts, housekeeping)
		 * only when nothing else is left. */
		s->pinned.n = n;
		for (size_t i = 0; i < n; i++)
			s->pinned.cpu[i] = online.cpu[online.n - n + i];
	}
	for (size_t i = 0; i < n; i++)
		s->copies[i].cpu = s->pinned.cpu[i % s->pinned.n];
	if (n == 1 && s->pinned.n > 1) {
		/* One copy, several CPUs: pin to the set's first CPU. */
		s->pinned.cpu[0] = s->copies[0].cpu;
		s->pinned.n = 1;
	} else if (s->pinned.n > n) {
		s->pinned.n = n;
	}
	return EXIT_OK;
}

static int session_user(struct session *s)
{
	const char *name = s->cfg->run_user;
	struct passwd *pw;
	int n = 64;

	if (!name)
		return EXIT_OK;
	if (geteuid() != 0)
		return msg_usage("--user %s: abstat must run as root to switch users", name);
	pw = getpwnam(name);
	if (!pw)
		return msg_usage("--user: no such user '%s'", name);
	s->groups = calloc(n, sizeof(*s->groups));
	if (!s->groups)
		return EXIT_IO;
	if (getgrouplist(name, pw->pw_gid, s->groups, &n) < 0) {
		gid_t *g = realloc(s->groups, n * sizeof(*g));

		if (!g)
			return EXIT_IO;
		s->groups = g;
		getgrouplist(name, pw->pw_gid, s->groups, &n);
	}
	s->spec.drop_priv = true;
	s->spec.uid = pw->pw_uid;
	s->spec.gid = pw->pw_gid;
	s->spec.groups = s->groups;
	s->spec.n_groups = n;
	return EXIT_OK;
}

static int session_counter_sets(struct session *s)
{
	for (size_t i = 0; i < s->n_copies; i++) {
		int rc = s->backend->prepare(s->events, s->n_events,
					     &s->copies[i].set);

		if (rc < 0) {
			msg_error("%s: cannot prepare the counters: %s",
				  s->backend->name, strerror(-rc));
			return EXIT_COUNTERS;
		}
	}
	return EXIT_OK;
}

static void session_doctor(struct session *s)
{
	struct doctor_ctx ctx = {
		.root = "",
		.pinned = &s->pinned,
		.user_only = s->cfg->user_only,
		.backend = s->backend->name,
	};
	struct doctor_check *c = NULL;
	size_t n = 0;

	if (doctor_run(&ctx, &c, &n) < 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if (c[i].level == DOCTOR_OK)
			continue;
		/* Hardware counters were announced with the events. */
		if (!strcmp(c[i].name, "pmu"))
			continue;
		msg_warn("%s: %s; %s", c[i].name, c[i].detail,
			 c[i].fix ? c[i].fix : "see 'abstat doctor'");
		json_array_append_new(s->warnings,
				      json_sprintf("%s: %s", c[i].name,
						   c[i].detail));
	}
	doctor_free(c, n);
}

int session_open(struct session *s, const struct config *cfg)
{
	char err[512];
	int rc;

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	s->warnings = json_array();
	s->t0_ns = launcher_now_ns();
	s->backend = cfg->backend == BACKEND_PAPI ? &papi_backend :
						    &perf_backend;
	err[0] = '\0';
	if (s->backend->init(err, sizeof(err)) < 0) {
		msg_error("%s", err[0] ? err : "cannot initialise the counter backend");
		return EXIT_COUNTERS;
	}
	s->backend_up = true;
	rc = session_events(s);
	if (rc)
		return rc;
	rc = session_cpus(s);
	if (rc)
		return rc;
	rc = session_user(s);
	if (rc)
		return rc;
	if (cfg->cpuset) {
		cpuset_cleanup_stale("/sys/fs/cgroup");
		if (cpuset_create("/sys/fs/cgroup", &s->pinned, &s->cpuset, err,
				  sizeof(err)) < 0) {
			msg_error("--cpuset: %s", err);
			return EXIT_COUNTERS;
		}
		session_cpuset_for_signal = s->cpuset;
		if (cpuset_note(s->cpuset)) {
			msg_warn("--cpuset: %s", cpuset_note(s->cpuset));
			json_array_append_new(
				s->warnings,
				json_sprintf("cpuset: %s",
					     cpuset_note(s->cpuset)));
		}
	}
	rc = session_counter_sets(s);
	if (rc)
		return rc;
	s->spec.backend = s->backend;
	s->spec.envp = environ;
	s->spec.show_output = cfg->show_output;
	s->spec.timeout_s = cfg->timeout_s;
	s->spec.cgroup_procs = s->cpuset ? cpuset_procs_path(s->cpuset) : NULL;
	s->spec.n_events = s->n_events;
	s->spec.stop_signals = &s->stop_signals;
	s->spec.stop_flag = &session_stop;
	session_signals(s);
	if (!cfg->quiet)
		session_doctor(s);
	return EXIT_OK;
}

static json_t *session_config_json(const struct session *s)
{
	const struct config *cfg = s->cfg;
	char cpus[256];

	cpu_list_format(&s->pinned, cpus, sizeof(cpus));
	return json_pack("{s:I, s:I, s:s, s:b, s:b, s:I, s:s, s:b, s:f, s:b, s:s, s:s?, s:s?, s:s?}",
			 "repeat", (json_int_t)cfg->repeat,
			 "warmup", (json_int_t)cfg->warmup,
			 "cpus", cpus,
			 "pinned", !cfg->no_pin,
			 "cpuset", cfg->cpuset,
			 "copies", (json_int_t)cfg->copies,
			 "backend", s->backend->name,
			 "user_only", cfg->user_only,
			 "timeout_s", cfg->timeout_s,
			 "allow_multiplex", cfg->allow_multiplex,
			 "workload_cflags", workloads_cflags,
			 "cpuset_version", s->cpuset ? cpuset_version(s->cpuset) : NULL,
			 "cpuset_dir", s->cpuset ? cpuset_dir(s->cpuset) : NULL,
			 "user", cfg->run_user);
}

static char *session_now_iso(void)
{
	char buf[32];
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	return strdup(buf);
}

static char **session_argv_dup(char *const *argv)
{
	size_t n = 0;
	char **out;

	while (argv[n])
		n++;
	out = calloc(n + 1, sizeof(*out));
	for (size_t i = 0; out && i < n; i++)
		out[i] = strdup(argv[i]);
	return out;
}

struct result *session_result(struct session *s, const char *label,
			      const struct target *t, size_t n)
{
	struct result *r = calloc(1, sizeof(*r));
	const char **paths = calloc(n + 1, sizeof(*paths));
	struct env_opts eo = {
		.root = "",
		.pinned = &s->pinned,
		.backend = s->backend->name,
	};
	struct utsname u;

	if (!r || !paths)
		goto fail;
	for (size_t i = 0; i < n; i++)
		paths[i] = t[i].argv[0];
	eo.workload_paths = paths;
	uname(&u);
	r->schema_version = RESULT_SCHEMA_VERSION;
	r->tool_version = strdup(ABSTAT_VERSION);
	r->created = session_now_iso();
	r->label = strdup(label ? label : s->cfg->label ? s->cfg->label :
							  u.release);
	r->status = strdup("complete");
	r->env = env_capture(&eo);
	r->config = session_config_json(s);
	r->warnings = json_deep_copy(s->warnings);
	r->events = calloc(s->n_events ? s->n_events : 1, sizeof(*r->events));
	r->bench = calloc(n, sizeof(*r->bench));
	if (!r->events || !r->bench)
		goto fail;
	for (size_t i = 0; i < s->n_events; i++) {
		if (event_copy(&r->events[i], &s->events[i]) < 0)
			goto fail;
		r->n_events++;
	}
	for (size_t i = 0; i < n; i++) {
		struct benchmark *b = &r->bench[r->n_bench++];

		b->name = strdup(t[i].name);
		b->argv = session_argv_dup(t[i].argv);
		b->workload = t[i].workload ? strdup(t[i].workload) : NULL;
		b->copies = s->n_copies;
	}
	free(paths);
	return r;
fail:
	free(paths);
	result_free(r);
	return NULL;
}

int session_check_output(const struct config *cfg, const char *path)
{
	char *copy = strdup(path), *dir;
	struct stat st;
	int rc = EXIT_OK;

	if (!copy)
		return EXIT_IO;
	dir = dirname(copy);
	if (!cfg->force && stat(path, &st) == 0)
		rc = msg_usage("%s exists; give --force to overwrite it or choose another name",
			       path);
	else if (access(dir, W_OK | X_OK) < 0) {
		msg_error("cannot write to directory %s: %s; choose another -o",
			  dir, strerror(errno));
		rc = EXIT_IO;
	}
	free(copy);
	return rc;
}

/* The reason a finished run failed, or NULL when it is good. */
static char *session_failure(const struct session *s,
			     const struct proc_sample *p, size_t n,
			     const struct launch_outcome *o,
			     enum run_status *status)
{
	char buf[LAUNCH_TAIL + 320];
	const char *tail = o->stderr_tail;
	const char *last;

	*status = RUN_FAILED;
	if (o->timed_out) {
		*status = RUN_TIMEOUT;
		snprintf(buf, sizeof(buf), "timed out after %g s (--timeout)",
			 s->cfg->timeout_s);
		return strdup(buf);
	}
	if (o->read_err[0]) {
		snprintf(buf, sizeof(buf), "bad counter read: %s", o->read_err);
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
		/* The last line of stderr says most about why. */
		last = tail;
		for (const char *c = tail; *c; c++)
			if (c[0] == '\n' && c[1])
				last = c + 1;
		if (*last) {
			size_t len = strlen(buf);

			snprintf(buf + len, sizeof(buf) - len, "; stderr: %.*s",
				 (int)strcspn(last, "\n"), last);
		}
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

	if (s->cfg->allow_multiplex)
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
	if (o->leftover && !s->warned_leftover) {
		s->warned_leftover = true;
		msg_warn("the workload left processes behind; abstat killed them (recorded)");
		json_array_append_new(s->warnings,
				      json_string("workload left processes behind"));
	}
	for (size_t e = 0; e < s->n_events; e++) {
		if (s->cfg->no_pin || s->warned_migration ||
		    strcmp(s->events[e].name, "cpu-migrations") ||
		    s->events[e].state != EVENT_OK ||
		    !total->counters[e].value)
			continue;
		s->warned_migration = true;
		msg_warn("the pinned workload migrated between CPUs (%" PRIu64 " cpu-migrations in one run; recorded)",
			 total->counters[e].value);
		json_array_append_new(s->warnings,
				      json_string("migration in a pinned run"));
	}
}

static void session_fatal_open(const struct session *s,
			       const struct launch_outcome *o,
			       const char *cmd, int rc)
{
	char buf[512];

	if (o->exec_failed) {
		msg_error("cannot execute %s: %s", cmd, strerror(o->exec_errno));
		return;
	}
	if (o->open_errno && o->bad_event >= 0 &&
	    (size_t)o->bad_event < s->n_events) {
		s->backend->strerror(&s->events[o->bad_event], o->open_errno,
				     buf, sizeof(buf));
		msg_error("%s", buf);
		return;
	}
	msg_error("cannot start %s: %s", cmd, strerror(o->open_errno ?
								o->open_errno :
								-rc));
}

/* Run one plan item; fill run. Returns EXIT_OK or a fatal status. */
static int session_one(struct session *s, struct benchmark *b, bool warmup,
		       struct run *run)
{
	struct proc_sample *p = calloc(s->n_copies, sizeof(*p));
	struct launch_outcome o;
	int rc;

	if (!p)
		return EXIT_IO;
	for (size_t i = 0; i < s->n_copies; i++) {
		p[i].counters = calloc(s->n_events ? s->n_events : 1,
				       sizeof(*p[i].counters));
		if (!p[i].counters)
			return EXIT_IO;
	}
	s->spec.argv = b->argv;
	rc = launcher_run(&s->spec, s->copies, s->n_copies, p, &o);
	memset(run, 0, sizeof(*run));
	run->index = b->n_runs;
	run->warmup = warmup;
	run->n_copies = s->n_copies;
	if (rc < 0 && rc != -EINTR) {
		session_fatal_open(s, &o, b->argv[0], rc);
		for (size_t i = 0; i < s->n_copies; i++)
			free(p[i].counters);
		free(p);
		return o.exec_failed ? EXIT_WORKLOAD : EXIT_COUNTERS;
	}
	for (size_t i = 0; i < s->n_copies; i++) {
		p[i].start_ns -= s->t0_ns;
		p[i].end_ns -= s->t0_ns;
		if (s->cfg->has_ops && !p[i].has_ops) {
			p[i].has_ops = true;
			p[i].ops = s->cfg->ops;
		}
	}
	if (s->n_copies == 1) {
		run->total = p[0];
		free(p);
	} else {
		run->copies = p;
		result_run_aggregate(run, s->n_events);
	}
	run->reason = session_failure(s, run->copies ? run->copies : &run->total,
				      s->n_copies, &o, &run->status);
	if (!run->reason)
		run->reason = session_multiplexed(s, &run->total);
	if (run->reason && run->status == RUN_OK)
		run->status = RUN_FAILED;
	if (rc == -EINTR)
		return EXIT_INTERRUPTED;
	session_checks(s, &o, &run->total);
	return EXIT_OK;
}

static int session_append(struct benchmark *b, struct run *run)
{
	struct run *runs = realloc(b->runs, (b->n_runs + 1) * sizeof(*runs));

	if (!runs)
		return -ENOMEM;
	b->runs = runs;
	b->runs[b->n_runs++] = *run;
	return 0;
}

static void session_progress(const struct session *s, const struct benchmark *b,
			     size_t done, size_t total)
{
	if (s->cfg->quiet || !isatty(STDERR_FILENO))
		return;
	fprintf(stderr, "\rabstat: %-40.40s %zu/%zu", b->name, done, total);
	if (done == total)
		fputs("\r\033[K", stderr);
	fflush(stderr);
}

static void session_set_status(struct result **results, size_t n,
			       const char *status)
{
	for (size_t i = 0; i < n; i++) {
		free(results[i]->status);
		results[i]->status = strdup(status);
	}
}

int session_measure(struct session *s, struct result **results,
		    struct journal **journals, const struct plan_item *plan,
		    size_t n_plan)
{
	size_t n_results = 0;
	int rc = EXIT_OK;
	char err[512];

	for (size_t i = 0; i < n_plan; i++)
		if (plan[i].result + 1 > n_results)
			n_results = plan[i].result + 1;
	for (size_t i = 0; i < n_plan && rc == EXIT_OK; i++) {
		struct result *r = results[plan[i].result];
		struct benchmark *b = &r->bench[plan[i].bench];
		struct journal *j = journals ? journals[plan[i].result] : NULL;
		struct run run;

		if (session_stop) {
			rc = EXIT_INTERRUPTED;
			break;
		}
		session_progress(s, b, i, n_plan);
		rc = session_one(s, b, plan[i].warmup, &run);
		if (rc == EXIT_INTERRUPTED) {
			result_run_free(&run); /* killed half-way: not kept */
			break;
		}
		if (rc)
			break;
		if (session_append(b, &run) < 0) {
			rc = EXIT_IO;
			break;
		}
		if (j && journal_append(j, plan[i].bench, &run, err,
					sizeof(err)) < 0) {
			msg_error("%s", err);
			rc = EXIT_IO;
			break;
		}
		if (run.status == RUN_OK)
			continue;
		s->n_failed++;
		if (!s->cfg->ignore_failure) {
			msg_error("%s, run %u%s: %s; stopping (-i goes on past failed runs)",
				  b->name, run.index, run.warmup ? " (warm-up)" : "",
				  run.reason);
			rc = EXIT_WORKLOAD;
		} else if (!s->warned_failure) {
			s->warned_failure = true;
			msg_warn("%s, run %u: %s; going on (-i), failed runs stay out of the statistics",
				 b->name, run.index, run.reason);
		}
	}
	if (n_plan)
		session_progress(s, &results[plan[n_plan - 1].result]
					    ->bench[plan[n_plan - 1].bench],
				 n_plan, n_plan);
	if (s->n_failed && s->cfg->ignore_failure)
		msg_warn("%u of %zu runs failed; they are kept in the result and out of the statistics",
			 s->n_failed, n_plan);
	for (size_t i = 0; i < n_results; i++) {
		json_decref(results[i]->warnings);
		results[i]->warnings = json_deep_copy(s->warnings);
	}
	if (rc == EXIT_INTERRUPTED)
		session_set_status(results, n_results, "interrupted");
	else if (rc != EXIT_OK)
		session_set_status(results, n_results, "partial");
	return rc;
}

int session_save(struct session *s, struct result *r, struct journal *j,
		 const char *path)
{
	char err[512];
	int rc;

	if (j)
		rc = journal_finish(j, r, s->cfg->force, err, sizeof(err));
	else
		rc = result_write(r, path, s->cfg->force, err, sizeof(err));
	if (rc < 0) {
		msg_error("%s", err);
		return EXIT_IO;
	}
	if (strcmp(r->status, "complete"))
		msg_notice("saved %s (%s: %s)", path, r->status,
			   "the runs that finished are in it");
	else
		msg_info("saved %s", path);
	return EXIT_OK;
}

void session_close(struct session *s)
{
	for (size_t i = 0; s->copies && i < s->n_copies; i++)
		if (s->copies[i].set)
			s->backend->free(s->copies[i].set);
	free(s->copies);
	if (s->cpuset) {
		cpuset_destroy(s->cpuset);
		session_cpuset_for_signal = NULL;
	}
	for (size_t i = 0; i < s->n_events; i++)
		event_free(&s->events[i]);
	free(s->events);
	free(s->groups);
	json_decref(s->warnings);
	if (s->backend_up && s->backend->fini)
		s->backend->fini();
	sigprocmask(SIG_UNBLOCK, &s->stop_signals, NULL);
}
