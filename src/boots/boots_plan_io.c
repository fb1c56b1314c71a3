// SPDX-License-Identifier: MIT
/*
 * boots_plan_io: DIR/plan.json to and from struct boots_plan (jansson).
 * Written to a private temporary name (DIR/plan.json.XXXXXX), fsync'd,
 * renamed over plan.json and the directory fsync'd: a step cut off by a
 * power loss leaves the plan of before or after its change of state.
 * Read back no larger than BOOTS_PLAN_MAX, not through a link, and
 * checked with init's limits (boots_plan_check). A plan runs as root:
 * boots_plan_trust refuses DIR unless it and every file in it are this
 * user's and writable by no one else; boots_plan_lock lets one step act
 * at a time.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
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

/* A private temporary name next to path, open for writing (mkostemp:
 * O_EXCL, so never through a link), 0644; its name in tmp. */
static int plan_temp(const char *path, char *tmp, size_t len)
{
	int fd;

	if (snprintf(tmp, len, "%s.XXXXXX", path) >= (int)len)
		return -ENAMETOOLONG;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fchmod(fd, 0644)) {
		int rc = -errno;

		close(fd);
		unlink(tmp);
		return rc;
	}
	return fd;
}

int boots_plan_create(const char *path, char *err, size_t len)
{
	char tmp[4200];
	int fd = plan_temp(path, tmp, sizeof(tmp));

	if (fd >= 0 && rename(tmp, path)) {
		int rc = -errno;

		close(fd);
		unlink(tmp);
		fd = rc;
	}
	if (fd < 0)
		snprintf(err, len, "cannot create %s: %s; check DIR is root's and writable",
			 path, strerror(-fd));
	return fd;
}

int boots_plan_exists(const char *dir, char *err, size_t len)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	if (lstat(path, &st))
		return 0;
	snprintf(err, len,
		 "%s exists: DIR holds a plan; abstat boots status %s shows it, --force replaces it",
		 path, dir);
	return -EEXIST;
}

int boots_plan_write(const char *path, const char *text, char *err,
		     size_t len)
{
	char tmp[4200];
	int fd = plan_temp(path, tmp, sizeof(tmp)), rc = 0;
	size_t n = strlen(text);

	if (fd < 0)
		rc = fd;
	else if (write(fd, text, n) != (ssize_t)n || fsync(fd))
		rc = errno ? -errno : -EIO;
	if (fd >= 0 && close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	if (rc) {
		if (fd >= 0)
			unlink(tmp);
		snprintf(err, len, "cannot write %s: %s; check its directory is writable",
			 path, strerror(-rc));
		return rc;
	}
	result_sync_dir(path);
	return 0;
}

int boots_plan_save(const char *dir, const struct boots_plan *p, bool force,
		    char *err, size_t len)
{
	char path[4096];
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
	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	rc = !force ? boots_plan_exists(dir, err, len) : 0;
	if (!rc)
		rc = boots_plan_write(path, line, err, len);
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

/* Whether st (of what is at path) may be part of a plan root runs: this
 * user's, no link, writable by no one else; why not in err. */
static int plan_trusted(const struct stat *st, const char *path, char *err,
			size_t len)
{
	if (st->st_uid != geteuid())
		snprintf(err, len,
			 "%s is owned by uid %u, not by uid %u who runs the plan: anyone who owns it can make root run their commands; chown %u %s, or write a new plan in a directory of your own",
			 path, (unsigned)st->st_uid, (unsigned)geteuid(),
			 (unsigned)geteuid(), path);
	else if (S_ISLNK(st->st_mode))
		snprintf(err, len,
			 "%s is a symbolic link: a plan's files are its own, never links; remove it",
			 path);
	else if (st->st_mode & (S_IWGRP | S_IWOTH))
		snprintf(err, len,
			 "%s is writable by others (mode %04o): anyone could rewrite the plan root runs; chmod go-w %s",
			 path, (unsigned)(st->st_mode & 07777), path);
	else
		return 0;
	return -EPERM;
}

/* -EPERM when a directory above dir may be written by others without
 * the sticky bit (anyone could rename DIR away and put their own). */
static int plan_trust_above(const char *dir, char *err, size_t len)
{
	char path[PATH_MAX], *slash;
	struct stat st;

	if (!realpath(dir, path))
		return 0; /* said by the open that follows */
	while ((slash = strrchr(path, '/'))) {
		slash[slash == path] = '\0';
		if (stat(path, &st))
			return 0;
		if ((st.st_mode & (S_IWGRP | S_IWOTH)) &&
		    !(st.st_mode & S_ISVTX)) {
			snprintf(err, len,
				 "%s, above %s, is writable by others (mode %04o): anyone could put another plan in its place; chmod go-w %s, or keep the plan elsewhere",
				 path, dir, (unsigned)(st.st_mode & 07777), path);
			return -EPERM;
		}
		if (slash == path)
			break;
	}
	return 0;
}

int boots_plan_trust(const char *dir, char *err, size_t len)
{
	char path[4096];
	struct dirent *e;
	struct stat st;
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;
	DIR *d;

	if (fd < 0 || fstat(fd, &st)) {
		rc = -errno;
		if (rc == -ENOENT)
			plan_none(dir, err, len);
		else
			snprintf(err, len, "%s: %s; give the plan's directory",
				 dir, strerror(errno));
		if (fd >= 0)
			close(fd);
		return rc;
	}
	rc = plan_trusted(&st, dir, err, len) ?:
	     plan_trust_above(dir, err, len);
	d = rc ? NULL : fdopendir(fd);
	if (!d) {
		if (!rc)
			rc = err_nomem(err, len);
		close(fd);
		return rc;
	}
	while (!rc && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW))
			continue; /* gone meanwhile */
		rc = plan_trusted(&st, path, err, len);
	}
	closedir(d);
	return rc;
}

int boots_plan_lock(const char *dir, bool probe, char *err, size_t len)
{
	char path[4096], pid[32] = "";
	int fd, rc, n;

	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_LOCK_FILE);
	fd = open(path, O_RDWR | O_NOFOLLOW | (probe ? O_CLOEXEC : O_CREAT),
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

/* DIR/plan.json, not through a link, at most BOOTS_PLAN_MAX bytes. */
static json_t *plan_read(const char *path, char *err, size_t len, int *rc)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
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

int boots_plan_load(const char *dir, struct boots_plan *p, char *err,
		    size_t len)
{
	char path[4096], why[512];
	json_t *j;
	int rc;

	memset(p, 0, sizeof(*p));
	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	j = plan_read(path, err, len, &rc);
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
