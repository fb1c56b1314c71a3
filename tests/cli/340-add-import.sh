# An import source takes three files (issue 52; the recipe in
# src/import/import.h and doc/development.md, applied by
# tests/recipes.sh): in a scratch copy of the tree, a git repository of
# its own ($TESTTMP/tree), `abstat import
# times` is added with src/import/import_times.c (its reader),
# import.h (its prototype and its row of IMPORT_SOURCES) and its section
# in man/abstat-import.1; git counts the files. The copy's abstat (only
# the binary, the tree's objects copied and brought up to date first)
# lists it in import --help, the completion offers it after
# `abstat import`, it imports, and the tests whose lists of sources come
# from the table pass on the copy with it: 124 (the unknown source's
# error names every source) and 090 (every source has its section; it
# fails without).
S=$TESTTMP/tree
SA=$S/abstat

. "$TOP/tests/recipes.sh"

test_lazy_prereq GIT 'command -v git'
test_lazy_prereq GROFF 'command -v groff && command -v col'
test_lazy_prereq BASH 'command -v bash'
test_expect_success GIT 'an import source is three files (its reader, import.h, its section); the copy builds' '
	scratch_repo "$S" && scratch_make "$S" abstat && recipe_import "$S" &&
	scratch_files "$S" man/abstat-import.1 src/import/import.h src/import/import_times.c &&
	[ "$(git -C "$S" diff --cached --numstat src/import/import.h | cut -f1,2)" = "4	1" ] ||
		fail "import.h took more than its row and prototype" &&
	scratch_make "$S" abstat && [ -x "$SA" ] && grep -q " CC .*src/import/import_times.c" "$TESTTMP/make.log" ||
		fail "no abstat built with import_times.c"
'
test_expect_success GIT 'import --help lists it, after the others' '
	expect_exit 0 "$SA" import --help &&
	grep_out "^    times: NAME,SECONDS lines\$" &&
	"$ABSTAT" import --help >"$TESTTMP/old" &&
	diff "$TESTTMP/old" "$TESTTMP/out" | grep "^[<>]" >"$TESTTMP/d" || : &&
	[ "$(cat "$TESTTMP/d")" = "> "'"'"'    times: NAME,SECONDS lines'"'"' ] ||
		fail "import --help changed more than its line: $(cat "$TESTTMP/d")"
'
test_expect_success GIT,BASH 'the completion offers it after abstat import' '
	"$SA" --complete import | grep -qE "^first .* times( |\$)" || fail "--complete import lacks times" &&
	for w in "" t; do
		(cd "$TESTTMP" && bash -c ". \"\$0\"; COMP_WORDS=(\"\$1\" import -q \"\$2\"); COMP_CWORD=3; _abstat; echo \"\${COMPREPLY[*]}\"" \
			"$S/man/abstat.bash-completion" "$SA" "$w") >"$TESTTMP/comp" &&
		grep -qE "(^| )times( |\$)" "$TESTTMP/comp" || fail "abstat import -q $w<TAB> offers: $(cat "$TESTTMP/comp")" || exit 1
	done
'
test_expect_success GIT 'it imports, and its errors are one line' '
	printf "a,0.5\na,0.6\nb,0.7\n" >"$TESTTMP/t.csv" &&
	expect_exit 0 "$SA" import -q times "$TESTTMP/t.csv" -o "$TESTTMP/t.json" &&
	expect_exit 0 "$SA" show --format csv "$TESTTMP/t.json" &&
	[ "$(grep -c "^a," "$TESTTMP/out")" -ge 1 ] && [ "$(grep -c "^b," "$TESTTMP/out")" -ge 1 ] ||
		fail "show lacks the benchmarks a and b" &&
	printf "a;1\n" >"$TESTTMP/bad.csv" &&
	expect_exit 2 "$SA" import times "$TESTTMP/bad.csv" -o "$TESTTMP/bad.json" && one_line_err &&
	grep_err "bad.csv:1: expected NAME,SECONDS\$"
'
test_expect_success GIT 'test 124 passes on the copy, times among the sources' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	scratch_test "$S" 124-import-errors.sh || { grep "^not ok" -A5 "$TESTTMP/s.out"; fail "124 fails on the copy"; } &&
	expect_exit 2 "$SA" import nosuch "$TESTTMP/t.csv" -o "$TESTTMP/x.json" &&
	grep_err "expected .* or times\$"
'
test_expect_success GIT,GROFF 'test 090 passes on the copy with the section' '
	scratch_test "$S" 090-man.sh || { grep "^not ok" -A5 "$TESTTMP/s.out"; fail "090 fails with the section"; } &&
	grep -q "^ok [0-9]* - import times has its section in abstat-import.1" "$TESTTMP/s.out" ||
		fail "090 did not check times"
'
test_expect_success GIT,GROFF 'and fails without it, naming the section' '
	sed "/^\.SS times\$/,/^each, its wall time\.\$/d" "$S/man/abstat-import.1" >"$S/t.1" &&
	mv "$S/t.1" "$S/man/abstat-import.1" &&
	if scratch_test "$S" 090-man.sh; then fail "090 passed without the section"; fi &&
	grep -q "^not ok [0-9]* - import times has its section" "$TESTTMP/s.out" ||
		{ grep "^not ok" "$TESTTMP/s.out"; fail "090 did not fail for times"; } &&
	grep -q "no section .SS times" "$TESTTMP/s.out" || fail "no reason given"
'
test_done
