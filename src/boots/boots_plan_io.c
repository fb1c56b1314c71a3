// SPDX-License-Identifier: MIT
/*
 * boots_plan_io: DIR/plan.json to and from struct boots_plan (jansson).
 * Written to a private temporary name (DIR/plan.json.NNNNNN), fsync'd,
 * renamed over plan.json and the directory fsync'd: a step cut off by a
 * power loss leaves the plan of before or after its change of state.
 * Read back no larger than BOOTS_PLAN_MAX, not through a link, and
 * checked with init's limits (boots_plan_check). A plan runs as root:
 * every file is opened relative to DIR's fd (boots_plan_open,
 * boots_trust.c), never by its path again; boots_plan_lock lets one step
 * act at a time.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "boots_plan.h"
#include "err.h"
#include "escape.h"
#include "result.h"

#define PLAN_VERSION 1

static int plan_index_of(const char *const *names, const char *s)
{
	for (int i = 0; s && names[i]; i++)
		if (!strcmp(names[i], s))
			return i;
	return -1;
}

static json_t *plan_str(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *plan_to_json(const struct boots_plan *p)
{
	json_t *j = json_object(), *sides = json_array(), *run = json_array();
	json_t *boots = json_array();

	for (int i = 0; i < 2; i++) {
		const struct boots_side *s = &p->sides[i];

		json_array_append_new(sides,
			json_pack("{s:s,s:s,s:o,s:s,s:o}", "label", s->label,
				  "kernel", s->kernel, "initrd",
				  plan_str(s->initrd), "cmdline", s->cmdline,
				  "release", plan_str(s->release)));
		if (s->kernel_sha256)
			json_object_set_new(json_array_get(sides, (size_t)i),
					    "kernel_sha256",
					    json_string(s->kernel_sha256));
		if (s->initrd_sha256)
			json_object_set_new(json_array_get(sides, (size_t)i),
					    "initrd_sha256",
					    json_string(s->initrd_sha256));
	}
	for (size_t i = 0; i < p->n_run; i++)
		json_array_append_new(run, json_string(p->run[i]));
	for (size_t i = 0; i < p->n_boots; i++) {
		const struct boots_boot *b = &p->boots[i];

		json_array_append_new(boots,
			json_pack("{s:I,s:s,s:s,s:I,s:I,s:o,s:o}", "boot",
				  (json_int_t)i + 1, "side",
				  p->sides[b->side].label, "state",
				  boots_state_names[b->state], "tries",
				  (json_int_t)b->tries, "booted_at",
				  (json_int_t)b->booted_at, "from_boot",
				  plan_str(b->from_boot), "note",
				  plan_str(b->note)));
	}
	json_object_set_new(j, "abstat_boots", json_integer(PLAN_VERSION));
	json_object_set_new(j, "method",
			    json_string(boots_method_names[p->method]));
	json_object_set_new(j, "next", plan_str(p->next));
	json_object_set_new(j, "on_mismatch",
			    json_string(p->mismatch == BOOTS_STOP ? "stop" :
								    "retry"));
	json_object_set_new(j, "limit_s", json_integer(p->limit_s));
	json_object_set_new(j, "order", json_string(p->order));
	json_object_set_new(j, "sides", sides);
	json_object_set_new(j, "run", run);
	json_object_set_new(j, "boots", boots);
	json_object_set_new(j, "stopped", plan_str(p->stopped));
	return j;
}

/* A private temporary name next to name (relative to dfd), open for
 * writing (O_EXCL and O_NOFOLLOW: never through a link), 0644; its name
 * in tmp. */
static int plan_temp(int dfd, const char *name, char *tmp, size_t len)
{
	static unsigned n;
	int fd = -EEXIST;

	for (int i = 0; i < 100 && fd == -EEXIST; i++) {
		if (snprintf(tmp, len, "%s.%06x", name,
			     ((unsigned)getpid() * 2654435761u + n++ * 40503u +
			      (unsigned)time(NULL)) & 0xffffff) >= (int)len)
			return -ENAMETOOLONG;
		fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
					      O_CLOEXEC, 0644);
		if (fd < 0)
			fd = -errno;
	}
	if (fd >= 0 && fchmod(fd, 0644)) {
		int rc = -errno;

		close(fd);
		unlinkat(dfd, tmp, 0);
		return rc;
	}
	return fd;
}

/* dir/name as shown (name alone when dir is NULL). */
static const char *plan_shown(const char *dir, const char *name, char *buf,
			      size_t len)
{
	if (!dir)
		return name;
	snprintf(buf, len, "%s/%s", dir, name);
	return buf;
}

int boots_plan_create(int dfd, const char *dir, const char *name, char *err,
		      size_t len)
{
	char tmp[4200], shown[4200];
	int fd = plan_temp(dfd, name, tmp, sizeof(tmp));

	if (fd >= 0 && renameat(dfd, tmp, dfd, name)) {
		int rc = -errno;

		close(fd);
		unlinkat(dfd, tmp, 0);
		fd = rc;
	}
	if (fd < 0)
		snprintf(err, len, "cannot create %s: %s; check DIR is root's and writable",
			 plan_shown(dir, name, shown, sizeof(shown)),
			 strerror(-fd));
	return fd;
}

int boots_plan_exists(int dfd, const char *dir, char *err, size_t len)
{
	struct stat st;

	if (fstatat(dfd, BOOTS_PLAN_FILE, &st, AT_SYMLINK_NOFOLLOW))
		return 0;
	snprintf(err, len,
		 "%s/%s exists: DIR holds a plan; abstat boots status %s shows it, --force replaces it",
		 dir, BOOTS_PLAN_FILE, dir);
	return -EEXIST;
}

int boots_plan_write(int dfd, const char *dir, const char *name,
		     const char *text, char *err, size_t len)
{
	char tmp[4200], shown[4200];
	int fd = plan_temp(dfd, name, tmp, sizeof(tmp)), rc = 0;
	size_t n = strlen(text);

	errno = 0;
	if (fd < 0)
		rc = fd;
	else if (write(fd, text, n) != (ssize_t)n || fsync(fd))
		rc = errno ? -errno : -EIO;
	if (fd >= 0 && close(fd) && !rc)
		rc = -errno;
	if (!rc && renameat(dfd, tmp, dfd, name))
		rc = -errno;
	if (rc) {
		if (fd >= 0)
			unlinkat(dfd, tmp, 0);
		snprintf(err, len, "cannot write %s: %s; check its directory is writable",
			 plan_shown(dir, name, shown, sizeof(shown)),
			 strerror(-rc));
		return rc;
	}
	if (dfd == AT_FDCWD)
		result_sync_dir(name);
	else
		fsync(dfd);
	return 0;
}

int boots_plan_save(int dfd, const char *dir, const struct boots_plan *p,
		    bool force, char *err, size_t len)
{
	json_t *j = plan_to_json(p);
	char *text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
	char *line = NULL;
	int rc;

	json_decref(j);
	if (!text || asprintf(&line, "%s\n", text) < 0) {
		free(text);
		return err_nomem(err, len);
	}
	free(text);
	rc = !force ? boots_plan_exists(dfd, dir, err, len) : 0;
	if (!rc)
		rc = boots_plan_write(dfd, dir, BOOTS_PLAN_FILE, line, err, len);
	free(line);
	return rc;
}

static char *plan_get(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? strdup(s) : NULL;
}

static int plan_from_sides(json_t *j, struct boots_plan *p)
{
	json_t *sides = json_object_get(j, "sides");

	if (json_array_size(sides) != 2)
		return -EINVAL;
	for (int i = 0; i < 2; i++) {
		json_t *s = json_array_get(sides, (size_t)i);
		struct boots_side *d = &p->sides[i];

		d->label = plan_get(s, "label");
		d->kernel = plan_get(s, "kernel");
		d->initrd = plan_get(s, "initrd");
		d->cmdline = plan_get(s, "cmdline");
		d->release = plan_get(s, "release");
		d->kernel_sha256 = plan_get(s, "kernel_sha256");
		d->initrd_sha256 = plan_get(s, "initrd_sha256");
		if (!d->label || !d->kernel || !d->cmdline)
			return -EINVAL;
	}
	return 0;
}

static int plan_from_boots(json_t *j, struct boots_plan *p)
{
	json_t *boots = json_object_get(j, "boots"), *b;
	size_t i;

	p->n_boots = json_array_size(boots);
	p->boots = calloc(p->n_boots ? p->n_boots : 1, sizeof(*p->boots));
	if (!p->boots || !p->n_boots)
		return -EINVAL;
	json_array_foreach(boots, i, b) {
		const char *side = json_string_value(json_object_get(b, "side"));
		int st = plan_index_of(boots_state_names,
			json_string_value(json_object_get(b, "state")));

		if (!side || st < 0 || (strcmp(side, p->sides[0].label) &&
					strcmp(side, p->sides[1].label)) ||
		    !json_is_integer(json_object_get(b, "tries")) ||
		    !json_is_integer(json_object_get(b, "booted_at")))
			return -EINVAL;
		p->boots[i].side = !strcmp(side, p->sides[1].label);
		p->boots[i].state = (enum boots_state)st;
		p->boots[i].tries = (unsigned)json_integer_value(
			json_object_get(b, "tries"));
		p->boots[i].booted_at = json_integer_value(
			json_object_get(b, "booted_at"));
		p->boots[i].note = plan_get(b, "note");
		p->boots[i].from_boot = plan_get(b, "from_boot");
		/* abstat's own words, but shown: no control reaches a terminal */
		if (escape_inplace(&p->boots[i].note) ||
		    escape_inplace(&p->boots[i].from_boot))
			return -ENOMEM;
	}
	return 0;
}

static int plan_from_json(json_t *j, struct boots_plan *p)
{
	json_t *run = json_object_get(j, "run"), *w;
	int m = plan_index_of(boots_method_names, json_string_value(
				      json_object_get(j, "method")));
	int mm = plan_index_of(boots_mismatch_names, json_string_value(
				       json_object_get(j, "on_mismatch")));
	size_t i;

	if (json_integer_value(json_object_get(j, "abstat_boots")) !=
		    PLAN_VERSION || m < 0 || mm < 0 || plan_from_sides(j, p))
		return -EINVAL;
	p->method = (enum boots_method)m;
	p->mismatch = (enum boots_mismatch)mm;
	if (!json_is_integer(json_object_get(j, "limit_s")) ||
	    json_integer_value(json_object_get(j, "limit_s")) < 0 ||
	    json_integer_value(json_object_get(j, "limit_s")) > UINT_MAX)
		return -EINVAL;
	p->next = plan_get(j, "next");
	p->limit_s = (unsigned)json_integer_value(json_object_get(j, "limit_s"));
	p->order = plan_get(j, "order");
	p->stopped = plan_get(j, "stopped");
	if (escape_inplace(&p->stopped))
		return -ENOMEM;
	p->n_run = json_array_size(run);
	p->run = calloc(p->n_run + 1, sizeof(*p->run));
	if (!p->run)
		return -ENOMEM;
	json_array_foreach(run, i, w) {
		if (!json_string_value(w))
			return -EINVAL;
		if (!(p->run[i] = strdup(json_string_value(w))))
			return -ENOMEM;
	}
	return plan_from_boots(j, p);
}

static void plan_none(const char *dir, char *err, size_t len)
{
	snprintf(err, len,
		 "%s/%s: no plan there; write one with abstat boots init %s A=KERNEL B=KERNEL -- RUN-ARGS",
		 dir, BOOTS_PLAN_FILE, dir);
}

int boots_plan_lock(int dfd, const char *dir, bool probe, char *err,
		    size_t len)
{
	char path[4096], pid[32] = "";
	int fd, rc, n;

	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_LOCK_FILE);
	fd = openat(dfd, BOOTS_LOCK_FILE,
		    O_RDWR | O_NOFOLLOW | (probe ? O_CLOEXEC : O_CREAT),
		    0644); /* inherited by what the step runs */
	if (fd < 0 && probe && errno == ENOENT)
		return 0; /* no step has run */
	if (fd < 0) {
		rc = -errno;
		snprintf(err, len, "cannot open %s: %s; check DIR is writable",
			 path, strerror(errno));
		return rc;
	}
	if (!flock(fd, LOCK_EX | LOCK_NB)) {
		if (probe) {
			close(fd);
			return 0;
		}
		n = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
		/* over the last pid, then cut: never empty but when new */
		if (pwrite(fd, pid, (size_t)n, 0) != n || ftruncate(fd, n)) {
			rc = -errno;
			snprintf(err, len, "cannot write %s: %s", path,
				 strerror(errno));
			close(fd);
			return rc;
		}
		return fd;
	}
	rc = errno == EWOULDBLOCK ? -EBUSY : -errno;
	/* the holder writes its pid just after it locks: wait 0.1 s at most */
	for (int i = 0; rc == -EBUSY && !*pid && i < 10; i++)
		if (pread(fd, pid, sizeof(pid) - 1, 0) <= 0)
			usleep(10 * 1000);
	pid[strcspn(pid, "\n")] = '\0';
	close(fd);
	if (rc == -EBUSY)
		snprintf(err, len,
			 "%s is in use: another abstat boots step (pid %s) holds its lock; wait for it to end, one step acts at a time",
			 dir, *pid ? pid : "unknown");
	else
		snprintf(err, len, "cannot lock %s: %s", path, strerror(-rc));
	return rc;
}

/* DIR/plan.json (opened relative to DIR's fd), not through a link, this
 * user's and writable by no one else, at most BOOTS_PLAN_MAX bytes. */
static json_t *plan_read(int dfd, const char *path, char *err, size_t len,
			 int *rc)
{
	int fd = openat(dfd, BOOTS_PLAN_FILE,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	json_error_t je;
	struct stat st;
	json_t *j;

	*rc = -errno;
	if (fd < 0 && errno == ENOENT)
		return NULL;
	if (fd < 0) {
		snprintf(err, len, "%s: %s; write a new plan with abstat boots init --force",
			 path, strerror(errno));
		return NULL;
	}
	*rc = -EINVAL;
	if (!fstat(fd, &st) && boots_trust_stat(&st, path, err, len)) {
		*rc = -EPERM;
		close(fd);
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size > BOOTS_PLAN_MAX) {
		snprintf(err, len,
			 "%s: not a plan (not a regular file of at most %d bytes); write a new one with abstat boots init --force",
			 path, BOOTS_PLAN_MAX);
		close(fd);
		return NULL;
	}
	j = json_loadfd(fd, 0, &je);
	close(fd);
	if (!j)
		snprintf(err, len,
			 "%s: not a plan (%s); write a new one with abstat boots init --force",
			 path, je.text);
	return j;
}

int boots_plan_load(int dfd, const char *dir, struct boots_plan *p,
		    char *err, size_t len)
{
	char path[4096], why[512];
	json_t *j;
	int rc;

	memset(p, 0, sizeof(*p));
	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	j = plan_read(dfd, path, err, len, &rc);
	if (!j) {
		if (rc == -ENOENT)
			plan_none(dir, err, len);
		return rc;
	}
	rc = plan_from_json(j, p);
	json_decref(j);
	if (rc == -ENOMEM)
		return err_nomem(err, len);
	why[0] = '\0';
	if (!rc)
		rc = boots_plan_check(p, why, sizeof(why));
	if (rc == -ENOMEM)
		return err_nomem(err, len);
	if (rc) {
		boots_plan_free(p);
		snprintf(err, len,
			 "%s: not a plan of this abstat (%s); write a new one with abstat boots init --force",
			 path, *why ? why : "a key is missing or wrong");
	}
	return rc;
}
