// SPDX-License-Identifier: MIT
/*
 * cmd_show: `abstat show [OPTIONS] FILE`. One saved result as the table
 * run prints (report.c), after a few lines of its environment; or its
 * summaries as json or csv. --score and --parser read scores again from
 * the runs' kept output (score.c) before the table is made.
 */
#include <errno.h>
#include <stdio.h>

#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"
#include "report.h"
#include "score.h"

static int cmd_show(const struct config *cfg)
{
	struct report_opts opts = {
		.format = cfg->format,
		.metrics = cfg->model.metrics,
		.events = cfg->measure.events,
		.time_unit = cfg->time_unit,
		.all_rows = cfg->model.all_rows,
	};
	struct result *r;
	char err[512];
	int rc = result_read(cfg->files[0], &r, err, sizeof(err));

	if (rc) {
		if (rc != -ENOENT ||
		    !cmd_journal_hint("show", cfg->files[0]))
			msg_error("show: %s", err);
		return cmd_status(rc, EXIT_USAGE);
	}
	if (opts.time_unit == TIME_UNIT_AUTO)
		opts.time_unit = cmd_source_time_unit(r);
	if (cfg->measure.n_scores) {
		rc = score_result(r, cfg->measure.scores,
				  cfg->measure.n_scores, err, sizeof(err));
		if (rc == -ENODATA)
			msg_error("show: %s kept no output to read scores from; run with --score, --parser or --keep-output",
				  cfg->files[0]);
		else if (rc == -E2BIG)
			msg_error("show: %s", err);
		else if (rc)
			msg_error("show: %s", err);
		if (rc) {
			result_free(r);
			return rc == -ENOMEM ? EXIT_IO : EXIT_USAGE;
		}
	}
	if (cmd_report_format(cfg)) {
		result_free(r);
		return EXIT_USAGE;
	}
	rc = report_check_names(&opts, r, err, sizeof(err));
	if (rc) {
		msg_error("show: %s", rc == -ENOMEM ? "out of memory" : err);
		result_free(r);
		return cmd_status(rc, EXIT_USAGE);
	}
	if (cfg->format == FMT_TEXT)
		report_env(r, stdout);
	if (cfg->format == FMT_BENCHSTAT)
		fmt_benchstat_result(r, cfg->model.metrics,
				     cfg->measure.events, stdout);
	else
		report_result(&opts, r, stdout);
	result_free(r);
	return EXIT_OK;
}

static const struct cli_use show_opts[] = {
	USE_VALUES(OPT_FORMAT, &cmd_formats_single), USE(OPT_DETAIL),
	USE(OPT_ALL_ROWS),
	USE_HELP(OPT_METRIC, "only these metrics"),
	USE_HELP(OPT_EVENTS, "only these events"), USE(OPT_TIME_UNIT),
	USE(OPT_COLOR), USE_HELP(OPT_SCORE, "re-read a score from the kept output"),
	USE(OPT_PARSER), END,
};

const struct cmd_entry cmd_entry_show = {
	.name = "show",
	.summary = "one saved result as a table",
	.run = cmd_show,
	.usage = "abstat show [OPTIONS] FILE",
	.opts = show_opts,
	.min_operands = 1, .max_operands = 1,
	.operands_error = "needs exactly one result file; usage: abstat show FILE",
};
