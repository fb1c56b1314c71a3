// SPDX-License-Identifier: MIT
/*
 * side: the operands of compare and plot read into sides (side.h). Each
 * argument is one side: FILE, FILE,FILE (several boots of one
 * configuration) or LABEL=FILE[,FILE...]. An argument naming an existing
 * file is always a single file, so names holding '=' or ',' still work.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "side.h"

static int side_nomem(char *err, size_t len)
{
	snprintf(err, len, "out of memory");
	return -ENOMEM;
}

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
		return side_nomem(err, len);
	side->files = files;
	rc = result_read(path, &files[side->n_files], err, len);
	if (rc)
		return rc;
	side->n_files++;
	return 0;
}

static int side_read_spec(const char *spec, struct side *side, char *err,
			  size_t len)
{
	const char *eq = strchr(spec, '='), *list = spec;
	char *copy, *tok, *save = NULL;
	int rc = 0;

	memset(side, 0, sizeof(*side));
	if (!access(spec, F_OK))
		return side_read_file(side, spec, err, len);
	if (eq && !memchr(spec, '/', (size_t)(eq - spec))) {
		if (eq == spec) {
			snprintf(err, len, "empty label in '%s'; expected LABEL=FILE[,FILE...]",
				 spec);
			return -EINVAL;
		}
		side->label = strndup(spec, (size_t)(eq - spec));
		list = eq + 1;
	}
	copy = strdup(list);
	if (!copy)
		return side_nomem(err, len);
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		rc = side_read_file(side, tok, err, len);
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
		return side_nomem(err, len);
	for (; n < n_specs && !rc; n++)
		rc = side_read_spec(specs[n], &sides[n], err, len);
	if (!rc && side_labels(sides, n))
		rc = side_nomem(err, len);
	*out = sides;
	*n_out = n;
	return rc;
}
