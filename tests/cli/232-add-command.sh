# A command takes three files (issue 45; the recipe in src/cmd/commands.h
# and doc/development.md, applied by tests/recipes.sh): in a scratch
# copy of the tree, a git repository of its own ($TESTTMP/tree),
# `abstat hello` is added with
# src/cmd/cmd_hello.c (its function and entry), one line in COMMANDS
# (src/cmd/cmd_table.c) and man/abstat-hello.1; git counts the files.
# Then the copy's abstat (built there, only the binary: the tree's
# objects are copied and brought up to date before hello is added, so
# only the new file and the table compile for it) has
# its --help, its line in abstat --help, its completion, and the
# man-page test (090) passes with the page and fails without it; the
# completion (093) and hostile-name (289) tests pass on the copy, each
# checking hello with no line of its own (289 makes its case from
# hello's usage line: hello shows its NAME escaped).
# tags: slow
S=$TESTTMP/tree
SA=$S/abstat
test_lazy_prereq GIT 'command -v git'
test_lazy_prereq GROFF 'command -v groff && command -v col'
test_lazy_prereq BASH 'command -v bash'

. "$TOP/tests/recipes.sh"
# with_hello: the tree's abstat --help with hello's line after bisect's
with_hello() {
	awk '{ print } /^  bisect / { print "  hello      say hello (a command in three files)" }'
}

test_expect_success GIT 'a command is three files: cmd_hello.c, its line in the table, its page' '
	scratch_repo "$S" && scratch_make "$S" abstat && recipe_command "$S" &&
	scratch_files "$S" man/abstat-hello.1 src/cmd/cmd_hello.c src/cmd/cmd_table.c &&
	git -C "$S" diff --cached --numstat src/cmd/cmd_table.c >"$TESTTMP/n" &&
	[ "$(cat "$TESTTMP/n")" = "1	0	src/cmd/cmd_table.c" ] ||
		fail "the table took more than one added line: $(cat "$TESTTMP/n")"
'
test_expect_success GIT 'the copy builds its abstat, compiling only the new file and the table' '
	[ -f "$S/src/cmd/cmd_hello.c" ] || fail "no copy (the case before failed)" &&
	scratch_make "$S" abstat && [ -x "$SA" ] || fail "no abstat built" &&
	grep " CC " "$TESTTMP/make.log" | sed "s/.* CC *//" | sort >"$TESTTMP/cc" &&
	printf "%s\n" src/cmd/cmd_hello.c src/cmd/cmd_table.c >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/cc" || fail "compiled other files than the two"; }
'
test_expect_success GIT 'abstat hello --help: its usage, its options, its page' '
	expect_exit 0 "$SA" hello --help &&
	grep_out "^usage: abstat hello \[OPTIONS\] \[NAME\]\$" &&
	grep_out "^  -q, --quiet +print nothing\$" &&
	grep_out "^See abstat-hello\(1\)\.\$"
'
test_expect_success GIT 'abstat hello runs, and its operand count is checked' '
	expect_exit 0 "$SA" hello abstat && grep_out "^hello, abstat\$" &&
	expect_exit 2 "$SA" hello a b && one_line_err &&
	grep_err "^abstat: error: hello: takes at most one NAME\$"
'
test_expect_success GIT 'abstat --help lists it with its summary, after bisect' '
	expect_exit 0 "$SA" --help &&
	grep_out "^  hello      say hello \(a command in three files\)\$" &&
	sed -n "/^commands:/,/^\$/p" "$TESTTMP/out" | grep -A1 "^  bisect " | grep -q "^  hello " ||
		fail "hello is not after bisect" &&
	"$ABSTAT" --help | with_hello >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/out" || fail "abstat --help changed more than the line"; }
'
test_expect_success GIT,BASH 'the bash completion offers it, and its options' '
	"$SA" --complete | grep -qx hello || fail "abstat --complete lacks hello" &&
	(cd "$TESTTMP" && bash -c ". \"\$0\"; COMP_WORDS=(\"\$1\" hel); COMP_CWORD=1; _abstat; echo \"\${COMPREPLY[*]}\"" \
		"$S/man/abstat.bash-completion" "$SA") >"$TESTTMP/comp" &&
	[ "$(cat "$TESTTMP/comp")" = hello ] || fail "abstat hel<TAB> offers: $(cat "$TESTTMP/comp")" &&
	(cd "$TESTTMP" && bash -c ". \"\$0\"; COMP_WORDS=(\"\$1\" hello -); COMP_CWORD=2; _abstat; echo \"\${COMPREPLY[*]}\"" \
		"$S/man/abstat.bash-completion" "$SA") | tr " " "\n" | sort >"$TESTTMP/comp" &&
	printf "%s\n" --help --quiet -h -q >"$TESTTMP/want" &&
	{ diff "$TESTTMP/want" "$TESTTMP/comp" || fail "abstat hello -<TAB> offers other options"; }
'
test_expect_success GIT,GROFF 'the man-page test (090) passes on the copy with abstat-hello.1' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	scratch_test "$S" 090-man.sh || { grep "^not ok" -A5 "$TESTTMP/s.out"; fail "090 fails with the page"; } &&
	grep -q "^ok [0-9]* - abstat hello has its man page" "$TESTTMP/s.out" ||
		fail "090 did not check hello" &&
	grep -q "^ok [0-9]* - hello: its page documents every option of hello --help" "$TESTTMP/s.out" ||
		fail "090 did not check the options of hello"
'
test_expect_success GIT,BASH 'the completion test (093) passes on the copy, hello among the commands' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	scratch_test "$S" 093-completion.sh || { grep "^not ok" -A5 "$TESTTMP/s.out"; fail "093 fails on the copy"; } &&
	grep -q "^ok [0-9]* - completion: abstat hello -<TAB> offers the options of its --help" "$TESTTMP/s.out" ||
		fail "093 did not check hello"
'
# 289 runs the copy's abstat on the programs of this build (tests/progs)
# with this build's prerequisites
test_expect_success GIT 'the hostile-name test (289) passes on the copy, a case made for hello' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	mkdir -p "$S/build/tests" && cp -a "$BUILD/tests/progs" "$BUILD/tests/prereq" "$S/build/tests/" &&
	scratch_test "$S" 289-hostile-every-command.sh ||
		{ grep "^not ok" -A8 "$TESTTMP/s.out"; fail "289 fails on the copy"; } &&
	grep -q "^ok [0-9]* - hello: the name as an option and as its operands" "$TESTTMP/s.out" ||
		fail "289 made no case for hello" &&
	git -C "$S" status --porcelain tests >"$TESTTMP/changed" &&
	[ ! -s "$TESTTMP/changed" ] || fail "the tests changed: $(cat "$TESTTMP/changed")"
'
test_expect_success GIT,GROFF 'and fails without it, naming the page' '
	[ -x "$SA" ] || fail "no abstat in the copy" &&
	rm "$S/man/abstat-hello.1" &&
	if scratch_test "$S" 090-man.sh; then fail "090 passed without abstat-hello.1"; fi &&
	grep -q "^not ok [0-9]* - abstat hello has its man page" "$TESTTMP/s.out" ||
		{ grep "^not ok" "$TESTTMP/s.out"; fail "090 did not fail for hello"; } &&
	grep -q "no man page man/abstat-hello.1" "$TESTTMP/s.out" || fail "no reason given"
'
test_done
