// SPDX-License-Identifier: MIT
/*
 * boots_plan_io: DIR/plan.json to and from struct boots_plan (jansson).
 * Written to DIR/plan.json.tmp, fsync'd, renamed over plan.json and the
 * directory fsync'd: a step cut off by a power loss leaves the plan of
 * before or after its change of state.
 */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boots_plan.h"
#include "err.h"

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

int boots_plan_save(const char *dir, const struct boots_plan *p, bool force,
		    char *err, size_t len)
{
	char path[4096], tmp[4200];
	json_t *j = plan_to_json(p);
	char *text = j ? json_dumps(j, JSON_INDENT(2)) : NULL;
	int fd, rc = 0;
	size_t n;

	json_decref(j);
	if (!text)
		return err_nomem(err, len);
	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	if (!force && !access(path, F_OK)) {
		free(text);
		snprintf(err, len,
			 "%s exists: DIR holds a plan; abstat boots status %s shows it, --force replaces it",
			 path, dir);
		return -EEXIST;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW,
		  0644);
	n = strlen(text);
	if (fd < 0 || write(fd, text, n) != (ssize_t)n ||
	    write(fd, "\n", 1) != 1 || fsync(fd))
		rc = -errno ? -errno : -EIO;
	if (fd >= 0 && close(fd) && !rc)
		rc = -errno;
	if (!rc && rename(tmp, path))
		rc = -errno;
	free(text);
	if (rc) {
		unlink(tmp);
		snprintf(err, len, "cannot write %s: %s; check DIR is writable",
			 path, strerror(-rc));
		return rc;
	}
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	return 0;
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

		if (!side || st < 0)
			return -EINVAL;
		p->boots[i].side = !strcmp(side, p->sides[1].label);
		p->boots[i].state = (enum boots_state)st;
		p->boots[i].tries = (unsigned)json_integer_value(
			json_object_get(b, "tries"));
		p->boots[i].booted_at = json_integer_value(
			json_object_get(b, "booted_at"));
		p->boots[i].note = plan_get(b, "note");
		p->boots[i].from_boot = plan_get(b, "from_boot");
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
	p->next = plan_get(j, "next");
	p->limit_s = (unsigned)json_integer_value(json_object_get(j, "limit_s"));
	p->order = plan_get(j, "order");
	p->stopped = plan_get(j, "stopped");
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

int boots_plan_load(const char *dir, struct boots_plan *p, char *err,
		    size_t len)
{
	char path[4096];
	json_error_t je;
	json_t *j;
	int rc;

	memset(p, 0, sizeof(*p));
	snprintf(path, sizeof(path), "%s/%s", dir, BOOTS_PLAN_FILE);
	j = json_load_file(path, 0, &je);
	if (!j) {
		if (access(path, F_OK))
			snprintf(err, len,
				 "%s: no plan there; write one with abstat boots init %s A=KERNEL B=KERNEL -- RUN-ARGS",
				 path, dir);
		else
			snprintf(err, len,
				 "%s: not a plan (%s); write a new one with abstat boots init --force",
				 path, je.text);
		return -ENOENT;
	}
	rc = plan_from_json(j, p);
	json_decref(j);
	if (rc == -ENOMEM)
		return err_nomem(err, len);
	if (rc) {
		boots_plan_free(p);
		snprintf(err, len,
			 "%s: not a plan of this abstat (a key is missing or wrong); write a new one with abstat boots init --force",
			 path);
	}
	return rc;
}
