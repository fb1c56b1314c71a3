# The documented recipes (doc/development.md; the steps in
# src/cmd/commands.h, src/format/format.h, src/import/import.h), each
# applied to a scratch copy of the tree (DIR, as tests/lib.sh's
# scratch_repo makes it) by its files only: a command, an option, a
# format, an import source. Sourced by the tests that check one recipe
# on a copy (232 the command, 233 the format, 340 the import source)
# and by make recipe-check (tests/recipe-check.sh), which applies all
# four under other names (the tests' own must stay free on its copy)
# and runs the whole suite there. Each takes DIR and a NAME (the
# tests' by default), and returns 0 or the status of the step that
# failed.

# recipe_named WORD UPPER: stdin with WORD and UPPER replaced by the
# recipe's name (_r_name) and its upper case (_r_up), on stdout
recipe_named() { sed "s/$1/$_r_name/g; s/$2/$_r_up/g"; }

# recipe_command DIR [NAME]: abstat NAME (default hello) [WHO], a
# command in three files (src/cmd/commands.h): src/cmd/cmd_NAME.c (its
# function and entry), its line X(NAME) in COMMANDS (src/cmd/cmd_table.c,
# after bisect) and man/abstat-NAME.1
recipe_command() {
	_r_dir=$1 _r_name=${2:-hello} &&
	_r_up=$(echo "$_r_name" | tr a-z A-Z) &&
	recipe_named hello HELLO >"$_r_dir/src/cmd/cmd_$_r_name.c" <<-'EOF' &&
	// SPDX-License-Identifier: MIT
	/* cmd_hello: 'abstat hello [NAME]', a greeting (test 232). */
	#include <stdio.h>
	#include <stdlib.h>

	#include "cmd_entry.h"
	#include "commands.h"
	#include "escape.h"

	static int cmd_hello(const struct config *cfg)
	{
		/* a name from the command line is shown escaped (test 289) */
		char *name = escape_dup(cfg->n_files ? cfg->files[0] : "world");

		if (!name)
			return EXIT_IO;
		if (!cfg->quiet)
			printf("hello, %s\n", name);
		free(name);
		return EXIT_OK;
	}

	static const struct cli_use hello_opts[] = {
		USE_HELP(OPT_QUIET, "print nothing"), END,
	};

	const struct cmd_entry cmd_entry_hello = {
		.name = "hello",
		.summary = "say hello (a command in three files)",
		.run = cmd_hello,
		.usage = "abstat hello [OPTIONS] [NAME]",
		.opts = hello_opts,
		.min_operands = 0, .max_operands = 1,
		.operands_error = "takes at most one NAME",
	};
	EOF
	N=$_r_name awk '{ print } /^\tX\(bisect\) *\\$/ {
			printf "\tX(%s)%*s\\\n", ENVIRON["N"], 12 - length(ENVIRON["N"]), "" }' \
		"$_r_dir/src/cmd/cmd_table.c" >"$_r_dir/t.c" && mv "$_r_dir/t.c" "$_r_dir/src/cmd/cmd_table.c" &&
	recipe_named hello HELLO >"$_r_dir/man/abstat-$_r_name.1" <<-'EOF'
	.TH ABSTAT\-HELLO 1 2026-12-03 "abstat 0.1.0" "abstat manual"
	.SH NAME
	abstat\-hello \- say hello
	.SH SYNOPSIS
	.B abstat hello
	.RI [ options ]
	.RI [ name ]
	.SH DESCRIPTION
	Prints hello and the name given, or world.
	.SH OPTIONS
	.TP
	.BR \-q ", " \-\-quiet
	Print nothing.
	.TP
	.BR \-h ", " \-\-help
	Print the options and exit.
	.SH EXIT STATUS
	0, or 2 for a usage error.
	.SH EXAMPLES
	.EX
	$ abstat hello
	hello, world
	.EE
	.SH SEE ALSO
	.BR abstat (1)
	EOF
}

# recipe_option DIR [CMD]: CMD --greeting WORD (CMD: recipe_command's,
# default hello), an option (the steps in src/cmd/commands.h): its id
# in enum cli_opt_id (src/cli/cli_priv.h), its field in the option
# struct of the command that reads it (struct config's CMD,
# src/cli/cli.h), its row in cli_opts[] (src/cli/cli_opts.c),
# USE(OPT_GREETING) in CMD's list and its reading there
# (src/cmd/cmd_CMD.c), and its paragraph in man/abstat-CMD.1
recipe_option() {
	_r_dir=$1 _r_name=${2:-hello} &&
	awk '{ print } /^\tOPT_GOOD, OPT_BAD, / { print "\t/* recipe_option */"; print "\tOPT_GREETING," }' \
		"$_r_dir/src/cli/cli_priv.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/cli/cli_priv.h" &&
	N=$_r_name awk '{ print } /^\tstruct \{ const char \*bench; \} import;/ {
			printf "\tstruct { const char *greeting; } %s; /* --greeting */\n", ENVIRON["N"] }' \
		"$_r_dir/src/cli/cli.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/cli/cli.h" &&
	N=$_r_name awk '/^\t\[OPT_FLAME_FORMAT\] = / {
			print "\t[OPT_GREETING] = { \"greeting\", 0, \"WORD\", NULL, false,"
			print "\t\t\t   \"greet with WORD (default: the command'"'"'s name)\","
			printf "\t\tCLI_STRING_NONEMPTY(%s.greeting, \"--greeting: empty word; give --greeting WORD\") },\n", ENVIRON["N"] }
		{ print }' "$_r_dir/src/cli/cli_opts.c" >"$_r_dir/t.c" && mv "$_r_dir/t.c" "$_r_dir/src/cli/cli_opts.c" &&
	sed -i -e 's/^\([[:space:]]*USE_HELP(OPT_QUIET, "print nothing"),\) END,$/\1 USE(OPT_GREETING), END,/' \
		-e "s/printf(\"$_r_name, %s\\\\n\", name);/printf(\"%s, %s\\\\n\", cfg->$_r_name.greeting ? cfg->$_r_name.greeting : \"$_r_name\", name);/" \
		"$_r_dir/src/cmd/cmd_$_r_name.c" &&
	grep -q "USE(OPT_GREETING)" "$_r_dir/src/cmd/cmd_$_r_name.c" &&
	grep -q "cfg->$_r_name.greeting" "$_r_dir/src/cmd/cmd_$_r_name.c" &&
	awk '/^\.BR \\-h ", " \\-\\-help$/ { print ".BI \\-\\-greeting \" word\""; print "Greet with"
			print ".I word"; print "(default: the command'"'"'s name)."; print ".TP" }
		{ print }' "$_r_dir/man/abstat-$_r_name.1" >"$_r_dir/t.1" && mv "$_r_dir/t.1" "$_r_dir/man/abstat-$_r_name.1"
}

# recipe_format DIR [NAME]: --format NAME (default lines), a format in
# three files (src/format/format.h): src/format/fmt_NAME.c (its print
# function), its prototype and row of FORMATS in format.h (after
# benchstat's), and the reader of its verdict word in test 038 (the
# primary row's)
recipe_format_reader() {
	_r_dir=$1 _r_name=${2:-lines} &&
	R="	$_r_name) awk '/^task-clock\/op /{ sub(/^[^ ]* [^ ]* /, \"\"); print; exit }' \"\$TESTTMP/w.\$f\" ;;" \
	awk '{ print } /^\tbenchstat\) awk/ { print ENVIRON["R"] }' \
		"$_r_dir/tests/cli/038-verdict-formats.sh" >"$_r_dir/t.sh" &&
	mv "$_r_dir/t.sh" "$_r_dir/tests/cli/038-verdict-formats.sh"
}
recipe_format() {
	_r_dir=$1 _r_name=${2:-lines} &&
	_r_up=$(echo "$_r_name" | tr a-z A-Z) &&
	recipe_named lines LINES >"$_r_dir/src/format/fmt_$_r_name.c" <<-'EOF' &&
	// SPDX-License-Identifier: MIT
	/* fmt_lines: a line per row and side, METRIC LABEL VERDICT (test 233). */
	#include "format.h"

	void fmt_lines(const struct compare_model *m, FILE *out)
	{
		char label[256];

		for (size_t r = 0; r < m->n_rows; r++)
			for (size_t s = 1; s < m->n_sides; s++) {
				const char *w = compare_verdict_word(m, &m->rows[r], s);

				/* the label escaped (fmt_label: test 064) */
				fprintf(out, "%s %s %s\n", m->rows[r].metric,
					fmt_label(m, s, label, sizeof(label)),
					w ? w : "-");
			}
	}
	EOF
	# the row after benchstat's, each row but the last ending in \
	N=$_r_name U=$_r_up awk '/^\tX\(BENCHSTAT, / { more = /\\$/; if (!more) $0 = $0 " \\"; print
			printf "\tX(%s, \"%s\", fmt_%s)%s\n", ENVIRON["U"], ENVIRON["N"], ENVIRON["N"], more ? " \\" : ""; next }
		/^void fmt_benchstat\(/ {
			printf "void fmt_%s(const struct compare_model *m, FILE *out);\n", ENVIRON["N"] }
		{ print }' "$_r_dir/src/format/format.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/format/format.h" &&
	recipe_format_reader "$_r_dir" "$_r_name"
}

# recipe_import DIR [NAME]: abstat import NAME (default times), an
# import source in three files (src/import/import.h):
# src/import/import_NAME.c (its reader), its prototype and row of
# IMPORT_SOURCES in import.h (the last), and its section .SS
# NAME in man/abstat-import.1
recipe_import() {
	_r_dir=$1 _r_name=${2:-times} &&
	_r_up=$(echo "$_r_name" | tr a-z A-Z) &&
	recipe_named times TIMES >"$_r_dir/src/import/import_$_r_name.c" <<-'EOF' &&
	// SPDX-License-Identifier: MIT
	/* import_times: NAME,SECONDS lines, a run each (test 340). */
	#include <errno.h>
	#include <stdio.h>
	#include <stdlib.h>
	#include <string.h>

	#include "import.h"

	int import_times(struct result *r, const char *path, const char *buf,
			 size_t size, char *err, size_t len)
	{
		static const char *const missing[] = { "user", "sys", "maxrss" };
		int line = 0;

		for (size_t m = 0; m < 3; m++)
			if (import_not_recorded(r, missing[m]))
				return -ENOMEM;
		for (size_t i = 0; i < size; line++) {
			const char *nl = memchr(buf + i, '\n', size - i);
			size_t n = nl ? (size_t)(nl - (buf + i)) : size - i;
			char l[256], *comma, *end;
			struct benchmark *b;
			struct run *run;
			double s = 0;

			snprintf(l, sizeof(l), "%.*s", (int)n, buf + i);
			i += n + 1;
			if (!l[0])
				continue;
			comma = strchr(l, ',');
			if (comma)
				s = strtod(comma + 1, &end);
			if (!comma || s <= 0 || *end)
				return import_err(err, len, path, line + 1,
						  "expected NAME,SECONDS");
			*comma = '\0';
			b = import_bench(r, l, NULL);
			run = b ? import_run(r, b, false) : NULL;
			if (!run)
				return -ENOMEM;
			run->total.wall_ns = import_u64(s * 1e9);
		}
		return 0;
	}
	EOF
	# the row last in IMPORT_SOURCES: after the line that ended it
	N=$_r_name U=$_r_up awk '/^#define IMPORT_SOURCES\(/ { list = 1 }
		list && !/\\$/ { list = 0; print $0 " \\"
			printf "\tX(%s, \"%s\", import_%s, \"NAME,SECONDS lines\")\n", ENVIRON["U"], ENVIRON["N"], ENVIRON["N"]; next }
		/^int import_perfstat\(/ {
			printf "int import_%s(struct result *r, const char *path, const char *buf,\n", ENVIRON["N"]
			print "\t\t size_t size, char *err, size_t len);" }
		{ print }' "$_r_dir/src/import/import.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/import/import.h" &&
	N=$_r_name awk '/^\.SS Limits and refused values/ {
			print ".SS " ENVIRON["N"]; print "Lines of"; print ".IR NAME , SECONDS :"
			print "a run of benchmark"; print ".I NAME"; print "each, its wall time." }
		{ print }' "$_r_dir/man/abstat-import.1" >"$_r_dir/t.1" && mv "$_r_dir/t.1" "$_r_dir/man/abstat-import.1"
}
