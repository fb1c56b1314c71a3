// SPDX-License-Identifier: MIT
/*
 * cmd_import: `abstat import SOURCE FILE... -o RESULT`. Another tool's
 * files (import.h, one reader per source) as one abstat result, written
 * as run writes its results (result_write), so compare, show and plot
 * read them. A bad input file is a usage error (exit 2), named with its
 * line where the source has lines.
 */
#include <errno.h>
#include <stdio.h>

#include "commands.h"
#include "import.h"
#include "msg.h"

int cmd_import(const struct config *cfg)
{
	int s = import_find(cfg->files[0]);
	struct result *r;
	char err[1024];
	size_t i;
	json_t *w;
	int rc = 0;

	if (s < 0)
		return msg_usage("import: unknown source '%s'; expected %s",
				 cfg->files[0],
				 import_sources_join(", ", " or ", err,
						     sizeof(err)));
	rc = result_check_output(cfg->output, cfg->force, err, sizeof(err));
	if (rc) {
		msg_error("import: %s", err);
		return cmd_status(rc, EXIT_IO);
	}
	r = import_new(s, cfg->label);
	if (!r)
		return EXIT_IO;
	for (size_t f = 1; f < cfg->n_files && !rc; f++)
		rc = import_file(s, r, cfg->files[f], err, sizeof(err));
	if (!rc)
		rc = import_check(r, err, sizeof(err));
	if (!rc && cfg->bench)
		rc = import_rename(r, cfg->bench, err, sizeof(err));
	if (rc) {
		msg_error("import: %s", err);
		result_free(r);
		return cmd_status(rc, EXIT_USAGE);
	}
	json_array_foreach(r->warnings, i, w)
		msg_warn("import: %s", json_string_value(w));
	rc = result_write(r, cfg->output, cfg->force, err, sizeof(err));
	result_free(r);
	if (rc == -EFBIG) /* the writer's advice is run's (-r, -e) */
		snprintf(err, sizeof(err),
			 "%s: not written: the result would be above the %u MiB abstat reads back; split the input and import each part into its own result",
			 cfg->output, RESULT_MAX_BYTES >> 20);
	if (rc) {
		msg_error("import: %s", err);
		return cmd_status(rc, EXIT_IO);
	}
	msg_info("saved %s", cfg->output);
	return EXIT_OK;
}
