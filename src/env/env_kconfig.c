// SPDX-License-Identifier: MIT
/*
 * env_kconfig: the running kernel's configuration, env.kernel.config
 * (abstat-result(5)): the options it sets, read from ROOT/boot/config-
 * RELEASE (where Debian installs a kernel's .config, a plain file) or
 * else ROOT/proc/config.gz (the kernel's own copy, CONFIG_IKCONFIG_PROC;
 * gzip, read with zlib where the build has it, HAVE_ZLIB). The options
 * are bounded as kconfig.h says; a source over KCONFIG_MAX_BYTES or
 * KCONFIG_OPTIONS_MAX is not used at all, as a configuration cut short
 * would show options as differing that do not. Compare flattens
 * kernel.config to one key, "N options", and lists the options that
 * differ (env_kconfig_diff) instead of one key an option. A session
 * leaves it out of its capture and adds it when it saves a result
 * (env_kconfig_add): reading it is milliseconds, kept off the start-up.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if HAVE_ZLIB
#include <zlib.h>
#endif

#include "env.h"
#include "kconfig.h"

/* Up to len bytes of fd into buf: the count, or -1 on a read error. */
static long kconfig_read_plain(int fd, char *buf, size_t len)
{
	size_t n = 0;

	while (n < len) {
		ssize_t got = read(fd, buf + n, len - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (!got)
			break;
		n += (size_t)got;
	}
	return (long)n;
}

/* The same, unpacking gzip; closes fd. -1 also without zlib. */
static long kconfig_read_gz(int fd, char *buf, size_t len)
{
#if HAVE_ZLIB
	gzFile z = gzdopen(fd, "rb");
	size_t n = 0;

	if (!z) {
		close(fd);
		return -1;
	}
	while (n < len) {
		int got = gzread(z, buf + n, (unsigned)(len - n));

		if (got < 0) {
			gzclose(z);
			return -1;
		}
		if (!got)
			break;
		n += (size_t)got;
	}
	gzclose(z);
	return (long)n;
#else
	(void)buf;
	(void)len;
	close(fd);
	return -1;
#endif
}

/* The options set in text (n bytes, terminated): a new object, NULL
 * when there are none or more than KCONFIG_OPTIONS_MAX. */
static json_t *kconfig_options(char *text)
{
	json_t *o = json_object();
	char *save = NULL;

	for (char *l = strtok_r(text, "\n", &save); o && l;
	     l = strtok_r(NULL, "\n", &save)) {
		char *name, *value;

		if (!kconfig_line(l, &name, &value))
			continue;
		/* a name set twice: the last line wins, as in kconfig */
		if (json_object_set_new(o, name, json_string(value)) ||
		    json_object_size(o) > KCONFIG_OPTIONS_MAX) {
			json_decref(o);
			return NULL;
		}
	}
	if (o && !json_object_size(o)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* {"source": rel, "options": {...}} from <root><rel>, or NULL. */
static json_t *kconfig_source(const char *root, const char *rel, bool gz)
{
	json_t *opts = NULL;
	char *buf;
	long n;
	int fd = env_open(root, rel);

	if (fd < 0)
		return NULL;
	buf = malloc(KCONFIG_MAX_BYTES + 2);
	if (!buf) {
		close(fd);
		return NULL;
	}
	/* one byte over the limit says the text is longer */
	if (gz) {
		n = kconfig_read_gz(fd, buf, KCONFIG_MAX_BYTES + 1);
	} else {
		n = kconfig_read_plain(fd, buf, KCONFIG_MAX_BYTES + 1);
		close(fd);
	}
	if (n >= 0 && n <= (long)KCONFIG_MAX_BYTES) {
		buf[n] = '\0';
		opts = kconfig_options(buf);
	}
	free(buf);
	if (!opts)
		return NULL;
	return json_pack("{s:s,s:o}", "source", rel, "options", opts);
}

json_t *env_kconfig(const char *root, const char *release)
{
	char rel[PATH_MAX];
	json_t *c = NULL;

	/* osrelease names a file here: one path component, no dot file */
	if (release && release[0] && release[0] != '.' &&
	    !strchr(release, '/') && strcmp(release, "unknown") &&
	    strlen(release) < 256) {
		snprintf(rel, sizeof(rel), "/boot/config-%s", release);
		c = kconfig_source(root ? root : "", rel, false);
	}
	if (!c)
		c = kconfig_source(root ? root : "", "/proc/config.gz", true);
	return c;
}

void env_kconfig_add(json_t *env, const char *root)
{
	json_t *k = json_object_get(env, "kernel"), *c;

	if (!json_is_object(k) || json_object_get(k, "config"))
		return;
	c = env_kconfig(root, json_string_value(json_object_get(k,
								 "release")));
	if (c)
		json_object_set_new(k, "config", c);
}

/* env.kernel.config.options, or NULL */
static json_t *kconfig_opts(json_t *env)
{
	json_t *k = json_object_get(env, "kernel");

	return json_object_get(json_object_get(k, "config"), "options");
}

char *env_kconfig_summary(json_t *config)
{
	json_t *o = json_object_get(config, "options");
	char buf[64];

	if (!json_is_object(o))
		return strdup("?");
	snprintf(buf, sizeof(buf), "%zu options", json_object_size(o));
	return strdup(buf);
}

bool env_kconfig_differs(json_t *const *envs, size_t n)
{
	json_t *o0 = kconfig_opts(envs[0]);

	for (size_t s = 1; s < n; s++)
		if (!json_equal(o0, kconfig_opts(envs[s])))
			return true;
	return false;
}

static int kconfig_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A string value of an option, NULL when it is not set (or not a
 * string: the reader refuses such a file, result_check.c). */
static const char *kconfig_value(json_t *opts, const char *name)
{
	return json_string_value(json_object_get(opts, name));
}

/* Append name, with each side's value, to d->opts. 0 or -ENOMEM. */
static int kconfig_add(json_t *const *opts, size_t n, const char *name,
		       struct env_diff *d)
{
	struct env_opt_diff *grown, *e;

	grown = realloc(d->opts, (d->n_opts + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	d->opts = grown;
	e = &grown[d->n_opts++];
	e->name = strdup(name);
	e->values = calloc(n, sizeof(*e->values));
	if (!e->name || !e->values)
		return -ENOMEM;
	for (size_t s = 0; s < n; s++) {
		const char *v = kconfig_value(opts[s], name);

		if (v && !(e->values[s] = strdup(v)))
			return -ENOMEM;
	}
	return 0;
}

int env_kconfig_diff(json_t *const *envs, size_t n, struct env_diff *d)
{
	json_t **opts = calloc(n ? n : 1, sizeof(*opts));
	const char **names = NULL;
	size_t k = 0, all = 0;
	int rc = 0;

	for (size_t s = 0; opts && s < n; s++) {
		opts[s] = kconfig_opts(envs[s]);
		all += json_object_size(opts[s]);
	}
	names = opts ? calloc(all ? all : 1, sizeof(*names)) : NULL;
	if (!names) {
		free(opts);
		return -ENOMEM;
	}
	/* every side's names, sorted, each once */
	for (size_t s = 0; s < n; s++) {
		const char *name;
		json_t *v;

		json_object_foreach(opts[s], name, v)
			names[k++] = name;
	}
	qsort(names, k, sizeof(*names), kconfig_cmp);
	for (size_t i = 0; i < k && !rc; i++) {
		const char *v0;
		bool differs = false;

		if (i && !strcmp(names[i], names[i - 1]))
			continue;
		v0 = kconfig_value(opts[0], names[i]);
		for (size_t s = 1; s < n && !differs; s++) {
			const char *v = kconfig_value(opts[s], names[i]);

			differs = !v0 != !v || (v && strcmp(v0, v));
		}
		if (differs)
			rc = kconfig_add(opts, n, names[i], d);
	}
	free(names);
	free(opts);
	return rc;
}
