# A format takes three files (issue 45; the recipe in src/format/format.h
# and doc/development.md, applied by tests/recipes.sh): in a scratch
# copy of the tree, a git repository of its own ($TESTTMP/tree),
# `--format lines` is added with
# src/format/fmt_lines.c (its print function), format.h (its prototype
# and its row of FORMATS) and its verdict word's reader in test 038,
# which fails until a format has one; git counts the files. The copy's
# abstat (only the binary, the tree's objects copied and brought up to
# date first) takes it in every command's --format and its completion,
# and 038 passes with the reader and fails without it.
# tags: slow
S=$TESTTMP/tree
SA=$S/abstat
G=tests/golden
test_lazy_prereq GIT 'command -v git'
test_lazy_prereq JQ 'command -v jq'

. "$TOP/tests/recipes.sh"

test_expect_success GIT 'a format is three files: fmt_lines.c, format.h, its reader in 038' '
	scratch_repo "$S" && scratch_make "$S" abstat && recipe_format "$S" &&
	scratch_files "$S" src/format/fmt_lines.c src/format/format.h tests/cli/038-verdict-formats.sh
'
test_expect_success GIT 'the copy builds its abstat' '
	[ -f "$S/src/format/fmt_lines.c" ] || fail "no copy (the case before failed)" &&
	scratch_make "$S" abstat && [ -x "$SA" ] || fail "no abstat built" &&
	grep -q " CC .*src/format/fmt_lines.c" "$TESTTMP/make.log" || fail "fmt_lines.c not compiled"
'
test_expect_success GIT 'every --format takes it, and the completion offers it' '
	for c in compare versus; do
		"$SA" $c --help | grep -E -- "--format FMT .*benchstat(, | or )lines" >/dev/null ||
			fail "$c --help: no lines among --format values" || exit 1
	done &&
	"$SA" --complete compare | grep -E -- "^--format - FMT .* lines( |\$)" >/dev/null ||
		fail "--complete compare: --format lacks lines"
'
test_expect_success GIT 'compare --format lines prints its verdicts' '
	expect_exit 0 "$SA" compare --format lines $G/base.json $G/slow.json &&
	grep_out "^task-clock/op [^ ]+ session\$"
'
test_expect_success GIT,JQ 'test 038 passes on the copy, lines among its formats' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	scratch_test "$S" 038-verdict-formats.sh || { grep "^not ok" -A5 "$TESTTMP/s.out"; fail "038 fails with the reader"; } &&
	grep -q "^ok [0-9]* - session: lines says session on the primary row" "$TESTTMP/s.out" ||
		fail "038 did not check lines"
'
test_expect_success GIT,JQ 'and fails without the reader' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	git -C "$S" checkout -q HEAD -- tests/cli/038-verdict-formats.sh &&
	if scratch_test "$S" 038-verdict-formats.sh; then fail "038 passed with no reader for lines"; fi &&
	grep -q "^not ok [0-9]* - session: lines says session" "$TESTTMP/s.out" ||
		{ grep "^not ok" "$TESTTMP/s.out"; fail "038 did not fail for lines"; }
'
test_done
