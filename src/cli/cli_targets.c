// SPDX-License-Identifier: MIT
/*
 * cli_targets: what the operands of a command line mean. Checks that need
 * the whole line (contradicting options, operand counts, CPUs that exist),
 * and the targets of run and versus: built-in workloads (-w, -s), one
 * command after --, or quoted command strings split into words; external
 * commands are looked up in PATH once, before measuring.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli_priv.h"
#include "launcher.h"
#include "msg.h"
#include "score.h"
#include "suggest.h"
#include "workloads.h"

/* Look an external command up in PATH once, before measuring. */
static int cli_resolve(char **argv)
{
	char path[4096];
	struct stat st;
	int rc;

	if (!argv[0][0])
		return cli_usage("the command is empty; give the program to measure after --, e.g. -- ./prog ARGS");
	rc = launcher_resolve(argv[0], path, sizeof(path));
	if ((!rc && !stat(path, &st) && S_ISDIR(st.st_mode)) || rc == -EISDIR)
		return cli_usage("%s is a directory%s, not a command; give the program to measure",
				 argv[0], rc == -EISDIR ? " on PATH" : "");
	if (rc < 0)
		return cli_usage("%s: %s", argv[0],
				 rc == -ENOENT ? "command not found" :
						 strerror(-rc));
	if (strcmp(path, argv[0])) {
		char *p = strdup(path);

		if (!p)
			return -ENOMEM;
		free(argv[0]);
		argv[0] = p;
	}
	return 0;
}

/* A target of name and argv, which are its own from then on (freed when
 * it cannot be added, a NULL name too). 0 or -ENOMEM. */
static int cli_add_target(struct config *cfg, char *name, char **argv,
			  const char *workload)
{
	struct measure_opts *m = &cfg->measure;
	struct target *t = name ? realloc(m->targets,
					  (m->n_targets + 1) * sizeof(*t)) :
				  NULL;

	if (!t) {
		free(name);
		cli_free_words(argv);
		return -ENOMEM;
	}
	m->targets = t;
	t = &t[m->n_targets++];
	t->name = name;
	t->argv = argv;
	t->builtin = workload != NULL;
	t->workload = workload ? strdup(workload) : NULL;
	t->params = NULL;
	t->copies = 0;
	t->entry = NULL;
	return 0;
}

/* One "NAME[:ARGS]" of -w. */
static int cli_workload_target(struct config *cfg, const char *spec)
{
	char path[4096], **args = NULL, **argv;
	const char *colon = strchr(spec, ':');
	char *name = colon ? strndup(spec, colon - spec) : strdup(spec);
	size_t n = 0;

	if (!name)
		return -ENOMEM;
	if (!workloads_find(name)) {
		struct suggest sg;

		suggest_init(&sg, name);
		for (size_t i = 0; i < workloads_count(); i++)
			suggest_offer(&sg, workloads_get(i)->name);
		if (suggest_best(&sg))
			msg_error("-w: unknown workload '%s' (did you mean '%s'?); 'abstat workloads' lists them",
				  name, suggest_best(&sg));
		else
			msg_error("-w: unknown workload '%s'; 'abstat workloads' lists them",
				  name);
		goto err;
	}
	if (workloads_path(name, path, sizeof(path)) < 0) {
		const char *env = getenv("ABSTAT_WORKLOAD_DIR");

		if (env && *env)
			msg_error("-w: workload '%s' is not in ABSTAT_WORKLOAD_DIR (%s); abstat looks nowhere else while it is set: fix or unset it",
				  name, env);
		else
			msg_error("-w: workload '%s' is not built or installed; run 'make' or set ABSTAT_WORKLOAD_DIR",
				  name);
		goto err;
	}
	if (colon && cli_split_words(colon + 1, &args) < 0) {
		msg_error("-w: %s: unbalanced quotes in arguments '%s'", name,
			  colon + 1);
		goto err;
	}
	while (args && args[n])
		n++;
	argv = calloc(n + 2, sizeof(*argv));
	if (!argv)
		goto err;
	argv[0] = strdup(path);
	if (!argv[0]) {
		free(argv);
		goto err;
	}
	for (size_t i = 0; i < n; i++)
		argv[i + 1] = args[i];
	free(args); /* its words are argv's now */
	/* name is the target's (or freed) either way */
	return cli_add_target(cfg, name, argv, name) < 0 ? -EINVAL : 0;
err:
	free(name);
	cli_free_words(args);
	return -EINVAL;
}

static int cli_workload_targets(struct config *cfg)
{
	struct measure_opts *m = &cfg->measure;
	char *list, *save = NULL, *tok;
	int rc = 0;

	if (m->suite) {
		bool known = false;
		struct suggest sg;

		suggest_init(&sg, m->suite);
		for (const char *const *s = workloads_suites; *s; s++) {
			known |= !strcmp(*s, m->suite);
			suggest_offer(&sg, *s);
		}
		if (!known && suggest_best(&sg))
			return cli_usage("-s: unknown suite '%s' (did you mean '%s'?); 'abstat workloads' lists the suites",
					 m->suite, suggest_best(&sg));
		if (!known)
			return cli_usage("-s: unknown suite '%s'; 'abstat workloads' lists the suites",
					 m->suite);
		for (size_t i = 0; i < workloads_count() && !rc; i++)
			if (workloads_in_suite(workloads_get(i), m->suite))
				rc = cli_workload_target(cfg,
							 workloads_get(i)->name);
		return rc;
	}
	list = strdup(m->workloads);
	if (!list)
		return -EINVAL;
	for (tok = strtok_r(list, ",", &save); tok && !rc;
	     tok = strtok_r(NULL, ",", &save))
		rc = cli_workload_target(cfg, tok);
	free(list);
	return rc;
}

static int cli_command_targets(struct config *cfg, int argc, char **argv)
{
	char **copy;

	if (argc <= 0)
		return cli_usage("run: no command given; usage: abstat run [OPTIONS] -- COMMAND [ARG...] (or -w WORKLOAD, -s SUITE)");
	copy = calloc(argc + 1, sizeof(*copy));
	if (!copy)
		return -EINVAL;
	for (int i = 0; i < argc; i++)
		copy[i] = strdup(argv[i]);
	if (cli_resolve(copy)) {
		cli_free_words(copy);
		return -EINVAL;
	}
	if (cli_add_target(cfg, cfg->import.bench ? strdup(cfg->import.bench) :
				bench_name(argv, cfg->measure.wrapper),
			   copy, NULL) < 0)
		return -EINVAL;
	return 0;
}

/* versus: every workload of -w is one side, in order, then every command
 * (options come before operands, so that is the command line's order). */
int cli_versus_operands(struct config *cfg, int argc, char **argv)
{
	struct measure_opts *m = &cfg->measure;

	if (m->workloads && cli_workload_targets(cfg))
		return -EINVAL;
	if (m->n_targets + argc < 2)
		return cli_usage("versus: needs at least two sides; usage: abstat versus [OPTIONS] 'COMMAND A' 'COMMAND B', or -w WORKLOAD -w WORKLOAD");
	for (int i = 0; i < argc; i++) {
		char **words;

		if (m->shell) {
			words = calloc(4, sizeof(*words));
			if (!words)
				return -EINVAL;
			words[0] = strdup("/bin/sh");
			words[1] = strdup("-c");
			words[2] = strdup(argv[i]);
		} else if (cli_split_words(argv[i], &words) < 0) {
			return cli_usage("versus: unbalanced quotes in '%s'",
					 argv[i]);
		} else if (!words[0]) {
			cli_free_words(words);
			return cli_usage("versus: command %d is empty; expected 'COMMAND [ARG...]'",
					 i + 1);
		}
		if (cli_resolve(words)) {
			cli_free_words(words);
			return -EINVAL;
		}
		if (cli_add_target(cfg, strdup(argv[i]), words, NULL) < 0)
			return -EINVAL;
	}
	return 0;
}

static int cli_cpus(struct config *cfg)
{
	struct measure_opts *m = &cfg->measure;
	struct cpu_list online;
	size_t bad = 0;
	char buf[256];

	if (!m->cpu_list)
		return 0;
	if (cpu_list_parse(m->cpu_list, &m->cpus, &bad) < 0)
		return cli_usage("-C: bad CPU list '%s' at character %zu; expected taskset syntax such as 1 or 0-3,6",
				 m->cpu_list, bad + 1);
	if (cpu_online("", &online) < 0)
		return 0;
	for (size_t i = 0; i < m->cpus.n; i++)
		if (!cpu_list_has(&online, m->cpus.cpu[i])) {
			cpu_list_format(&online, buf, sizeof(buf));
			return cli_usage("-C: CPU %d is offline or does not exist (online: %s)",
					 m->cpus.cpu[i], buf);
		}
	return 0;
}

/* The options of the commands that measure against each other. */
static int cli_measure_checks(const struct config *cfg)
{
	const struct measure_opts *m = &cfg->measure;
	bool measures = cfg->cmd->flags & CMD_MEASURES;

	if (measures && m->no_pin && m->cpu_list)
		return cli_usage("--no-pin and -C contradict each other; give one");
	if (measures && m->no_pin && m->cpuset)
		return cli_usage("--cpuset needs pinning; drop --no-pin");
	if (measures && m->keep_env && !m->run_user)
		return cli_usage("--keep-env only applies with --user USER; add --user or drop --keep-env");
	if (measures && m->copies > 1 && m->cpus.n &&
	    m->cpus.n < m->copies && !m->oversubscribe)
		return cli_usage("--copies %u needs %u CPUs in -C (got %zu); or add --oversubscribe to share them",
				 m->copies, m->copies, m->cpus.n);
	if (cli_run_validate(cfg))
		return -EINVAL;
	if (measures && getenv("LIBPFM_FORCE_PMU"))
		return cli_usage("LIBPFM_FORCE_PMU is set: libpfm4 would invent a PMU this machine does not have; unset it (it is only for 'abstat list --encode')");
	return 0;
}

/* The targets of run and profile: -S FILE, -w or -s, or -- COMMAND. */
int cli_run_operands(struct config *cfg, int argc, char **argv)
{
	struct measure_opts *m = &cfg->measure;

	if (m->suite_file && (m->workloads || m->suite || argc > 0))
		return cli_usage("run: give -S FILE alone, without -w, -s or -- COMMAND");
	if ((m->workloads || m->suite || m->suite_file) && cfg->import.bench)
		return cli_usage("--bench names the one command's benchmark; -w, -s and -S name their own");
	if (m->suite_file)
		return cli_run_suite_targets(cfg) ? -EINVAL :
						    cli_run_expand(cfg);
	if (m->workloads && m->suite)
		return cli_usage("run: give -w or -s, not both");
	if ((m->workloads || m->suite) && argc > 0)
		return cli_usage("run: give -w/-s or -- COMMAND, not both");
	if ((m->workloads || m->suite) && m->has_ops)
		return cli_usage("--ops is for external commands; built-in workloads report their own");
	if ((m->workloads || m->suite || m->suite_file) && cfg->import.bench)
		return cli_usage("--bench names the one command's benchmark; -w, -s and -S name their own");
	if (m->workloads || m->suite)
		return cli_workload_targets(cfg) ? -EINVAL :
						   cli_run_expand(cfg);
	return cli_command_targets(cfg, argc, argv) ? -EINVAL :
						      cli_run_expand(cfg);
}

/* Checks that need the whole command line; the operands of each
 * command, as its entry says. */
int cli_validate(struct config *cfg, const struct cmd_entry *e, int argc,
		 char **argv)
{
	int rc = cli_cpus(cfg) ? -EINVAL : cli_measure_checks(cfg);
	unsigned n = (unsigned)argc;

	if (rc)
		return rc;
	if (!e->max_operands && !e->min_operands && !e->operands &&
	    argc > 0)
		return cli_usage("%s: unexpected argument '%s'", e->name,
				 argv[0]);
	if ((e->min_operands || e->max_operands) &&
	    (n < e->min_operands || n > e->max_operands))
		return cli_usage("%s: %s", e->name, e->operands_error);
	if (e->output_error && !cfg->output)
		return cli_usage("%s: %s", e->name, e->output_error);
	if (e->operands)
		return e->operands(cfg, argc, argv);
	cfg->files = argv;
	cfg->n_files = argc;
	return 0;
}

void cli_free(struct config *cfg)
{
	struct measure_opts *m = &cfg->measure;

	free(cfg->words);
	cfg->words = NULL;
	for (size_t i = 0; i < m->n_targets; i++) {
		free(m->targets[i].name);
		free(m->targets[i].workload);
		cli_free_words(m->targets[i].argv);
		json_decref(m->targets[i].params);
	}
	free(m->targets);
	m->targets = NULL;
	m->n_targets = 0;
	free(m->workloads);
	m->workloads = NULL;
	free(m->events_joined);
	m->events_joined = NULL;
	if (m->suite_lines)
		cli_suite_free(m->suite_lines);
	free(m->suite_lines);
	m->suite_lines = NULL;
	for (size_t i = 0; i < m->n_params; i++)
		scan_param_clear(&m->params[i]);
	free(m->params);
	m->params = NULL;
	m->n_params = 0;
	for (size_t i = 0; i < m->n_scores; i++)
		score_def_clear(&m->scores[i]);
	free(m->scores);
	m->scores = NULL;
	m->n_scores = 0;
}
