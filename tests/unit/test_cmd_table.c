// SPDX-License-Identifier: MIT
/*
 * The command table (src/cmd/cmd_table.c) and the entries each command
 * file defines (cli.h's struct cmd_entry): every entry whole (name,
 * summary, function, usage, an option list that ends with --help), no
 * name twice, every line of abstat --help within 80 columns, operand
 * counts that say their error, and each kind of command where its flags
 * say: the flags are all the parser and the engine ask (cases name their
 * line).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "cli_priv.h"
#include "commands.h"

/* A command's verbs (boots): each takes only options of the command,
 * and each option of the command is some verb's. */
static void check_verbs(const struct cmd_entry *c)
{
	for (const struct cmd_verb *v = c->verbs; v->name; v++)
		for (const enum cli_opt_id *o = v->opts; *o != OPT_HELP; o++) {
			const struct cli_use *u = c->opts;

			while (u->id != *o && u->id != OPT_HELP)
				u++;
			if (u->id != *o)
				fail_msg("%s %s: --%s is not an option of %s",
					 c->name, v->name, cli_opts[*o].name,
					 c->name);
		}
	for (const struct cli_use *u = c->opts; u->id != OPT_HELP; u++) {
		const struct cmd_verb *v = c->verbs;

		while (v->name && !cli_verb_takes(v, u->id))
			v++;
		if (!v->name)
			fail_msg("%s: --%s is no verb's", c->name,
				 cli_opts[u->id].name);
	}
}

#define N(x) (sizeof(x) / sizeof((x)[0]))
/* cli.c's CLI_MAX_OPTS: getopt's table holds a command's options,
 * --help and its end */
#define MAX_OPTS (OPT_COUNT + 1)

static void test_entries(void **state)
{
	size_t n = 0, w = 0;

	(void)state;
	for (const struct cmd_entry *const *e = cmd_table; *e; e++, n++)
		if (strlen((*e)->name) > w)
			w = strlen((*e)->name);
	if (n < 14)
		fail_msg("%zu commands in the table", n);
	for (const struct cmd_entry *const *e = cmd_table; *e; e++) {
		const struct cmd_entry *c = *e;
		size_t k = 0;

		if (!c->name[0] || !c->summary || !c->run ||
		    !c->usage == !c->verbs || !c->opts)
			fail_msg("%s: an entry lacks a field (a usage or verbs)",
				 c->name);
		if (c->verbs)
			check_verbs(c);
		/* abstat --help's line: "  NAME  SUMMARY" */
		if (2 + w + 2 + strlen(c->summary) > 80)
			fail_msg("%s: its --help line is over 80 columns",
				 c->name);
		if (c->usage && strncmp(c->usage, "abstat ", 7))
			fail_msg("%s: usage '%s'", c->name, c->usage);
		while (c->opts[k].id != OPT_HELP && k < MAX_OPTS)
			k++;
		if (k + 2 > MAX_OPTS)
			fail_msg("%s: options without END, or more than getopt's table holds",
				 c->name);
		if ((c->min_operands || c->max_operands) &&
		    (c->min_operands > c->max_operands || !c->operands_error))
			fail_msg("%s: operand counts without their error",
				 c->name);
		for (const struct cmd_entry *const *o = cmd_table; o != e; o++)
			if (!strcmp((*o)->name, c->name))
				fail_msg("%s: twice in the table", c->name);
	}
}

static const struct {
	const char *name;
	unsigned flags;
	int line;
} kinds[] = {
	{ "run", CMD_MEASURES | CMD_SESSION | CMD_SCANS, __LINE__ },
	{ "versus", CMD_MEASURES | CMD_SESSION | CMD_INTERLEAVED, __LINE__ },
	{ "profile", CMD_MEASURES | CMD_SESSION | CMD_SAMPLES, __LINE__ },
	/* bisect's sessions interleave the sides, as versus' do */
	{ "bisect", CMD_MEASURES | CMD_INTERLEAVED, __LINE__ },
	{ "compare", 0, __LINE__ },
	{ "show", 0, __LINE__ },
	{ "boots", 0, __LINE__ },
};

static void test_kinds(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(kinds); i++) {
		const struct cmd_entry *const *e = cmd_table;

		while (*e && strcmp((*e)->name, kinds[i].name))
			e++;
		if (!*e)
			fail_msg("line %d: no %s", kinds[i].line, kinds[i].name);
		if ((*e)->flags != kinds[i].flags)
			fail_msg("line %d: %s has flags %#x, want %#x",
				 kinds[i].line, kinds[i].name, (*e)->flags,
				 kinds[i].flags);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_entries),
		cmocka_unit_test(test_kinds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
