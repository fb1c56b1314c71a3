// SPDX-License-Identifier: MIT
/*
 * cli_suite: the suite file format (cli_suite.h). A line is split into
 * words with the quoting of versus's commands (cli_split_words), each
 * word is KEY=VALUE; a score's definition is checked as --score checks it, a
 * parser's name as --parser does. A score name means one regex in the
 * whole file, so the result's definitions stay one list.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "err.h"
#include "score.h"
#include "cli_suite.h"

static const char *const suite_hook_keys[SUITE_N_HOOKS] = {
	"setup", "cleanup", "prepare", "conclude",
};

static void suite_entry_free(struct suite_entry *e)
{
	free(e->name);
	free(e->workload);
	cli_free_words(e->argv);
	for (size_t i = 0; i < e->n_scores; i++)
		score_def_clear(&e->scores[i]);
	free(e->scores);
	for (int h = 0; h < SUITE_N_HOOKS; h++)
		free(e->hooks[h]);
	memset(e, 0, sizeof(*e));
}

void cli_suite_free(struct suite *s)
{
	for (size_t i = 0; i < s->n; i++)
		suite_entry_free(&s->e[i]);
	free(s->e);
	memset(s, 0, sizeof(*s));
}

/* A score or parser word; 0 or -EINVAL with the reason in why. */
static int suite_score(struct suite_entry *e, const char *key,
		       const char *val, char *why, size_t len)
{
	struct score_def d;
	int rc;

	if (!strcmp(key, "parser")) {
		rc = score_parser_defs(val, &e->scores, &e->n_scores);
		if (rc == -ENOENT)
			snprintf(why, len, "parser '%s' is not sysbench, bonnie, fio, unixbench or lmbench",
				 val);
		return rc == -ENOENT ? -EINVAL : rc;
	}
	rc = score_parse_spec(val, &d, why, len);
	if (rc)
		return rc;
	rc = score_defs_add(&e->scores, &e->n_scores, &d);
	score_def_clear(&d);
	return rc;
}

/* One KEY=VALUE word of e. 0 or -EINVAL with the reason in why. */
static int suite_word(struct suite_entry *e, const char *word, char *why,
		      size_t len)
{
	const char *eq = strchr(word, '=');
	char key[16];

	if (!eq || eq == word || eq - word >= (long)sizeof(key)) {
		snprintf(why, len, "'%s' is not KEY=VALUE", word);
		return -EINVAL;
	}
	snprintf(key, sizeof(key), "%.*s", (int)(eq - word), word);
	if (!eq[1]) {
		snprintf(why, len, "%s= is empty", key);
		return -EINVAL;
	}
	if (!strcmp(key, "score") || !strcmp(key, "parser"))
		return suite_score(e, key, eq + 1, why, len);
	if (!strcmp(key, "workload")) {
		if (e->workload || e->argv) {
			snprintf(why, len, "give one cmd= or workload=");
			return -EINVAL;
		}
		return (e->workload = strdup(eq + 1)) ? 0 : -ENOMEM;
	}
	if (!strcmp(key, "name") || !strcmp(key, "cmd")) {
		if (!strcmp(key, "cmd") && e->workload) {
			snprintf(why, len, "give one cmd= or workload=");
			return -EINVAL;
		}
		if (!strcmp(key, "name") ? e->name != NULL : e->argv != NULL) {
			snprintf(why, len, "%s= is given twice", key);
			return -EINVAL;
		}
		if (!strcmp(key, "name"))
			return (e->name = strdup(eq + 1)) ? 0 : -ENOMEM;
		if (cli_split_words(eq + 1, &e->argv) < 0 || !e->argv[0]) {
			snprintf(why, len, "cmd='%s' is not a command (empty, or an unbalanced quote)",
				 eq + 1);
			return -EINVAL;
		}
		return 0;
	}
	for (int h = 0; h < SUITE_N_HOOKS; h++) {
		if (strcmp(key, suite_hook_keys[h]))
			continue;
		if (e->hooks[h]) {
			snprintf(why, len, "%s= is given twice", key);
			return -EINVAL;
		}
		return (e->hooks[h] = strdup(eq + 1)) ? 0 : -ENOMEM;
	}
	snprintf(why, len, "unknown key '%s' (expected name, cmd, workload, score, parser, setup, cleanup, prepare or conclude)",
		 key);
	return -EINVAL;
}

/* The checks across lines: unique names, one regex per score name. */
static int suite_check(const struct suite *s, const struct suite_entry *e,
		       char *why, size_t len)
{
	if (!e->name || (!e->argv && !e->workload)) {
		snprintf(why, len, "needs name= and cmd= (or workload=)");
		return -EINVAL;
	}
	for (size_t i = 0; i < s->n; i++) {
		if (!strcmp(s->e[i].name, e->name)) {
			snprintf(why, len, "name '%s' is already on line %d",
				 e->name, s->e[i].line);
			return -EINVAL;
		}
		for (size_t a = 0; a < s->e[i].n_scores; a++)
			for (size_t b = 0; b < e->n_scores; b++)
				if (!strcmp(s->e[i].scores[a].name,
					    e->scores[b].name) &&
				    strcmp(s->e[i].scores[a].regex,
					   e->scores[b].regex)) {
					snprintf(why, len, "score '%s' has another regex on line %d; give it another name",
						 e->scores[b].name, s->e[i].line);
					return -EINVAL;
				}
	}
	return 0;
}

static int suite_line(struct suite *s, const char *line, int no, char *why,
		      size_t len)
{
	struct suite_entry e = { .line = no };
	struct suite_entry *grown;
	char **words;
	int rc = cli_split_words(line, &words);

	if (rc == -EINVAL)
		snprintf(why, len, "unbalanced quote");
	if (rc)
		return rc;
	for (char **w = words; !rc && *w; w++)
		rc = suite_word(&e, *w, why, len);
	cli_free_words(words);
	rc = rc ? rc : suite_check(s, &e, why, len);
	grown = rc ? NULL : realloc(s->e, (s->n + 1) * sizeof(*grown));
	if (!rc && !grown)
		rc = err_nomem(why, len);
	if (rc) {
		suite_entry_free(&e);
		return rc;
	}
	s->e = grown;
	grown[s->n++] = e;
	return 0;
}

int cli_suite_parse(const char *text, const char *file, struct suite *out,
		char *err, size_t len)
{
	const char *p = text;
	int no = 0, rc = 0;
	char why[512];

	memset(out, 0, sizeof(*out));
	while (*p && !rc) {
		size_t n = strcspn(p, "\n");
		char *line = strndup(p, n);
		const char *c;

		no++;
		p += n + (p[n] == '\n');
		if (!line) {
			rc = -ENOMEM;
			break;
		}
		c = line + strspn(line, " \t\r");
		if (*c && *c != '#')
			rc = suite_line(out, line, no, why, sizeof(why));
		free(line);
		if (rc == -EINVAL)
			snprintf(err, len, "%s:%d: %s", file, no, why);
	}
	if (!rc && !out->n) {
		snprintf(err, len, "%s: no benchmark in it (one a line: name=NAME cmd='COMMAND')",
			 file);
		rc = -EINVAL;
	}
	if (rc == -ENOMEM)
		snprintf(err, len, "%s: out of memory", file);
	if (rc)
		cli_suite_free(out);
	return rc;
}
