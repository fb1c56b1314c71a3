# Issue 44: versus escapes controls in its header too ("versus A: CMD"
# names each side's command as given). A command named with ESC, BEL,
# U+009B (a C1 CSI, 0xc2 0x9b), CR and BS, and a label (-n) with an OSC
# title sequence, reach neither stdout nor stderr raw; the header shows
# them as \xHH.
cd "$TESTTMP" || fail "no TESTTMP"
bad=$(printf 't\033[2J\007\302\233x\r\by')
cp /bin/true "$bad" || fail "cannot make the command"
# lines of FILE with a raw control: C0 but tab and newline, DEL, C1
raw() { LC_ALL=C grep -caP '[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]' "$1"; }
no_raw() {
	n=$(raw "$1")
	[ "$n" -eq 0 ] || { od -c "$1" | head -n 20; fail "$1: $n lines with a raw control"; }
}
test_expect_success 'the command name: escaped in the versus header' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock "./$bad" true &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	grep -qF "versus A: ./t\\x1b[2J\\x07\\xc2\\x9bx\\x0d\\x08y" "$TESTTMP/out" ||
		{ cat -A "$TESTTMP/out"; fail "no escaped command in the header"; }
'
test_expect_success 'a label with an OSC title: escaped, nothing raw' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock -n "$(printf "a\033]0;pwn\007"),b" true "./$bad" &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
	grep -qF "a\\x1b]0;pwn\\x07" "$TESTTMP/out" ||
		{ cat -A "$TESTTMP/out"; fail "no escaped label"; }
'
test_expect_success '--format mail: the header escaped too' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 -e task-clock --format mail "./$bad" true &&
	no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err"
'
test_done
