// SPDX-License-Identifier: MIT
/*
 * cmd_common: what several command files share (commands.h): options of
 * the model built from the command line, reading sides, building the
 * compare model with its one error line and warnings, the regression
 * warnings, and the check of a single result's --format.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "msg.h"
#include "report.h"

void cmd_compare_opts(const struct config *cfg, struct compare_opts *o)
{
	bool measures = cfg->cmd == CMD_RUN || cfg->cmd == CMD_VERSUS;

	*o = (struct compare_opts){
		.alpha = cfg->alpha,
		.center = cfg->center,
		.seed = cfg->seed_set ? cfg->seed : COMPARE_DEFAULT_SEED,
		.resamples = cfg->resamples,
		.detail = cfg->detail,
		.metrics = cfg->metrics,
		/* in run and versus -e is what to count: every row stays */
		.events = measures ? NULL : cfg->events,
		.force_compare = cfg->force_compare,
		.allow_env_diff = cfg->allow_env_diff,
		.commands_differ = cfg->cmd == CMD_VERSUS,
	};
}

/* Results that did not finish (partial, interrupted) are compared all the
 * same, on the runs they hold. */
static void cmd_warn_partial(const struct side *sides, size_t n)
{
	for (size_t s = 0; s < n; s++)
		for (size_t f = 0; f < sides[s].n_files; f++) {
			const struct result *r = sides[s].files[f];

			if (r->status && strcmp(r->status, "complete"))
				msg_warn("%s is a %s result; only its finished runs are compared",
					 r->path ? r->path : "?", r->status);
		}
}

int cmd_read_sides(const struct config *cfg, const char *who,
		   struct side **sides, size_t *n)
{
	char err[512];
	int rc = side_read(cfg->files, cfg->n_files, sides, n, err,
			   sizeof(err));

	cmd_warn_partial(*sides, *n);
	if (rc) {
		msg_error("%s: %s", who, err);
		return EXIT_USAGE;
	}
	return 0;
}

int cmd_compare_build(const char *who, const struct compare_opts *o,
		      const struct side *sides, size_t n,
		      struct compare_model **m)
{
	char err[1024];
	int rc = compare_build(o, sides, n, m, err, sizeof(err));

	if (rc) {
		msg_error("%s: %s", rc == -ENOMEM ? who : "compare", err);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < (*m)->n_warnings; i++)
		msg_warn("%s", (*m)->warnings[i]);
	if ((*m)->forced)
		msg_warn("%s", (*m)->forced_note);
	return 0;
}

bool cmd_compare_regressions(const struct compare_model *m, double pct)
{
	bool any = false;

	for (size_t r = 0; r < m->n_rows; r++)
		for (size_t s = 1; s < m->n_sides; s++) {
			const struct compare_delta *d = &m->rows[r].delta[s];

			if (!compare_regressed(d, pct))
				continue;
			msg_warn("regression beyond %g%%: %s %s on %s %+.1f%%",
				 pct, m->rows[r].bench, m->rows[r].metric,
				 m->labels[s], d->delta * 100);
			any = true;
		}
	return any;
}

int cmd_report_format(const struct config *cfg)
{
	if (report_format_ok(cfg->format))
		return EXIT_OK;
	return msg_usage("--format %s is for compare and versus; a single result prints as text, json or csv",
			 format_name(cfg->format));
}
