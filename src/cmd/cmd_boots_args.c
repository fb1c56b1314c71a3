// SPDX-License-Identifier: MIT
/*
 * cmd_boots_args: the operands of abstat boots: a verb (cmd_boots.c's
 * boots_verbs, chosen by cli_verb), the plan's
 * directory, and for init the two sides (LABEL=KERNEL) and the abstat
 * run words after -- (cli_parse counted them: getopt leaves them last).
 */
#include <string.h>

#include "boots_plan.h"
#include "commands.h"
#include "cli_priv.h"

static int cmd_boots_init(struct config *cfg, int argc, char **argv)
{
	int ops = argc - (int)cfg->n_last_words;

	if (ops != 4)
		return cli_usage("boots init: needs DIR and two sides; usage: abstat boots init DIR A=KERNEL B=KERNEL [OPTIONS] -- RUN-ARGS");
	if (!cfg->n_last_words)
		return cli_usage("boots init: no run arguments; give what abstat run measures after --, e.g. -- -r 5 -w getppid");
	for (int i = 0; i < 2; i++) {
		const char *eq = strchr(argv[2 + i], '=');

		if (!eq || !eq[1] ||
		    !boots_plan_label_ok(argv[2 + i], (size_t)(eq - argv[2 + i])))
			return cli_usage("boots init: '%s' is not LABEL=KERNEL (a label of letters, digits and . _ + -, then a kernel image, grub entry or name)",
					 argv[2 + i]);
		cfg->boots.side[i] = argv[2 + i];
	}
	if (!strncmp(argv[2], argv[3], strcspn(argv[2], "=") + 1))
		return cli_usage("boots init: both sides are labelled '%.*s'; give each its own label",
				 (int)strcspn(argv[2], "="), argv[2]);
	if (cfg->boots.method == BOOTS_CMD && !cfg->boots.next)
		return cli_usage("boots init: --method cmd needs --next 'COMMAND' (it boots $ABSTAT_BOOTS_KERNEL)");
	if (cfg->boots.method != BOOTS_CMD && cfg->boots.next)
		return cli_usage("boots init: --next is for --method cmd");
	cfg->boots.run = argv + ops;
	return 0;
}

int cmd_boots_args(struct config *cfg, int argc, char **argv)
{
	const char *verb = cfg->verb->name; /* argv[0] (cli_verb) */

	cfg->boots.verb = verb;
	if (argc < 2 || !argv[1][0])
		return cli_usage("boots %s: needs the plan's directory; usage: abstat boots %s %s",
				 verb, verb, cfg->verb->operands);
	cfg->boots.dir = argv[1];
	if (cfg->verb->id == BOOTS_VERB_INIT)
		return cmd_boots_init(cfg, argc, argv);
	if (argc > 2 || cfg->n_last_words)
		return cli_usage("boots %s: unexpected argument '%s'; usage: abstat boots %s %s",
				 verb, argc > 2 ? argv[2] : "--", verb,
				 cfg->verb->operands);
	return 0;
}
