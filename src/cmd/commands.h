/* SPDX-License-Identifier: MIT */
/*
 * commands: one entry point per abstat command, each in src/cmd/cmd_NAME.c,
 * the only files that look at a command's options, print its final
 * errors and map results to an exit status (msg.h). Below them every
 * function returns 0 or -errno and explains itself in a caller's err
 * buffer. main() only parses and runs the command cli_parse() found.
 *
 * Adding a command NAME takes three files (test 232 adds one so):
 *  1. src/cmd/cmd_NAME.c (the Makefile finds it): its function, static
 *     int cmd_NAME(const struct config *cfg), and after it its entry,
 *     const struct cmd_entry cmd_entry_NAME (cli.h; cmd_entry.h has the
 *     USE macros and the option groups): its name, its summary (its
 *     line in abstat --help), the function, its flags (enum cmd_flag:
 *     what kind of command it is, the only thing the parser and the
 *     engine ask), whether options end at the first operand, its usage
 *     line, intro and options in --help order (a cli_use list ending
 *     with END), and its operands: min_operands/max_operands and the
 *     error when they are wrong, output_error when -o is required, or
 *     an operands function that checks and takes them (cmd_flame.c,
 *     cmd_boots_args.c);
 *  2. one line X(NAME) in COMMANDS (cmd_table.c), where it is to stand
 *     in abstat --help;
 *  3. man/abstat-NAME.1 (test 090: every command's page, its options
 *     those of its --help; test 092: an EXAMPLES section whose
 *     commands run). README.md's "## More" names the pages of the
 *     commands as one (abstat-COMMAND(1)), not each.
 * --help, getopt's tables, the bash completion and the tests' lists of
 * commands follow from the entry and the line; test 289 makes the
 * command's hostile-name case from its --help (the name as an unknown
 * option and as each operand of its usage line: the command shows it
 * escaped, escape.h); a command whose operands are not printed back
 * takes a case of its own in 289. A command with verbs (boots) lists
 * them in its entry's verbs, each with the options it takes
 * (cli_priv.h's struct cmd_verb): --help's usage lines and verbs, the
 * completion and the refusal of another verb's option follow.
 * Adding an option: an id in enum cli_opt_id (cli_priv.h), its field in
 * the option struct of the commands that read it (cli.h: model_opts,
 * boots_opts ...; session_input.h: measure_opts, the session's; each
 * a field of struct config; a field of struct config itself only when
 * many kinds of command read it), and its row in cli_opts[]
 * (cli_opts.c): name, short form, value word, default, help, fixed
 * values, and what it sets
 * (CLI_BOOL(field), with field a path such as boots.k, CLI_STRING,
 * CLI_UINT(field, lo, hi), CLI_DOUBLE,
 * CLI_ENUM(field, base), or CLI_CALL(fn) for what a table cannot say;
 * each but CLI_CALL fails to build on a field of another type, and
 * CLI_CALL_FIELD(fn, field) on one other than fn_field: cli_priv.h,
 * test 246);
 * then USE(OPT_ID) in the cli_use list of each command that takes it,
 * and its paragraph in their man pages (test 090). Its --help line,
 * getopt entry, default and completion follow. make recipe-check
 * applies these steps (tests/recipes.sh) and runs every test.
 */
#ifndef ABSTAT_COMMANDS_H
#define ABSTAT_COMMANDS_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "compare.h"
#include "msg.h"
#include "side.h"

/* Every command, in --help order, then NULL (cmd_table.c's COMMANDS).
 * main passes it to cli_parse. */
extern const struct cmd_entry *const *const cmd_table;

/* cmd_plot.c: the chart of sides (the caller's) at out, under cfg's
 * model options; model: the delta chart's, built by the caller (its
 * warnings and regressions said), or NULL. An exit status (EXIT_NOPLOT
 * without gnuplot) after printing (boots report --plot). */
struct compare_model;
int cmd_plot_sides(const struct config *cfg, const char *out,
		   struct side *sides, size_t n,
		   const struct compare_model *model);
/* cmd_run.c: a run's session, as run and profile (whose config
 * samples) measure: the plan, the table on stdout, -o saved, --resume.
 * An exit status after printing. */
int cmd_run_session(const struct config *cfg);
/* cmd_session.c: the session driver's input (session_input.h) from
 * cfg, its sink cmd_say with cfg->quiet; and the sink of every engine
 * (sink.h): SAY_OUT on stdout, the levels as abstat's messages; its
 * ctx is a bool, quiet (-q: no info, no warnings), or NULL. */
struct session_input cmd_session_input(const struct config *cfg);
void cmd_say(void *ctx, enum say_level level, const char *text);
/* boots' operands (VERB DIR [A=KERNEL B=KERNEL]) and its run
 * arguments, the n_last_words after its -- (cmd_boots_args.c). */
int cmd_boots_args(struct config *cfg, int argc, char **argv);
/* boots' plan directory opened and held (its parents checked), and its
 * plan loaded, for each verb (cmd_boots.c); install and uninstall
 * (cmd_boots_install.c). Exit statuses, said on stderr. */
struct boots_ctx;
struct boots_plan;
int cmd_boots_open(struct boots_ctx *c);
int cmd_boots_load(const struct boots_ctx *c, struct boots_plan *p);
int cmd_boots_install(const struct config *cfg, struct boots_ctx *c);
int cmd_boots_uninstall(const struct config *cfg);
/* boots' verbs (boots_verbs in cmd_boots.c, each with the options it
 * takes): a verb's id (struct cmd_verb) is one of these. */
enum boots_verb {
	BOOTS_VERB_INIT,
	BOOTS_VERB_STEP,
	BOOTS_VERB_STATUS,
	BOOTS_VERB_REPORT,
	BOOTS_VERB_INSTALL,
	BOOTS_VERB_UNINSTALL,
};

/* Shared by the command files. Each returns an exit status (msg.h) after
 * printing its one error line, unless said otherwise. */

/* cmd_compare.c: the model of sides in cfg->format on out (with the
 * where table of profiled sides under --where, not in versus), its
 * warnings once on stderr; EXIT_REGRESSION when --fail-on-regression
 * trips (compare, versus). */
int cmd_compare_sides(const struct config *cfg, const struct side *sides,
		      size_t n, FILE *out);

/* cmd_common.c */
/* exit_status_of (exit_status.h), by the name the command files know
 * it by. */
static inline int cmd_status(int rc, int otherwise)
{
	return exit_status_of(rc, otherwise);
}
/* Whether what was printed to stdout reached it: written, flushed and
 * closed without error (a duplicate of the descriptor is closed, which
 * reports what a file system defers to close). cmd_close_stdout still
 * says what failed. */
bool cmd_stdout_reached(void);
/* At exit (main): flush and close stdout; a command's EXIT_OK or
 * EXIT_REGRESSION becomes EXIT_IO, with one error line, when it failed. */
int cmd_close_stdout(int rc);
/* The model's options from the command line (compare, versus, plot). */
void cmd_compare_opts(const struct config *cfg, struct compare_opts *o);
/* The unit an imported result's source prints its times in
 * (env.imported.time_unit: gobench's ns/op in ns), else TIME_UNIT_AUTO:
 * the tables' default when --time-unit is not given. */
enum time_unit cmd_source_time_unit(const struct result *r);
/* Refuse a side with a file (or, without a path, a result) that holds no
 * measured run that succeeded: one line, EXIT_USAGE (compare, plot,
 * versus). */
int cmd_check_sides(const char *who, const struct side *sides, size_t n);
/* cmd_common.c: a missing result FILE whose journal is beside it (run's
 * FILE.journal, versus' FILE-LABEL.json.journal): one error line, after
 * who, that names it, run --resume and recover; true when one was
 * found (nothing printed otherwise). */
bool cmd_journal_hint(const char *who, const char *file);
/* cfg->files as sides (compare, plot), each file checked with
 * cmd_check_sides; free with side_free either way. */
int cmd_read_sides(const struct config *cfg, const char *who,
		   struct side **sides, size_t *n);
/* The same for the side specs specs[0..n_specs) (boots report's). */
int cmd_read_specs(const struct config *cfg, const char *who,
		   char *const *specs, size_t n_specs, struct side **sides,
		   size_t *n);
/* compare_build, then its warnings on stderr. */
int cmd_compare_build(const char *who, const struct compare_opts *o,
		      const struct side *sides, size_t n,
		      struct compare_model **m);
/* A warning per regression beyond pct (compare_regressed); true if any. */
bool cmd_compare_regressions(const struct compare_model *m, double pct,
			     bool sessions);
/* run and show: --format must be text, json or csv. */
int cmd_report_format(const struct config *cfg);

#endif
