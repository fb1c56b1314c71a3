/* SPDX-License-Identifier: MIT */
/*
 * cli: the command line, parsed and validated once into a const struct
 * config that every command receives: what many commands read, then one
 * option struct for each kind of command (measure, model, boots ...).
 * No other file parses argv; only the command files (cmd_*.c) and main.c
 * look at the config, and the engines below get inputs of their own
 * built from it (the session's struct session_input around its
 * measure_opts and sample_opts, declared in session_input.h;
 * boots_plan_input, bisect_input, compare_opts, report_opts, plot_rows).
 * Defaults: cli_opts[] in cli_opts.c.
 */
#ifndef ABSTAT_CLI_H
#define ABSTAT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cpu.h"
#include "format.h"
#include "term.h"
#include "result.h"
#include "scan.h"
#include "cli_suite.h"
#include "boots_plan.h"  /* boots --method, --on-mismatch */
#include "session_input.h" /* measure_opts, sample_opts, target */
#include "bench_name.h"    /* a target's name */

/*
 * A command (its file, src/cmd/cmd_NAME.c, defines its entry; commands.h
 * says how to add one): its name, its line in 'abstat --help', its
 * function, its usage and options (--help, getopt, the completion), what
 * its operands are, and what kind of command it is (its flags), which is
 * all the parser and the engine ask of it: no code below src/cmd names a
 * command.
 */
enum cmd_flag {
	/* counts events on workloads: -C, --no-pin, --cpuset, --keep-env
	 * and --copies checked against each other, LIBPFM_FORCE_PMU refused */
	CMD_MEASURES = 1 << 0,
	/* measures its command line's targets in a session (-e is what to
	 * count, every row kept; perf stat's and hyperfine's habits told) */
	CMD_SESSION = 1 << 1,
	CMD_INTERLEAVED = 1 << 2, /* its targets are sides, run ABAB... */
	CMD_SAMPLES = 1 << 3,     /* samples where the time goes */
	CMD_SCANS = 1 << 4,       /* -P/-L scans, -S suite files, scores */
};

struct config;
struct cli_use; /* an option of a command (cli_priv.h) */
struct cmd_verb; /* a verb of a command and its options (cli_priv.h) */
struct cmd_entry {
	const char *name;
	const char *summary;        /* its line in 'abstat --help' */
	int (*run)(const struct config *cfg);
	unsigned flags;             /* enum cmd_flag */
	bool in_order;              /* options end at the first operand */
	const char *usage;          /* NULL with verbs: a line each */
	const char *intro;          /* lines between usage and options */
	const struct cli_use *opts; /* ends with OPT_HELP */
	int man_section;            /* its page's, abstat-NAME(N); 0: 1 */
	/* Its operands: their count in [min, max] (max 0 with min 0: none;
	 * CMD_ANY: no limit), else "NAME: " and operands_error; -o
	 * required when output_error says why. Then cfg->files, unless
	 * operands: its function checks and takes them (0, or -EINVAL
	 * after one error line). */
	unsigned min_operands, max_operands;
	const char *operands_error;
	const char *output_error;
	int (*operands)(struct config *cfg, int argc, char **argv);
	/* The words its first operand is one of (import's sources): what
	 * the completion offers there; NULL: any word. */
	const char *const *first_words;
	/* Its verbs (boots): the first operand is one of them, each with
	 * the options it takes (cli_priv.h); an option of another verb is
	 * refused, naming the verbs that take it. NULL: none. */
	const struct cmd_verb *verbs;
};
#define CMD_ANY (~0u)

enum order_kind { ORDER_ALTERNATE, ORDER_RANDOM };
enum plot_kind { PLOT_AUTO, PLOT_DELTA, PLOT_RUNS, PLOT_SCALING, PLOT_DIST };

/*
 * The options of one kind of command, each in its own struct (a field of
 * struct config below): what only that command, or the commands that
 * share the job, read. The comments name the options; cli_opts[] binds
 * each to its field (a path such as measure.repeat) and checks its type.
 * The session's (struct measure_opts, struct sample_opts) are declared
 * in its own header, session_input.h.
 */

/* compare, versus, plot and show: the compare model (cmd_compare_opts
 * turns them into compare.h's struct compare_opts) */
struct model_opts {
	double alpha;            /* --alpha */
	double detect;           /* --detect PCT as a fraction, 0: off */
	bool detail;             /* --detail */
	bool all_rows;           /* --all-rows */
	const char *metrics;     /* --metric LIST (compare/plot rows) */
	enum center_kind center; /* --center */
	bool force_compare;      /* --force-compare */
	const char *allow_env_diff; /* --allow-env-diff KEY[,KEY] */
	double fail_on_regression_pct; /* --fail-on-regression PCT, <0 = off */
	bool within_session;     /* --within-session */
	const char *primary;     /* --primary METRIC */
	unsigned resamples;      /* --resamples */
	const char *baseline;    /* --baseline LABEL, NULL: the first side */
	bool by_host;            /* --by host: one table per host */
	bool pool_hosts;         /* --pool-hosts: a side may mix hosts */
	bool allow_mixed;        /* --allow-mixed: a side may mix kernel
				  * releases, command lines or a
				  * benchmark's arguments */
	unsigned where;          /* compare --where N, 0 = no where table */
	bool assume_boots;       /* --assume-boots: a file that records no
				  * boot is a boot of its own */
};

/* flame (cmd_flame.c) */
struct flame_opts {
	int import;              /* --import: -1 = result files, else
				  * enum flame_import (flame.h) */
	int format;              /* --format: -1 = from -o's extension, else
				  * the index in cli's flame formats */
	const char *exclude;     /* --exclude REGEX */
	bool kernel;             /* --kernel */
	bool user;               /* --user */
	bool diff;               /* --diff */
};

/* boots (cmd_boots_args.c, cmd_boots*.c, src/boots) */
struct boots_opts {
	const char *verb;        /* init, step, status, report, ... */
	const char *dir;         /* DIR, the plan's */
	const char *side[2];     /* init: LABEL=KERNEL, A then B */
	char **run;              /* init: the abstat run words after -- */
	unsigned k;              /* -k: boots per side */
	enum boots_method method;
	enum boots_mismatch mismatch;
	const char *next;        /* --next CMD (method cmd) */
	const char *cmdline[2], *initrd[2], *release[2];
	unsigned limit_s;        /* --limit: a boot's time for a result */
	bool dry_run;            /* --dry-run: print, do not run */
	bool no_check;           /* init --no-check: a plan for elsewhere */
	const char *unit_dir;    /* install --unit-dir */
	const char *plot;        /* report --plot OUT */
};

/* bisect (cmd_bisect.c, bisect_*.c) */
struct bisect_opts {
	const char *good, *bad;  /* --good REV, --bad REV */
	const char *repo;        /* --repo DIR, NULL: the current one */
	const char *build_cmd;   /* --build CMD, run by /bin/sh */
	unsigned max_runs;       /* --max-runs: a side's runs at a step */
	const char *measure_cmd; /* --measure CMD: boots, not runs */
};

/* The parsed command line: what every command has, then each kind's. */
struct config {
	const struct cmd_entry *cmd; /* the command (cmd_table) */
	const struct cmd_verb *verb; /* its verb (boots), else NULL */
	const char *argv0;
	/* The words after the command's name as given, before getopt
	 * reorders them (the line run --resume prints). */
	char **words;
	size_t n_words;
	/* How many words follow the first --, which getopt leaves last, in
	 * order, after the operands it permutes (boots init's run
	 * arguments) */
	size_t n_last_words;

	/* many commands' */
	const char *output;    /* -o FILE (run) or PREFIX (versus, plot OUT) */
	bool force;            /* --force */
	bool quiet;            /* -q */
	enum out_format format; /* --format */
	enum order_kind order; /* versus --order, boots --order */
	uint64_t seed;         /* --seed (order random, bootstrap) */
	bool seed_set;
	enum time_unit time_unit; /* --time-unit (run, show, compare,
				   * versus) */
	enum term_when progress; /* --progress (run, versus) */
	enum term_when colour;   /* --color */
	/* compare / show / plot / recover: positional files (or side specs) */
	char **files;
	size_t n_files;

	struct measure_opts measure;
	struct sample_opts profile;
	struct model_opts model;
	struct flame_opts flame;
	struct boots_opts boots;
	struct bisect_opts bisect;
	struct { enum plot_kind kind; } plot;        /* plot --kind */
	struct { bool encode; } list;                /* list --encode */
	struct { bool clean_cgroups; } doctor;       /* --clean-cgroups */
	struct { const char *bench; } import;        /* import --bench NAME */
};

/*
 * Parse argv into cfg. 0, with *done set when --help or --version was
 * printed (nothing left to do: exit 0); or -EINVAL after printing one
 * error line; or -ENOMEM.
 */
int cli_parse(int argc, char **argv, const struct cmd_entry *const *cmds,
	      struct config *cfg, bool *done);
void cli_free(struct config *cfg);

/* The operands functions of the commands that measure (cli_targets.c):
 * run's and profile's targets (-S FILE, -w, -s or -- COMMAND), versus'
 * sides. 0, or -EINVAL after one error line, or -ENOMEM. */
int cli_run_operands(struct config *cfg, int argc, char **argv);
int cli_versus_operands(struct config *cfg, int argc, char **argv);

/* Strict number parsing: whole string, range checked. 0 or -EINVAL/-ERANGE. */
int cli_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);
int cli_parse_double(const char *s, double min, double max, double *out);

/* Split a command string into argv without a shell ('', "", \ quoting). */
int cli_split_words(const char *s, char ***argv_out);
void cli_free_words(char **argv);

#endif
