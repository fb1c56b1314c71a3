// SPDX-License-Identifier: MIT
/*
 * bisect_report: a bisect as JSON (the state beside git's bisect log,
 * and the -o report, which is the state with its end and the mail
 * summary), one line per step for the terminal, and the summary a
 * reader can paste into a mail, modelled on the kernel test robot's
 * bisected reports (the change, the commit, its parent, the steps).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "bisect.h"
#include "escape.h"
#include "format.h"

#define BISECT_STATE_FILE "state.json"
#define BISECT_MAIL_WIDTH 72

static json_t *bisect_delta_json(const struct bisect_delta *d)
{
	if (!d->has)
		return json_null();
	return json_pack("{s:f, s:f, s:f, s:b}", "delta", d->d, "lo", d->lo,
			 "hi", d->hi, "significant", d->sig);
}

static void bisect_delta_read(json_t *j, struct bisect_delta *d)
{
	memset(d, 0, sizeof(*d));
	if (!json_is_object(j))
		return;
	d->has = true;
	d->d = json_number_value(json_object_get(j, "delta"));
	d->lo = json_number_value(json_object_get(j, "lo"));
	d->hi = json_number_value(json_object_get(j, "hi"));
	d->sig = json_is_true(json_object_get(j, "significant"));
}

static json_t *bisect_str(const char *s)
{
	return s ? json_string(s) : json_null();
}

static char *bisect_dup(json_t *j)
{
	return json_is_string(j) ? strdup(json_string_value(j)) : NULL;
}

static json_t *bisect_step_json(const struct bisect_step *s)
{
	return json_pack("{s:s, s:o, s:s, s:o, s:b, s:I, s:o, s:o, s:o}",
			 "commit", s->commit, "subject", bisect_str(s->subject),
			 "decision", s->decision, "reason",
			 bisect_str(s->reason), "measured", s->measured,
			 "runs", (json_int_t)s->runs, "vs_good",
			 bisect_delta_json(&s->vs_good), "vs_bad",
			 bisect_delta_json(&s->vs_bad), "bad_vs_good",
			 bisect_delta_json(&s->end));
}

/* The commits of a change made of several, each against its parent
 * (an empty array when the change is one commit's). */
static json_t *bisect_culprits_json(const struct bisect_state *st)
{
	json_t *a = json_array();

	for (size_t i = 0; a && st->n_culprits >= 2 && i < st->n_culprits;
	     i++) {
		const struct bisect_culprit *c = &st->culprits[i];

		json_array_append_new(a, json_pack("{s:o, s:o, s:o, s:o, s:I}",
			"commit", bisect_str(c->commit),
			"subject", bisect_str(c->subject),
			"parent", bisect_str(c->parent),
			"vs_parent", c->measured ?
				bisect_delta_json(&c->vs_parent) : json_null(),
			"runs", (json_int_t)c->runs));
	}
	return a ? a : json_null();
}

static json_t *bisect_json(const struct bisect_state *st, bool report)
{
	json_t *cmd = json_array(), *steps = json_array(), *j;

	for (size_t i = 0; cmd && i < st->argc; i++)
		json_array_append_new(cmd, json_string(st->argv[i]));
	for (size_t i = 0; steps && i < st->n_steps; i++)
		json_array_append_new(steps, bisect_step_json(&st->steps[i]));
	j = json_pack("{s:I, s:s, s:s, s:s, s:s, s:o, s:o, s:b, s:o, s:I, s:o}",
		      "abstat_bisect", (json_int_t)1, "repo", st->top,
		      "good", st->good, "bad", st->bad, "build", st->build,
		      "command", cmd, "metric", bisect_str(st->metric),
		      "ends_measured", st->ends_done, "bad_vs_good",
		      bisect_delta_json(&st->ends), "ends_runs",
		      (json_int_t)st->ends_runs, "steps", steps);
	if (j && st->measure)
		json_object_set_new(j, "measure", json_string(st->measure));
	if (j && st->orig)
		json_object_set_new(j, "orig_head", json_string(st->orig));
	if (j && !report && st->busy)
		json_object_set_new(j, "in_progress",
				    json_pack("{s:s, s:s, s:s}", "doing",
					      st->busy, "commit",
					      st->busy_commit, "tree",
					      st->busy_tree));
	if (!j || !report)
		return j;
	if (st->first_bad) {
		json_t *fb = json_pack("{s:s, s:o, s:o, s:o, s:I}",
				       "commit", st->first_bad, "subject",
				       bisect_str(st->first_subject),
				       "parent", bisect_str(st->parent),
				       "vs_parent",
				       bisect_delta_json(&st->vs_parent),
				       "runs", (json_int_t)st->parent_runs);

		json_object_set_new(j, "first_bad", fb ? fb : json_null());
	} else {
		json_object_set_new(j, "first_bad", json_null());
	}
	json_object_set_new(j, "culprits", bisect_culprits_json(st));
	if (st->n_candidates) {
		json_t *c = json_array();

		for (size_t i = 0; c && i < st->n_candidates; i++)
			json_array_append_new(c,
					      json_string(st->candidates[i]));
		json_object_set_new(j, "candidates", c);
	}
	json_object_set_new(j, "note", bisect_str(st->note));
	{
		char *mail = bisect_mail(st);

		json_object_set_new(j, "mail", bisect_str(mail));
		free(mail);
	}
	return j;
}

/* j to path through path.tmp, fsync'd, and a rename, the directory
 * fsync'd: a crash leaves the file of before or after. 0 or -errno. */
static int bisect_json_write(json_t *j, const char *path)
{
	char tmp[4200], dir[4200], *slash;
	int rc = 0, fd, dfd;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0644);
	if (fd < 0)
		return -errno;
	errno = 0;
	if (json_dumpfd(j, fd, JSON_INDENT(2) | JSON_PRESERVE_ORDER) ||
	    fsync(fd))
		rc = errno ? -errno : -EIO;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc) {
		unlink(tmp);
		return rc;
	}
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	dfd = open(slash ? dir : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return 0;
}

int bisect_state_save(const struct bisect_state *st)
{
	char path[4096];
	json_t *j = bisect_json(st, false);
	int rc;

	if (!j)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/%s", st->dir, BISECT_STATE_FILE);
	rc = bisect_json_write(j, path);
	json_decref(j);
	return rc;
}

static bool bisect_same_command(const struct bisect_state *st, json_t *cmd)
{
	if (json_array_size(cmd) != st->argc)
		return false;
	for (size_t i = 0; i < st->argc; i++) {
		const char *w = json_string_value(json_array_get(cmd, i));

		if (!w || strcmp(w, st->argv[i]))
			return false;
	}
	return true;
}

static bool bisect_same_measure(const struct bisect_state *st, json_t *m)
{
	const char *w = json_string_value(m);

	return st->measure ? w && !strcmp(w, st->measure) : !w;
}

/* "in_progress": {"doing", "commit", "tree"} into st->busy... */
static void bisect_busy_read(json_t *o, struct bisect_state *st)
{
	const char *doing = json_string_value(json_object_get(o, "doing"));

	if (!doing || (strcmp(doing, "building") && strcmp(doing, "measuring")))
		return;
	st->busy_commit = bisect_dup(json_object_get(o, "commit"));
	st->busy_tree = bisect_dup(json_object_get(o, "tree"));
	if (st->busy_commit && st->busy_tree)
		st->busy = strdup(doing);
}

int bisect_state_load(struct bisect_state *st, char *err, size_t len)
{
	char path[4096];
	json_error_t je;
	json_t *j, *steps;
	const char *good, *bad, *build;

	snprintf(path, sizeof(path), "%s/%s", st->dir, BISECT_STATE_FILE);
	if (access(path, F_OK))
		return 0;
	j = json_load_file(path, 0, &je);
	if (!j) {
		snprintf(err, len, "%s: %s", path, je.text);
		return -EINVAL;
	}
	good = json_string_value(json_object_get(j, "good"));
	bad = json_string_value(json_object_get(j, "bad"));
	build = json_string_value(json_object_get(j, "build"));
	if (!good || !bad || !build || strcmp(good, st->good) ||
	    strcmp(bad, st->bad) || strcmp(build, st->build) ||
	    !bisect_same_command(st, json_object_get(j, "command")) ||
	    !bisect_same_measure(st, json_object_get(j, "measure"))) {
		json_decref(j);
		snprintf(err, len,
			 "%s is another bisect's (other ends, build or command); give the same arguments to go on with it, or 'git bisect reset' and remove %s",
			 path, st->dir);
		return -EINVAL;
	}
	st->metric = bisect_dup(json_object_get(j, "metric"));
	st->orig = bisect_dup(json_object_get(j, "orig_head"));
	st->ends_done = json_is_true(json_object_get(j, "ends_measured"));
	bisect_delta_read(json_object_get(j, "bad_vs_good"), &st->ends);
	st->ends_runs = json_integer_value(json_object_get(j, "ends_runs"));
	bisect_busy_read(json_object_get(j, "in_progress"), st);
	steps = json_object_get(j, "steps");
	st->steps = calloc(json_array_size(steps) + 1, sizeof(*st->steps));
	for (size_t i = 0; st->steps && i < json_array_size(steps); i++) {
		json_t *o = json_array_get(steps, i);
		struct bisect_step *s = &st->steps[st->n_steps];

		s->commit = bisect_dup(json_object_get(o, "commit"));
		s->decision = bisect_dup(json_object_get(o, "decision"));
		/* checked by the caller (bisect_check_steps): never dropped */
		if (!s->commit)
			s->commit = strdup("");
		if (!s->decision)
			s->decision = strdup("");
		if (!s->commit || !s->decision) {
			free(s->commit);
			free(s->decision);
			continue;
		}
		s->subject = bisect_dup(json_object_get(o, "subject"));
		s->reason = bisect_dup(json_object_get(o, "reason"));
		s->measured = json_is_true(json_object_get(o, "measured"));
		s->runs = json_integer_value(json_object_get(o, "runs"));
		bisect_delta_read(json_object_get(o, "vs_good"), &s->vs_good);
		bisect_delta_read(json_object_get(o, "vs_bad"), &s->vs_bad);
		bisect_delta_read(json_object_get(o, "bad_vs_good"), &s->end);
		st->n_steps++;
	}
	json_decref(j);
	return st->steps ? 1 : -ENOMEM;
}

void bisect_state_free(struct bisect_state *st)
{
	for (size_t i = 0; i < st->n_steps; i++) {
		free(st->steps[i].commit);
		free(st->steps[i].subject);
		free(st->steps[i].decision);
		free(st->steps[i].reason);
	}
	for (size_t i = 0; i < st->n_candidates; i++)
		free(st->candidates[i]);
	free(st->candidates);
	free(st->steps);
	free(st->top);
	free(st->gitdir);
	free(st->dir);
	free(st->good);
	free(st->bad);
	free(st->metric);
	free(st->orig);
	free(st->built);
	free(st->first_bad);
	free(st->first_subject);
	free(st->parent);
	free(st->note);
	free(st->busy);
	free(st->busy_commit);
	free(st->busy_tree);
	for (size_t i = 0; i < st->n_culprits; i++) {
		free(st->culprits[i].commit);
		free(st->culprits[i].subject);
		free(st->culprits[i].parent);
	}
	free(st->culprits);
	memset(st, 0, sizeof(*st));
}

void bisect_delta_text(const struct bisect_delta *d, char *buf, size_t len)
{
	if (!d->has) {
		snprintf(buf, len, "-");
		return;
	}
	snprintf(buf, len, "%+.1f%% [%+.1f, %+.1f]", fmt_points(d->d),
		 fmt_points(d->lo), fmt_points(d->hi));
}

const char *bisect_shown(const char *s, char *buf, size_t len)
{
	escape_str(s ? s : "", buf, len);
	return buf;
}

/* A step as one line of at most width columns: its number, commit,
 * delta against the good end, runs, decision and subject (or reason). */
static void bisect_step_line(const struct bisect_step *s, size_t i,
			     int width, char *buf, size_t len)
{
	char delta[64], subject[256];
	size_t room;
	int n;

	if (s->measured)
		bisect_delta_text(&s->vs_good, delta, sizeof(delta));
	else
		snprintf(delta, sizeof(delta), "(not measured)");
	n = snprintf(buf, len, "%2zu %.12s %-24s %4zu %-4s ", i + 1,
		     s->commit, delta, s->runs, s->decision);
	if (n < 0 || (size_t)n >= len)
		return;
	/* escaped into the columns left, cut on a whole escape */
	room = width > n ? (size_t)(width - n) + 1 : 1;
	bisect_shown(s->subject, subject,
		     room < sizeof(subject) ? room : sizeof(subject));
	snprintf(buf + n, len - (size_t)n, "%s", subject);
}

void bisect_print_step(const struct bisect_state *st,
		       const struct bisect_step *s, size_t i, FILE *out)
{
	char line[256];

	(void)st;
	bisect_step_line(s, i, 80, line, sizeof(line));
	fprintf(out, "%s\n", line);
	if (s->reason)
		fprintf(out, "   %s\n", bisect_shown(s->reason, line, 77));
	fflush(out);
}

/* Append to a growing buffer (NULL stays NULL once out of memory). */
static void bisect_cat(char **buf, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void bisect_cat(char **buf, size_t *n, const char *fmt, ...)
{
	va_list ap;
	char *line = NULL, *p;
	int k;

	if (!*buf)
		return;
	va_start(ap, fmt);
	k = vasprintf(&line, fmt, ap);
	va_end(ap);
	p = k < 0 ? NULL : realloc(*buf, *n + (size_t)k + 1);
	if (!p) {
		free(*buf);
		free(line);
		*buf = NULL;
		return;
	}
	memcpy(p + *n, line, (size_t)k + 1);
	*n += (size_t)k;
	*buf = p;
	free(line);
}

/* The head of the mail: the change, the commit, its parent (as the
 * kernel test robot words it: "we noticed a -12.3% regression of ...
 * due to commit: ..."), or the candidates when none was named. */
static void bisect_mail_head(const struct bisect_state *st, char **buf,
			     size_t *n)
{
	const struct bisect_delta *fb = st->parent_measured ?
						&st->vs_parent : &st->ends;
	char d[64], metric[21], subject[48]; /* columns + 1 */

	bisect_delta_text(fb, d, sizeof(d));
	if (!st->first_bad) {
		bisect_cat(buf, n, "abstat bisect named no first bad commit; the candidates:\n\n");
		for (size_t i = 0; i < st->n_candidates; i++)
			bisect_cat(buf, n, "  %.40s\n", st->candidates[i]);
		return;
	}
	bisect_shown(st->metric ? st->metric : "the primary metric", metric,
		     sizeof(metric));
	bisect_cat(buf, n, "abstat bisect noticed a %+.1f%% change of %s due to commit:\n\n",
		   fmt_points(fb->d), metric);
	bisect_cat(buf, n, "commit: %.12s (\"%s\")\n", st->first_bad,
		   bisect_shown(st->first_subject, subject, sizeof(subject)));
	if (!st->parent_measured)
		return;
	bisect_cat(buf, n, "parent: %.12s\n", st->parent);
	if (st->measure)
		bisect_cat(buf, n, "delta:  %s against the parent,\n"
			   "        %zu boots a side (abstat bisect --measure)\n",
			   d, st->parent_runs);
	else
		bisect_cat(buf, n, "delta:  %s against the parent,\n"
			   "        %zu runs a side, interleaved on one boot\n",
			   d, st->parent_runs);
}

void bisect_print_culprits(const struct bisect_state *st, FILE *out)
{
	char d[64], subject[76];

	fprintf(out, "the change is made of %zu commits:\n", st->n_culprits);
	for (size_t i = 0; i < st->n_culprits; i++) {
		const struct bisect_culprit *c = &st->culprits[i];

		fprintf(out, "commit %s\n  \"%s\"\n", c->commit,
		       bisect_shown(c->subject, subject, sizeof(subject)));
		if (c->measured) {
			bisect_delta_text(&c->vs_parent, d, sizeof(d));
			fprintf(out, "  %s against its parent %.12s (%zu runs a side)\n",
			       d, c->parent, c->runs);
		} else {
			fprintf(out, "  not measured against its parent %.12s\n",
			       c->parent);
		}
	}
	fflush(out);
}

/* The mail's head for a change made of several commits. */
static void bisect_mail_culprits(const struct bisect_state *st, char **buf,
				 size_t *n)
{
	char d[64], metric[21], subject[48]; /* columns + 1 */

	bisect_shown(st->metric ? st->metric : "the primary metric", metric,
		     sizeof(metric));
	bisect_cat(buf, n, "abstat bisect noticed a %+.1f%% change of %s due to %zu commits:\n",
		   fmt_points(st->ends.d), metric, st->n_culprits);
	for (size_t i = 0; i < st->n_culprits; i++) {
		const struct bisect_culprit *c = &st->culprits[i];

		bisect_cat(buf, n, "\ncommit: %.12s (\"%s\")\nparent: %.12s\n",
			   c->commit, bisect_shown(c->subject, subject,
						   sizeof(subject)),
			   c->parent);
		if (!c->measured)
			continue;
		bisect_delta_text(&c->vs_parent, d, sizeof(d));
		bisect_cat(buf, n, "delta:  %s against the parent,\n"
			   "        %zu runs a side, interleaved on one boot\n",
			   d, c->runs);
	}
}

char *bisect_mail(const struct bisect_state *st)
{
	char *buf = calloc(1, 1), d[64], cmd[BISECT_MAIL_WIDTH + 1] = "";
	char what[60], build[60]; /* 59 columns, cut on a whole escape */
	const char *unit = st->measure ? "boots" : "runs";
	size_t n = 0, k = 0;

	for (size_t i = 0; i < st->argc && k < sizeof(cmd) - 1; i++)
		k += (size_t)snprintf(cmd + k, sizeof(cmd) - k, "%s%s",
				      i ? " " : "", st->argv[i]);
	if (st->n_culprits >= 2)
		bisect_mail_culprits(st, &buf, &n);
	else
		bisect_mail_head(st, &buf, &n);
	if (st->note)
		bisect_cat(&buf, &n, "note:   %.64s\n", st->note);
	bisect_delta_text(&st->ends, d, sizeof(d));
	bisect_cat(&buf, &n, "\n%s %s\nbuilt with:  %s\n",
		   st->measure ? "measured:   " : "in testcase:",
		   bisect_shown(st->measure ? st->measure : cmd, what,
				sizeof(what)),
		   bisect_shown(st->build, build, sizeof(build)));
	bisect_cat(&buf, &n, "good:        %.12s\nbad:         %.12s %s\n"
		   "             (%zu %s a side)\n", st->good, st->bad, d,
		   st->ends_runs, unit);
	bisect_cat(&buf, &n, "\nsteps (delta against the good end, %s a side):\n",
		   unit);
	for (size_t i = 0; i < st->n_steps; i++) {
		char line[128];

		bisect_step_line(&st->steps[i], i, BISECT_MAIL_WIDTH, line,
				 sizeof(line));
		bisect_cat(&buf, &n, "%s\n", line);
	}
	return buf;
}

int bisect_report_write(const struct bisect_state *st, const char *path,
			bool force, char *err, size_t len)
{
	json_t *j;
	int rc;

	if (!force && !access(path, F_OK)) {
		snprintf(err, len, "%s exists; --force overwrites it", path);
		return -EEXIST;
	}
	j = bisect_json(st, true);
	if (!j) {
		snprintf(err, len, "out of memory");
		return -ENOMEM;
	}
	rc = bisect_json_write(j, path);
	json_decref(j);
	if (rc)
		snprintf(err, len, "cannot write %s: %s; check its directory is writable",
			 path, strerror(-rc));
	return rc;
}

/* What print writes (into a buffer), said through the sink. */
static void bisect_say_text(const struct bisect_state *st,
			    void (*print)(const struct bisect_state *,
					  const void *, size_t, FILE *),
			    const void *arg, size_t i)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	print(st, arg, i, f);
	if (!fclose(f) && buf && len)
		bisect_say(st, SAY_OUT, "%s", buf);
	free(buf);
}

static void bisect_step_to(const struct bisect_state *st, const void *s,
			   size_t i, FILE *f)
{
	bisect_print_step(st, s, i, f);
}

static void bisect_culprits_to(const struct bisect_state *st,
			       const void *unused, size_t i, FILE *f)
{
	(void)unused;
	(void)i;
	bisect_print_culprits(st, f);
}

void bisect_say_step(const struct bisect_state *st,
		     const struct bisect_step *s, size_t i)
{
	bisect_say_text(st, bisect_step_to, s, i);
}

void bisect_say_culprits(const struct bisect_state *st)
{
	bisect_say_text(st, bisect_culprits_to, NULL, 0);
}
