// SPDX-License-Identifier: MIT
/*
 * cmd_recover: `abstat recover JOURNAL -o FILE [--force]`. Turns the
 * journal a crashed or killed run left behind (journal.c) into a result
 * marked "partial", written like any result (result_write). Where an
 * interrupted --resume left JOURNAL.resumed (the old journal) with runs
 * JOURNAL lacks, those are recovered (journal_load_any).
 */
#include <errno.h>
#include <stdio.h>

#include "cmd_entry.h"
#include "commands.h"
#include "hold.h"
#include "journal.h"
#include "msg.h"

static int cmd_recover(const struct config *cfg)
{
	const char *path = cfg->files[0];
	struct result *r;
	size_t runs = 0;
	enum journal_from from;
	unsigned torn;
	char err[1024], also[4200] = "";
	int rc;

	/* A live session's journal is not cut off: it will publish itself */
	rc = hold_check_free(path, err, sizeof(err));
	if (rc == -EBUSY) {
		msg_error("%s", err);
		return EXIT_USAGE;
	}
	rc = journal_load_any(path, &r, &torn, &from, err, sizeof(err));
	if (rc) {
		msg_error("%s", err);
		return cmd_status(rc, EXIT_USAGE);
	}
	if (from == JOURNAL_RESUMED_USED)
		msg_warn("%s lacks runs of %s.resumed, the journal an interrupted --resume kept: recovered from %s.resumed",
			 path, path, path);
	if (torn)
		msg_warn("%s%s: line %u was cut off by the crash; the runs before it are kept",
			 path, from == JOURNAL_RESUMED_USED ? ".resumed" : "",
			 torn);
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
	if (from != JOURNAL_PLAIN)
		snprintf(also, sizeof(also), " and %s.resumed", path);
	msg_info("recovered %zu runs into %s (status partial); %s%s can now be removed",
		 runs, cfg->output, path, also);
	return EXIT_OK;
}

static const struct cli_use recover_opts[] = {
	USE_HELP(OPT_OUTPUT, "the result to write"),
	USE_HELP(OPT_FORCE, "overwrite an existing file"), END,
};

const struct cmd_entry cmd_entry_recover = {
	.name = "recover",
	.summary = "turn a journal left by a crash into a result",
	.run = cmd_recover,
	.usage = "abstat recover JOURNAL -o FILE [--force]",
	.opts = recover_opts,
	.min_operands = 1, .max_operands = 1,
	.operands_error = "needs exactly one journal; usage: abstat recover JOURNAL -o FILE",
	.output_error = "-o FILE is required",
};
