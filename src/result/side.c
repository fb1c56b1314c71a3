// SPDX-License-Identifier: MIT
/*
 * side: the operands of compare and plot read into sides (side.h). Each
 * argument is one side: FILE, FILE,FILE (several boots of one
 * configuration) or LABEL=FILE[,FILE...]. An argument naming an existing
 * file is always a single file, so names holding '=' or ',' still work.
 * An item that is a directory stands for every *.json below it (the
 * files of a fleet's runs), one with *, ? or [ for the files its glob(7)
 * matches, both in sorted order.
 */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "err.h"
#include "result_keys.h"
#include "side.h"

void side_free(struct side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++) {
		for (size_t f = 0; f < sides[s].n_files; f++)
			result_free(sides[s].files[f]);
		free(sides[s].files);
		free(sides[s].label);
	}
	free(sides);
}

static int side_read_file(struct side *side, const char *path, char *err,
			  size_t len)
{
	struct result **files = realloc(side->files, (side->n_files + 1) *
							     sizeof(*files));
	int rc;

	if (!files)
		return err_nomem(err, len);
	side->files = files;
	rc = result_read(path, &files[side->n_files], err, len);
	if (rc)
		return rc;
	side->n_files++;
	return 0;
}

static int side_name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json below dir (subdirectories too, each level sorted). */
static int side_read_dir(struct side *side, const char *dir, int depth,
			 char *err, size_t len)
{
	struct dirent **ents;
	int n = scandir(dir, &ents, NULL, alphasort), rc = 0;

	if (n < 0) {
		int e = errno;

		snprintf(err, len, "%s: %s", dir, strerror(e));
		return -e;
	}
	for (int i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		size_t nl = strlen(name);
		char path[4096];
		struct stat st;

		if (rc || name[0] == '.' ||
		    snprintf(path, sizeof(path), "%s/%s", dir, name) >=
			    (int)sizeof(path) ||
		    stat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode) && depth < 8)
			rc = side_read_dir(side, path, depth + 1, err, len);
		else if (S_ISREG(st.st_mode) && nl > 5 &&
			 !strcmp(name + nl - 5, ".json"))
			rc = side_read_file(side, path, err, len);
	}
	for (int i = 0; i < n; i++)
		free(ents[i]);
	free(ents);
	return rc;
}

static int side_read_glob(struct side *side, const char *pat, char *err,
			  size_t len)
{
	glob_t g;
	int rc = glob(pat, 0, NULL, &g);

	if (rc == GLOB_NOMATCH) {
		snprintf(err, len, "no file matches '%s'", pat);
		return -ENOENT;
	}
	if (rc) {
		snprintf(err, len, "%s: cannot read the files it names", pat);
		return -EIO;
	}
	qsort(g.gl_pathv, g.gl_pathc, sizeof(*g.gl_pathv), side_name_cmp);
	for (size_t i = 0; i < g.gl_pathc && !rc; i++)
		rc = side_read_file(side, g.gl_pathv[i], err, len);
	globfree(&g);
	return rc;
}

/* One item of a side's list: a file, a directory or a glob. */
static int side_read_item(struct side *side, const char *item, char *err,
			  size_t len)
{
	struct stat st;
	size_t before = side->n_files;
	int rc;

	if (!stat(item, &st) && S_ISDIR(st.st_mode))
		rc = side_read_dir(side, item, 0, err, len);
	else if (access(item, F_OK) && strpbrk(item, "*?["))
		rc = side_read_glob(side, item, err, len);
	else
		return side_read_file(side, item, err, len);
	if (!rc && side->n_files == before) {
		snprintf(err, len, "%s: no result file (*.json) in it", item);
		rc = -ENOENT;
	}
	return rc;
}

static int side_read_spec(const char *spec, struct side *side, char *err,
			  size_t len)
{
	const char *eq = strchr(spec, '='), *list = spec;
	char *copy, *tok, *save = NULL;
	int rc = 0;

	memset(side, 0, sizeof(*side));
	if (!access(spec, F_OK))
		return side_read_item(side, spec, err, len);
	if (eq && !memchr(spec, '/', (size_t)(eq - spec))) {
		if (eq == spec) {
			snprintf(err, len, "empty label in '%s'; expected LABEL=FILE[,FILE...]",
				 spec);
			return -EINVAL;
		}
		side->label = strndup(spec, (size_t)(eq - spec));
		side->label_given = true;
		list = eq + 1;
	}
	copy = strdup(list);
	if (!copy)
		return err_nomem(err, len);
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		rc = side_read_item(side, tok, err, len);
	free(copy);
	if (!rc && !side->n_files) {
		snprintf(err, len, "no file in '%s'; expected FILE, FILE,FILE or LABEL=FILE[,FILE...]",
			 spec);
		rc = -EINVAL;
	}
	return rc;
}

/* Two sides of one machine usually share the label (the kernel release):
 * then name unlabelled sides after their first file instead. */
static int side_labels(struct side *sides, size_t n)
{
	bool dup = false;

	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const char *a = sides[i].label ? sides[i].label :
					sides[i].files[0]->label;
			const char *b = sides[j].label ? sides[j].label :
					sides[j].files[0]->label;

			dup |= !a || !b || !strcmp(a, b);
		}
	for (size_t s = 0; dup && s < n; s++) {
		const char *p = sides[s].files[0]->path;
		const char *base, *dot;

		if (sides[s].label || !p)
			continue;
		base = strrchr(p, '/') ? strrchr(p, '/') + 1 : p;
		dot = strrchr(base, '.');
		sides[s].label = dot && dot != base ?
					 strndup(base, (size_t)(dot - base)) :
					 strdup(base);
		if (!sides[s].label)
			return -ENOMEM;
	}
	return 0;
}

int side_read(char *const *specs, size_t n_specs, struct side **out,
	      size_t *n_out, char *err, size_t len)
{
	struct side *sides = calloc(n_specs, sizeof(*sides));
	size_t n = 0;
	int rc = 0;

	*out = NULL;
	*n_out = 0;
	if (!sides)
		return err_nomem(err, len);
	for (; n < n_specs && !rc; n++)
		rc = side_read_spec(specs[n], &sides[n], err, len);
	if (!rc && side_labels(sides, n))
		rc = err_nomem(err, len);
	*out = sides;
	*n_out = n;
	return rc;
}

const char *side_host(const struct result *r)
{
	const json_t *h = r->env ? json_object_get(r->env, "host") : NULL;

	return json_is_string(h) && strcmp(json_string_value(h), "unknown") ?
		       json_string_value(h) : NULL;
}

int side_check_hosts(const struct side *sides, size_t n, char *err,
		     size_t len)
{
	for (size_t s = 0; s < n; s++) {
		const char *first = NULL;

		for (size_t f = 0; f < sides[s].n_files; f++) {
			const char *h = side_host(sides[s].files[f]);

			if (!h)
				continue;
			if (!first) {
				first = h;
			} else if (strcmp(first, h)) {
				snprintf(err, len, "side '%s' mixes hosts '%s' and '%s'; give each host its own side, or --by host, or --pool-hosts to pool them",
					 sides[s].label ? sides[s].label :
					 sides[s].files[0]->label ?
							  sides[s].files[0]->label : "?",
					 first, h);
				return -EINVAL;
			}
		}
	}
	return 0;
}

/* env.kernel.KEY of r, or NULL */
static const char *side_kernel(const struct result *r, const char *key)
{
	const json_t *k = r->env ? json_object_get(r->env, "kernel") : NULL;

	return json_string_value(json_object_get(k, key));
}

static const char *side_name(const struct side *s)
{
	if (s->label)
		return s->label;
	return s->files[0]->label ? s->files[0]->label : "?";
}

static const char *side_file(const struct result *r)
{
	return r->path ? r->path : "?";
}

/* The arguments (after argv[0], whose path may differ between hosts)
 * of a's benchmark b and of the same benchmark in r differ: r's
 * benchmark, else NULL. */
static const struct benchmark *side_args_differ(const struct benchmark *b,
						const struct result *r)
{
	for (size_t i = 0; i < r->n_bench; i++) {
		const struct benchmark *c = &r->bench[i];
		size_t k = 1;

		if (!c->name || !b->name || strcmp(c->name, b->name) ||
		    !c->argv || !b->argv || !b->argv[0] || !c->argv[0])
			continue;
		while (b->argv[k] && c->argv[k] && !strcmp(b->argv[k], c->argv[k]))
			k++;
		return b->argv[k] || c->argv[k] ? c : NULL;
	}
	return NULL;
}

/* 0, or -EINVAL naming the benchmark whose arguments differ between
 * two files of side s (files saved by versus -o are checked by their
 * config.versus in compare, which names the versus sides instead) */
static int side_check_args(const struct side *s, char *err, size_t len)
{
	const struct result *r0 = s->files[0];

	if (result_versus_has(r0))
		return 0;
	for (size_t f = 1; f < s->n_files; f++)
		for (size_t i = 0; i < r0->n_bench; i++) {
			const struct benchmark *c =
				side_args_differ(&r0->bench[i], s->files[f]);

			if (!c)
				continue;
			snprintf(err, len, "side '%s' mixes the arguments of benchmark '%s' (%s and %s); give each its own side, or --allow-mixed to pool them",
				 side_name(s), c->name, side_file(r0),
				 side_file(s->files[f]));
			return -EINVAL;
		}
	return 0;
}

/* The next word of a command line at *p that is not abstat boots' own
 * "abstat.boot=N" (the step appends it on kexec to tell boots apart: two
 * boots of one side differ in it by design); its length in *n, NULL at
 * the end. */
static const char *side_cmdline_word(const char **p, size_t *n)
{
	static const char own[] = "abstat.boot=";

	for (;;) {
		const char *w = *p + strspn(*p, " \t");

		*n = strcspn(w, " \t");
		*p = w + *n;
		if (!*n)
			return NULL;
		if (*n < sizeof(own) - 1 || strncmp(w, own, sizeof(own) - 1))
			return w;
	}
}

/* The first words where two command lines differ (for abstat.boot=N):
 * into wa, na and wb, nb; NULL (length 0) for a line that ends
 * there. */
static void side_cmdline_diff(const char *a, const char *b, const char **wa,
			      size_t *na, const char **wb, size_t *nb)
{
	do {
		*wa = side_cmdline_word(&a, na);
		*wb = side_cmdline_word(&b, nb);
	} while (*wa && *wb && *na == *nb && !memcmp(*wa, *wb, *na));
}

/* Two kernels' values of key agree (a command line word by word, but
 * for abstat.boot=N). */
static bool side_kernel_same(const char *key, const char *a, const char *b)
{
	const char *wa, *wb;
	size_t na, nb;

	if (strcmp(key, "cmdline"))
		return !strcmp(a, b);
	side_cmdline_diff(a, b, &wa, &na, &wb, &nb);
	return !wa && !wb;
}

/* Side s mixes kernel.KEY: the refusal; a command line by the first
 * words that differ, not in full (they run to a thousand characters). */
static void side_mixed_msg(const struct side *s, const char *key,
			   const char *v0, const struct result *r0,
			   const char *v, const struct result *r, char *err,
			   size_t len)
{
	const char *wa, *wb;
	char qa[128], qb[128];
	size_t na, nb;

	if (strcmp(key, "cmdline")) {
		snprintf(err, len, "side '%s' mixes kernel.%s '%s' (%s) and '%s' (%s); give each its own side, or --allow-mixed to pool them",
			 side_name(s), key, v0, side_file(r0), v,
			 side_file(r));
		return;
	}
	side_cmdline_diff(v0, v, &wa, &na, &wb, &nb);
	if (wa)
		snprintf(qa, sizeof(qa), "'%.*s'", (int)na, wa);
	else
		snprintf(qa, sizeof(qa), "its end");
	if (wb)
		snprintf(qb, sizeof(qb), "'%.*s'", (int)nb, wb);
	else
		snprintf(qb, sizeof(qb), "its end");
	snprintf(err, len, "side '%s' mixes kernel command lines that first differ in %s (%s) and %s (%s); give each its own side, or --allow-mixed to pool them",
		 side_name(s), qa, side_file(r0), qb, side_file(r));
}

int side_check_mixed(const struct side *sides, size_t n, char *err,
		     size_t len)
{
	static const char *const keys[] = { "release", "cmdline" };

	for (size_t s = 0; s < n; s++)
		if (side_check_args(&sides[s], err, len))
			return -EINVAL;
	for (size_t s = 0; s < n; s++)
		for (size_t k = 0; k < 2; k++) {
			const struct result *r0 = sides[s].files[0];
			const char *v0 = side_kernel(r0, keys[k]);

			for (size_t f = 1; v0 && f < sides[s].n_files; f++) {
				const struct result *r = sides[s].files[f];
				const char *v = side_kernel(r, keys[k]);

				if (!v || side_kernel_same(keys[k], v, v0))
					continue;
				side_mixed_msg(&sides[s], keys[k], v0, r0, v,
					       r, err, len);
				return -EINVAL;
			}
		}
	return 0;
}

size_t side_pooled(const struct side *s, char *buf, size_t len)
{
	static const char *const keys[] = { "release", "cmdline" };
	size_t k = 0, what = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < 2; i++) {
		size_t distinct = 0;

		for (size_t f = 0; f < s->n_files; f++) {
			const char *v = side_kernel(s->files[f], keys[i]);
			bool seen = !v;

			for (size_t g = 0; g < f && !seen; g++) {
				const char *w = side_kernel(s->files[g],
							    keys[i]);

				seen = w && side_kernel_same(keys[i], v, w);
			}
			if (seen)
				continue;
			/* releases by name, command lines by count */
			if (i == 0 && k < len)
				k += (size_t)snprintf(buf + k, len - k, "%s%s",
						      distinct ? ", " :
						      what ? "; kernel.release " :
							     "kernel.release ",
						      v);
			distinct++;
		}
		if (i == 0 && distinct < 2)
			k = 0, buf[0] = '\0';
		if (i == 1 && distinct > 1 && k < len)
			k += (size_t)snprintf(buf + k, len - k,
					      "%s%zu kernel command lines",
					      k ? "; " : "", distinct);
		what += distinct > 1;
	}
	for (size_t f = 1; f < s->n_files; f++)
		for (size_t i = 0; i < s->files[0]->n_bench; i++) {
			const struct benchmark *c = side_args_differ(
				&s->files[0]->bench[i], s->files[f]);

			if (!c || strstr(buf, c->name))
				continue;
			if (k < len)
				k += (size_t)snprintf(buf + k, len - k,
						      "%sthe arguments of %s",
						      k ? "; " : "", c->name);
			what++;
		}
	return what;
}

/* A key of env.kernel that says which boot a file is of, or NULL when
 * the file does not record it (older files, "unknown"). */
static const char *side_boot_key(const struct result *r, const char *key)
{
	const char *v = side_kernel(r, key);

	return v && *v && strcmp(v, "unknown") ? v : NULL;
}

/* The file records neither a boot id nor a boot time. */
static bool side_boot_unknown(const struct result *r)
{
	return !side_boot_key(r, "boot_id") && !side_boot_key(r, "boot_time");
}

/* Files a and b were measured in one boot: the same kernel.boot_id, or,
 * where either lacks one, the same kernel.boot_time. Both record neither:
 * one unknown boot, unless assume (each its own boot). */
static bool side_same_boot(const struct result *a, const struct result *b,
			   bool assume)
{
	const char *ia = side_boot_key(a, "boot_id");
	const char *ib = side_boot_key(b, "boot_id");
	const char *ta, *tb;

	if (ia && ib)
		return !strcmp(ia, ib);
	if (side_boot_unknown(a) && side_boot_unknown(b))
		return !assume;
	ta = side_boot_key(a, "boot_time");
	tb = side_boot_key(b, "boot_time");
	return ta && tb && !strcmp(ta, tb);
}

size_t side_unknown_boot(const struct side *s)
{
	size_t n = 0;

	for (size_t f = 0; f < s->n_files; f++)
		n += side_boot_unknown(s->files[f]);
	return n;
}

size_t side_boots(const struct side *s, size_t *boot_of, bool assume)
{
	size_t n = 0;

	for (size_t f = 0; f < s->n_files; f++) {
		size_t g = 0;

		while (g < f && !side_same_boot(s->files[g], s->files[f],
						assume))
			g++;
		if (boot_of)
			boot_of[f] = g < f ? boot_of[g] : n;
		n += g == f;
	}
	return n;
}

/* Side t is one unlabelled file of s's release and command line, from
 * another boot than s's (or s itself): a boot of the same kernel. */
static bool side_pool_like(const struct side *t, const struct side *s)
{
	const struct result *a = t->files[0], *b = s->files[0];
	const char *r = side_kernel(a, "release"), *c = side_kernel(a, "cmdline");
	const char *rel = side_kernel(b, "release"), *cl = side_kernel(b, "cmdline");
	const char *ba = side_kernel(a, "boot_id"), *bb = side_kernel(b, "boot_id");

	if (t->n_files != 1 || t->label_given || !r || !rel || strcmp(r, rel))
		return false;
	if (c && cl && strcmp(c, cl))
		return false;
	return t == s || (ba && bb && strcmp(ba, bb));
}

bool side_hint_pool(const struct side *sides, size_t n, char *buf,
		    size_t len)
{
	for (size_t s = 0; s < n; s++) {
		const char *rel = side_kernel(sides[s].files[0], "release");
		size_t k, same = 0;

		for (size_t t = 0; t < n; t++)
			same += side_pool_like(&sides[t], &sides[s]);
		if (same < 3)
			continue;
		k = (size_t)snprintf(buf, len, "%zu one-file sides share kernel.release '%s' from as many boots; if they are boots of one kernel, give them as one side: LABEL=",
				     same, rel);
		for (size_t t = 0, i = 0; t < n && k < len; t++)
			if (side_pool_like(&sides[t], &sides[s]))
				k += (size_t)snprintf(buf + k, len - k, "%s%s",
						      i++ ? "," : "",
						      side_file(sides[t].files[0]));
		return true;
	}
	return false;
}
