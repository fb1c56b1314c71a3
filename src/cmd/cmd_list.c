// SPDX-License-Identifier: MIT
/*
 * cmd_list: 'abstat list [PATTERN] [--encode] [--backend perf|papi]
 * [--user-only]'. The backend does the work (it alone may include libpfm4
 * or PAPI); this edge initialises it, prints the one diagnostic, and maps
 * the outcome to an exit status: 0 listed, 2 nothing matches PATTERN,
 * 3 the backend cannot start.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_entry.h"
#include "commands.h"
#include "counters.h"
#include "msg.h"

static int cmd_list(const struct config *cfg)
{
	const struct backend_ops *b = cfg->measure.backend == BACKEND_PAPI ?
					       &papi_backend : &perf_backend;
	/* its operand, if any (max_operands 1) */
	const char *pattern = cfg->n_files ? cfg->files[0] : NULL;
	char err[512] = "";
	int rc;

	if (!b->list || !b->init) {
		msg_error("list: the %s backend cannot list events in this build; try --backend perf",
			  b->name);
		return EXIT_COUNTERS;
	}
	if (b == &perf_backend && getenv("LIBPFM_FORCE_PMU"))
		msg_warn("LIBPFM_FORCE_PMU is set: libpfm4 pretends that PMU is present and hides the perf generic and software events; use it only to check encodings");
	rc = b->init(err, sizeof(err));
	if (!rc && b->list_setup)
		rc = b->list_setup(err, sizeof(err));
	/* -ENODEV: the library is up but cannot count here (PAPI with its
	 * perf_event component disabled); its list says why */
	if (rc && !(rc == -ENODEV && b == &papi_backend)) {
		msg_error("list: cannot start the %s backend: %s", b->name,
			  err[0] ? err : strerror(-rc));
		return EXIT_COUNTERS;
	}
	rc = b->list(pattern, cfg->list.encode, cfg->measure.user_only, stdout);
	if (b->fini)
		b->fini();
	if (fflush(stdout) != 0) {
		msg_error("list: cannot write the list: %s", strerror(errno));
		return EXIT_IO;
	}
	if (rc == -ENOENT) {
		msg_error("list: no event matches '%s'; run 'abstat list' without a pattern to see every event",
			  pattern ? pattern : "");
		return EXIT_USAGE;
	}
	if (rc) {
		msg_error("list: the %s backend failed: %s", b->name,
			  strerror(-rc));
		return cmd_status(rc, EXIT_COUNTERS);
	}
	return EXIT_OK;
}

static const struct cli_use list_opts[] = {
	USE(OPT_BACKEND), USE(OPT_ENCODE),
	USE_HELP(OPT_USER_ONLY, "encode for user space only"), END,
};

const struct cmd_entry cmd_entry_list = {
	.name = "list",
	.summary = "events this machine can count, and why not",
	.run = cmd_list,
	.usage = "abstat list [OPTIONS] [PATTERN]",
	.opts = list_opts,
	.min_operands = 0, .max_operands = 1,
	.operands_error = "takes at most one PATTERN",
};
