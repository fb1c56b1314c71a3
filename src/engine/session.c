// SPDX-License-Identifier: MIT
/* session: set-up shared by run and versus (signals, events, CPUs, --user,
 * cpuset, counter sets, doctor warnings) and closing. New results, the
 * output check and saving are session_result.c's; the measuring loop is
 * session_measure.c's. */
#include <errno.h>
#include <inttypes.h>
#include <grp.h>
#include <libgen.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include "doctor.h"
#include "env.h"
#include "hooks.h"
#include "session_priv.h"
#include "trace.h"

extern char **environ;

/* Event e cannot count here, for the reason why (NULL: none given). */
static bool session_unsupported_for(const struct event *e, const char *why)
{
	return e->state != EVENT_OK &&
	       !strcmp(e->reason ? e->reason : "", why ? why : "");
}

/* The events that cannot count here: one warning a reason (the default
 * set without a PMU is one line, not one an event), naming its events. */
static void session_unsupported(struct session *s)
{
	bool any = false;

	for (size_t i = 0; i < s->n_events; i++)
		any |= s->events[i].state == EVENT_OK;
	for (size_t i = 0; i < s->n_events; i++) {
		const char *why = s->events[i].reason;
		char names[512] = "";
		size_t used = 0;
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = session_unsupported_for(&s->events[j], why);
		if (s->events[i].state == EVENT_OK || seen)
			continue;
		for (size_t j = i; j < s->n_events; j++) {
			if (!session_unsupported_for(&s->events[j], why))
				continue;
			snprintf(names + used, sizeof(names) - used, "%s%s",
				 used ? ", " : "", s->events[j].name);
			used = strlen(names);
		}
		session_warn(s, "%s: %s; %s", names,
			     why ? why : "not supported",
			     any ? "counting the others only" :
				   "measuring times only");
	}
}

/* Split -e into names (perf's grammar: {a,b} groups, pmu/a=1,b=2/) and
 * resolve + probe each; without -e, the backend's default set, made to
 * fit the PMU (backend_ops.fit). */
static int session_events(struct session *s)
{
	const struct measure_opts *m = s->in.measure;
	const struct sink *k = &s->in.sink;
	struct event_token *toks = NULL;
	size_t n_toks = 0;
	char err[512];
	char precise[256] = "";
	int rc = EXIT_OK;

	if (counters_split(m->events ? m->events : s->backend->default_events,
			   &toks, &n_toks, err, sizeof(err)))
		return session_usage(k, "-e: %s", err);
	for (size_t t = 0; t < n_toks; t++) {
		const char *tok = toks[t].name;
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
		r = s->backend->resolve(tok, m->user_only, ev, err,
					sizeof(err));
		if (r == -EIO) {
			/* the library that encodes it cannot be set up */
			session_error(k, "%s", err);
			rc = EXIT_COUNTERS;
			event_free(ev);
			break;
		}
		if (r < 0) {
			/* The backend's message names the event. */
			rc = err[0] ? session_usage(k, "-e: %s", err) :
				      session_usage(k, "-e: %s: %s", tok,
						    strerror(-r));
			event_free(ev);
			break;
		}
		s->n_events++;
		for (size_t i = 0; i + 1 < s->n_events; i++)
			if (!strcmp(s->events[i].name, ev->name)) {
				rc = session_usage(k, "-e: %s is given twice", tok);
				goto out;
			}
		if (toks[t].group)
			event_set_user_group(ev, toks[t].group);
		if (ev->precise) {
			size_t used = strlen(precise);

			snprintf(precise + used, sizeof(precise) - used,
				 "%s%s", used ? ", " : "", ev->name);
		}
		/* Pinned groups are counted whole or the run is rejected;
		 * --allow-multiplex lets the kernel rotate them (scaled,
		 * flagged), recorded in each event's "pinned". */
		if (m->allow_multiplex)
			ev->pinned = false;
		r = s->backend->probe(ev, err, sizeof(err));
		if (r < 0) {
			session_error(k, "%s", err);
			rc = EXIT_COUNTERS;
			break;
		}
	}
out:
	counters_split_free(toks, n_toks);
	if (rc == EXIT_OK && !m->events && s->backend->fit &&
	    s->backend->fit(s->events, s->n_events, err, sizeof(err)) < 0) {
		session_error(k, "%s", err);
		rc = EXIT_IO;
	}
	if (rc == EXIT_OK && precise[0])
		session_warn(s, "%s: precise modifiers (p, P) matter for sampling only; counted without precise_ip (the names keep them)",
			     precise);
	if (rc == EXIT_OK)
		session_unsupported(s);
	return rc;
}

/* Pick one CPU per copy: -C as given, else the highest online CPUs,
 * avoiding CPU 0 when there is another. One copy with a -C list of
 * several CPUs is pinned to the whole list. */
static int session_cpus(struct session *s)
{
	const struct measure_opts *m = s->in.measure;
	struct cpu_list online;
	size_t n = m->copies;

	s->n_copies = n;
	s->copies = calloc(n, sizeof(*s->copies));
	if (!s->copies)
		return EXIT_IO;
	memset(&s->pinned, 0, sizeof(s->pinned));
	if (m->no_pin) {
		for (size_t i = 0; i < n; i++)
			s->copies[i].cpu = -1;
		return EXIT_OK;
	}
	if (m->cpus.n) {
		s->pinned = m->cpus;
	} else {
		if (cpu_online("", &online) < 0 || !online.n)
			return session_usage(&s->in.sink, "cannot read the online CPUs (/sys/devices/system/cpu/online); give -C or --no-pin");
		if (online.n < n && !m->oversubscribe)
			return session_usage(&s->in.sink, "--copies %zu needs %zu online CPUs; this machine has %zu (--oversubscribe shares them)",
					     n, n, online.n);
		/* The last n online CPUs: CPU 0 (interrupts, housekeeping)
		 * only when nothing else is left. */
		s->pinned.n = n < online.n ? n : online.n;
		for (size_t i = 0; i < s->pinned.n; i++)
			s->pinned.cpu[i] = online.cpu[online.n - s->pinned.n + i];
	}
	for (size_t i = 0; i < n; i++)
		s->copies[i].cpu = s->pinned.cpu[i % s->pinned.n];
	if (n > s->pinned.n)
		session_warn(s, "--oversubscribe: %zu copies share %zu CPUs round-robin; recorded",
			     n, s->pinned.n);
	if (n == 1 && s->pinned.n > 1)
		/* One copy, several CPUs: taskset's meaning, the affinity is
		 * the whole set (the scheduler picks among them). */
		s->copies[0].cpus = &s->pinned;
	else if (s->pinned.n > n)
		s->pinned.n = n;
	return EXIT_OK;
}

/* The PATH a --user workload gets (abstat(1), abstat-run(1)): the
 * system's own directories, the default of login(1) for a user. */
#define SESSION_USER_PATH "/usr/local/bin:/usr/bin:/bin"

/*
 * The environment of a --user workload, as a login gives it: HOME, USER,
 * LOGNAME and SHELL from the passwd entry, PATH the default above, and
 * nothing of abstat's (root's HOME, its secrets, LD_PRELOAD). The
 * launcher adds ABSTAT_CTL. One allocation: pointers, then strings.
 */
static char **session_user_env(const struct passwd *pw)
{
	const char *shell = pw->pw_shell && *pw->pw_shell ? pw->pw_shell :
							    "/bin/sh";
	const char *home = pw->pw_dir && *pw->pw_dir ? pw->pw_dir : "/";
	const char *vals[][2] = {
		{ "HOME", home }, { "USER", pw->pw_name },
		{ "LOGNAME", pw->pw_name }, { "SHELL", shell },
		{ "PATH", SESSION_USER_PATH },
	};
	size_t n = sizeof(vals) / sizeof(vals[0]), bytes = 0;
	char **env, *p;

	for (size_t i = 0; i < n; i++)
		bytes += strlen(vals[i][0]) + strlen(vals[i][1]) + 2;
	env = malloc((n + 1) * sizeof(*env) + bytes);
	if (!env)
		return NULL;
	p = (char *)(env + n + 1);
	for (size_t i = 0; i < n; i++) {
		env[i] = p;
		p += sprintf(p, "%s=%s", vals[i][0], vals[i][1]) + 1;
	}
	env[n] = NULL;
	return env;
}

static int session_user(struct session *s)
{
	const struct measure_opts *m = s->in.measure;
	const struct sink *k = &s->in.sink;
	const char *name = m->run_user;
	struct passwd *pw;
	int n = 64;

	if (!name)
		return EXIT_OK;
	if (geteuid() != 0)
		return session_usage(k, "--user %s: abstat must run as root to switch users",
				     name);
	pw = getpwnam(name);
	if (!pw)
		return session_usage(k, "--user: no such user '%s'", name);
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
	if (!m->keep_env) {
		s->user_env = session_user_env(pw);
		if (!s->user_env)
			return EXIT_IO;
	}
	s->spec.drop_priv = true;
	s->spec.uid = pw->pw_uid;
	s->spec.gid = pw->pw_gid;
	s->spec.groups = s->groups;
	s->spec.n_groups = n;
	for (size_t t = 0; t < m->n_targets; t++) {
		const char *path = m->targets[t].argv[0];
		char err[1024];

		if (launcher_user_access(&s->spec, path, err, sizeof(err)) < 0)
			return session_usage(k, "%s", err);
	}
	return EXIT_OK;
}

static int session_counter_sets(struct session *s)
{
	for (size_t i = 0; i < s->n_copies; i++) {
		int rc = s->backend->prepare(s->events, s->n_events,
					     &s->copies[i].set);

		if (rc < 0) {
			session_error(&s->in.sink,
				      "%s: cannot prepare the counters: %s",
				      s->backend->name, strerror(-rc));
			return EXIT_COUNTERS;
		}
	}
	return EXIT_OK;
}

/* abstat profile: a sampler per copy beside the counters (profile.h). */
static int session_profile(struct session *s)
{
	const struct sample_opts *so = s->in.sample;
	const struct sink *k = &s->in.sink;
	struct profile_opts po = {
		.user_only = s->in.measure->user_only,
		.root = "",
		.uid = s->spec.drop_priv ? s->spec.uid : geteuid(),
		.n_copies = s->n_copies,
	};
	char err[1024];
	int rc;

	if (!s->in.measure->samples)
		return EXIT_OK;
	po.event = so->sample_event;
	po.freq = so->freq;
	po.dwarf = so->call_graph_dwarf;
	rc = profile_open(&po, &s->profile, err, sizeof(err));
	if (rc == -ENOENT || rc == -EINVAL)
		return session_usage(k, "--sample-event: %s", err);
	if (rc == -EOPNOTSUPP && so->call_graph_dwarf)
		return session_usage(k, "%s", err);
	if (rc < 0) {
		session_error(k, "%s", err);
		return rc == -ENOMEM ? EXIT_IO : EXIT_COUNTERS;
	}
	if (profile_note(s->profile))
		session_warn(s, "%s", profile_note(s->profile));
	s->spec.sampling = profile_hooks(s->profile);
	for (size_t i = 0; i < s->n_copies; i++)
		s->copies[i].sample = profile_copy(s->profile, i);
	return EXIT_OK;
}

static void session_doctor(struct session *s)
{
	struct doctor_ctx ctx = {
		.root = "",
		.pinned = &s->pinned,
		.user_only = s->in.measure->user_only,
		.backend = s->backend->name,
		.env = s->env,
		.smt_later = true,
	};
	struct doctor_check *c = NULL;
	struct cpu_list pinned = s->pinned, online;
	size_t n = 0;

	/* the CPU doctor_run checks when none is pinned */
	if (!pinned.n && !cpu_online("", &online) && online.n)
		pinned.cpu[pinned.n++] = cpu_default(&online);
	s->smt_on = doctor_smt_begin("", &pinned, &s->smt);
	s->smt_t0_ns = launcher_now_ns();
	if (doctor_run(&ctx, &c, &n) < 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if (c[i].level == DOCTOR_OK)
			continue;
		/* Hardware counters were announced with the events. */
		if (!strcmp(c[i].name, "pmu"))
			continue;
		session_warn(s, "%s: %s; %s", c[i].name, c[i].detail,
			     c[i].fix ? c[i].fix : "see 'abstat doctor'");
	}
	doctor_free(c, n);
}

/* A session id no other session shares: 64 random bits (the clock and
 * pid if getrandom fails). compare reads it (config.session) to tell one
 * interleaved session from two sessions. */
static void session_new_id(struct session *s)
{
	uint64_t v;

	if (getrandom(&v, sizeof(v), 0) != (ssize_t)sizeof(v))
		v = launcher_now_ns() ^ ((uint64_t)getpid() << 32);
	snprintf(s->id, sizeof(s->id), "%016" PRIx64, v);
}

int session_open(struct session *s, const struct session_input *in)
{
	const struct measure_opts *m = in->measure;
	char err[512];
	int rc;

	memset(s, 0, sizeof(*s));
	s->launcher_cpu = -1;
	s->in = *in;
	session_new_id(s);
	s->warnings = json_array();
	s->t0_ns = launcher_now_ns();
	s->backend = m->backend == BACKEND_PAPI ? &papi_backend :
						    &perf_backend;
	err[0] = '\0';
	if (s->backend->init(err, sizeof(err)) < 0) {
		session_error(&s->in.sink, "%s",
			      err[0] ? err : "cannot initialise the counter backend");
		return EXIT_COUNTERS;
	}
	s->backend_up = true;
	trace_mark("counter backend up");
	rc = session_events(s);
	if (rc)
		return rc;
	trace_mark("events resolved and probed");
	rc = session_cpus(s);
	if (rc)
		return rc;
	rc = session_user(s);
	if (rc)
		return rc;
	/* Before the cpuset exists: no signal may leave it behind. */
	session_signals(s);
	if (m->cpuset) {
		if (cpuset_create("/sys/fs/cgroup", &s->pinned, &s->cpuset, err,
				  sizeof(err)) < 0) {
			session_error(&s->in.sink, "--cpuset: %s", err);
			return EXIT_COUNTERS;
		}
		session_signal_cpuset(s->cpuset);
		if (cpuset_note(s->cpuset)) {
			session_warn(s, "--cpuset: %s",
				     cpuset_note(s->cpuset));
		}
	}
	session_colocate(s);
	trace_mark("cpus, user, signals, cpuset");
	session_launcher_spawn(s);
	rc = session_counter_sets(s);
	if (rc)
		return rc;
	trace_mark("counter sets prepared");
	rc = session_profile(s);
	if (rc)
		return rc;
	s->spec.backend = s->backend;
	s->spec.envp = s->user_env ? s->user_env : environ;
	s->spec.dir = m->workdir;
	s->spec.show_output = m->show_output;
	s->spec.capture_output = m->n_scores || m->keep_output;
	for (size_t i = 0; i < m->n_targets; i++)
		s->spec.capture_output |= m->targets[i].entry &&
					  m->targets[i].entry->n_scores;
	s->spec.timeout_s = m->timeout_s;
	s->spec.cgroup_procs = s->cpuset ? cpuset_procs_path(s->cpuset) : NULL;
	s->spec.n_events = s->n_events;
	s->spec.stop_signals = &s->stop_signals;
	s->spec.stop_flag = session_stop_flag();
	s->hook_pgid = session_hook_pgid();
	trace_mark("sampler");
	/* Once per session: the doctor's checks read it, and each result
	 * gets a copy with its own workloads (session_result) and, when
	 * saved, kernel.config (session_save). */
	s->env = env_capture(&(const struct env_opts){
		.root = "",
		.pinned = &s->pinned,
		.backend = s->backend->name,
		.no_kconfig = true,
	});
	if (!s->env)
		return EXIT_IO;
	trace_mark("environment captured");
	if (!in->quiet)
		session_doctor(s);
	trace_mark("doctor checks");
	return EXIT_OK;
}

void session_close(struct session *s)
{
	launcher_helper_stop(s->spec.helper); /* a session without runs */
	s->spec.helper = NULL;
	for (size_t i = 0; s->copies && i < s->n_copies; i++)
		if (s->copies[i].set)
			s->backend->free(s->copies[i].set);
	free(s->copies);
	if (s->cpuset) {
		cpuset_destroy(s->cpuset);
		session_signal_cpuset(NULL);
	}
	for (size_t i = 0; i < s->n_events; i++)
		event_free(&s->events[i]);
	free(s->events);
	profile_free(s->profile);
	free(s->groups);
	free(s->user_env);
	json_decref(s->warnings);
	json_decref(s->env);
	if (s->smt_on)
		free(s->smt.stat);
	if (s->backend_up && s->backend->fini)
		s->backend->fini();
	sigprocmask(SIG_UNBLOCK, &s->stop_signals, NULL);
}
