// SPDX-License-Identifier: MIT
/*
 * cli_verb: the verbs of a command (boots init, step ...; struct
 * cmd_verb, cli_priv.h), each with the options it takes: its first
 * operand chosen among them, the options given checked against it (an
 * option of another verb refused with one line naming the verbs that
 * take it), and the usage and verbs of its --help.
 */
#include <stdio.h>
#include <string.h>

#include "cli_priv.h"
#include "suggest.h"

bool cli_verb_takes(const struct cmd_verb *v, enum cli_opt_id id)
{
	for (const enum cli_opt_id *o = v->opts;; o++) {
		if (*o == id)
			return true;
		if (*o == OPT_HELP)
			return false;
	}
}

const struct cmd_verb *cli_verb_find(const struct cmd_entry *e,
				     const char *name)
{
	for (const struct cmd_verb *v = e->verbs; v && v->name; v++)
		if (!strcmp(v->name, name))
			return v;
	return NULL;
}

/* e's verbs that take id, joined: "init, report or install" */
static void cli_verb_owners(const struct cmd_entry *e, enum cli_opt_id id,
			    char *buf, size_t len)
{
	const char *names[16];
	size_t n = 0, k = 0;

	for (const struct cmd_verb *v = e->verbs; v->name && n < 16; v++)
		if (cli_verb_takes(v, id))
			names[n++] = v->name;
	buf[0] = '\0';
	for (size_t i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%s",
				      !i ? "" : i + 1 < n ? ", " : " or ",
				      names[i]);
}

static int cli_verb_unknown(const struct cmd_entry *e, const char *word)
{
	char msg[512], names[256];
	struct suggest near;
	size_t k = 0;

	suggest_init(&near, word ? word : "");
	names[0] = '\0';
	for (const struct cmd_verb *v = e->verbs; v->name; v++) {
		if (word)
			suggest_offer(&near, v->name);
		if (k < sizeof(names))
			k += (size_t)snprintf(names + k, sizeof(names) - k,
					      "%s%s", k ? ", " : "", v->name);
	}
	if (!word) /* no verb */
		return cli_usage("%s: no verb; one of %s (see 'abstat %s --help')",
				 e->name, names, e->name);
	snprintf(msg, sizeof(msg), "%s: unknown verb '%s'; one of %s",
		 e->name, word, names);
	suggest_insert(msg, sizeof(msg), word, suggest_best(&near));
	return cli_usage("%s", msg);
}

int cli_verb(struct config *cfg, const struct cmd_entry *e,
	     const bool *seen, int argc, char **argv)
{
	const struct cmd_verb *v;
	char owners[256];

	if (!e->verbs)
		return 0;
	v = argc > 0 ? cli_verb_find(e, argv[0]) : NULL;
	if (!v)
		return cli_verb_unknown(e, argc > 0 ? argv[0] : NULL);
	cfg->verb = v;
	for (int id = 0; id < OPT_COUNT; id++) {
		const struct cli_opt *o = &cli_opts[id];

		if (!seen[id] || cli_verb_takes(v, (enum cli_opt_id)id))
			continue;
		cli_verb_owners(e, (enum cli_opt_id)id, owners,
				sizeof(owners));
		if (o->short_name)
			return cli_usage("%s %s: -%c (--%s) is an option of %s %s; see 'abstat %s --help'",
					 e->name, v->name, o->short_name,
					 o->name, e->name, owners, e->name);
		return cli_usage("%s %s: --%s is an option of %s %s; see 'abstat %s --help'",
				 e->name, v->name, o->name, e->name, owners,
				 e->name);
	}
	return 0;
}

void cli_print_verb_usage(const struct cmd_entry *e)
{
	for (const struct cmd_verb *v = e->verbs; v->name; v++)
		printf("%s abstat %s %s%s%s\n", v == e->verbs ? "usage:" : "      ",
		       e->name, v->name, v->operands ? " " : "",
		       v->operands ? v->operands : "");
}

/* "    options: -k, --order, ..." wrapped at 80 columns under the first */
void cli_print_verbs(const struct cmd_entry *e)
{
	static const char head[] = "    options:";
	const size_t width = 80;

	printf("verbs and the options each takes (another's is refused):\n");
	for (const struct cmd_verb *v = e->verbs; v->name; v++) {
		size_t col = strlen(head);
		bool first = true;

		printf("  %s\n%s", v->name, head);
		for (const enum cli_opt_id *o = v->opts; *o != OPT_HELP; o++) {
			char word[64];
			const struct cli_opt *c = &cli_opts[*o];

			if (c->short_name)
				snprintf(word, sizeof(word), "-%c, --%s",
					 c->short_name, c->name);
			else
				snprintf(word, sizeof(word), "--%s", c->name);
			if (col + 2 + strlen(word) + 1 > width) {
				printf(",\n%*s", (int)strlen(head), "");
				col = strlen(head);
				first = true;
			}
			printf("%s %s", first ? "" : ",", word);
			col += strlen(word) + 1 + !first;
			first = false;
		}
		if (v->opts[0] == OPT_HELP)
			printf(" only -h");
		putchar('\n');
	}
}
