// SPDX-License-Identifier: MIT
/*
 * session_resume: run --resume FILE (abstat-run(1)). FILE is the result
 * of an interrupted session (status interrupted or partial), or the
 * journal a crash or a second signal left. The new session must be the
 * same measurement: its config (every option that shaped it but the
 * session id), events and benchmarks equal FILE's, and its environment
 * differs in nothing but what does not change a measurement (env_diff's
 * "info" keys; --allow-env-diff lets others through). Then FILE's runs
 * become the new result's first runs (journaled again first, so a crash
 * loses nothing), and the plan keeps only the runs FILE lacks: per
 * benchmark the warm-ups and measured runs beyond those it has, so a
 * benchmark cut half-way goes on where it stopped and one never reached
 * runs whole. The result is written back to FILE (or, for a journal, to
 * the result it was the journal of).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "env.h"
#include "hold.h"
#include "result_keys.h"
#include "session_priv.h"

/* "NAME" or NAME.journal's NAME, malloc'd. */
static char *resume_output(const char *file, bool *journal)
{
	size_t n = strlen(file), k = strlen(".journal");

	*journal = n > k && !strcmp(file + n - k, ".journal");
	return strndup(file, *journal ? n - k : n);
}

int session_resume_open(const char *file, const struct sink *sink,
			struct session_resume *rs)
{
	const struct sink *k = &rs->sink;
	char err[1024], path[4096], alt[4096 + 16];
	unsigned torn;
	bool journal;
	int rc;

	memset(rs, 0, sizeof(*rs));
	rs->sink = *sink;
	rs->output = resume_output(file, &journal);
	if (!rs->output)
		return EXIT_IO;
	snprintf(path, sizeof(path), "%s.journal", rs->output);
	snprintf(alt, sizeof(alt), "%s.resumed", path);
	/* a result that is not there: its journal, where one is left (or
	 * only the old one an interrupted --resume kept) */
	if (!journal && access(file, F_OK) &&
	    (!access(path, F_OK) || !access(alt, F_OK)))
		journal = true;
	if (journal)
		rc = journal_load_any(path, &rs->old, &torn, &rs->from, err,
				      sizeof(err));
	else
		rc = result_read(file, &rs->old, err, sizeof(err));
	if (rc) {
		session_error(k, "--resume: %s", err);
		return exit_status_of(rc, EXIT_USAGE);
	}
	if (journal) {
		rs->journal = strdup(path);
		if (!rs->journal)
			return EXIT_IO;
	}
	if (rs->from == JOURNAL_RESUMED_USED)
		sink_say(k, SAY_WARN,
			    "--resume: %s lacks runs of %s, the journal an interrupted --resume kept: resuming from %s",
			    path, alt, alt);
	if (!strcmp(rs->old->status, "complete"))
		return session_usage(k, "--resume: %s is complete (every run of its session is in it); nothing to resume",
				     file);
	if (result_interleaved(rs->old))
		return session_usage(k, "--resume: %s is a versus side; versus sessions cannot be resumed, run versus again",
				     file);
	return EXIT_OK;
}

/* Append "what" to the list in buf ("a, b"). */
static void resume_add(char *buf, size_t len, const char *what)
{
	size_t k = strlen(buf);

	snprintf(buf + k, len - k, "%s%s", k ? ", " : "", what);
}

/* A config value as JSON text (malloc'd), or NULL when absent. */
static char *resume_dump(const json_t *v)
{
	return v ? json_dumps(v, JSON_ENCODE_ANY) : NULL;
}

/* Config keys (but the session id) that differ, into buf. */
static void resume_config_diff(const json_t *a, const json_t *b, char *buf,
			       size_t len)
{
	const json_t *objs[2] = { a, b };
	const char *key;
	json_t *v;

	for (int side = 0; side < 2; side++)
		json_object_foreach((json_t *)objs[side], key, v) {
			const json_t *w = json_object_get(objs[!side], key);
			char *x, *y, what[600];

			if (!strcmp(key, "session") || (side && w))
				continue;
			if (w && json_equal(v, w))
				continue;
			x = resume_dump(side ? w : v);
			y = resume_dump(side ? v : w);
			snprintf(what, sizeof(what), "%s (%.120s there, %.120s here)",
				 key, x ? x : "absent", y ? y : "absent");
			free(x);
			free(y);
			resume_add(buf, len, what);
		}
}

static bool resume_argv_equal(char *const *a, char *const *b)
{
	size_t i = 0;

	for (; a && b && a[i] && b[i]; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return (!a || !a[i]) && (!b || !b[i]);
}

/* Events and benchmarks that differ, into buf. */
static void resume_plan_diff(const struct result *o, const struct result *r,
			     char *buf, size_t len)
{
	bool same = o->n_events == r->n_events;

	for (size_t i = 0; same && i < r->n_events; i++)
		same = !strcmp(o->events[i].name, r->events[i].name);
	if (!same)
		resume_add(buf, len, "events (-e)");
	same = o->n_bench == r->n_bench;
	for (size_t i = 0; same && i < r->n_bench; i++)
		same = !strcmp(o->bench[i].name, r->bench[i].name) &&
		       resume_argv_equal(o->bench[i].argv, r->bench[i].argv) &&
		       o->bench[i].copies == r->bench[i].copies;
	if (!same)
		resume_add(buf, len,
			   "benchmarks (the command, -w, -s, -S or their order)");
}

/* Is key in the comma list allow (an entry covers the keys below it)? */
static bool resume_allowed(const char *key, const char *allow)
{
	for (const char *p = allow; p && *p;) {
		size_t n = strcspn(p, ",");

		if (n && !strncmp(key, p, n) && (!key[n] || key[n] == '.'))
			return true;
		p += n + (p[n] == ',');
	}
	return false;
}

/* Environment keys that differ and matter (all but env_diff's info
 * ones, less --allow-env-diff), into buf and the allow list into keys.
 * 0 or -ENOMEM. */
static int resume_env_diff(const struct result *o, const struct result *r,
			   const char *allow, char *buf, size_t len,
			   char *keys, size_t klen)
{
	json_t *envs[2] = { o->env, r->env };
	struct env_diff *d;
	size_t n;

	if (!o->env || !r->env)
		return 0;
	if (env_diff(envs, 2, NULL, &d, &n) < 0)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		char what[400];

		/* kernel.config: saved with a result, never here yet
		 * (session_save); kernel.release and version say which */
		if (d[i].kind == ENV_DIFF_INFO ||
		    !strcmp(d[i].key, ENV_KCONFIG_KEY) ||
		    resume_allowed(d[i].key, allow))
			continue;
		snprintf(what, sizeof(what), "%s ('%.80s' there, '%.80s' here)",
			 d[i].key, d[i].values[0], d[i].values[1]);
		resume_add(buf, len, what);
		resume_add(keys, klen, d[i].key);
	}
	env_diff_free(d, n, 2);
	for (size_t k = 0; keys[k]; k++)
		if (keys[k] == ' ')
			memmove(keys + k, keys + k + 1, strlen(keys + k));
	return 0;
}

int session_resume_check(const struct session *s,
			 const struct session_resume *rs,
			 const struct result *r)
{
	const char *file = rs->journal ? rs->journal : rs->output;
	char diff[2048] = "", keys[1024] = "";

	resume_config_diff(rs->old->config, r->config, diff, sizeof(diff));
	resume_plan_diff(rs->old, r, diff, sizeof(diff));
	if (diff[0]) {
		session_error(&rs->sink, "--resume: these arguments are not those %s was measured with: %s; give the interrupted session's command line with --resume",
			      file, diff);
		return EXIT_USAGE;
	}
	if (resume_env_diff(rs->old, r, s->in.allow_env_diff, diff,
			    sizeof(diff), keys, sizeof(keys)))
		return EXIT_IO;
	if (diff[0]) {
		session_error(&rs->sink, "--resume: the environment is not the one %s was measured in: %s; resume where it was measured, or pass --allow-env-diff %s to go on anyway",
			      file, diff, keys);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int session_resume_hold(struct session_resume *rs)
{
	char err[1024];
	size_t n;

	if (!rs->journal)
		return EXIT_OK;
	/* another --resume of it, copying its runs: leave its names be */
	if (hold_check_free(rs->journal, err, sizeof(err)) == -EBUSY) {
		session_error(&rs->sink, "--resume: %s", err);
		return EXIT_USAGE;
	}
	n = strlen(rs->journal) + sizeof(".resumed");
	rs->backup = malloc(n);
	if (!rs->backup)
		return EXIT_IO;
	snprintf(rs->backup, n, "%s.resumed", rs->journal);
	/* left by an interrupted --resume: kept as it is when its runs are
	 * the ones resumed, else a copy of the journal's first runs */
	if (rs->from == JOURNAL_RESUMED_USED)
		return EXIT_OK;
	if (rs->from == JOURNAL_RESUMED_COPY && unlink(rs->backup) &&
	    errno != ENOENT) {
		session_error(&rs->sink, "--resume: cannot remove %s (its runs are all in %s): %s",
			      rs->backup, rs->journal, strerror(errno));
		return EXIT_IO;
	}
	if (link(rs->journal, rs->backup)) {
		session_error(&rs->sink, "--resume: cannot keep %s as %s while it is rewritten: %s; remove %s if an earlier --resume left it",
			      rs->journal, rs->backup, strerror(errno),
			      rs->backup);
		free(rs->backup);
		rs->backup = NULL;
		return errno == EEXIST ? EXIT_USAGE : EXIT_IO;
	}
	return EXIT_OK;
}

/* The old warnings that the session has not raised itself. */
static void resume_warnings(struct session *s, const json_t *old)
{
	size_t i, k;
	json_t *w, *x;

	json_array_foreach(old, i, w) {
		bool seen = false;

		json_array_foreach(s->warnings, k, x)
			seen |= json_equal(w, x);
		if (!seen)
			json_array_append(s->warnings, w);
	}
}

/* Benchmark b's old runs into nb, each journaled. */
static int resume_move(const struct sink *sink, struct benchmark *ob,
		       struct benchmark *nb, size_t bench, struct journal *j,
		       unsigned *warm, unsigned *measured)
{
	char err[512];

	*warm = *measured = 0;
	for (size_t k = 0; k < ob->n_runs; k++) {
		struct run *slot = result_run_add(nb, NULL);

		if (!slot)
			return EXIT_IO;
		*slot = ob->runs[k];
		memset(&ob->runs[k], 0, sizeof(ob->runs[k]));
		slot->index = nb->n_runs - 1;
		if (slot->warmup)
			++*warm;
		else
			++*measured;
		if (j && journal_append(j, bench, slot, err, sizeof(err))) {
			session_error(sink, "%s", err);
			return EXIT_IO;
		}
	}
	return EXIT_OK;
}

int session_resume_apply(struct session *s, struct session_resume *rs,
			 struct result *r, struct journal *j,
			 struct plan_item *plan, size_t *n_plan)
{
	size_t kept = 0, before = *n_plan, done = 0;
	char err[512];

	resume_warnings(s, rs->old->warnings);
	/* held while its runs are copied: a second --resume is refused */
	if (rs->journal) {
		int fd = open(rs->journal, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

		if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB)) {
			close(fd);
			session_error(&rs->sink, "--resume: another session holds %s; wait for it to end",
				      rs->journal);
			return EXIT_USAGE;
		}
		rs->lock = fd >= 0 ? fd + 1 : 0;
	}
	for (size_t b = 0; b < r->n_bench; b++) {
		unsigned warm, measured;
		int rc = resume_move(&rs->sink, &rs->old->bench[b],
				     &r->bench[b], b, j, &warm, &measured);

		if (rc)
			return rc;
		done += warm + measured;
		for (size_t i = 0; i < *n_plan; i++) {
			unsigned *left = plan[i].warmup ? &warm : &measured;

			if (plan[i].bench != b)
				continue;
			if (*left) {
				--*left;
				plan[i].bench = SIZE_MAX; /* done: dropped */
			}
		}
	}
	for (size_t i = 0; i < *n_plan; i++)
		if (plan[i].bench != SIZE_MAX)
			plan[kept++] = plan[i];
	*n_plan = kept;
	/* the new journal holds every old run: now it replaces the old one
	 * (whose lock goes first: the replacement takes it), which may then
	 * go */
	if (rs->lock)
		close(rs->lock - 1);
	rs->lock = 0;
	if (j && journal_commit(j, err, sizeof(err))) {
		session_error(&rs->sink, "--resume: %s; the interrupted session's runs are kept in %s",
			      err, rs->backup ? rs->backup : rs->journal ?
			      rs->journal : rs->output);
		return EXIT_IO;
	}
	if (rs->backup && !unlink(rs->backup)) {
		free(rs->backup);
		rs->backup = NULL;
	}
	sink_say(&rs->sink, SAY_INFO,
		    "resuming %s: %zu runs kept, %zu of %zu to go",
		    rs->journal ? rs->journal : rs->output, done, kept, before);
	return EXIT_OK;
}

void session_resume_close(struct session_resume *rs)
{
	/* failed before the old runs were journaled again: put the old
	 * journal back where it was */
	if (rs->backup && rename(rs->backup, rs->journal))
		sink_say(&rs->sink, SAY_WARN,
			    "--resume: the journal of the interrupted session is kept as %s (rename it to %s)",
			    rs->backup, rs->journal);
	else if (rs->backup)
		unlink(rs->backup); /* still its other name: rename kept both */
	if (rs->lock)
		close(rs->lock - 1);
	free(rs->backup);
	free(rs->journal);
	free(rs->output);
	result_free(rs->old);
	memset(rs, 0, sizeof(*rs));
}
