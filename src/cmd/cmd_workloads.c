// SPDX-License-Identifier: MIT
/*
 * cmd_workloads: `abstat workloads`, the registry (workloads.c) as a
 * table: name, what one operation is, where it comes from, its suites;
 * then the suites and how to run them. Warns when binaries are missing.
 */
#include <limits.h>
#include <stdio.h>

#include "cmd_entry.h"
#include "commands.h"
#include "msg.h"
#include "workloads.h"

static int cmd_workloads(const struct config *cfg)
{
	char path[PATH_MAX];
	size_t missing = 0;

	(void)cfg;
	printf("%-13s %-30s %-21s %s\n", "NAME", "OPERATION", "ORIGIN",
	       "SUITES");
	for (size_t i = 0; i < workloads_count(); i++) {
		const struct workload_info *w = workloads_get(i);

		printf("%-13s %-30s %-21s %s\n", w->name, w->op, w->origin,
		       w->suites);
		missing += workloads_path(w->name, path, sizeof(path)) < 0;
	}
	printf("\nsuites: ");
	for (const char *const *s = workloads_suites; *s; s++)
		printf("%s%s", *s, s[1] ? ", " : " (every workload but the ARCH-only)\n");
	printf("run one: abstat run -w NAME[:ARGS]; a suite: abstat run -s SUITE\n");
	printf("details: man abstat-workloads\n");
	if (missing)
		msg_warn("%zu workloads are not built or installed; run 'make' or set ABSTAT_WORKLOAD_DIR",
			 missing);
	return EXIT_OK;
}

static const struct cli_use workloads_opts[] = { END };

const struct cmd_entry cmd_entry_workloads = {
	.name = "workloads",
	.summary = "the built-in workloads and suites",
	.run = cmd_workloads,
	.in_order = true,
	.usage = "abstat workloads",
	.opts = workloads_opts,
	.man_section = 7, /* the workloads' page, abstat-workloads(7) */
};
