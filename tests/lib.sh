# Sourced by every CLI test (tests/cli/*.sh) through tests/run.sh.
# $ABSTAT is the binary, $BUILD the build tree, $TESTTMP a private temp
# directory removed afterwards. A test exits 0 (pass), 77 (skip: print the
# reason last) or anything else (fail). Helpers fail loudly with context.
set -u

fail() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }

# expect_exit N CMD...: run CMD, capture stdout/stderr in $TESTTMP/out, err
expect_exit() {
	want=$1; shift
	"$@" >"$TESTTMP/out" 2>"$TESTTMP/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		echo "command: $*"; echo "--- stdout"; cat "$TESTTMP/out"
		echo "--- stderr"; cat "$TESTTMP/err"
		fail "exit $got, expected $want"
	fi
}
# grep_out / grep_err PATTERN: the last command's output must match
grep_out() { grep -Eq -- "$1" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "stdout lacks /$1/"; }; }
grep_err() { grep -Eq -- "$1" "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "stderr lacks /$1/"; }; }
nogrep_out() { ! grep -Eq -- "$1" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "stdout has /$1/"; }; }
# one_line_err: stderr is exactly one line starting "abstat: error:"
one_line_err() {
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] && grep -q '^abstat: error: ' "$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "expected one 'abstat: error:' line"; }
}
# json QUERY FILE: python3 expression on the parsed file (d), printed
json() { python3 -c "import json,sys; d=json.load(open(sys.argv[2])); print($1)" "$@"; }
# width_ascii FILE MAX: every line at most MAX columns, ASCII only, no tabs
width_ascii() {
	awk -v max="$2" 'length($0) > max { print "line " NR " is " length($0) " columns: " $0; bad=1 }
		/\t/ { print "tab in line " NR; bad=1 }
		END { exit bad }' "$1" || fail "$1: wider than $2 columns or has tabs"
	LC_ALL=C grep -q '[^[:print:]]' "$1" && fail "$1: not plain ASCII"
	return 0
}
need_root() { [ "$(id -u)" -eq 0 ] || skip "needs root"; }
need_cmd() { command -v "$1" >/dev/null 2>&1 || skip "needs $1"; }
