// SPDX-License-Identifier: MIT
/*
 * cli_help: 'abstat --help' (the list of commands) and 'abstat COMMAND
 * --help', made from the commands' entries (each in its cmd_NAME.c,
 * listed in src/cmd/cmd_table.c) and the option table (cli_opts.c):
 * usage line (a line per verb: cli_verb.c), intro, one line per option
 * in the command's order; and 'abstat --complete [COMMAND [WORD]]', the
 * same tables for the bash completion (man/abstat.bash-completion).
 */
#include <stdio.h>
#include <string.h>

#include "cli_priv.h"

/* 'abstat --help': the commands' lines come from their entries'
 * summaries, in the table's order, between these. */
static const char main_help_head[] =
	"usage: abstat COMMAND [OPTIONS] [ARGS]\n"
	"Measure a workload with hardware and software counters, pinned,\n"
	"many times; compare results with deltas, CIs and significance.\n"
	"\n"
	"commands:\n";
static const char main_help_tail[] =
	"\n"
	"'abstat COMMAND --help' lists a command's options; see abstat(1).\n"
	"  -h, --help      this help\n"
	"  -V, --version   print the version\n";

/* Help text starts in this column; longer option words get two spaces. */
#define CLI_HELP_COL 24
#define CLI_HELP_WIDTH 80 /* every line of --help fits */

static void cli_help_text(const char *text)
{
	for (const char *p = text; *p; p++) {
		putchar(*p);
		if (*p == '\n')
			printf("%*s", CLI_HELP_COL, "");
	}
}

static void cli_help_line(const struct cli_use *u)
{
	const struct cli_opt *o = &cli_opts[u->id];
	const struct cli_values *v = u->values ? u->values : o->values;
	const char *arg = u->arg ? u->arg : o->arg;
	const char *help = u->help ? u->help : o->help;
	char list[256];
	int n;

	if (o->short_name)
		n = printf("  -%c, --%s", o->short_name, o->name);
	else
		n = printf("      --%s", o->name);
	if (arg)
		n += printf(" %s", arg);
	printf("%*s", n < CLI_HELP_COL ? CLI_HELP_COL - n : 2, "");
	if (!help) {
		/* "a, b, c"; two are "a or b" */
		cli_values_join(v, ", ", v->names[0] && v->names[1] &&
					   !v->names[2] ? " or " : ", ",
				v->first_default, list, sizeof(list));
		help = list;
	}
	cli_help_text(help);
	if (o->show_default) {
		/* the column the help's last line ends at */
		const char *last = strrchr(help, '\n');
		size_t col = CLI_HELP_COL + strlen(last ? last + 1 : help);

		if (col + strlen(" (default )") + strlen(o->def) > CLI_HELP_WIDTH)
			printf("\n%*s(default %s)", CLI_HELP_COL, "", o->def);
		else
			printf(" (default %s)", o->def);
	}
	putchar('\n');
}

/* "usage: " and the usage, wrapped at spaces within CLI_HELP_WIDTH, the
 * continuation lines under its first word. */
static void cli_print_usage(const char *usage)
{
	static const char head[] = "usage: ";
	size_t col = strlen(head);

	fputs(head, stdout);
	for (const char *p = usage; *p;) {
		size_t w = strcspn(p, " ");

		if (col > strlen(head) && col + 1 + w > CLI_HELP_WIDTH) {
			printf("\n%*s", (int)strlen(head) + 7, "");
			col = strlen(head) + 7;
		} else if (col > strlen(head)) {
			putchar(' ');
			col++;
		}
		printf("%.*s", (int)w, p);
		col += w;
		p += w;
		p += strspn(p, " ");
	}
	putchar('\n');
}

void cli_print_help(const struct cmd_entry *e)
{
	if (e->verbs)
		cli_print_verb_usage(e);
	else
		cli_print_usage(e->usage);
	if (e->intro)
		fputs(e->intro, stdout);
	for (const struct cli_use *u = e->opts;; u++) {
		cli_help_line(u);
		if (u->id == OPT_HELP)
			break;
	}
	if (e->verbs)
		cli_print_verbs(e);
	/* Each command has its page (the workloads command shares the
	 * workloads' page, section 7). */
	printf("See abstat-%s(%d).\n", e->name,
	       e->man_section ? e->man_section : 1);
}

void cli_print_main_help(const struct cmd_entry *const *cmds)
{
	int w = 0;

	for (const struct cmd_entry *const *e = cmds; *e; e++)
		if ((int)strlen((*e)->name) > w)
			w = (int)strlen((*e)->name);
	fputs(main_help_head, stdout);
	for (const struct cmd_entry *const *e = cmds; *e; e++)
		printf("  %-*s  %s\n", w, (*e)->name, (*e)->summary);
	fputs(main_help_tail, stdout);
}

/*
 * A value that the completion fills from abstat itself names its source
 * (the table's complete) in the ARG column of 'abstat --complete' instead
 * of --help's word: EVENTS ('abstat list'), METRICS and METRIC (the
 * metrics of the result files on the command line, else the events),
 * CPUS (the online CPUs), WORKLOADS ('abstat workloads'). Lists (EVENTS,
 * METRICS, CPUS, WORKLOADS) complete their last comma-separated item.
 */
static void cli_complete_line(const struct cli_opt *o, const char *arg,
			      const struct cli_values *v)
{
	if (arg && o->complete)
		arg = o->complete;
	printf("--%s ", o->name);
	if (o->short_name)
		printf("-%c", o->short_name);
	else
		putchar('-');
	printf(" %s", arg ? arg : "-");
	for (size_t i = 0; v && v->names[i]; i++)
		printf(" %s", v->names[i]);
	putchar('\n');
}

void cli_print_complete(const struct cmd_entry *const *cmds,
			const struct cmd_entry *e,
			const struct cmd_verb *verb)
{
	if (!e) {
		for (const struct cmd_entry *const *c = cmds; *c; c++)
			printf("%s\n", (*c)->name);
		cli_complete_line(&cli_opts[OPT_HELP], NULL, NULL);
		cli_complete_line(&cli_opts[OPT_VERSION], NULL, NULL);
		return;
	}
	for (const struct cli_use *u = e->opts;; u++) {
		const struct cli_opt *o = &cli_opts[u->id];

		if (!verb || cli_verb_takes(verb, u->id))
			cli_complete_line(o, u->arg ? u->arg : o->arg,
					  u->values ? u->values : o->values);
		if (u->id == OPT_HELP)
			break;
	}
	if (e->verbs || e->first_words) {
		fputs("first", stdout);
		for (const struct cmd_verb *v = e->verbs; v && v->name; v++)
			printf(" %s", v->name);
		for (size_t i = 0; e->first_words && e->first_words[i]; i++)
			printf(" %s", e->first_words[i]);
		putchar('\n');
	}
}
