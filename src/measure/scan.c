// SPDX-License-Identifier: MIT
/*
 * scan: the values of -P and -L, their combinations, and {NAME}
 * substitution. A range is walked by index (LO + i * STEP), never by
 * repeated addition, so 0.1 steps do not drift.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "err.h"
#include "result.h"
#include "scan.h"

bool scan_name_ok(const char *name)
{
	if (!*name)
		return false;
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			return false;
	return true;
}

void scan_param_clear(struct scan_param *p)
{
	for (size_t i = 0; p->values && i < p->n; i++)
		free(p->values[i]);
	free(p->values);
	free(p->name);
	memset(p, 0, sizeof(*p));
}

static int scan_push(struct scan_param *p, const char *v, size_t n)
{
	char **grown = realloc(p->values, (p->n + 1) * sizeof(*grown));

	if (!grown)
		return -ENOMEM;
	p->values = grown;
	grown[p->n] = strndup(v, n);
	if (!grown[p->n])
		return -ENOMEM;
	p->n++;
	return 0;
}

/* s as a whole number or decimal (nothing after it). */
static bool scan_real(const char *s, double *out)
{
	char *end;

	if (!*s || *s == ' ')
		return false;
	*out = strtod(s, &end);
	return !*end && isfinite(*out) && fabs(*out) <= 1e15;
}

/* Decimals written after the point of s (0 for none). */
static int scan_decimals(const char *s)
{
	const char *dot = strchr(s, '.');

	return dot ? (int)strlen(dot + 1) : 0;
}

int scan_range(const char *name, const char *lo, const char *hi,
	       const char *step, struct scan_param *p, char *err, size_t len)
{
	double a, b, d = 1;
	int dec = scan_decimals(lo), rc = 0;

	memset(p, 0, sizeof(*p));
	if (!scan_name_ok(name)) {
		snprintf(err, len, "'%s' is not a parameter name (letters, digits, _ and -)", name);
		return -EINVAL;
	}
	if (!scan_real(lo, &a) || !scan_real(hi, &b) ||
	    (step && !scan_real(step, &d))) {
		snprintf(err, len, "'%s %s%s%s' are not numbers",
			 lo, hi, step ? " " : "", step ? step : "");
		return -EINVAL;
	}
	if (scan_decimals(hi) > dec)
		dec = scan_decimals(hi);
	if (step && scan_decimals(step) > dec)
		dec = scan_decimals(step);
	if (d <= 0 || b < a) {
		snprintf(err, len, "needs LO <= HI and a positive STEP (got %s %s%s%s)",
			 lo, hi, step ? " " : "", step ? step : "");
		return -EINVAL;
	}
	if ((b - a) / d + 1 > SCAN_MAX) {
		snprintf(err, len, "%s to %s by %g is more than %d values",
			 lo, hi, d, SCAN_MAX);
		return -EINVAL;
	}
	p->name = strdup(name);
	if (!p->name)
		return err_nomem(err, len);
	for (size_t i = 0; !rc && a + i * d <= b + d * 1e-9; i++) {
		char v[64];
		int n = snprintf(v, sizeof(v), "%.*f", dec, a + i * d);

		rc = scan_push(p, v, n);
	}
	if (rc)
		scan_param_clear(p);
	return rc ? err_nomem(err, len) : 0; /* scan_push: -ENOMEM only */
}

int scan_list(const char *name, const char *list, struct scan_param *p,
	      char *err, size_t len)
{
	const char *s = list;
	int rc = 0;

	memset(p, 0, sizeof(*p));
	if (!scan_name_ok(name)) {
		snprintf(err, len, "'%s' is not a parameter name (letters, digits, _ and -)", name);
		return -EINVAL;
	}
	if (!*list || list[0] == ',' || list[strlen(list) - 1] == ',' ||
	    strstr(list, ",,")) {
		snprintf(err, len, "empty value in '%s'", list);
		return -EINVAL;
	}
	p->name = strdup(name);
	if (!p->name)
		return err_nomem(err, len);
	while (!rc && *s) {
		size_t n = strcspn(s, ",");

		rc = scan_push(p, s, n);
		s += n + (s[n] == ',');
	}
	if (rc)
		rc = err_nomem(err, len); /* scan_push: -ENOMEM only */
	if (!rc && p->n > SCAN_MAX) {
		snprintf(err, len, "more than %d values", SCAN_MAX);
		rc = -EINVAL;
	}
	if (rc)
		scan_param_clear(p);
	return rc;
}

size_t scan_count(const struct scan_param *params, size_t n)
{
	size_t total = 1;

	for (size_t i = 0; i < n; i++)
		total *= params[i].n;
	return total;
}

json_t *scan_combination(const struct scan_param *params, size_t n, size_t k)
{
	json_t *o = json_object();

	/* the last parameter varies fastest */
	for (size_t i = n; o && i-- > 0;) {
		size_t v = k % params[i].n;

		k /= params[i].n;
		if (json_object_set_new(o, params[i].name,
					json_string(params[i].values[v]))) {
			json_decref(o);
			return NULL;
		}
	}
	/* in the order given: rebuild (jansson keeps insertion order) */
	if (o) {
		json_t *ordered = json_object();

		for (size_t i = 0; ordered && i < n; i++)
			json_object_set(ordered, params[i].name,
					json_object_get(o, params[i].name));
		json_decref(o);
		o = ordered;
	}
	return o;
}

char *scan_substitute(const char *s, const json_t *params)
{
	size_t cap = strlen(s) + 1, n = 0;
	char *out = malloc(cap);

	while (out && *s) {
		const char *close = *s == '{' ? strchr(s, '}') : NULL;
		const char *val = NULL;
		size_t add;

		if (close) {
			char name[128];

			snprintf(name, sizeof(name), "%.*s",
				 (int)(close - s - 1), s + 1);
			val = json_string_value(json_object_get(params, name));
		}
		add = val ? strlen(val) : 1;
		if (n + add + 1 > cap) {
			char *grown = realloc(out, cap = 2 * (n + add + 1));

			if (!grown) {
				free(out);
				return NULL;
			}
			out = grown;
		}
		if (val) {
			memcpy(out + n, val, add);
			s = close + 1;
		} else {
			out[n] = *s++;
		}
		n += add;
	}
	if (out)
		out[n] = '\0';
	return out;
}

char *scan_name(const char *base, const json_t *params)
{
	return result_bench_name(base, params);
}
