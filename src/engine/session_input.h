/* SPDX-License-Identifier: MIT */
/*
 * session_input: what the session driver takes (session.h). What to
 * measure and how (struct measure_opts: run, versus, profile and bisect
 * share it), the samplers' options (struct sample_opts, profile), the
 * few flags of the command line it reads, and the sink its diagnostics
 * go through. src/cli fills the option structs from argv (they are
 * fields of its struct config, cli.h, which includes this), the command
 * (src/cmd) makes the input of them and gives the sink, which prints;
 * the session includes no header of src/cli and prints no diagnostic
 * itself. What it still writes to stderr is no message: the progress
 * line (--progress, progress.h) and the line a second stop signal
 * writes on its way out (session_signal.c: a signal handler can call
 * no sink).
 */
#ifndef ABSTAT_SESSION_INPUT_H
#define ABSTAT_SESSION_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "result.h"
#include "sink.h"
#include "term.h"

enum backend_kind { BACKEND_PERF, BACKEND_PAPI };

/* --launcher-cpu: where abstat and its spawn helper wait for the runs */
enum launcher_cpu {
	LAUNCHER_CPU_AUTO, /* same, but any for profile and --copies */
	LAUNCHER_CPU_SAME, /* on the workload's CPU (one copy, one CPU) */
	LAUNCHER_CPU_ANY,  /* where the scheduler puts it */
};

/* A line of a suite file (run -S FILE, cli_suite.h parses it): one
 * benchmark with its own scores and hooks. */
enum suite_hook { SUITE_SETUP, SUITE_CLEANUP, SUITE_PREPARE, SUITE_CONCLUDE,
		  SUITE_N_HOOKS };

struct suite_entry {
	char *name;
	char **argv;        /* NULL-terminated; argv[0] as written */
	char *workload;     /* workload=NAME[:ARGS] instead of cmd, or NULL */
	struct score_def *scores;
	size_t n_scores;
	char *hooks[SUITE_N_HOOKS]; /* NULL: the command line's */
	int line;
};

/* One thing to measure: an external command or a built-in workload. */
struct target {
	char *name;      /* benchmark name: workload name or argv[0] basename */
	char **argv;     /* NULL-terminated; for workloads the resolved path */
	bool builtin;    /* a built-in workload (speaks the region protocol) */
	char *workload;  /* built-in workload name, or NULL */
	json_t *params;  /* scanned values (NAME -> string), or NULL */
	unsigned copies; /* a --copies list's value, 0: --copies */
	const struct suite_entry *entry; /* its line of -S FILE, or NULL */
};

struct suite;      /* a suite file's lines (cli_suite.h) */
struct scan_param; /* scan.h */

/* run, versus, profile and bisect: what to measure and how (the
 * session's input; cli_opts[] binds each option to its field) */
struct measure_opts {
	const char *events;    /* -e LIST, every -e joined; NULL = default set */
	char *events_joined;   /* owns events once -e is repeated */
	unsigned repeat;       /* -r */
	unsigned warmup;       /* --warmup */
	const char *cpu_list;  /* -C as written, NULL = default */
	struct cpu_list cpus;  /* -C parsed (empty when not given) */
	bool no_pin;           /* --no-pin */
	bool cpuset;           /* --cpuset */
	unsigned copies;       /* --copies */
	const char *label;     /* -n, NULL = kernel release */
	enum backend_kind backend;
	double timeout_s;      /* --timeout, 0 = none */
	bool user_only;        /* --user-only */
	bool show_output;      /* --show-output */
	const char *resume;    /* --resume FILE (run) */
	bool ignore_failure;   /* -i */
	bool allow_multiplex;  /* --allow-multiplex */
	const char *run_user;  /* --user USER */
	bool keep_env;         /* --keep-env: --user keeps the environment */
	uint64_t ops;          /* --ops N for external commands, 0 = unknown */
	bool has_ops;
	/* --ops-from SCORE, else the count of --parser's tool: each run's
	 * operations read from its output (session_hooks.c) */
	const char *ops_from;
	const char *parser_ops; /* the last --parser's count, if any */
	const char *wrapper;    /* --wrapper PROG: looked through for names */
	char *workloads;       /* -w NAME[:ARGS][,...], every -w joined */
	const char *suite;     /* -s SUITE */
	bool shell;            /* versus --shell */
	/* targets: run has one per benchmark; versus one per side */
	struct target *targets;
	size_t n_targets;
	/* how the session measures, from the command's kind (cli.c sets
	 * them from its flags; the session reads no command entry): the
	 * targets are sides run interleaved (versus, bisect), every run
	 * sampled (profile), scans, suites and scores (run) */
	bool interleaved, samples, scans;
	/* where the targets run, NULL: here (not an option: bisect's
	 * COMMAND runs in the repository's work tree) */
	const char *workdir;
	/* scores and hooks (cli_run.c), show --score/--parser */
	struct score_def *scores; /* --score and --parser, in order */
	size_t n_scores;
	bool keep_output;        /* --keep-output (also with scores) */
	const char *setup, *cleanup;    /* once per benchmark */
	const char *prepare, *conclude; /* around every run */
	struct scan_param *params; /* -P, -L, a --copies list (scan.h) */
	size_t n_params;
	bool oversubscribe;      /* --oversubscribe: copies share CPUs */
	enum launcher_cpu launcher_cpu; /* --launcher-cpu */
	const char *suite_file;  /* run -S FILE */
	struct suite *suite_lines; /* its lines (targets point into it) */
};

/* profile (and compare's where table): the samplers' options */
struct sample_opts {
	const char *sample_event; /* --sample-event, NULL = cycles/cpu-clock */
	unsigned freq;            /* --freq HZ */
	bool call_graph_dwarf;    /* --call-graph dwarf (default fp) */
};

/* A session's input. measure and sample are the caller's and outlive
 * the session; the rest is copied. */
struct session_input {
	const struct measure_opts *measure;
	const struct sample_opts *sample; /* read when measure->samples */
	const char *allow_env_diff; /* --allow-env-diff KEY[,KEY] (--resume) */
	bool force;                 /* --force: results may overwrite */
	bool quiet;                 /* -q: no doctor checks, no progress */
	enum term_when progress;    /* --progress */
	struct sink sink;
};

#endif
