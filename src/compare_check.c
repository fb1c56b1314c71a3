// SPDX-License-Identifier: MIT
/*
 * compare_check: can these sides be compared, and with which rows? Refuses
 * events encoded differently (naming the field) and environments that
 * change the measurement, unless overridden; extracts every side's metrics
 * per benchmark for compare.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_priv.h"

const char *compare_check_file_name(const struct result *r)
{
	return r->path ? r->path : r->label ? r->label : "(result)";
}

/* Refuse events encoded differently (DESIGN "Counting"), unless forced. */
int compare_check_encodings(const struct compare_opts *o,
			    const struct side *sides, size_t n,
			    struct compare_model *m, char *err, size_t len)
{
	const struct result *ref = sides[0].files[0];
	const char *fa = compare_check_file_name(ref);

	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct result *r = sides[s].files[f];
			const char *fb = compare_check_file_name(r);

			for (size_t e = 0; e < r->n_events; e++) {
				int i = result_event_index(ref,
							   r->events[e].name);
				const char *d;
				char buf[256];

				if (i < 0)
					continue;
				d = event_encoding_diff(&ref->events[i],
							&r->events[e]);
				if (!d)
					continue;
				if (!o->force_compare) {
					snprintf(err, len, "event '%s' is encoded differently in %s and %s (field %s); compare like with like, or pass --force-compare",
						 r->events[e].name, fa, fb, d);
					return -EINVAL;
				}
				if (m->forced)
					continue;
				snprintf(buf, sizeof(buf),
					 "event '%s' %s differs (--force-compare)",
					 r->events[e].name, d);
				m->forced = true;
				m->forced_note = strdup(buf);
			}
		}
	return 0;
}

/* versus: the sides' own binaries ("workloads", "workloads.x.sha256")
 * are what is compared, not the environment: left out of the diffs. */
static void compare_check_drop_sides(struct compare_model *m, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < m->n_env; i++) {
		struct env_diff *d = &m->env[i];

		if (strcmp(d->key, "workloads") &&
		    strncmp(d->key, "workloads.", 10)) {
			m->env[k++] = *d;
			continue;
		}
		for (size_t s = 0; d->values && s < n; s++)
			free(d->values[s]);
		free(d->values);
		free(d->key);
	}
	m->n_env = k;
}

int compare_check_env(const struct compare_opts *o, const struct side *sides,
		      size_t n, struct compare_model *m, char *err, size_t len)
{
	json_t **envs = calloc(n, sizeof(*envs));
	int rc;

	if (!envs)
		return -ENOMEM;
	for (size_t s = 0; s < n; s++)
		envs[s] = sides[s].files[0]->env;
	rc = env_diff(envs, n, o->allow_env_diff, &m->env, &m->n_env);
	free(envs);
	if (rc < 0) {
		m->env = NULL;
		m->n_env = 0;
		return 0; /* an env we cannot diff is not a reason to stop */
	}
	if (o->commands_are_sides)
		compare_check_drop_sides(m, n);
	for (size_t i = 0; i < m->n_env; i++) {
		struct env_diff *d = &m->env[i];

		if (d->kind != ENV_DIFF_REFUSED)
			continue;
		snprintf(err, len, "environment '%s' differs between sides ('%s' vs '%s'), which changes what is measured; pass --allow-env-diff %s to compare anyway",
			 d->key, d->values[0] ? d->values[0] : "",
			 d->values[1] ? d->values[1] : "", d->key);
		return -EINVAL;
	}
	return 0;
}

static const struct benchmark *compare_find_bench(const struct result *r,
						  const char *name)
{
	for (size_t i = 0; i < r->n_bench; i++)
		if (!strcmp(r->bench[i].name, name))
			return &r->bench[i];
	return NULL;
}

void compare_check_free(struct compare_bench *b, size_t nb,
			const struct side *sides, size_t n)
{
	for (size_t i = 0; i < nb; i++) {
		for (size_t s = 0; b[i].sets && s < n; s++) {
			for (size_t f = 0; b[i].sets[s] &&
					   f < sides[s].n_files; f++)
				metrics_free(&b[i].sets[s][f]);
			free(b[i].sets[s]);
		}
		free(b[i].sets);
	}
	free(b);
}

/* Benchmarks of the baseline, in its order; others are warned about. */
int compare_check_benches(const struct side *sides, size_t n,
			  struct compare_model *m, struct compare_bench **out,
			  size_t *n_out)
{
	const struct result *ref = sides[0].files[0];
	struct compare_bench *b = calloc(ref->n_bench + 1, sizeof(*b));

	if (!b)
		return -ENOMEM;
	*out = b;
	*n_out = ref->n_bench;
	for (size_t i = 0; i < ref->n_bench; i++) {
		b[i].name = ref->bench[i].name;
		b[i].sets = calloc(n, sizeof(*b[i].sets));
		if (!b[i].sets)
			return -ENOMEM;
		for (size_t s = 0; s < n; s++) {
			b[i].sets[s] = calloc(sides[s].n_files,
					      sizeof(struct metric_set));
			if (!b[i].sets[s])
				return -ENOMEM;
			for (size_t f = 0; f < sides[s].n_files; f++) {
				const struct benchmark *bb = compare_find_bench(
					sides[s].files[f], b[i].name);

				if (bb && metrics_extract(sides[s].files[f], bb,
							  &b[i].sets[s][f]))
					return -ENOMEM;
			}
		}
	}
	for (size_t s = 1; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct result *r = sides[s].files[f];

			for (size_t k = 0; k < r->n_bench; k++) {
				const char *name = r->bench[k].name;

				if (!compare_find_bench(ref, name) &&
				    compare_warn(m, "benchmark '%s' is only in %s, not in the baseline; left out",
						 name, r->path ? r->path : "?"))
					return -ENOMEM;
			}
		}
	return 0;
}

/* --metric and -e name rows; a comma list. */
bool compare_check_list_has(const char *list, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = list; p && *p;) {
		const char *c = strchr(p, ',');
		size_t l = c ? (size_t)(c - p) : strlen(p);

		if (l == len && !strncmp(p, name, len))
			return true;
		p = c ? c + 1 : NULL;
	}
	return false;
}

static bool compare_bench_has(const struct compare_bench *b, size_t n,
			      const struct side *sides, const char *metric)
{
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++)
			if (metrics_find(&b->sets[s][f], metric))
				return true;
	return false;
}

/* Rows chosen by the user must all exist somewhere. */
int compare_check_names(const char *list, const char *opt,
			const struct compare_bench *b, size_t nb,
			const struct side *sides, size_t n, char *err,
			size_t len)
{
	char *copy, *tok, *save = NULL;
	int rc = 0;

	if (!list)
		return 0;
	copy = strdup(list);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		bool found = false;

		for (size_t i = 0; i < nb && !found; i++)
			found = compare_bench_has(&b[i], n, sides, tok);
		if (!found) {
			snprintf(err, len, "%s: no metric named '%s' in these results; 'abstat show FILE' lists them",
				 opt, tok);
			rc = -EINVAL;
		}
	}
	free(copy);
	return rc;
}
