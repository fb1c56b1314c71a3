// SPDX-License-Identifier: MIT
/*
 * compare_cmd: `abstat compare BASE OTHER...`. Each argument is one side:
 * FILE, FILE,FILE (several boots of one configuration) or
 * LABEL=FILE[,FILE...]. An argument naming an existing file is always a
 * single file, so names holding '=' or ',' still work.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "compare.h"
#include "msg.h"

void compare_cmd_free_sides(struct side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++) {
		for (size_t f = 0; f < sides[s].n_files; f++)
			result_free(sides[s].files[f]);
		free(sides[s].files);
		free(sides[s].label);
	}
	free(sides);
}

static int compare_cmd_read(const char *who, struct side *side,
			    const char *path)
{
	struct result **files = realloc(side->files, (side->n_files + 1) *
							     sizeof(*files));
	char err[512];
	int rc;

	if (!files)
		return -ENOMEM;
	side->files = files;
	rc = result_read(path, &files[side->n_files], err, sizeof(err));
	if (rc) {
		msg_error("%s: %s", who, err);
		return EXIT_USAGE;
	}
	if (files[side->n_files]->status &&
	    strcmp(files[side->n_files]->status, "complete"))
		msg_warn("%s is a %s result; only its finished runs are compared",
			 path, files[side->n_files]->status);
	side->n_files++;
	return 0;
}

static int compare_cmd_side(const char *who, const char *spec,
			    struct side *side)
{
	const char *eq = strchr(spec, '='), *list = spec;
	char *copy, *tok, *save = NULL;
	int rc = 0;

	memset(side, 0, sizeof(*side));
	if (!access(spec, F_OK))
		return compare_cmd_read(who, side, spec);
	if (eq && !memchr(spec, '/', (size_t)(eq - spec))) {
		if (eq == spec)
			return msg_usage("%s: empty label in '%s'; expected LABEL=FILE[,FILE...]",
					 who, spec);
		side->label = strndup(spec, (size_t)(eq - spec));
		list = eq + 1;
	}
	copy = strdup(list);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		rc = compare_cmd_read(who, side, tok);
	free(copy);
	if (!rc && !side->n_files)
		rc = msg_usage("%s: no file in '%s'; expected FILE, FILE,FILE or LABEL=FILE[,FILE...]",
			       who, spec);
	return rc;
}

/* Two sides of one machine usually share the label (the kernel release):
 * then name unlabelled sides after their first file instead. */
static int compare_cmd_labels(struct side *sides, size_t n)
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

int compare_cmd_sides(const struct config *cfg, struct side **out,
		      size_t *n_out)
{
	const char *who = cfg->cmd == CMD_PLOT ? "plot" : "compare";
	struct side *sides = calloc(cfg->n_files, sizeof(*sides));
	size_t n = 0;
	int rc = 0;

	if (!sides)
		return -ENOMEM;
	for (; n < cfg->n_files && !rc; n++)
		rc = compare_cmd_side(who, cfg->files[n], &sides[n]);
	if (!rc)
		rc = compare_cmd_labels(sides, n);
	*out = sides;
	*n_out = n;
	return rc;
}

int cmd_compare(const struct config *cfg)
{
	struct side *sides = NULL;
	size_t n = 0;
	int rc = compare_cmd_sides(cfg, &sides, &n);

	if (rc < 0) {
		msg_error("compare: out of memory");
		rc = EXIT_USAGE;
	}
	if (!rc)
		rc = compare_sides(cfg, sides, n, stdout);
	compare_cmd_free_sides(sides, n);
	return rc;
}
