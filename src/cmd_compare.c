// SPDX-License-Identifier: MIT
/*
 * cmd_compare: `abstat compare [OPTIONS] BASE OTHER...`. Reads the sides
 * (side.c), builds the delta model (compare.c), prints its warnings once
 * and the table in --format (format.c); --fail-on-regression sets the
 * exit status. versus prints its table through cmd_compare_sides() too.
 */
#include <stdio.h>

#include "commands.h"
#include "msg.h"

int cmd_compare_sides(const struct config *cfg, const struct side *sides,
		      size_t n, FILE *out)
{
	struct compare_opts o;
	struct compare_model *m;
	int rc = 0;

	if (n < 2) {
		msg_error("compare: needs a baseline and at least one other side");
		return EXIT_USAGE;
	}
	cmd_compare_opts(cfg, &o);
	rc = cmd_compare_build("compare", &o, sides, n, &m);
	if (rc)
		return rc;
	if (cfg->cmd == CMD_COMPARE && cfg->where)
		rc = cmd_compare_where(cfg, sides, n, m, out);
	else
		format_print(cfg->format, m, out);
	if (rc) {
		compare_model_free(m);
		return rc;
	}
	rc = cmd_compare_regressions(m, cfg->fail_on_regression_pct,
				     cfg->within_session) ?
		     EXIT_REGRESSION : EXIT_OK;
	compare_model_free(m);
	return rc;
}

int cmd_compare(const struct config *cfg)
{
	struct side *sides = NULL;
	size_t n = 0;
	int rc = cmd_read_sides(cfg, "compare", &sides, &n);

	if (!rc)
		rc = cmd_compare_sides(cfg, sides, n, stdout);
	side_free(sides, n);
	return rc;
}
