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

#include "cmd_entry.h"
#include "commands.h"
#include "import.h"
#include "msg.h"

static int cmd_import(const struct config *cfg)
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
	r = import_new(s, cfg->measure.label);
	if (!r)
		return EXIT_IO;
	for (size_t f = 1; f < cfg->n_files && !rc; f++)
		rc = import_file(s, r, cfg->files[f], err, sizeof(err));
	if (!rc)
		rc = import_check(r, err, sizeof(err));
	if (!rc && cfg->import.bench)
		rc = import_rename(r, cfg->import.bench, err, sizeof(err));
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

static const struct cli_use import_opts[] = {
	{ OPT_OUTPUT, "RESULT", "the result to write", NULL },
	USE_HELP(OPT_NAME, "label of the result (default: the source)"),
	USE(OPT_BENCH),
	USE_HELP(OPT_FORCE, "overwrite an existing file"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

/* SOURCE FILE... (the sources: import.h's table) and -o RESULT. */
static int cmd_import_operands(struct config *cfg, int argc, char **argv)
{
	char buf[64];

	if (argc < 2)
		return cli_usage("import: needs a source and at least one file; usage: abstat import %s FILE... -o RESULT",
				 import_sources_join("|", "|", buf, sizeof(buf)));
	if (!cfg->output)
		return cli_usage("import: -o RESULT is required");
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

const struct cmd_entry cmd_entry_import = {
	.name = "import",
	.summary = "hyperfine, pyperf, go test -bench, perf stat files as a result",
	.run = cmd_import,
	.usage = "abstat import SOURCE FILE... -o RESULT",
	.intro = IMPORT_HELP,
	.opts = import_opts,
	.operands = cmd_import_operands,
	.first_words = import_sources,
};
