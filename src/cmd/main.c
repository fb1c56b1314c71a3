// SPDX-License-Identifier: MIT
/* abstat: parse, validate, dispatch. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "msg.h"

/*
 * Every command's results go to stdout through stdio: a full disk or
 * /dev/full shows only in the buffered write at the end, so the stream's
 * error flag and fclose are checked here, once, for every command. A
 * table that did not reach its reader is an output that could not be
 * written (EXIT_IO); a status already worse than "printed" stays.
 */
static int main_close_stdout(int rc)
{
	int bad = ferror(stdout), e = 0;

	errno = 0;
	if (fflush(stdout))
		bad = 1, e = errno;
	if (fclose(stdout) && !e)
		bad = 1, e = errno;
	/* a command that failed has said why (list says so itself) */
	if (!bad || (rc != EXIT_OK && rc != EXIT_REGRESSION))
		return rc;
	msg_error("cannot write to standard output: %s",
		  e ? strerror(e) : "write error");
	return EXIT_IO;
}

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
	rc = cli_parse(argc, argv, &cfg, &done);
	if (rc < 0)
		rc = cmd_status(rc, EXIT_USAGE);
	else if (!done) {
		term_colour_set(cfg.colour);
		rc = cfg.run(&cfg);
	}
	cli_free(&cfg);
	return main_close_stdout(rc);
}
