// SPDX-License-Identifier: MIT
/*
 * compare_check: can these sides be compared, and with which rows? Refuses
 * events encoded differently (naming the field) and environments that
 * change the measurement, unless overridden; extracts every side's metrics
 * per benchmark for compare.c, one benchmark at a time (a suite of 50
 * benchmarks x 10 events holds 2.4 MB of metrics per side when extracted
 * all at once, more than their runs' counters). The model's warnings
 * are added here too (compare_warn, deduplicated).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_priv.h"
#include "err.h"
#include "result_keys.h"
#include "suggest.h"

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

static const struct benchmark *compare_find_bench(const struct result *r,
						  const char *name)
{
	for (size_t i = 0; i < r->n_bench; i++)
		if (!strcmp(r->bench[i].name, name))
			return &r->bench[i];
	return NULL;
}

/* A growing string; oom once an allocation failed. */
struct compare_str {
	char *s;
	size_t len, cap;
	bool oom;
};

static void compare_str_add(struct compare_str *b, const char *s, size_t n)
{
	if (b->oom)
		return;
	if (!b->s || b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *grown = realloc(b->s, cap);

		if (!grown) {
			b->oom = true;
			return;
		}
		b->s = grown;
		b->cap = cap;
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

/* One argument as a shell would need it: as is when it holds nothing a
 * shell treats specially, else in single quotes ('\'' for a quote). */
static void compare_str_quoted(struct compare_str *b, const char *a)
{
	if (*a && !a[strcspn(a, " \t\n'\"\\$`*?[]{}()<>|&;#~!")]) {
		compare_str_add(b, a, strlen(a));
		return;
	}
	compare_str_add(b, "'", 1);
	for (; *a; a++)
		if (*a == '\'')
			compare_str_add(b, "'\\''", 4);
		else
			compare_str_add(b, a, 1);
	compare_str_add(b, "'", 1);
}

/* A benchmark's argv as one string, argv[0] shown as the benchmark's name:
 * its path is not compared (workloads.NAME.sha256 checks the binary, and
 * a built-in workload's path differs between the build tree and an
 * install). NULL on ENOMEM. */
static char *compare_argv_str(const struct benchmark *b)
{
	struct compare_str s = { 0 };
	const char *first = b->name;

	/* run through a wrapper (env, taskset ...: the benchmark is named
	 * by the program a later word runs): the wrapper's name first */
	for (size_t i = 1; b->argv && b->argv[0] && b->argv[i]; i++) {
		const char *w = strrchr(b->argv[i], '/');

		if (!strcmp(w ? w + 1 : b->argv[i], b->name)) {
			w = strrchr(b->argv[0], '/');
			first = w ? w + 1 : b->argv[0];
			break;
		}
	}
	compare_str_quoted(&s, first);
	for (size_t i = 1; b->argv && b->argv[0] && b->argv[i]; i++) {
		compare_str_add(&s, " ", 1);
		compare_str_quoted(&s, b->argv[i]);
	}
	if (s.oom) {
		free(s.s);
		return NULL;
	}
	return s.s;
}

/* side s's env for env_diff: its first file's env plus
 * benchmarks.NAME.argv and .copies (how many ran at once: 1 copy
 * against 2 measures another machine load) for every benchmark that
 * every side has (one a side lacks is left out with a warning
 * elsewhere, not refused here).
 * A new reference; NULL on ENOMEM. */
static json_t *compare_side_env(const struct side *sides, size_t n, size_t s)
{
	const struct result *ref = sides[0].files[0];
	const struct result *r = sides[s].files[0];
	json_t *env = r->env ? json_deep_copy(r->env) : json_object();
	json_t *benches = json_object();

	if (!env || !benches || !json_is_object(env))
		goto fail;
	for (size_t i = 0; i < ref->n_bench; i++) {
		const char *name = ref->bench[i].name;
		const struct benchmark *b = compare_find_bench(r, name);
		bool everywhere = b != NULL;
		char *argv;

		for (size_t t = 0; t < n && everywhere; t++)
			everywhere = compare_find_bench(sides[t].files[0],
							name) != NULL;
		if (!everywhere)
			continue;
		argv = compare_argv_str(b);
		if (!argv || json_object_set_new(benches, name,
						 json_pack("{s:s,s:I}", "argv",
							   argv, "copies",
							   (json_int_t)(b->copies ? b->copies : 1)))) {
			free(argv);
			goto fail;
		}
		free(argv);
	}
	if (json_object_set_new(env, "benchmarks", benches))
		benches = NULL;
	else
		return env;
fail:
	json_decref(benches);
	json_decref(env);
	return NULL;
}

/* The first side whose value of d differs from the baseline's. */
static size_t compare_env_other(const struct env_diff *d, size_t n)
{
	size_t s = 1;

	while (s + 1 < n && !strcmp(d->values[s], d->values[0]))
		s++;
	return s;
}

/* The refusal of d, naming the first side whose value differs from the
 * baseline's and the key that allows it. */
static void compare_env_refusal(const struct env_diff *d,
				const struct side *sides, size_t n, char *err,
				size_t len)
{
	const char *v0 = d->values[0], *name;
	size_t s = compare_env_other(d, n), nl;

	if (!strncmp(d->key, "benchmarks.", 11) && strlen(d->key) > 16 &&
	    !strcmp(d->key + strlen(d->key) - 5, ".argv")) {
		name = d->key + 11;
		nl = strlen(name) - 5;
		snprintf(err, len, "benchmark '%.*s' ran as '%s' in %s but as '%s' in %s, which changes what is measured; pass --allow-env-diff %s to compare anyway",
			 (int)nl, name, v0,
			 compare_check_file_name(sides[0].files[0]),
			 d->values[s],
			 compare_check_file_name(sides[s].files[0]), d->key);
		return;
	}
	if (!strncmp(d->key, "benchmarks.", 11) && strlen(d->key) > 18 &&
	    !strcmp(d->key + strlen(d->key) - 7, ".copies")) {
		name = d->key + 11;
		nl = strlen(name) - 7;
		snprintf(err, len, "benchmark '%.*s' ran %s cop%s at once in %s but %s in %s: counters and operations are summed over the copies, and copies share the machine; pass --allow-env-diff %s to compare anyway",
			 (int)nl, name, v0, strcmp(v0, "1") ? "ies" : "y",
			 compare_check_file_name(sides[0].files[0]),
			 d->values[s],
			 compare_check_file_name(sides[s].files[0]), d->key);
		return;
	}
	snprintf(err, len, "environment '%s' differs between sides ('%s' vs '%s'), which changes what is measured; pass --allow-env-diff %s to compare anyway",
		 d->key, v0, d->values[s], d->key);
}

/* The refused keys a refusal shows with their values; past that many
 * the files are not two runs of one setup, and the line says so. */
#define COMPARE_ENV_SHOWN 4

/* v in out, whole when it has at most max bytes, else cut at the last
 * blank before max (mid-word only for a word longer than max) and "...". */
static void compare_cut(const char *v, char *out, size_t len, size_t max)
{
	size_t n = strlen(v), cut = max;

	if (n <= max) {
		snprintf(out, len, "%s", v);
		return;
	}
	while (cut > max / 2 && v[cut] != ' ')
		cut--;
	if (v[cut] != ' ')
		cut = max;
	snprintf(out, len, "%.*s%s...", (int)cut, v, v[cut] == ' ' ? " " : "");
}

/* Every refused key at once (not one per try): the keys with their
 * values, and the one --allow-env-diff that goes on; for more than
 * COMPARE_ENV_SHOWN keys the first few with their values and every
 * other one by name (a line, not a page). Values are left out when they
 * would not fit in err. 0, -EINVAL or -ENOMEM. */
static int compare_env_refusals(const struct compare_model *m,
				const struct side *sides, size_t n,
				char *err, size_t len)
{
	struct compare_str keys = { 0 }, vals = { 0 }, rest = { 0 };
	size_t k = 0, first = 0;

	for (size_t i = 0; i < m->n_env; i++) {
		const struct env_diff *d = &m->env[i];
		char buf[512], a[128], b[128];

		if (d->kind != ENV_DIFF_REFUSED)
			continue;
		if (!k++)
			first = i;
		compare_str_add(&keys, ",", keys.len ? 1 : 0);
		compare_str_add(&keys, d->key, strlen(d->key));
		if (k > COMPARE_ENV_SHOWN) {
			compare_str_add(&rest, ", ", rest.len ? 2 : 0);
			compare_str_add(&rest, d->key, strlen(d->key));
			continue;
		}
		compare_cut(d->values[0], a, sizeof(a), 80);
		compare_cut(d->values[compare_env_other(d, n)], b, sizeof(b),
			    80);
		snprintf(buf, sizeof(buf), "%s'%s' ('%s' vs '%s')",
			 vals.len ? ", " : "", d->key, a, b);
		compare_str_add(&vals, buf, strlen(buf));
	}
	if (k == 1)
		compare_env_refusal(&m->env[first], sides, n, err, len);
	else if (k > COMPARE_ENV_SHOWN && !keys.oom && !vals.oom && !rest.oom)
		snprintf(err, len, "%zu environment keys differ between sides, as between two machines or setups: %s, and %s; compare results of one machine and setup, or see each file's environment with abstat show FILE and pass the keys that may differ with --allow-env-diff",
			 k, vals.s, rest.s);
	else if (k && !keys.oom && !vals.oom)
		snprintf(err, len, "%zu environment keys differ between sides, which changes what is measured: %s; pass --allow-env-diff %s to compare anyway",
			 k, keys.len + vals.len + 200 < len ? vals.s : keys.s,
			 keys.s);
	free(vals.s);
	free(keys.s);
	free(rest.s);
	if (keys.oom || vals.oom || rest.oom)
		return err_nomem(err, len);
	return k ? -EINVAL : 0;
}

/* The sides are different commands (versus): their binaries and argv
 * ("workloads...", "benchmarks...") are what the sides are, already named
 * above the table, not environment differences: left out of the header. */
static void compare_check_drop_sides(struct compare_model *m, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < m->n_env; i++) {
		struct env_diff *d = &m->env[i];

		if (strncmp(d->key, "workloads", 9) &&
		    strncmp(d->key, "benchmarks", 10))
			m->env[k++] = *d;
		else
			env_diff_clear(d, n);
	}
	m->n_env = k;
}

int compare_check_env(const struct compare_opts *o, const struct side *sides,
		      size_t n, struct compare_model *m, char *err, size_t len)
{
	json_t **envs = calloc(n, sizeof(*envs));
	int rc = 0;

	for (size_t s = 0; envs && s < n && !rc; s++) {
		envs[s] = compare_side_env(sides, n, s);
		if (!envs[s])
			rc = err_nomem(err, len);
	}
	if (!envs || rc) {
		rc = err_nomem(err, len);
		goto out;
	}
	rc = env_diff(envs, n, o->allow_env_diff, &m->env, &m->n_env);
	if (rc < 0) {
		m->env = NULL;
		m->n_env = 0;
		rc = 0; /* an env we cannot diff is not a reason to stop */
		goto out;
	}
	if (o->commands_differ)
		compare_check_drop_sides(m, n);
	rc = compare_env_refusals(m, sides, n, err, len);
out:
	for (size_t s = 0; envs && s < n; s++)
		json_decref(envs[s]);
	free(envs);
	return rc;
}

int compare_bench_load(struct compare_bench *b, const struct side *sides,
		       size_t n)
{
	bool copies = false;

	/* per-copy rows on every side when one ran copies: 1 against 2 */
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct benchmark *bb = compare_find_bench(
				sides[s].files[f], b->name);

			copies |= bb && metrics_copies(bb);
		}
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct benchmark *bb = compare_find_bench(
				sides[s].files[f], b->name);

			if (bb && metrics_extract_copies(sides[s].files[f], bb,
							 copies,
							 &b->sets[s][f]))
				return -ENOMEM;
		}
	return 0;
}

void compare_bench_unload(struct compare_bench *b, const struct side *sides,
			  size_t n)
{
	for (size_t s = 0; b->sets && s < n; s++)
		for (size_t f = 0; b->sets[s] && f < sides[s].n_files; f++) {
			metrics_free(&b->sets[s][f]);
			memset(&b->sets[s][f], 0, sizeof(b->sets[s][f]));
		}
}

void compare_check_free(struct compare_bench *b, size_t nb,
			const struct side *sides, size_t n)
{
	for (size_t i = 0; i < nb; i++) {
		compare_bench_unload(&b[i], sides, n);
		for (size_t s = 0; b[i].sets && s < n; s++)
			free(b[i].sets[s]);
		free(b[i].sets);
	}
	free(b);
}

/* Up to three benchmark names of r, "a, b, c, ..." in buf. */
static const char *compare_bench_names(const struct result *r, char *buf,
				       size_t len)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t k = 0; k < r->n_bench && k < 3 && at < len; k++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s",
				       k ? ", " : "", r->bench[k].name);
	if (r->n_bench > 3 && at < len)
		snprintf(buf + at, len - at, ", ...");
	return buf;
}

/* Side s has none of the baseline's benchmarks: one line that names
 * both sides' benchmarks, not a table of <missing> rows. */
static int compare_check_common(const struct side *sides, size_t s,
				char *err, size_t len)
{
	const struct result *ref = sides[0].files[0];
	char a[160], b[160];

	for (size_t f = 0; f < sides[s].n_files; f++)
		for (size_t k = 0; k < sides[s].files[f]->n_bench; k++)
			if (compare_find_bench(ref,
					       sides[s].files[f]->bench[k].name))
				return 0;
	snprintf(err, len, "no benchmark in common: %s has %s, %s has %s; benchmarks meet by name (an imported perf stat file is named by its command, else after the file; abstat import --bench NAME names an import)",
		 ref->path ? ref->path : sides[0].label,
		 compare_bench_names(ref, a, sizeof(a)),
		 sides[s].files[0]->path ? sides[s].files[0]->path :
					   sides[s].label,
		 compare_bench_names(sides[s].files[0], b, sizeof(b)));
	return -EINVAL;
}

/* Benchmarks of the baseline, in its order (their metrics not extracted
 * yet: compare_bench_load); others are warned about; a side sharing none
 * of them is an error. */
int compare_check_benches(const struct side *sides, size_t n,
			  struct compare_model *m, struct compare_bench **out,
			  size_t *n_out, char *err, size_t len)
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
		}
	}
	for (size_t s = 1; s < n; s++)
		if (compare_check_common(sides, s, err, len))
			return -EINVAL;
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

/* Whether some file's metrics of benchmark b have metric (extracted
 * here, one file at a time). 0 or -ENOMEM. */
static int compare_bench_has(const struct compare_bench *b, size_t n,
			     const struct side *sides, const char *metric,
			     bool *found, struct suggest *near)
{
	*found = false;
	for (size_t s = 0; s < n && !*found; s++)
		for (size_t f = 0; f < sides[s].n_files && !*found; f++) {
			const struct benchmark *bb = compare_find_bench(
				sides[s].files[f], b->name);
			struct metric_set set = { 0 };

			if (!bb)
				continue;
			if (metrics_extract(sides[s].files[f], bb, &set))
				return -ENOMEM;
			*found = metrics_find(&set, metric) != NULL;
			for (size_t i = 0; i < set.n; i++)
				suggest_offer(near, set.m[i].name);
			metrics_free(&set);
		}
	return 0;
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
		return err_nomem(err, len);
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save)) {
		bool found = false;
		struct suggest near;

		suggest_init(&near, tok);
		for (size_t i = 0; i < nb && !found && !rc; i++)
			rc = compare_bench_has(&b[i], n, sides, tok, &found,
					       &near);
		if (!rc && !found) {
			snprintf(err, len, "%s: no metric named '%s' in these results; 'abstat show FILE' lists them",
				 opt, tok);
			suggest_insert(err, len, tok, suggest_best(&near));
			rc = -EINVAL;
		}
	}
	free(copy);
	return rc;
}

int compare_warn(struct compare_model *m, const char *fmt, ...)
{
	char buf[2048], **w;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (size_t i = 0; i < m->n_warnings; i++)
		if (!strcmp(m->warnings[i], buf))
			return 0;
	w = realloc(m->warnings, (m->n_warnings + 1) * sizeof(*w));
	if (!w)
		return -ENOMEM;
	m->warnings = w;
	w[m->n_warnings] = strdup(buf);
	if (!w[m->n_warnings])
		return -ENOMEM;
	m->n_warnings++;
	return 0;
}

/* "label: argv ..." of r's config.versus, or NULL (none, or -ENOMEM:
 * *nomem set) */
static char *compare_versus_text(const struct result *r, bool *nomem)
{
	const char *label = result_versus_label(r);
	size_t len = 1, n = result_versus_argc(r);
	char *buf;

	if (!result_versus_has(r))
		return NULL;
	for (size_t i = 0; i < n; i++)
		len += strlen(result_versus_argv(r, i)) + 1;
	len += strlen(label ? label : "?") + 2;
	buf = calloc(1, len);
	if (!buf) {
		*nomem = true;
		return NULL;
	}
	snprintf(buf, len, "%s:", label ? label : "?");
	for (size_t i = 0; i < n; i++) {
		strcat(buf, " ");
		strcat(buf, result_versus_argv(r, i));
	}
	return buf;
}

int compare_check_versus(const struct compare_opts *o,
			 const struct side *sides, size_t n,
			 struct compare_model *m, char *err, size_t len)
{
	bool nomem = false, any = false;

	if (o->commands_differ)
		return 0; /* versus itself: it printed its sides */
	m->versus = calloc(n, sizeof(*m->versus));
	if (!m->versus)
		return err_nomem(err, len);
	for (size_t s = 0; s < n; s++) {
		m->versus[s] = compare_versus_text(sides[s].files[0], &nomem);
		any |= m->versus[s] != NULL;
		for (size_t f = 1; m->versus[s] && f < sides[s].n_files; f++) {
			char *t = compare_versus_text(sides[s].files[f], &nomem);
			bool same = t && (!strcmp(t, m->versus[s]) ||
					  strstr(m->versus[s], t));

			/* --allow-mixed: pooled, and each versus side named */
			if (!same && !nomem && o->allow_mixed) {
				char *j = NULL;

				if (asprintf(&j, "%s; pooled with %s", m->versus[s],
					     t ? t : "a file not of versus") < 0) {
					free(t);
					return err_nomem(err, len);
				}
				free(m->versus[s]);
				m->versus[s] = j;
				same = true;
			}
			if (!same && !nomem)
				snprintf(err, len, "side '%s' pools versus side '%s' (%s) and '%s' (%s); give each its own side, or --allow-mixed to pool them",
					 m->labels[s], m->versus[s],
					 compare_check_file_name(sides[s].files[0]),
					 t ? t : "not a versus side",
					 compare_check_file_name(sides[s].files[f]));
			free(t);
			if (!same)
				return nomem ? err_nomem(err, len) : -EINVAL;
		}
	}
	if (nomem)
		return err_nomem(err, len);
	if (!any) {
		free(m->versus);
		m->versus = NULL;
	}
	return 0;
}
