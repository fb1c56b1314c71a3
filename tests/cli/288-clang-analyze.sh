# Issue 44: clang's static analyzer finds nothing in src/ and counters/
# (make analyze: clang --analyze with the build's flags, each warning an
# error). It found the OOM paths of issue 44 (cli_targets.c,
# session_measure.c, env_diff.c, compare_delta.c) and then more: a leak
# and a NULL dereference behind err_nomem and result_fail (whose -ENOMEM
# and -EINVAL it could not see), uninitialised sides freed in where.c,
# a guide table read past its end in stats_boot.c; each is fixed where
# it is, none is suppressed. A file with a leak shows that make analyze
# fails on a warning. Two files at once: about 6 CPU-minutes, so make
# check's plain pass runs it and SANITIZE=1's does not (the same source).
# tags: slow
test_require PLAIN_BUILD
test_lazy_prereq CLANG 'command -v clang'
mk() { # mk ARGS...: make in the checkout, its output in $TESTTMP/out
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory -C "$TOP" "$@" >"$TESTTMP/out" 2>&1
}
test_expect_success CLANG 'make analyze fails on a leak' '
	printf "#include <stdlib.h>\nint f(void);\nint f(void)\n{\n\tchar *p = malloc(8);\n\treturn p != 0;\n}\n" >"$TESTTMP/leak.c" &&
	if mk analyze SRC="$TESTTMP/leak.c"; then
		cat "$TESTTMP/out"; fail "make analyze passed a leak"
	fi
	grep -q "leak.c:.*Potential leak of memory" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no leak named"; }
'
test_expect_success CLANG 'src/ and counters/: no warning' '
	mk analyze || { cat "$TESTTMP/out"; fail "clang --analyze warns (make analyze)"; }
	if grep "warning:" "$TESTTMP/out"; then fail "warnings, yet make passed"; fi
'
test_done
