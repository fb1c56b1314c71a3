// SPDX-License-Identifier: MIT
/*
 * result_parse_score: the scores of a result file (abstat-result(5)): the
 * document's definitions, "scores": [{"name", "unit", "better", "regex"}],
 * and each run's values, "scores": {"NAME": number}. Both are optional
 * (files without scores have neither).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "result_parse_priv.h"

int result_parse_run_scores(const struct ctx *c, const json_t *o,
			    const char *key, struct run *run)
{
	json_t *s = json_object_get(o, "scores"), *v;
	char k[KEY_MAX], kv[KEY_MAX];
	const char *name;

	result_key_field(k, key, "scores");
	if (!json_is_object(s))
		return result_fail(c, k, "expected an object, found %s",
				   result_type_name(s));
	json_object_foreach(s, name, v) {
		if (!json_is_number(v) || !isfinite(json_number_value(v))) {
			result_key_field(kv, k, name);
			return result_fail(c, kv, "expected a number, found %s",
					   result_type_name(v));
		}
	}
	run->scores = json_deep_copy(s);
	return run->scores ? 0 : -ENOMEM;
}

static int parse_score_def(const struct ctx *c, const json_t *o,
			   const char *key, struct score_def *d)
{
	char *better = NULL, k[KEY_MAX];
	int rc;

	if (!json_is_object(o))
		return result_fail(c, key, "expected an object, found %s",
				   result_type_name(o));
	rc = result_get_str(c, o, key, "name", false, &d->name);
	rc = rc ? rc : result_get_str(c, o, key, "unit", false, &d->unit);
	rc = rc ? rc : result_get_str(c, o, key, "regex", false, &d->regex);
	rc = rc ? rc : result_get_str(c, o, key, "better", false, &better);
	if (!rc && json_object_get(o, "optional"))
		rc = result_get_bool(c, o, key, "optional", &d->optional);
	if (rc) {
		free(better);
		return rc;
	}
	d->higher = !strcmp(better, "higher");
	if (!d->higher && strcmp(better, "lower")) {
		result_key_field(k, key, "better");
		rc = result_fail(c, k, "expected \"higher\" or \"lower\"");
	} else if (!*d->name) {
		result_key_field(k, key, "name");
		rc = result_fail(c, k, "is empty");
	}
	free(better);
	return rc;
}

int result_parse_scores(const struct ctx *c, const json_t *j,
			struct result *r)
{
	json_t *a;
	char k[KEY_MAX];
	int rc;

	if (!json_object_get(j, "scores"))
		return 0;
	rc = result_get_obj(c, j, "", "scores", JSON_ARRAY, &a, k);
	if (rc)
		return rc;
	r->scores = calloc(json_array_size(a) + 1, sizeof(*r->scores));
	if (!r->scores)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(a); i++) {
		char ki[KEY_MAX];

		result_key_index(ki, k, i);
		r->n_scores = i + 1;
		rc = parse_score_def(c, json_array_get(a, i), ki,
				     &r->scores[i]);
		if (rc)
			return rc;
		for (size_t p = 0; p < i; p++)
			if (!strcmp(r->scores[p].name, r->scores[i].name))
				return result_fail(c, ki,
						   "score '%s' is defined twice",
						   r->scores[i].name);
	}
	return 0;
}
