// SPDX-License-Identifier: MIT
/*
 * result_check: how both readers of a result file (result_parse.c, whole
 * tree, and result_stream.c, streaming) check a JSON value. Each error is
 * one line naming the file and the key as a JSON path; keys are formatted
 * only for messages; every member is typed and range-checked (counts are
 * JSON integers in 0..2^63-1: jansson's json_int_t is long long); the
 * free-form objects (env, config) have a nesting limit, and the one
 * member of env that compare reads option by option, kernel.config, is
 * checked as kconfig.h bounds it.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "kconfig.h"
#include "result_parse_priv.h"

#define FREE_DEPTH_MAX 32 /* env and config nesting */

__attribute__((format(printf, 3, 4))) void
result_say(const struct ctx *c, const char *key, const char *fmt, ...)
{
	char what[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (c->file)
		snprintf(c->err, c->len, "%s: %s: %s", c->file, key, what);
	else
		snprintf(c->err, c->len, "%s: %s", key, what);
	/* names from the file may hold any character: one line stays one */
	result_msg_clean(c->err);
}

/* Keys longer than KEY_MAX are cut: they only label a message. */
__attribute__((format(printf, 2, 3))) void
result_key_fmt(char *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(out, KEY_MAX, fmt, ap);
	va_end(ap);
}

void result_key_field(char *out, const char *parent, const char *name)
{
	result_key_fmt(out, "%s%s%s", parent, *parent ? "." : "", name);
}

void result_key_index(char *out, const char *parent, size_t i)
{
	result_key_fmt(out, "%s[%zu]", parent, i);
}

const char *result_type_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a real number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* The member name of obj (key "parent.name"), which must exist. */
static json_t *member(const struct ctx *c, const json_t *obj,
		      const char *parent, const char *name, char *key, int *rc)
{
	json_t *v = json_object_get(obj, name);

	/* the key is formatted only for a message: a run has ~50 members */
	if (!v) {
		result_key_field(key, parent, name);
		*rc = result_fail(c, key, "missing");
	}
	return v;
}

int result_get_int(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max,
		   long long *out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);
	long long x;

	if (!v)
		return rc;
	x = json_is_integer(v) ? json_integer_value(v) : 0;
	if (json_is_integer(v) && x >= min && x <= max) {
		*out = x;
		return 0;
	}
	result_key_field(key, parent, name);
	if (!json_is_integer(v))
		return result_fail(c, key, "expected an integer, found %s",
				   result_type_name(v));
	if (x < min && min == 0)
		return result_fail(c, key,
				   "negative value %lld; must be 0 or more",
				   x);
	if (x < min || x > max)
		return result_fail(c, key,
				   "%lld is out of range (%lld to %lld)", x,
				   min, max);
	*out = x;
	return 0;
}

int result_get_u64(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, uint64_t *out)
{
	long long x;
	int rc = result_get_int(c, obj, parent, name, 0, LLONG_MAX, &x);

	if (!rc)
		*out = (uint64_t)x;
	return rc;
}

int result_get_i32(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, long long min, long long max, int *out)
{
	long long x;
	int rc = result_get_int(c, obj, parent, name, min, max, &x);

	if (!rc)
		*out = (int)x;
	return rc;
}

int result_get_bool(const struct ctx *c, const json_t *obj, const char *parent,
		    const char *name, bool *out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	if (!v)
		return rc;
	if (!json_is_boolean(v)) {
		result_key_field(key, parent, name);
		return result_fail(c, key, "expected true or false, found %s",
				   result_type_name(v));
	}
	*out = json_is_true(v);
	return 0;
}

/* A string (or, when nullable, null -> NULL); *out is strdup'd. */
int result_get_str(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, bool nullable, char **out)
{
	char key[KEY_MAX];
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	*out = NULL;
	if (!v)
		return rc;
	if (nullable && json_is_null(v))
		return 0;
	if (!json_is_string(v)) {
		result_key_field(key, parent, name);
		return result_fail(c, key, "expected a string%s, found %s",
				   nullable ? " or null" : "",
				   result_type_name(v));
	}
	*out = strdup(json_string_value(v));
	return *out ? 0 : -ENOMEM;
}

int result_get_obj(const struct ctx *c, const json_t *obj, const char *parent,
		   const char *name, json_type type, json_t **out, char *key)
{
	int rc = 0;
	json_t *v = member(c, obj, parent, name, key, &rc);

	if (!v)
		return rc;
	result_key_field(key, parent, name); /* the parent of what is inside */
	if (json_typeof(v) != type)
		return result_fail(c, key, "expected %s, found %s",
				   type == JSON_ARRAY ? "an array" :
							"an object",
				   result_type_name(v));
	*out = v;
	return 0;
}

/* A NULL-terminated string array from a JSON array of strings. */
int result_get_strv(const struct ctx *c, const json_t *a, const char *key,
		    char ***out)
{
	size_t n = json_array_size(a);
	char **v = calloc(n + 1, sizeof(*v));
	char k[KEY_MAX];

	*out = v;
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		json_t *s = json_array_get(a, i);

		if (!json_is_string(s)) {
			result_key_index(k, key, i);
			return result_fail(c, k, "expected a string, found %s",
					   result_type_name(s));
		}
		v[i] = strdup(json_string_value(s));
		if (!v[i])
			return -ENOMEM;
	}
	return 0;
}

int result_check_depth(const struct ctx *c, const json_t *v, const char *key,
		       int depth)
{
	const char *k;
	json_t *m;
	size_t i;

	if (depth > FREE_DEPTH_MAX)
		return result_fail(c, key, "nested deeper than %d levels",
				   FREE_DEPTH_MAX);
	if (json_is_object(v)) {
		json_object_foreach((json_t *)v, k, m)
			if (result_check_depth(c, m, key, depth + 1))
				return -EINVAL;
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, m)
			if (result_check_depth(c, m, key, depth + 1))
				return -EINVAL;
	}
	return 0;
}

/* One option of env.kernel.config.options: a name and a value as the
 * capture writes them (kconfig.h). */
static int check_kconfig_option(const struct ctx *c, const char *name,
				const json_t *v)
{
	char key[KEY_MAX];

	if (!kconfig_name_ok(name))
		return result_fail(c, "env.kernel.config.options",
				   "'%.*s' is not an option's name; expected CONFIG_ then letters, digits or _, at most %d bytes",
				   KCONFIG_NAME_MAX + 8, name,
				   KCONFIG_NAME_MAX);
	result_key_field(key, "env.kernel.config.options", name);
	if (!json_is_string(v))
		return result_fail(c, key, "expected a string, found %s",
				   result_type_name(v));
	if (!kconfig_value_ok(json_string_value(v)))
		return result_fail(c, key, "expected a value of 1 to %d printable ASCII characters",
				   KCONFIG_VALUE_MAX);
	return 0;
}

int result_check_kconfig(const struct ctx *c, const json_t *env)
{
	const json_t *k = json_object_get(env, "kernel");
	const json_t *cfg = json_object_get(k, "config"), *opts, *v;
	const char *name;
	int rc = 0;

	if (!cfg)
		return 0;
	if (!json_is_object(cfg))
		return result_fail(c, "env.kernel.config",
				   "expected an object, found %s",
				   result_type_name(cfg));
	v = json_object_get(cfg, "source");
	if (!json_is_string(v))
		return result_fail(c, "env.kernel.config.source",
				   "expected a string, found %s",
				   v ? result_type_name(v) : "nothing");
	opts = json_object_get(cfg, "options");
	if (!json_is_object(opts))
		return result_fail(c, "env.kernel.config.options",
				   "expected an object, found %s",
				   opts ? result_type_name(opts) : "nothing");
	if (json_object_size(opts) > KCONFIG_OPTIONS_MAX)
		return result_fail(c, "env.kernel.config.options",
				   "%zu options, over %d", json_object_size(opts),
				   KCONFIG_OPTIONS_MAX);
	json_object_foreach((json_t *)opts, name, v)
		if ((rc = check_kconfig_option(c, name, v)))
			break;
	return rc;
}

/* Control bytes of msg (a parser quoting the input) replaced by '?'. */
void result_msg_clean(char *msg)
{
	for (char *p = msg; *p;) {
		size_t n = escape_control(p); /* C1: both its bytes */

		memset(p, '?', n);
		p += n ? n : 1;
	}
}
