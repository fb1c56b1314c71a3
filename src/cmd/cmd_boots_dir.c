// SPDX-License-Identifier: MIT
/*
 * cmd_boots_dir: the first steps of every boots verb that reads a plan
 * (cmd_boots.c's, and install's in cmd_boots_install.c): DIR opened
 * once and trusted (boots_plan_open), then its plan loaded, each failure
 * said in one line with the exit status it means.
 */
#include <errno.h>

#include "boots.h"
#include "commands.h"
#include "msg.h"

/* DIR opened once, root's alone (boots_plan_open): c->dfd; or refused. */
int cmd_boots_open(struct boots_ctx *c)
{
	char err[4400];

	c->dfd = boots_plan_open(c->dir, err, sizeof(err));
	if (c->dfd >= 0)
		return 0;
	msg_error("%s: %s", c->cmd, err);
	return c->dfd == -ENOENT || c->dfd == -EPERM || c->dfd == -ELOOP ||
			       c->dfd == -ENOTDIR ?
		       EXIT_USAGE :
		       EXIT_IO;
}

int cmd_boots_load(const struct boots_ctx *c, struct boots_plan *p)
{
	char err[1024];
	int rc = boots_plan_load(c->dfd, c->dir, p, err, sizeof(err));

	if (!rc)
		return 0;
	msg_error("%s: %s", c->cmd, err);
	return rc == -ENOMEM ? EXIT_IO : EXIT_USAGE;
}
