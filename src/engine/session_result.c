// SPDX-License-Identifier: MIT
/* session_result: what a session makes of its measurement: a new result
 * for its targets (its config, environment and warnings, the session's
 * id), the output checked before measuring, and the result saved
 * (through its journal) with the line that says where. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>

#include "bench_name.h"
#include "env.h"
#include "hooks.h"
#include "rkeys.h"
#include "score.h"
#include "session_priv.h"
#include "trace.h"
#include "workloads.h"

static json_t *session_config_json(const struct session *s)
{
	const struct measure_opts *m = s->in.measure;
	char cpus[256];

	cpu_list_format(&s->pinned, cpus, sizeof(cpus));
	return json_pack("{s:s, s:b, s:I, s:I, s:s, s:b, s:b, s:I, s:o?, s:s, s:b, s:f, s:b, s:s, s:s?, s:s?, s:s?}",
			 RK_SESSION, s->id,
			 RK_INTERLEAVED, m->interleaved,
			 RK_REPEAT, (json_int_t)m->repeat,
			 RK_WARMUP, (json_int_t)m->warmup,
			 RK_CPUS, cpus,
			 "pinned", !m->no_pin,
			 "cpuset", m->cpuset,
			 "copies", (json_int_t)m->copies,
			 "launcher_cpu", s->launcher_cpu >= 0 ?
				json_integer(s->launcher_cpu) : NULL,
			 "backend", s->backend->name,
			 RK_USER_ONLY, m->user_only,
			 "timeout_s", m->timeout_s,
			 "allow_multiplex", m->allow_multiplex,
			 "workload_cflags", workloads_cflags,
			 "cpuset_version", s->cpuset ? cpuset_version(s->cpuset) : NULL,
			 "cpuset_dir", s->cpuset ? cpuset_dir(s->cpuset) : NULL,
			 "user", m->run_user);
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
	const struct measure_opts *m = s->in.measure;
	struct result *r = calloc(1, sizeof(*r));
	const char **paths = calloc(n + 1, sizeof(*paths));
	struct utsname u;

	if (!r || !paths)
		goto fail;
	for (size_t i = 0; i < n; i++)
		paths[i] = t[i].argv[bench_name_index(t[i].argv, m->wrapper)];
	uname(&u);
	r->schema_version = RESULT_SCHEMA_VERSION;
	r->tool_version = strdup(ABSTAT_VERSION);
	r->created = session_now_iso();
	if (!label)
		label = m->label ? m->label : u.release;
	r->label = strdup(label);
	r->status = strdup("complete");
	r->env = json_deep_copy(s->env);
	if (!r->env || json_object_set_new(r->env, "workloads",
					   env_workloads(paths)))
		goto fail;
	trace_mark("workloads hashed");
	r->config = session_config_json(s);
	if (s->profile && r->config)
		json_object_set_new(r->config, "profile",
				    profile_config(s->profile));
	if (r->config && hooks_config(r->config, m->setup, m->cleanup,
				      m->prepare, m->conclude) < 0)
		goto fail;
	if (r->config && session_config_counts(s, r->config))
		goto fail;
	for (size_t i = 0; i < m->n_scores; i++)
		if (score_defs_add(&r->scores, &r->n_scores, &m->scores[i]) < 0)
			goto fail;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; t[i].entry && k < t[i].entry->n_scores; k++)
			if (score_defs_add(&r->scores, &r->n_scores,
					   &t[i].entry->scores[k]) < 0)
				goto fail;
	if (r->config && m->suite_file &&
	    json_object_set_new(r->config, "suite_file",
				json_string(m->suite_file)))
		goto fail;
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
		b->copies = t[i].copies ? t[i].copies : s->n_copies;
		b->params = t[i].params ? json_incref(t[i].params) : NULL;
	}
	free(paths);
	return r;
fail:
	free(paths);
	result_free(r);
	return NULL;
}

int session_check_output(const struct session_input *in, const char *path)
{
	char err[4096 + 256];
	int rc = result_check_output(path, in->force, err, sizeof(err));

	if (!rc)
		return EXIT_OK;
	session_error(&in->sink, "%s", err);
	return rc == -EEXIST || rc == -EBUSY ? EXIT_USAGE : EXIT_IO;
}

int session_save(struct session *s, struct result *r, struct journal *j,
		 const char *path, const char *rest)
{
	char err[512];
	int rc;

	/* thousands of options, read after the runs: not in the journal */
	env_kconfig_add(r->env, "");
	if (j)
		rc = journal_finish(j, r, s->in.force, err, sizeof(err));
	else
		rc = result_write(r, path, s->in.force, err, sizeof(err));
	if (rc < 0) {
		session_error(&s->in.sink, "%s", err);
		return EXIT_IO;
	}
	if (strcmp(r->status, "complete"))
		sink_say(&s->in.sink, SAY_NOTICE,
			    "saved %s (%s: %zu measured run%s finished)%s%s",
			    path, r->status, result_measured(r),
			    result_measured(r) == 1 ? "" : "s",
			    rest ? "; the rest: " : "", rest ? rest : "");
	else
		sink_say(&s->in.sink, SAY_INFO, "saved %s", path);
	return EXIT_OK;
}
