# Colour only on a terminal, never with NO_COLOR set to a non-empty value
# (no-color.org: an empty NO_COLOR does not disable it), never with
# TERM=dumb, never when output is not a terminal. The terminal is script(1)'s,
# its typescript in $TESTTMP.
# tags: sanitize
test_lazy_prereq SCRIPT 'command -v script'
G=tests/golden
# on_tty FILE ENV...: compare base vs slow on a pseudo-terminal with ENV,
# what the terminal showed in FILE
on_tty() {
	out=$1; shift
	env "$@" script -qec "$ABSTAT compare $G/base.json $G/slow.json" "$out" >/dev/null 2>&1
}
ESC=$(printf '\033')

test_expect_success SCRIPT 'a terminal, TERM=xterm: the significant delta in colour' '
	on_tty "$TESTTMP/t1" -u NO_COLOR TERM=xterm &&
	grep -q "$ESC\\[3[12]m" "$TESTTMP/t1"
'
test_expect_success SCRIPT 'NO_COLOR empty: still colour' '
	on_tty "$TESTTMP/t2" NO_COLOR= TERM=xterm &&
	grep -q "$ESC\\[3[12]m" "$TESTTMP/t2"
'
test_expect_success SCRIPT 'NO_COLOR=1: no colour' '
	on_tty "$TESTTMP/t3" NO_COLOR=1 TERM=xterm &&
	grep -q "task-clock/op" "$TESTTMP/t3" &&
	if grep -q "$ESC\\[" "$TESTTMP/t3"; then fail "colour with NO_COLOR=1"; fi
'
test_expect_success SCRIPT 'TERM=dumb: no colour' '
	on_tty "$TESTTMP/t4" -u NO_COLOR TERM=dumb &&
	grep -q "task-clock/op" "$TESTTMP/t4" &&
	if grep -q "$ESC\\[" "$TESTTMP/t4"; then fail "colour with TERM=dumb"; fi
'
test_expect_success 'not a terminal: no colour' '
	env -u NO_COLOR TERM=xterm "$ABSTAT" compare $G/base.json $G/slow.json >"$TESTTMP/o" 2>&1 &&
	if grep -q "$ESC\\[" "$TESTTMP/o"; then fail "colour in a pipe"; fi
'
test_done
