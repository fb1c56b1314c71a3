// SPDX-License-Identifier: MIT
/*
 * cmd_recover: `abstat recover JOURNAL -o FILE [--force]`. Turns the
 * journal a crashed or killed run left behind (journal.c) into a result
 * marked "partial", written like any result (result_write).
 */
#include <errno.h>
#include <stdio.h>

#include "commands.h"
#include "hold.h"
#include "journal.h"
#include "msg.h"

int cmd_recover(const struct config *cfg)
{
	const char *path = cfg->files[0];
	struct result *r;
	size_t runs = 0;
	unsigned torn;
	char err[1024];
	int rc;

	/* A live session's journal is not cut off: it will publish itself */
	rc = hold_check_free(path, err, sizeof(err));
	if (rc == -EBUSY) {
		msg_error("%s", err);
		return EXIT_USAGE;
	}
	rc = journal_load(path, &r, &torn, err, sizeof(err));
	if (rc) {
		msg_error("%s", err);
		return cmd_status(rc, EXIT_USAGE);
	}
	if (torn)
		msg_warn("%s: line %u was cut off by the crash; the runs before it are kept",
			 path, torn);
	for (size_t i = 0; i < r->n_bench; i++)
		runs += r->bench[i].n_runs;
	rc = result_write(r, cfg->output, cfg->force, err, sizeof(err));
	result_free(r);
	if (rc) {
		msg_error("%s", err);
		/* An existing file without --force is a command-line error,
		 * as for run and plot (cmd_status). */
		return cmd_status(rc, EXIT_IO);
	}
	msg_info("recovered %zu runs into %s (status partial); %s can now be removed",
		 runs, cfg->output, path);
	return EXIT_OK;
}
