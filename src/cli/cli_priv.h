/* SPDX-License-Identifier: MIT */
/*
 * cli_priv: what the cli*.c files share: the option table (cli_opts.c),
 * the command table (src/cmd/cmd_table.c), help, values, checks and
 * targets (not an API; src/cli/cli.h is; src/cmd/commands.h says how to
 * add a command or an option).
 */
#ifndef ABSTAT_CLI_PRIV_H
#define ABSTAT_CLI_PRIV_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"

/* Every option, once (cli_opts[] in cli_opts.c). */
enum cli_opt_id {
	OPT_EVENTS, OPT_REPEAT, OPT_WARMUP, OPT_CPU, OPT_NO_PIN, OPT_CPUSET,
	OPT_COPIES, OPT_NAME, OPT_BACKEND, OPT_TIMEOUT, OPT_USER_ONLY,
	OPT_SHOW_OUTPUT, OPT_OUTPUT, OPT_FORCE, OPT_FORMAT, OPT_IGNORE_FAILURE,
	OPT_ALLOW_MULTIPLEX, OPT_QUIET, OPT_USER, OPT_SEED, OPT_OPS,
	OPT_WORKLOAD, OPT_SUITE, OPT_ORDER, OPT_SHELL, OPT_ALPHA, OPT_DETAIL,
	OPT_ALL_ROWS,
	OPT_METRIC, OPT_CENTER, OPT_FORCE_COMPARE, OPT_ALLOW_ENV_DIFF,
	OPT_FAIL_ON_REGRESSION, OPT_DETECT, OPT_WITHIN_SESSION, OPT_PRIMARY, OPT_RESAMPLES,
	OPT_KIND, OPT_ENCODE, OPT_KEEP_ENV, OPT_CLEAN_CGROUPS, OPT_VERSION,
	OPT_PROGRESS, OPT_COLOR,
	OPT_BASELINE, OPT_TIME_UNIT, OPT_BY, OPT_POOL_HOSTS, OPT_ALLOW_MIXED, OPT_ASSUME_BOOTS,
	OPT_FREQ, OPT_SAMPLE_EVENT, OPT_WHERE, OPT_CALL_GRAPH,
	OPT_SCORE, OPT_PARSER, OPT_KEEP_OUTPUT, OPT_SETUP, OPT_CLEANUP,
	OPT_PREPARE, OPT_CONCLUDE, OPT_PARAM_SCAN, OPT_PARAM_LIST,
	OPT_OVERSUBSCRIBE, OPT_SUITE_FILE, OPT_LAUNCHER_CPU, OPT_RESUME,
	OPT_OPS_FROM, OPT_WRAPPER,
	OPT_HELP,
	/* flame */
	OPT_IMPORT, OPT_FLAME_FORMAT, OPT_EXCLUDE, OPT_KERNEL, OPT_USER_FRAMES,
	OPT_DIFF,
	/* import */
	OPT_BENCH,
	/* boots */
	OPT_BOOTS_K, OPT_BOOTS_ORDER, OPT_METHOD, OPT_NEXT, OPT_CMDLINE_A,
	OPT_CMDLINE_B, OPT_INITRD_A, OPT_INITRD_B, OPT_RELEASE_A,
	OPT_RELEASE_B, OPT_BOOT_LIMIT, OPT_ON_MISMATCH, OPT_DRY_RUN,
	OPT_NO_CHECK, OPT_UNIT_DIR, OPT_PLOT_OUT,
	/* bisect */
	OPT_GOOD, OPT_BAD, OPT_REPO, OPT_BUILD, OPT_MAX_RUNS, OPT_MEASURE,
	OPT_COUNT
};

/* The fixed values of an option (NULL-terminated names), and whether
 * --help marks the first as the default. */
struct cli_values {
	const char *const *names;
	bool first_default;
};

/* What an option does with its value (struct cli_opt's kind). */
enum cli_kind {
	CLI_NONE,   /* --help, --version: cli_parse's own */
	CLI_FLAG,   /* no value: the bool field set true */
	CLI_STR,    /* the value as given; with empty, "" is refused */
	CLI_NUM,    /* a whole number in [min, max] (unsigned or uint64_t) */
	CLI_REAL,   /* a number in [lo, hi] (double) */
	CLI_CHOICE, /* one of values: the field is base + its index */
	CLI_FN,     /* set(cfg, o, value): what the table cannot say */
	CLI_SCAN,   /* -P, -L: NAME and the next words (cli_run_scan) */
};

/*
 * One option: its long name, short form (0: none), the word --help shows
 * for its value (NULL: it takes none), its default (parsed like a value
 * given on the command line, before the command line; NULL: none), its
 * help text ('\n' continues it on the next line; with show_default the
 * text ends in " (default DEF)"; NULL: its values, listed) and its fixed
 * values (NULL: any). --help, the getopt tables, the defaults and the
 * bash completion ('abstat --complete CMD', man/abstat.bash-completion)
 * all come from here.
 *
 * Then what it does (as git's OPT_BOOL, OPT_INTEGER...): its kind and
 * the field of struct config it sets (offsetof, sizeof; the CLI_*()
 * macros of cli_opts.c fill them), the bounds of a number, the base of a
 * choice, the error for an empty string, a flag set along with a number
 * (--ops: has_ops), or the function of a CLI_FN option; complete: the
 * source the completion fills the value from ('abstat --complete').
 */
struct cli_opt {
	const char *name;
	char short_name;
	const char *arg;
	const char *def;
	bool show_default;
	const char *help;
	const struct cli_values *values;

	enum cli_kind kind;
	size_t off, size;   /* the field: offsetof, sizeof */
	size_t also;        /* CLI_NUM: a bool field set too; 0: none
			     * (offset 0 is cmd, never such a flag) */
	uint64_t min, max;  /* CLI_NUM */
	double lo, hi;      /* CLI_REAL */
	int base;           /* CLI_CHOICE */
	const char *empty;  /* CLI_STR: the error line for "" (NULL: take) */
	int (*set)(struct config *cfg, const struct cli_opt *o,
		   const char *arg); /* CLI_FN: 0 or -EINVAL, -ENOMEM */
	const char *complete;
};

extern const struct cli_opt cli_opts[OPT_COUNT];

/*
 * The bindings of cli_opts[] (as git's OPT_BOOL, OPT_UNSIGNED...): the
 * field of struct config an option sets (a path: boots.k, model.alpha)
 * and its kind. Each checks the
 * field's type at compile time, since cli_option stores through the
 * offset and the size: a field of another type (a uint16_t for
 * CLI_UINT, an int for CLI_BOOL) fails to build, with the kind it needs.
 */
#define CLI_TYPE(f) __typeof__(((struct config *)0)->f)
#define CLI_IS(f, type) __builtin_types_compatible_p(CLI_TYPE(f), type)
/* 0, or a compile error saying why when cond is false */
#define CLI_CHECK(cond, why) \
	(sizeof(struct { _Static_assert(cond, why); int x; }) * 0)
#define CLI_FIELD(f) \
	.off = offsetof(struct config, f), \
	.size = sizeof(((struct config *)0)->f)
/* Its kind: a flag; a string (NONEMPTY: "" is refused with why); a whole
 * number in [lo, hi] (FLAG: a bool field set too); a real in [lo, hi];
 * one of its values, stored as base + the value's index; a set function
 * (FIELD: that knows its field from the table; the type it stores is
 * declared beside it, fn_field, and checked). */
#define CLI_BOOL(f) .kind = CLI_FLAG, CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, bool), "CLI_BOOL(" #f "): the field must be bool")
#define CLI_STRING(f) .kind = CLI_STR, CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, const char *) || CLI_IS(f, char *), \
		  "CLI_STRING(" #f "): the field must be a const char *")
#define CLI_STRING_NONEMPTY(f, why) CLI_STRING(f), .empty = why
#define CLI_UINT(f, lo, hi) .kind = CLI_NUM, CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, unsigned int) || CLI_IS(f, uint64_t), \
		  "CLI_UINT(" #f "): the field must be unsigned or uint64_t"), \
	.min = lo, .max = hi
#define CLI_UINT_FLAG(f, lo, hi, flag) \
	CLI_UINT(f, lo, hi), .also = offsetof(struct config, flag) + \
	CLI_CHECK(CLI_IS(flag, bool), \
		  "CLI_UINT_FLAG(" #flag "): the flag must be bool")
#define CLI_DOUBLE(f, l, h) .kind = CLI_REAL, CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, double), "CLI_DOUBLE(" #f "): the field must be double"), \
	.lo = l, .hi = h
/* a choice: bool (two values), or an integer (a cast keeps no
 * fraction) of unsigned's size: an enum, unsigned, or int (-1: unset) */
#define CLI_ENUM(f, b) .kind = CLI_CHOICE, CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, bool) || \
		  (sizeof(CLI_TYPE(f)) == sizeof(unsigned int) && \
		   (CLI_TYPE(f))0.5 == 0), \
		  "CLI_ENUM(" #f "): the field must be an enum, bool or unsigned"), \
	.base = b
#define CLI_CALL(fn) .kind = CLI_FN, .set = fn
/* a set function that stores into the table's field: fn_field, a type
 * declared beside fn (cli_run_hook_field), is what it stores, and the
 * field must be of it (a hook bound to the repeat count once planned
 * billions of runs) */
#define CLI_CALL_FIELD(fn, f) CLI_CALL(fn), CLI_FIELD(f) + \
	CLI_CHECK(CLI_IS(f, fn##_field), \
		  "CLI_CALL_FIELD(" #fn ", " #f "): the field must be " #fn "_field")

/* An option of one command, in --help order; arg, help and values
 * replace the table's where the command says it differently (NULL: the
 * table's). */
struct cli_use {
	enum cli_opt_id id;
	const char *arg;
	const char *help;
	const struct cli_values *values;
};

/*
 * A verb of a command (boots init, step ...; the command's cmd_entry
 * .verbs, a list ending with a NULL name): its name, its operands after
 * it (its usage line is "abstat CMD NAME OPERANDS"), the options it
 * takes (ids ending with OPT_HELP, every verb's) and the command's own
 * number for it. --help's usage and verbs, the completion and the check
 * of the options given (cli_verb) are made from the list.
 */
struct cmd_verb {
	const char *name;
	const char *operands;
	const enum cli_opt_id *opts;
	int id;
};

/* cli_verb.c: argv[0] as e's verb (cfg->verb), and each option given
 * (seen[id]) one it takes. 0, or -EINVAL after one error line (an
 * unknown verb, or an option of other verbs: it names them). */
int cli_verb(struct config *cfg, const struct cmd_entry *e,
	     const bool *seen, int argc, char **argv);
/* Whether verb v takes option id. */
bool cli_verb_takes(const struct cmd_verb *v, enum cli_opt_id id);
/* e's verb named name, or NULL. */
const struct cmd_verb *cli_verb_find(const struct cmd_entry *e,
				     const char *name);
/* --help: the usage, a line per verb, and after the options the verbs
 * with the options each takes. */
void cli_print_verb_usage(const struct cmd_entry *e);
void cli_print_verbs(const struct cmd_entry *e);

/* 'abstat COMMAND --help' and 'abstat --help', on stdout. */
void cli_print_help(const struct cmd_entry *e);
void cli_print_main_help(const struct cmd_entry *const *cmds);
/* 'abstat --complete [COMMAND [WORD]]' (abstat(1)), on stdout: without
 * e the commands, one a line, then the top-level options; with e its
 * options (only verb's when not NULL), one a line in --help order: LONG
 * SHORT ARG [VALUE...], '-' for no short form or no value; then, when
 * its first operand is one of some words (its verbs, import's sources),
 * "first WORD...". */
void cli_print_complete(const struct cmd_entry *const *cmds,
			const struct cmd_entry *e,
			const struct cmd_verb *verb);
/* The values joined by sep, the last by last; with mark the first is
 * "NAME (default)". Truncated to len. */
void cli_values_join(const struct cli_values *v, const char *sep,
		     const char *last, bool mark, char *buf, size_t len);

/* Checks that need the whole command line; builds cfg->measure.targets. 0, or
 * -EINVAL after one error line, or -ENOMEM. */
int cli_validate(struct config *cfg, const struct cmd_entry *e, int argc,
		 char **argv);


/* cli_run.c: the set functions (CLI_FN) of --score, --parser and the
 * hooks (--setup, --cleanup, --prepare, --conclude: o's field). */
int cli_run_score(struct config *cfg, const struct cli_opt *o,
		  const char *arg);
int cli_run_parser(struct config *cfg, const struct cli_opt *o,
		   const char *arg);
int cli_run_hook(struct config *cfg, const struct cli_opt *o,
		 const char *arg);
typedef const char *cli_run_hook_field; /* what cli_run_hook stores */
/* The run options' checks against the rest of the command line. */
int cli_run_validate(const struct config *cfg);
/* -P NAME LO HI [STEP] and -L NAME A,B,...: the values after NAME are
 * the next words of argv (*next moves past them). */
int cli_run_scan(struct config *cfg, enum cli_opt_id c, const char *name,
		 int argc, char **argv, int *next);
/* --copies 1,2,4: a scan of the copies (cfg->measure.copies: the most). */
int cli_run_copies(struct config *cfg, const char *list);
/* One target per combination of the scanned values (after the targets
 * are built). 0, -EINVAL after one error line, or -ENOMEM. */
int cli_run_expand(struct config *cfg);
/* run -S FILE: one target per line of the suite file (cli_suite.h). */
int cli_run_suite_targets(struct config *cfg);

/* cli_value.c: one value of the command line. */
/* Prints "abstat: error: ..." and returns -EINVAL. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A whole number in [min, max] (cli_parse_u64) or a number in [min,
 * max] (cli_parse_double) for option opt ("-r", "--alpha"): 0, or
 * -EINVAL after one error line. */
int cli_number(const char *opt, const char *s, uint64_t min, uint64_t max,
	       uint64_t *out);
int cli_real(const char *opt, const char *s, double min, double max,
	     double *out);
/* The index of s in o's values, or -1 after one error line naming
 * them. */
int cli_choice(const struct cli_opt *o, const char *s);

#endif
