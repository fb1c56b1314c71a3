# Every option binding of cli_opts[] checks its field's type when it
# compiles (issue 45; src/cli/cli_priv.h's CLI_BOOL, CLI_UINT ...):
# cli_option stores through an offset and a size, so a field of another
# type must fail the build, not be overwritten at run time.
cd "$TOP" || fail "no tree at $TOP"

test_lazy_prereq CC 'command -v "${CC:-cc}"'

# try BINDING: compile one cli_opt bound so; 0 when it builds
try() {
	printf '#include "cli_priv.h"\nstatic const struct cli_opt o = { .name = "x", %s };\nconst struct cli_opt *p = &o;\n' \
		"$1" >"$TESTTMP/b.c"
	"${CC:-cc}" -std=c11 -D_GNU_SOURCE -fsyntax-only \
		$(for d in src/*/; do printf ' -I%s' "${d%/}"; done) \
		-Icounters -Iworkloads "$TESTTMP/b.c" 2>"$TESTTMP/err"
}

test_expect_success CC 'bindings of the right type build' '
	for b in "CLI_BOOL(quiet)" "CLI_STRING(output)" \
		"CLI_UINT(measure.repeat, 1, 9)" "CLI_UINT(seed, 0, 9)" \
		"CLI_DOUBLE(model.alpha, 0, 1)" "CLI_ENUM(boots.method, 0)" \
		"CLI_UINT_FLAG(seed, 0, 9, seed_set)" \
		"CLI_CALL_FIELD(cli_run_hook, measure.setup)"; do
		try "$b" || { cat "$TESTTMP/err"; fail "$b did not build"; }
	done
'

test_expect_success CC 'a binding of another type fails to build, saying why' '
	for b in "CLI_UINT(quiet, 0, 1)" "CLI_BOOL(measure.repeat)" \
		"CLI_STRING(measure.repeat)" "CLI_DOUBLE(measure.repeat, 0, 1)" \
		"CLI_ENUM(model.alpha, 0)" "CLI_UINT(output, 0, 1)" \
		"CLI_UINT_FLAG(seed, 0, 9, measure.repeat)" \
		"CLI_CALL_FIELD(cli_run_hook, measure.repeat)" \
		"CLI_CALL_FIELD(cli_run_hook, quiet)"; do
		if try "$b"; then fail "$b built"; fi
		grep -q "static assertion failed: \"CLI_[A-Z_]*(.*): the" \
			"$TESTTMP/err" || { cat "$TESTTMP/err"; fail "$b: no reason"; }
	done
'
