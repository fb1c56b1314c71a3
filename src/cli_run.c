// SPDX-License-Identifier: MIT
/*
 * cli_run: the run options that read the workload's output (--score,
 * --parser, --keep-output) and the hooks around it (--setup, --cleanup,
 * --prepare, --conclude), parsed into the config; their checks against
 * the rest of the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli_priv.h"
#include "score.h"

/* The metric names of every result: a score may not take one. */
static const char *const cli_run_reserved[] = {
	"wall", "user", "sys", "maxrss", "ns/op", "ops/s", NULL,
};

static int cli_run_score(struct config *cfg, const char *arg)
{
	struct score_def d;
	char err[512];
	int rc = score_parse_spec(arg, &d, err, sizeof(err));

	if (rc == -ENOMEM)
		return rc;
	if (rc)
		return cli_usage("%s", err);
	for (const char *const *r = cli_run_reserved; *r; r++)
		if (!strcmp(d.name, *r)) {
			score_def_clear(&d);
			return cli_usage("--score: '%s' is a metric abstat measures itself; choose another name",
					 *r);
		}
	rc = score_defs_add(&cfg->scores, &cfg->n_scores, &d);
	score_def_clear(&d);
	return rc;
}

static int cli_run_parser(struct config *cfg, const char *arg)
{
	int rc = score_parser_defs(arg, &cfg->scores, &cfg->n_scores);

	if (rc == -ENOENT)
		return cli_usage("--parser: '%s' is not sysbench, bonnie, fio, unixbench or lmbench; or give --score NAME=REGEX",
				 arg);
	return rc;
}

static int cli_run_hook(const char **slot, const char *name, const char *arg)
{
	if (!arg[strspn(arg, " \t")])
		return cli_usage("--%s: empty command; expected --%s 'CMD'", name,
				 name);
	*slot = arg;
	return 0;
}

int cli_run_option(struct config *cfg, enum cli_opt_id c, const char *arg)
{
	switch (c) {
	case OPT_SCORE:
		return cli_run_score(cfg, arg);
	case OPT_PARSER:
		return cli_run_parser(cfg, arg);
	case OPT_KEEP_OUTPUT:
		cfg->keep_output = true;
		return 0;
	case OPT_SETUP:
		return cli_run_hook(&cfg->setup, "setup", arg);
	case OPT_CLEANUP:
		return cli_run_hook(&cfg->cleanup, "cleanup", arg);
	case OPT_PREPARE:
		return cli_run_hook(&cfg->prepare, "prepare", arg);
	case OPT_CONCLUDE:
		return cli_run_hook(&cfg->conclude, "conclude", arg);
	default:
		return -EINVAL;
	}
}

int cli_run_validate(const struct config *cfg)
{
	if (cfg->cmd != CMD_RUN)
		return 0;
	if (cfg->show_output && (cfg->n_scores || cfg->keep_output))
		return cli_usage("--show-output lets the output through to the terminal, so abstat cannot read it; drop --show-output or --score/--parser/--keep-output");
	return 0;
}
