// SPDX-License-Identifier: MIT
/* abstat: parse, validate, dispatch. */
#include "cli.h"
#include "commands.h"
#include "msg.h"

static int (*const dispatch[])(const struct config *) = {
	[CMD_RUN] = cmd_run,         [CMD_VERSUS] = cmd_versus,
	[CMD_COMPARE] = cmd_compare, [CMD_SHOW] = cmd_show,
	[CMD_PLOT] = cmd_plot,       [CMD_LIST] = cmd_list,
	[CMD_DOCTOR] = cmd_doctor,   [CMD_WORKLOADS] = cmd_workloads,
	[CMD_RECOVER] = cmd_recover,
};

int main(int argc, char **argv)
{
	struct config cfg;
	bool done;
	int rc = cli_parse(argc, argv, &cfg, &done);

	if (rc < 0)
		rc = cmd_status(rc, EXIT_USAGE);
	else if (!done)
		rc = dispatch[cfg.cmd](&cfg);
	cli_free(&cfg);
	return rc;
}
