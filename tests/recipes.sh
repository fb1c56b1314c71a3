# The documented recipes (doc/development.md; the steps in
# src/cmd/commands.h, src/format/format.h, src/import/import.h), each
# applied to a scratch copy of the tree (DIR, as tests/lib.sh's
# scratch_repo makes it) by its files only: a command, an option, a
# format, an import source. Sourced by the tests that check one recipe
# on a copy (232 the command, 233 the format, 340 the import source)
# and by make recipe-check (tests/recipe-check.sh), which applies all
# four and runs the whole suite on the copy. Each function returns 0,
# or the status of the step that failed.

# recipe_command DIR: abstat hello [NAME], a command in three files
# (src/cmd/commands.h): src/cmd/cmd_hello.c (its function and entry),
# its line X(hello) in COMMANDS (src/cmd/cmd_table.c, after bisect) and
# man/abstat-hello.1
recipe_command() {
	_r_dir=$1 &&
	cat >"$_r_dir/src/cmd/cmd_hello.c" <<-'EOF' &&
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
	awk '{ print } /^\tX\(bisect\) *\\$/ { print "\tX(hello)       \\" }' \
		"$_r_dir/src/cmd/cmd_table.c" >"$_r_dir/t.c" && mv "$_r_dir/t.c" "$_r_dir/src/cmd/cmd_table.c" &&
	cat >"$_r_dir/man/abstat-hello.1" <<-'EOF'
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
	.SH SEE ALSO
	.BR abstat (1)
	EOF
}

# recipe_option DIR: hello --greeting WORD, an option (after
# recipe_command; the steps in src/cmd/commands.h): its id in enum
# cli_opt_id (src/cli/cli_priv.h), its field in the option struct of
# the command that reads it (struct config's hello, src/cli/cli.h), its
# row in cli_opts[] (src/cli/cli_opts.c), USE(OPT_GREETING) in hello's
# list and its reading there (src/cmd/cmd_hello.c), and its paragraph in
# man/abstat-hello.1
recipe_option() {
	_r_dir=$1 &&
	awk '{ print } /^\tOPT_GOOD, OPT_BAD, / { print "\t/* hello */"; print "\tOPT_GREETING," }' \
		"$_r_dir/src/cli/cli_priv.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/cli/cli_priv.h" &&
	awk '{ print } /^\tstruct \{ const char \*bench; \} import;/ {
			print "\tstruct { const char *greeting; } hello;      /* hello --greeting */" }' \
		"$_r_dir/src/cli/cli.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/cli/cli.h" &&
	awk '/^\t\[OPT_FLAME_FORMAT\] = / {
			print "\t[OPT_GREETING] = { \"greeting\", 0, \"WORD\", NULL, false,"
			print "\t\t\t   \"greet with WORD (default: hello)\","
			print "\t\tCLI_STRING_NONEMPTY(hello.greeting, \"--greeting: empty word; give --greeting WORD\") }," }
		{ print }' "$_r_dir/src/cli/cli_opts.c" >"$_r_dir/t.c" && mv "$_r_dir/t.c" "$_r_dir/src/cli/cli_opts.c" &&
	sed -i -e 's/^\([[:space:]]*USE_HELP(OPT_QUIET, "print nothing"),\) END,$/\1 USE(OPT_GREETING), END,/' \
		-e 's/printf("hello, %s\\n", name);/printf("%s, %s\\n", cfg->hello.greeting ? cfg->hello.greeting : "hello", name);/' \
		"$_r_dir/src/cmd/cmd_hello.c" &&
	grep -q "USE(OPT_GREETING)" "$_r_dir/src/cmd/cmd_hello.c" &&
	grep -q "cfg->hello.greeting" "$_r_dir/src/cmd/cmd_hello.c" &&
	awk '/^\.BR \\-h ", " \\-\\-help$/ { print ".BI \\-\\-greeting \" word\""; print "Greet with"
			print ".I word"; print "(default: hello)."; print ".TP" }
		{ print }' "$_r_dir/man/abstat-hello.1" >"$_r_dir/t.1" && mv "$_r_dir/t.1" "$_r_dir/man/abstat-hello.1"
}

# recipe_format DIR: --format lines, a format in three files
# (src/format/format.h): src/format/fmt_lines.c (its print function),
# its prototype and row of FORMATS in format.h, and the reader of its
# verdict word in test 038 (the primary row's)
_r_reader=$(cat <<'EOF'
	lines) awk '/^task-clock\/op /{ sub(/^[^ ]* [^ ]* /, ""); print; exit }' "$TESTTMP/w.$f" ;;
EOF
)
recipe_format_reader() {
	_r_dir=$1 &&
	R=$_r_reader awk '{ print } /^\tbenchstat\) awk/ { print ENVIRON["R"] }' \
		"$_r_dir/tests/cli/038-verdict-formats.sh" >"$_r_dir/t.sh" &&
	mv "$_r_dir/t.sh" "$_r_dir/tests/cli/038-verdict-formats.sh"
}
recipe_format() {
	_r_dir=$1 &&
	cat >"$_r_dir/src/format/fmt_lines.c" <<-'EOF' &&
	// SPDX-License-Identifier: MIT
	/* fmt_lines: a line per row and side, METRIC LABEL VERDICT (test 233). */
	#include "format.h"

	void fmt_lines(const struct compare_model *m, FILE *out)
	{
		for (size_t r = 0; r < m->n_rows; r++)
			for (size_t s = 1; s < m->n_sides; s++) {
				const char *w = compare_verdict_word(m, &m->rows[r], s);

				fprintf(out, "%s %s %s\n", m->rows[r].metric,
					m->labels[s], w ? w : "-");
			}
	}
	EOF
	awk '/^\tX\(BENCHSTAT, / { print $0 " \\"; print "\tX(LINES, \"lines\", fmt_lines)"; next }
		/^void fmt_benchstat\(/ { print "void fmt_lines(const struct compare_model *m, FILE *out);" }
		{ print }' "$_r_dir/src/format/format.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/format/format.h" &&
	recipe_format_reader "$_r_dir"
}

# recipe_import DIR: abstat import times, an import source in three
# files (src/import/import.h): src/import/import_times.c (its reader),
# its prototype and row of IMPORT_SOURCES in import.h, and its section
# .SS times in man/abstat-import.1
recipe_import() {
	_r_dir=$1 &&
	cat >"$_r_dir/src/import/import_times.c" <<-'EOF' &&
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
	awk '/^\t  "perf stat -o FILE --append/ { sub(/\)$/, ") \\"); print
			print "\tX(TIMES, \"times\", import_times, \"NAME,SECONDS lines\")"; next }
		/^int import_perfstat\(/ {
			print "int import_times(struct result *r, const char *path, const char *buf,"
			print "\t\t size_t size, char *err, size_t len);" }
		{ print }' "$_r_dir/src/import/import.h" >"$_r_dir/t.h" && mv "$_r_dir/t.h" "$_r_dir/src/import/import.h" &&
	awk '/^\.SS Limits and refused values/ {
			print ".SS times"; print "Lines of"; print ".IR NAME , SECONDS :"
			print "a run of benchmark"; print ".I NAME"; print "each, its wall time." }
		{ print }' "$_r_dir/man/abstat-import.1" >"$_r_dir/t.1" && mv "$_r_dir/t.1" "$_r_dir/man/abstat-import.1"
}
