// SPDX-License-Identifier: MIT
/*
 * cli: argv -> const struct config. Two tables say everything: every
 * option once, with what it sets (cli_opts[], cli_opts.c), and every
 * command with its function and the options it takes in --help order
 * (the cmd_entry table main passes, src/cmd/cmd_table.c); getopt's tables, the defaults, --help and
 * 'abstat --complete' for the bash completion (cli_help.c) are made from
 * them, and cli_option() here does what an option's kind says. Every
 * number parsed strictly (whole string, range: cli_value.c); every error
 * one line and -EINVAL. The checks that need the whole command line, and
 * the targets built from it, are in cli_targets.c.
 */
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli_priv.h"
#include "msg.h"
#include "suggest.h"

/* The field of cfg at off, size bytes (bool, an enum or unsigned, a
 * uint64_t), set to v. */
static void cli_store(struct config *cfg, size_t off, size_t size,
		      uint64_t v)
{
	char *p = (char *)cfg + off;

	if (size == sizeof(bool)) {
		bool b = v != 0;

		memcpy(p, &b, size);
	} else if (size == sizeof(unsigned int)) {
		unsigned int u = (unsigned int)v;

		memcpy(p, &u, size);
	} else {
		memcpy(p, &v, sizeof(v));
	}
}

/* What option c says with its value arg (NULL for a flag). */
static int cli_option(struct config *cfg, enum cli_opt_id c, const char *arg)
{
	const struct cli_opt *o = &cli_opts[c];
	char opt[40];
	uint64_t u;
	int i;

	if (o->short_name)
		snprintf(opt, sizeof(opt), "-%c", o->short_name);
	else
		snprintf(opt, sizeof(opt), "--%s", o->name);
	switch (o->kind) {
	case CLI_FLAG:
		cli_store(cfg, o->off, o->size, true);
		return 0;
	case CLI_STR:
		if (o->empty && !*arg)
			return cli_usage("%s", o->empty);
		memcpy((char *)cfg + o->off, &arg, sizeof(arg));
		return 0;
	case CLI_NUM:
		if (cli_number(opt, arg, o->min, o->max, &u))
			return -EINVAL;
		cli_store(cfg, o->off, o->size, u);
		if (o->also)
			cli_store(cfg, o->also, sizeof(bool), true);
		return 0;
	case CLI_REAL:
		return cli_real(opt, arg, o->lo, o->hi,
				(double *)((char *)cfg + o->off));
	case CLI_CHOICE:
		i = cli_choice(o, arg);
		if (i < 0)
			return -EINVAL;
		cli_store(cfg, o->off, o->size, (uint64_t)(o->base + i));
		return 0;
	case CLI_FN:
		return o->set(cfg, o, arg);
	case CLI_SCAN: /* cli_run_scan, from cli_parse */
	case CLI_NONE:
		break;
	}
	return -EINVAL;
}

/* Every default of the table, parsed as if given. */
static int cli_defaults(struct config *cfg, const char *argv0)
{
	int rc = 0;

	memset(cfg, 0, sizeof(*cfg));
	cfg->argv0 = argv0;
	cfg->model.fail_on_regression_pct = -1; /* off */
	cfg->flame.import = cfg->flame.format = -1;
	for (int i = 0; i < OPT_COUNT && !rc; i++)
		if (cli_opts[i].def)
			rc = cli_option(cfg, (enum cli_opt_id)i,
					cli_opts[i].def);
	return rc;
}

/* getopt's values: the short form where there is one, else CLI_VAL + id. */
#define CLI_VAL 256
/* each option once in a command's list, then the end */
#define CLI_MAX_OPTS (OPT_COUNT + 1)

static void cli_getopt_tables(const struct cmd_entry *e, struct option *lo,
			      char *so, size_t so_len)
{
	size_t n = 0, k = 0;

	if (e->in_order)
		so[k++] = '+';
	for (const struct cli_use *u = e->opts; n + 1 < CLI_MAX_OPTS; u++) {
		const struct cli_opt *o = &cli_opts[u->id];

		lo[n++] = (struct option){ o->name,
					   o->arg ? required_argument :
						    no_argument,
					   NULL,
					   o->short_name ? o->short_name :
							   CLI_VAL + (int)u->id };
		if (o->short_name && k + 3 < so_len) {
			so[k++] = o->short_name;
			if (o->arg)
				so[k++] = ':';
		}
		if (u->id == OPT_HELP)
			break;
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	so[k] = '\0';
}

/* The option a getopt value stands for in e. */
static enum cli_opt_id cli_opt_of(const struct cmd_entry *e, int c)
{
	if (c >= CLI_VAL)
		return (enum cli_opt_id)(c - CLI_VAL);
	for (const struct cli_use *u = e->opts;; u++) {
		if (cli_opts[u->id].short_name == c)
			return u->id;
		if (u->id == OPT_HELP)
			break;
	}
	return OPT_COUNT;
}

/* s is option id's short or long form. */
static bool cli_is(const char *s, enum cli_opt_id id)
{
	const struct cli_opt *o = &cli_opts[id];

	if (s[0] != '-')
		return false;
	if (s[1] == '-')
		return !strcmp(s + 2, o->name);
	return o->short_name && s[1] == o->short_name && !s[2];
}

/* The command named name, or NULL after one error line. */
static const struct cmd_entry *
cli_command(const struct cmd_entry *const *cmds, const char *name)
{
	char list[256];
	size_t k = 0;
	struct suggest sg;

	suggest_init(&sg, name);
	for (const struct cmd_entry *const *e = cmds; *e; e++) {
		if (!strcmp(name, (*e)->name))
			return *e;
		suggest_offer(&sg, (*e)->name);
	}
	if (suggest_best(&sg)) {
		cli_usage("unknown command '%s' (did you mean '%s'?); commands: see 'abstat --help'",
			  name, suggest_best(&sg));
		return NULL;
	}
	list[0] = '\0';
	for (const struct cmd_entry *const *e = cmds; *e; e++)
		if (k < sizeof(list))
			k += snprintf(list + k, sizeof(list) - k, "%s%s",
				      k ? ", " : "", (*e)->name);
	cli_usage("unknown command '%s'; commands: %s", name, list);
	return NULL;
}

/* A long option of e nearest to the mistyped arg ("--name[=value]"), or
 * NULL: not a long option, an exact one (its value is missing), or no
 * option near it. */
static const char *cli_option_typo(const struct cmd_entry *e,
				   const char *arg)
{
	char word[SUGGEST_MAX + 1];
	struct suggest sg;

	if (strncmp(arg, "--", 2) || strcspn(arg + 2, "=") > SUGGEST_MAX)
		return NULL;
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(arg + 2, "="),
		 arg + 2);
	suggest_init(&sg, word);
	for (const struct cli_use *u = e->opts;; u++) {
		if (!strcmp(cli_opts[u->id].name, word))
			return NULL;
		suggest_offer(&sg, cli_opts[u->id].name);
		if (u->id == OPT_HELP)
			break;
	}
	if (!suggest_best(&sg))
		return NULL;
	/* the table's own name: suggest_best's copy lives in sg */
	for (const struct cli_use *u = e->opts;; u++) {
		if (!strcmp(cli_opts[u->id].name, suggest_best(&sg)))
			return cli_opts[u->id].name;
		if (u->id == OPT_HELP)
			return NULL;
	}
}

/* The options perf stat and hyperfine users type from habit, in the
 * commands that measure in a session (run, versus, profile): what abstat does instead, one line (doc/import.md,
 * "Habits"). arg: the word getopt refused, short: the option character
 * when a short option was (its word may be "-x," or "-r2x"). NULL for
 * any other. */
static const char *cli_option_habit(const struct cmd_entry *e,
				    const char *arg, int short_opt)
{
	static const struct {
		const char *opt, *say;
	} habits[] = {
		{ "--runs",
		  "--runs is hyperfine's; abstat's is -r N (--repeat N)" },
		{ "--export-json",
		  "--export-json is hyperfine's; abstat's JSON result is -o FILE (abstat show --format json FILE prints it)" },
		{ "--export-csv",
		  "--export-csv is hyperfine's; write the result with -o FILE, then abstat show --format csv FILE" },
		{ "--export-markdown",
		  "--export-markdown is hyperfine's; write the results with -o FILE, then abstat compare --format markdown A B" },
		{ "-x",
		  "-x SEP is perf stat's CSV output; write the result with -o FILE, then abstat show --format csv FILE" },
		{ "-I",
		  "-I MSECS is perf stat's interval counting; abstat counts each run whole: run perf stat -I MSECS for counts over time" },
	};
	size_t n = strcspn(arg, "=");

	if (!(e->flags & CMD_SESSION))
		return NULL;
	for (size_t i = 0; i < sizeof(habits) / sizeof(*habits); i++) {
		const char *o = habits[i].opt;

		if (short_opt ? !o[2] && o[1] == short_opt :
				!strncmp(arg, o, strlen(o)) && n == strlen(o))
			return habits[i].say;
	}
	return NULL;
}

/* abstat --complete [COMMAND [WORD]]: the words bash may offer */
static int cli_complete(int argc, char **argv,
			const struct cmd_entry *const *cmds, bool *done)
{
	const struct cmd_entry *e = NULL;

	if (argc > 4)
		return cli_usage("--complete: usage: abstat --complete [COMMAND [WORD]]");
	if (argc >= 3 && !(e = cli_command(cmds, argv[2])))
		return -EINVAL;
	if (argc == 4 && !e->verbs && !e->first_words)
		return cli_usage("--complete: %s takes no WORD (its first operand is not one of some words)",
				 e->name);
	/* WORD: the first operand on the line, a verb or not */
	cli_print_complete(cmds, e,
			   argc == 4 ? cli_verb_find(e, argv[3]) : NULL);
	*done = true;
	return 0;
}

int cli_parse(int argc, char **argv, const struct cmd_entry *const *cmds,
	      struct config *cfg, bool *done)
{
	struct option lo[CLI_MAX_OPTS];
	const struct cmd_entry *e = NULL;
	const char *near;
	char so[2 * CLI_MAX_OPTS + 2];
	bool seen[OPT_COUNT] = { false };
	enum cli_opt_id id;
	int c, rc;

	*done = false;
	rc = cli_defaults(cfg, argv[0]);
	if (rc)
		return rc;
	if (argc < 2)
		return cli_usage("no command given; usage: abstat COMMAND [OPTIONS] (try 'abstat --help')");
	if (cli_is(argv[1], OPT_HELP) || !strcmp(argv[1], "help")) {
		cli_print_main_help(cmds);
		*done = true;
		return 0;
	}
	if (cli_is(argv[1], OPT_VERSION)) {
		printf("abstat %s\n", ABSTAT_VERSION);
		*done = true;
		return 0;
	}
	if (!strcmp(argv[1], "--complete"))
		return cli_complete(argc, argv, cmds, done);
	e = cli_command(cmds, argv[1]);
	if (!e)
		return -EINVAL;
	cfg->cmd = e;
	cfg->measure.interleaved = e->flags & CMD_INTERLEAVED;
	cfg->measure.samples = e->flags & CMD_SAMPLES;
	cfg->measure.scans = e->flags & CMD_SCANS;
	cfg->words = malloc((size_t)(argc - 1) * sizeof(*cfg->words));
	if (!cfg->words)
		return -ENOMEM;
	cfg->n_words = (size_t)(argc - 2);
	memcpy(cfg->words, argv + 2, (size_t)(argc - 1) * sizeof(*argv));
	cli_getopt_tables(e, lo, so, sizeof(so));
	argc--;
	argv++;
	/* the words after the first --, which getopt leaves last, in
	 * order, after the operands it permutes (boots init's run
	 * arguments) */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			cfg->n_last_words = (size_t)(argc - i - 1);
			break;
		}
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		if (c == '?' || c == ':') {
			near = cli_option_habit(e, argv[optind - 1],
					optopt < CLI_VAL ? optopt : 0);
			if (near)
				return cli_usage("%s: %s", e->name, near);
			if (optopt && optopt < CLI_VAL)
				return cli_usage("%s: unknown option or missing value for '-%c'; see 'abstat %s --help'",
						 e->name, optopt, e->name);
			near = cli_option_typo(e, argv[optind - 1]);
			if (near)
				return cli_usage("%s: unknown option '%s' (did you mean '--%s'?); see 'abstat %s --help'",
						 e->name, argv[optind - 1],
						 near, e->name);
			return cli_usage("%s: unknown option or missing value for '%s'; see 'abstat %s --help'",
					 e->name, argv[optind - 1], e->name);
		}
		id = cli_opt_of(e, c);
		seen[id] = true;
		if (id == OPT_HELP) {
			cli_print_help(e);
			*done = true;
			return 0;
		}
		if (cli_opts[id].kind == CLI_SCAN)
			rc = cli_run_scan(cfg, id, optarg, argc, argv, &optind);
		else
			rc = cli_option(cfg, id, optarg);
		if (rc)
			return rc;
	}
	msg_set_quiet(cfg->quiet);
	return cli_verb(cfg, e, seen, argc - optind, argv + optind) ?:
	       cli_validate(cfg, e, argc - optind, argv + optind);
}
