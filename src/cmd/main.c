// SPDX-License-Identifier: MIT
/* abstat: parse, validate, dispatch. */
#include <stdio.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "msg.h"
#include "trace.h"

int main(int argc, char **argv)
{
	struct config cfg;
	bool done;
	int rc;

	/* Set-user-ID or set-group-ID (or file capabilities): abstat runs
	 * workloads as any --user, reads any file and opens any counter,
	 * so whoever may run it would hold root. Refuse before anything
	 * else reads the caller's environment or arguments. _exit: nothing
	 * to flush (stderr is unbuffered), and no exit handler of the
	 * caller's choosing (a sanitizer's) runs with our privileges. */
	if (getauxval(AT_SECURE)) {
		msg_error("abstat is installed set-user-ID or set-group-ID (or with file capabilities) and refuses to run so: that would hand its privileges to every user; remove the bits (chmod u-s,g-s) and run it as root instead");
		_exit(EXIT_SETUID);
	}
	trace_start();
	rc = cli_parse(argc, argv, cmd_table, &cfg, &done);
	trace_mark("command line parsed");
	if (rc < 0)
		rc = cmd_status(rc, EXIT_USAGE);
	else if (!done) {
		term_colour_set(cfg.colour);
		rc = cfg.cmd->run(&cfg);
	}
	cli_free(&cfg);
	return cmd_close_stdout(rc);
}
