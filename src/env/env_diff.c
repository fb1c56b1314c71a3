// SPDX-License-Identifier: MIT
/*
 * env_diff: which environment keys differ between the sides of a compare,
 * and whether each difference is expected (a kernel A/B changes the
 * kernel), refused (it changes the measurement: compare stops unless the
 * key is in --allow-env-diff) or informational (boot id, load). Envs are
 * first flattened to dotted keys with string values; the order of the
 * result is the order keys first appear (side 0 first), so output is
 * stable for stable inputs; kernel.config is one key whose entry lists
 * the options that differ (env_kconfig.c). The table is documented in
 * abstat-doctor(1).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"

static const char absent[] = "(absent)";

/* Prefix rules, first match wins. A rule "p" matches the key "p" and any
 * key below it ("p.x"); "*" in a rule matches one path component. */
static const struct {
	const char *rule;
	enum env_diff_kind kind;
} env_rules[] = {
	{ "kernel.boot_id", ENV_DIFF_INFO },
	{ "kernel.boot_time", ENV_DIFF_INFO },
	{ "kernel", ENV_DIFF_EXPECTED },
	{ "vulnerabilities", ENV_DIFF_EXPECTED },
	{ "cpu.microcode", ENV_DIFF_EXPECTED },
	{ "cpu.vendor", ENV_DIFF_REFUSED },
	{ "cpu.model_name", ENV_DIFF_REFUSED },
	{ "cpu.family", ENV_DIFF_REFUSED },
	{ "cpu.model", ENV_DIFF_REFUSED },
	{ "cpu.stepping", ENV_DIFF_REFUSED },
	{ "cpu.variant", ENV_DIFF_REFUSED },
	{ "cpu.emulated", ENV_DIFF_REFUSED },
	{ "cpu.pinned", ENV_DIFF_REFUSED },
	{ "cpu.pinned_siblings", ENV_DIFF_REFUSED },
	{ "cpu.smt_control", ENV_DIFF_REFUSED },
	{ "cpufreq.governor", ENV_DIFF_REFUSED },
	{ "cpufreq.boost", ENV_DIFF_REFUSED },
	{ "hypervisor", ENV_DIFF_REFUSED },
	{ "workloads.*.sha256", ENV_DIFF_REFUSED },
	/* not captured with the env: compare adds each benchmark's argv */
	{ "benchmarks", ENV_DIFF_REFUSED },
	{ "workloads", ENV_DIFF_INFO },
	{ "load", ENV_DIFF_INFO },
	{ "host", ENV_DIFF_EXPECTED },
	{ "created", ENV_DIFF_INFO },
};

/* Does rule (with "*" components) cover key (equal or a parent of it)? */
static bool env_rule_match(const char *rule, const char *key)
{
	while (*rule) {
		if (rule[0] == '*' && (rule[1] == '.' || !rule[1])) {
			size_t n = strcspn(key, ".");

			if (!n)
				return false;
			key += n;
			rule++;
		} else if (*rule == *key) {
			rule++;
			key++;
		} else {
			return false;
		}
	}
	return *key == '\0' || *key == '.';
}

/* Is key in the comma list allow (an entry covers the keys below it)? */
static bool env_allowed(const char *key, const char *allow)
{
	char entry[256];

	for (const char *p = allow; p && *p;) {
		size_t n = strcspn(p, ",");

		snprintf(entry, sizeof(entry), "%.*s", (int)n, p);
		if (n && n < sizeof(entry) && env_rule_match(entry, key))
			return true;
		p += n;
		if (*p == ',')
			p++;
	}
	return false;
}

enum env_diff_kind env_diff_classify(const char *key, const char *allow)
{
	enum env_diff_kind kind = ENV_DIFF_EXPECTED; /* unlisted: shown */

	for (size_t i = 0; i < sizeof(env_rules) / sizeof(env_rules[0]); i++)
		if (env_rule_match(env_rules[i].rule, key)) {
			kind = env_rules[i].kind;
			break;
		}
	if (kind == ENV_DIFF_REFUSED && env_allowed(key, allow))
		kind = ENV_DIFF_EXPECTED;
	return kind;
}

const char *env_diff_kind_name(enum env_diff_kind k)
{
	switch (k) {
	case ENV_DIFF_EXPECTED:
		return "expected";
	case ENV_DIFF_REFUSED:
		return "refused";
	case ENV_DIFF_INFO:
		return "info";
	}
	return "?";
}

/* A scalar as text; NULL for objects and arrays of objects. */
static char *env_scalar(json_t *v)
{
	char buf[64];

	switch (json_typeof(v)) {
	case JSON_STRING:
		return strdup(json_string_value(v));
	case JSON_INTEGER:
		snprintf(buf, sizeof(buf), "%lld",
			 (long long)json_integer_value(v));
		return strdup(buf);
	case JSON_REAL:
		snprintf(buf, sizeof(buf), "%g", json_real_value(v));
		return strdup(buf);
	case JSON_TRUE:
		return strdup("true");
	case JSON_FALSE:
		return strdup("false");
	case JSON_NULL:
		return strdup("null");
	default:
		return NULL;
	}
}

/* The identity of an array element: its "name", else the basename of its
 * "path" (workloads), else NULL. */
static const char *env_elem_id(json_t *e)
{
	const char *s = json_string_value(json_object_get(e, "name"));
	const char *slash;

	if (s)
		return s;
	s = json_string_value(json_object_get(e, "path"));
	if (!s)
		return NULL;
	slash = strrchr(s, '/');
	return slash ? slash + 1 : s;
}

static int env_flatten_into(json_t *out, const char *prefix, json_t *v);

static int env_flatten_array(json_t *out, const char *prefix, json_t *v)
{
	char key[512];
	size_t i, len = 0;
	json_t *e;
	char *joined = NULL;
	int rc = 0;

	json_array_foreach(v, i, e) {
		const char *id = json_is_object(e) ? env_elem_id(e) : NULL;
		char *s, *grown;

		if (json_is_object(e)) {
			/* named element: prefix.<id>.field */
			if (id)
				snprintf(key, sizeof(key), "%s.%s", prefix, id);
			else
				snprintf(key, sizeof(key), "%s.%zu", prefix, i);
			rc = env_flatten_into(out, key, e);
			if (rc)
				break;
			continue;
		}
		s = env_scalar(e);
		if (!s)
			s = strdup("?");
		grown = s ? realloc(joined, len + strlen(s) + 2) : NULL;
		if (!grown) {
			free(s);
			free(joined);
			return -ENOMEM;
		}
		joined = grown;
		len += (size_t)sprintf(joined + len, "%s%s", len ? "," : "", s);
		free(s);
	}
	if (joined || !json_array_size(v))
		json_object_set_new(out, prefix, json_string(joined ? joined :
								      ""));
	free(joined);
	return rc;
}

static int env_flatten_into(json_t *out, const char *prefix, json_t *v)
{
	const char *k;
	char key[512];
	json_t *c;
	char *s;

	if (json_is_object(v)) {
		json_object_foreach(v, k, c) {
			int rc;

			if (*prefix)
				snprintf(key, sizeof(key), "%s.%s", prefix, k);
			else
				snprintf(key, sizeof(key), "%s", k);
			/* thousands of options: one key (env_kconfig.c) */
			if (!strcmp(key, ENV_KCONFIG_KEY)) {
				s = env_kconfig_summary(c);
				if (!s)
					return -ENOMEM;
				json_object_set_new(out, key, json_string(s));
				free(s);
				continue;
			}
			rc = env_flatten_into(out, key, c);
			if (rc)
				return rc;
		}
		return 0;
	}
	if (json_is_array(v))
		return env_flatten_array(out, prefix, v);
	s = env_scalar(v);
	if (!s)
		return -ENOMEM;
	json_object_set_new(out, prefix, json_string(s));
	free(s);
	return 0;
}

json_t *env_flatten(json_t *env)
{
	json_t *out = json_object();

	if (!out)
		return NULL;
	if (env && env_flatten_into(out, "", env)) {
		json_decref(out);
		return NULL;
	}
	return out;
}

static void env_free_values(char **values, size_t n_sides)
{
	for (size_t j = 0; values && j < n_sides; j++)
		free(values[j]);
	free(values);
}

void env_diff_clear(struct env_diff *d, size_t n_sides)
{
	env_free_values(d->values, n_sides);
	for (size_t i = 0; i < d->n_opts; i++) {
		env_free_values(d->opts[i].values, n_sides);
		free(d->opts[i].name);
	}
	free(d->opts);
	free(d->key);
	d->values = NULL;
	d->key = NULL;
	d->opts = NULL;
	d->n_opts = 0;
}

void env_diff_free(struct env_diff *d, size_t n, size_t n_sides)
{
	for (size_t i = 0; d && i < n; i++)
		env_diff_clear(&d[i], n_sides);
	free(d);
}

/* Append key's diff (when the sides differ) to *out. kernel.config,
 * where every side records it, differs when an option does, and its
 * entry lists them. */
static int env_diff_key(json_t *const *envs, json_t **flat, size_t n,
			const char *key, const char *allow,
			struct env_diff **out, size_t *n_out)
{
	const char *v0 = json_string_value(json_object_get(flat[0], key));
	struct env_diff *d, *grown;
	bool differs = false, kconfig = !strcmp(key, ENV_KCONFIG_KEY);

	for (size_t s = 1; s < n && !differs; s++) {
		const char *v = json_string_value(json_object_get(flat[s], key));

		differs = !v0 || !v || strcmp(v0, v);
	}
	for (size_t s = 0; s < n && kconfig; s++)
		kconfig = json_object_get(flat[s], key) != NULL;
	if (kconfig)
		differs = env_kconfig_differs(envs, n);
	/* what an imported side's source did not record is not known to
	 * differ (abstat-import(1)) */
	for (size_t s = 0; s < n && differs; s++)
		if (!json_object_get(flat[s], key) &&
		    json_object_get(flat[s], "imported.source"))
			differs = false;
	if (!differs)
		return 0;
	grown = realloc(*out, (*n_out + 1) * sizeof(**out));
	if (!grown)
		return -ENOMEM;
	*out = grown;
	d = &grown[(*n_out)++];
	memset(d, 0, sizeof(*d));
	d->key = strdup(key);
	d->kind = env_diff_classify(key, allow);
	/* an imported side's env is what its source recorded, not abstat's
	 * capture: a difference is shown, never a refusal */
	for (size_t s = 0; s < n && d->kind == ENV_DIFF_REFUSED; s++)
		if (json_object_get(flat[s], "imported.source"))
			d->kind = ENV_DIFF_EXPECTED;
	d->values = calloc(n, sizeof(*d->values));
	if (!d->key || !d->values)
		return -ENOMEM;
	for (size_t s = 0; s < n; s++) {
		const char *v = json_string_value(json_object_get(flat[s], key));

		d->values[s] = strdup(v ? v : absent);
		if (!d->values[s])
			return -ENOMEM;
	}
	return kconfig ? env_kconfig_diff(envs, n, d) : 0;
}

int env_diff(json_t *const *envs, size_t n, const char *allow,
	     struct env_diff **out, size_t *n_out)
{
	json_t **flat = calloc(n ? n : 1, sizeof(*flat));
	json_t *seen = json_object();
	int rc = 0;

	*out = NULL;
	*n_out = 0;
	if (!flat || !seen) {
		rc = -ENOMEM;
		goto out;
	}
	for (size_t s = 0; s < n; s++) {
		flat[s] = env_flatten(envs[s]);
		if (!flat[s]) {
			rc = -ENOMEM;
			goto out;
		}
	}
	for (size_t s = 0; s < n && !rc; s++) {
		const char *key;
		json_t *v;

		json_object_foreach(flat[s], key, v) {
			if (json_object_get(seen, key))
				continue;
			json_object_set_new(seen, key, json_true());
			rc = env_diff_key(envs, flat, n, key, allow, out,
					  n_out);
			if (rc)
				break;
		}
	}
out:
	for (size_t s = 0; flat && s < n; s++)
		json_decref(flat[s]);
	free(flat);
	json_decref(seen);
	if (rc) {
		env_diff_free(*out, *n_out, n);
		*out = NULL;
		*n_out = 0;
	}
	return rc;
}
