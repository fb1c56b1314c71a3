// SPDX-License-Identifier: MIT
/*
 * cmd_run: `abstat run`, measure one command or built-in workloads (the
 * session driver, session.c), print the table (report.c), save the result
 * through a journal (journal.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "journal.h"
#include "msg.h"
#include "report.h"
#include "session.h"
#include "trace.h"

int cmd_run(const struct config *cfg)
{
	struct session s;
	struct result *r = NULL;
	struct journal *j = NULL;
	struct plan_item *plan;
	size_t n_plan = 0, per = cfg->warmup + cfg->repeat;
	char err[512];
	int rc, save_rc;

	rc = cmd_report_format(cfg);
	if (rc)
		return rc;
	if (cfg->output) {
		rc = session_check_output(cfg, cfg->output);
		if (rc)
			return rc;
	}
	plan = calloc(cfg->n_targets * per, sizeof(*plan));
	if (!plan)
		return EXIT_IO;
	for (size_t b = 0; b < cfg->n_targets; b++)
		for (size_t k = 0; k < per; k++)
			plan[n_plan++] = (struct plan_item){
				.result = 0, .bench = b, .warmup = k < cfg->warmup
			};
	rc = session_open(&s, cfg);
	if (rc)
		goto out;
	r = session_result(&s, NULL, cfg->targets, cfg->n_targets);
	if (!r) {
		rc = EXIT_IO;
		goto out;
	}
	if (cfg->output) {
		rc = journal_open(cfg->output, r, cfg->force, &j, err,
				  sizeof(err));
		if (rc) {
			msg_error("%s", err);
			/* taken (a live or earlier session, not a file):
			 * the command line must change */
			rc = rc == -EBUSY || rc == -EEXIST ? EXIT_USAGE :
							    EXIT_IO;
			goto out;
		}
		trace_mark("journal opened");
	}
	rc = session_measure(&s, &r, &j, plan, n_plan);
	/* Stopped (a failed hook or run, said on stderr) before any run
	 * was measured: no table of empty rows. */
	if (rc && !cmd_measured(r))
		;
	else if (cfg->format == FMT_BENCHSTAT)
		fmt_benchstat_result(r, cfg->metrics, NULL, stdout);
	else
		report_result(&(const struct report_opts){
				      .format = cfg->format,
				      .metrics = cfg->metrics,
				      .time_unit = cfg->time_unit },
			      r, stdout);
	fflush(stdout);
	if (cfg->output) {
		save_rc = session_save(&s, r, j, cfg->output);
		j = NULL;
		if (save_rc && !rc)
			rc = save_rc;
	}
out:
	if (j)
		journal_abandon(j);
	result_free(r);
	session_close(&s);
	free(plan);
	return rc;
}
