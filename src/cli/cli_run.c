// SPDX-License-Identifier: MIT
/*
 * cli_run: the run options that read the workload's output (--score,
 * --parser, --keep-output) and the hooks around it (--setup, --cleanup,
 * --prepare, --conclude), parsed into the config; their checks against
 * the rest of the command line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_priv.h"
#include "launcher.h"
#include "result.h"
#include "scan.h"
#include "score.h"
#include "workloads.h"

/* The metric names of every result: a score may not take one. */
static const char *const cli_run_reserved[] = {
	"wall", "user", "sys", "maxrss", "ns/op", "ops/s", NULL,
};

int cli_run_score(struct config *cfg, const struct cli_opt *o,
		  const char *arg)
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
	rc = score_defs_add(&cfg->measure.scores, &cfg->measure.n_scores, &d);
	score_def_clear(&d);
	return rc;
}

int cli_run_parser(struct config *cfg, const struct cli_opt *o,
		   const char *arg)
{
	int rc = score_parser_defs(arg, &cfg->measure.scores,
				   &cfg->measure.n_scores);

	if (rc == -ENOENT)
		return cli_usage("--parser: '%s' is not sysbench, bonnie, fio, unixbench, lmbench or stress-ng; or give --score NAME=REGEX",
				 arg);
	if (!rc && score_parser_ops(arg))
		cfg->measure.parser_ops = score_parser_ops(arg);
	return rc;
}

/* A hook's command (o's field: setup, cleanup, prepare, conclude). */
int cli_run_hook(struct config *cfg, const struct cli_opt *o,
		 const char *arg)
{
	cli_run_hook_field v = arg; /* the field's type (CLI_CALL_FIELD) */

	if (!arg[strspn(arg, " \t")])
		return cli_usage("--%s: empty command; expected --%s 'CMD'",
				 o->name, o->name);
	memcpy((char *)cfg + o->off, &v, sizeof(v));
	return 0;
}

/* --ops-from SCORE: one count, from a score the command line defines
 * (a suite file's lines may define it themselves). */
static int cli_run_ops_check(const struct measure_opts *m)
{
	if (!m->ops_from)
		return 0;
	if (m->has_ops)
		return cli_usage("--ops N and --ops-from %s: give one (a fixed count, or each run's from its output)",
				 m->ops_from);
	if (m->workloads || m->suite)
		return cli_usage("--ops-from is for external commands; built-in workloads report their own operations");
	if (m->suite_file)
		return 0;
	for (size_t i = 0; i < m->n_scores; i++)
		if (!strcmp(m->scores[i].name, m->ops_from))
			return 0;
	return cli_usage("--ops-from %s: no such score; define it with --score '%s=REGEX' or a --parser that prints it",
			 m->ops_from, m->ops_from);
}

int cli_run_validate(const struct config *cfg)
{
	const struct measure_opts *m = &cfg->measure;

	if ((cfg->cmd->flags & CMD_INTERLEAVED) && m->n_params)
		return cli_usage("versus: --copies takes one number (a list is a scan: use abstat run)");
	if (!(cfg->cmd->flags & CMD_MEASURES))
		return 0;
	if (m->show_output && (m->n_scores || m->keep_output))
		return cli_usage("--show-output lets the output through to the terminal, so abstat cannot read it; drop --show-output or --score/--parser/--keep-output");
	if (cli_run_ops_check(m))
		return -EINVAL;
	if (!(cfg->cmd->flags & CMD_SCANS))
		return 0;
	for (size_t i = 0; i < m->n_params; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(m->params[i].name, m->params[j].name))
				return cli_usage("parameter '%s' is scanned twice; give each -P/-L name once",
						 m->params[i].name);
	return 0;
}

static int cli_run_param_add(struct config *cfg, struct scan_param *p)
{
	struct measure_opts *m = &cfg->measure;
	struct scan_param *grown = realloc(m->params, (m->n_params + 1) *
							       sizeof(*grown));

	if (!grown) {
		scan_param_clear(p);
		return -ENOMEM;
	}
	m->params = grown;
	grown[m->n_params++] = *p;
	return 0;
}

int cli_run_scan(struct config *cfg, enum cli_opt_id c, const char *name,
		 int argc, char **argv, int *next)
{
	bool range = c == OPT_PARAM_SCAN;
	int need = range ? 2 : 1, i = *next;
	const char *step = NULL;
	struct scan_param p;
	char err[512];
	int rc;

	if (i + need > argc || !strcmp(argv[i], "--") ||
	    (range && !strcmp(argv[i + 1], "--")))
		return cli_usage(range ? "-P %s: expected -P NAME LO HI [STEP]" :
					 "-L %s: expected -L NAME A,B,...",
				 name);
	if (range && i + 2 < argc && strcmp(argv[i + 2], "--")) {
		double d;

		if (!cli_parse_double(argv[i + 2], -1e15, 1e15, &d))
			step = argv[i + 2];
	}
	rc = range ? scan_range(name, argv[i], argv[i + 1], step, &p, err,
				sizeof(err)) :
		     scan_list(name, argv[i], &p, err, sizeof(err));
	if (rc == -EINVAL && range)
		return cli_usage("-P %s: %s; expected -P NAME LO HI [STEP]",
				 name, err);
	if (rc == -EINVAL)
		return cli_usage("-L %s: %s; expected -L NAME A,B,...", name,
				 err);
	if (rc)
		return rc;
	*next = i + need + (step != NULL);
	return cli_run_param_add(cfg, &p);
}

int cli_run_copies(struct config *cfg, const char *list)
{
	struct measure_opts *m = &cfg->measure;
	struct scan_param p;
	char err[512];
	int rc = scan_list("copies", list, &p, err, sizeof(err));

	if (rc == -EINVAL)
		return cli_usage("--copies: %s; expected --copies N or N,N,...",
				 err);
	if (rc)
		return rc;
	m->copies = 1;
	for (size_t i = 0; i < p.n; i++) {
		uint64_t u;

		if (cli_parse_u64(p.values[i], 1, CPU_LIST_MAX, &u)) {
			rc = cli_usage("--copies: '%s' is not a whole number from 1 to %d; expected --copies N or N,N,...",
				       p.values[i], CPU_LIST_MAX);
			scan_param_clear(&p);
			return rc;
		}
		if (u > m->copies)
			m->copies = u;
	}
	return cli_run_param_add(cfg, &p);
}

/* The target of one combination: name, argv and hooks get its values. */
static int cli_run_one(const struct target *t, json_t *combo,
		       struct target *out)
{
	size_t n = 0;
	const char *copies = json_string_value(json_object_get(combo,
							       "copies"));

	memset(out, 0, sizeof(*out));
	while (t->argv[n])
		n++;
	out->name = scan_name(t->name, combo);
	out->argv = calloc(n + 1, sizeof(*out->argv));
	out->workload = t->workload ? strdup(t->workload) : NULL;
	out->builtin = t->builtin;
	out->params = combo;
	out->entry = t->entry;
	out->copies = copies ? (unsigned)strtoul(copies, NULL, 10) : 0;
	if (!out->name || !out->argv || (t->workload && !out->workload))
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (!(out->argv[i] = scan_substitute(t->argv[i], combo)))
			return -ENOMEM;
	return 0;
}

/* A scan that repeats a value (--copies 1,2,1), or a workload given twice
 * (-w getppid,getppid), makes two targets of one name; a result names
 * each benchmark once (its readers refuse two), so the later ones are
 * "NAME #2", "NAME #3", as many as there are. */
static int cli_run_unique(struct target *t, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		unsigned again = 1;
		char *name;

		for (size_t k = 0; k < i; k++)
			again += !strcmp(t[k].name, t[i].name) ||
				 (!strncmp(t[k].name, t[i].name,
					   strlen(t[i].name)) &&
				  !strncmp(t[k].name + strlen(t[i].name), " #",
					   2));
		if (again == 1)
			continue;
		if (asprintf(&name, "%s #%u", t[i].name, again) < 0)
			return -ENOMEM;
		free(t[i].name);
		t[i].name = name;
	}
	return 0;
}

int cli_run_expand(struct config *cfg)
{
	struct measure_opts *m = &cfg->measure;
	size_t k = scan_count(m->params, m->n_params);
	size_t n = m->n_targets * k, done = 0;
	struct target *all;
	int rc = 0;

	if (!m->n_params) /* -w getppid,getppid: two of one name too */
		return cli_run_unique(m->targets, m->n_targets);
	all = calloc(n, sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (size_t t = 0; t < m->n_targets && !rc; t++)
		for (size_t c = 0; c < k && !rc; c++) {
			json_t *combo = scan_combination(m->params,
							 m->n_params, c);

			rc = combo ? cli_run_one(&m->targets[t], combo,
						 &all[done++]) :
				     -ENOMEM;
		}
	/* the unscanned targets go; cli_free frees the new ones */
	for (size_t t = 0; t < m->n_targets; t++) {
		free(m->targets[t].name);
		free(m->targets[t].workload);
		cli_free_words(m->targets[t].argv);
	}
	free(m->targets);
	m->targets = all;
	m->n_targets = done;
	return rc ? rc : cli_run_unique(all, done);
}

/* workload=NAME[:ARGS]: the built-in workload, as -w finds it. */
static int cli_run_suite_workload(const struct suite_entry *e,
				  struct target *t, const char *file)
{
	const char *colon = strchr(e->workload, ':');
	char path[4096], **args = NULL;
	size_t n = 0;

	t->workload = colon ? strndup(e->workload, colon - e->workload) :
			      strdup(e->workload);
	if (!t->workload)
		return -ENOMEM;
	if (!workloads_find(t->workload) ||
	    workloads_path(t->workload, path, sizeof(path)) < 0)
		return cli_usage("%s:%d: workload '%s' is unknown or not built ('abstat workloads' lists them)",
				 file, e->line, t->workload);
	if (colon && cli_split_words(colon + 1, &args) < 0)
		return cli_usage("%s:%d: workload '%s': unbalanced quote in its arguments",
				 file, e->line, t->workload);
	while (args && args[n])
		n++;
	t->argv = calloc(n + 2, sizeof(*t->argv));
	t->name = strdup(e->name);
	t->builtin = true;
	t->entry = e;
	if (!t->argv || !t->name || !(t->argv[0] = strdup(path))) {
		cli_free_words(args);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		t->argv[i + 1] = args[i];
	free(args);
	return 0;
}

/* One target of suite line e: its name, its command resolved like a
 * command line's. */
static int cli_run_suite_target(const struct suite_entry *e,
				struct target *t, const char *file)
{
	char path[4096];
	size_t n = 0;
	int rc;

	memset(t, 0, sizeof(*t));
	if (e->workload)
		return cli_run_suite_workload(e, t, file);
	while (e->argv[n])
		n++;
	rc = launcher_resolve(e->argv[0], path, sizeof(path));
	if (rc < 0)
		return cli_usage("%s:%d: %s: %s", file, e->line, e->argv[0],
				 rc == -EACCES ? "permission denied" :
						 "command not found");
	t->name = strdup(e->name);
	t->argv = calloc(n + 1, sizeof(*t->argv));
	t->entry = e;
	if (!t->name || !t->argv)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		if (!(t->argv[i] = strdup(i ? e->argv[i] : path)))
			return -ENOMEM;
	return 0;
}

int cli_run_suite_targets(struct config *cfg)
{
	struct measure_opts *m = &cfg->measure;
	char err[1024], *text = NULL;
	size_t size;
	int rc = result_slurp(m->suite_file, 1 << 20, &text, &size, err,
			      sizeof(err));

	if (rc)
		return cli_usage("-S: %s", err);
	m->suite_lines = calloc(1, sizeof(*m->suite_lines));
	rc = m->suite_lines ? cli_suite_parse(text, m->suite_file,
					    m->suite_lines, err, sizeof(err)) :
				-ENOMEM;
	free(text);
	if (rc == -EINVAL)
		return cli_usage("%s", err);
	if (rc)
		return rc;
	m->targets = calloc(m->suite_lines->n, sizeof(*m->targets));
	if (!m->targets)
		return -ENOMEM;
	for (size_t i = 0; i < m->suite_lines->n && !rc; i++) {
		rc = cli_run_suite_target(&m->suite_lines->e[i],
					  &m->targets[i], m->suite_file);
		m->n_targets = i + 1;
	}
	return rc;
}
