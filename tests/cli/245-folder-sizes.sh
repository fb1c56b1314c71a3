# No folder of src/ holds more than a sixth of src/'s lines (issue 45):
# a folder that grows past it holds more than one thing; split it by
# what its files are (the parser, the engine, the commands ...) and give
# each new folder its row in test 095. Lines: every .c and .h file of
# the folder (its own, not its subfolders'), as wc -l counts them.
cd "$TOP" || fail "no tree at $TOP"

# over DIR: each folder of DIR/src over a sixth of DIR/src's lines, one
# line "FOLDER: N lines of M (limit L)"; nothing when none is
over() {
	( cd "$1" && for d in src/*/; do
		n=$(cat "$d"*.c "$d"*.h 2>/dev/null | wc -l)
		echo "${d%/} $n"
	done ) | awk '{ n[$1] = $2; all += $2 }
		END { for (d in n) if (6 * n[d] > all)
			printf "%s: %d lines of %d (limit %d)\n", d, n[d], all,
			       all / 6 }'
}

test_expect_success 'no folder of src/ over a sixth of its lines' '
	over . >"$TESTTMP/out" &&
	{ [ ! -s "$TESTTMP/out" ] ||
		{ cat "$TESTTMP/out"; fail "a folder over a sixth of src/"; }; }
'

test_expect_success 'the check finds a folder over the limit' '
	mkdir -p "$TESTTMP/t/src/a" "$TESTTMP/t/src/b" &&
	seq 1 100 >"$TESTTMP/t/src/a/a.c" &&
	seq 1 10 >"$TESTTMP/t/src/b/b.c" &&
	over "$TESTTMP/t" >"$TESTTMP/out" &&
	{ grep -qx "src/a: 100 lines of 110 (limit 18)" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "src/a (100 of 110) not found"; }; } &&
	{ ! grep -q "^src/b:" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "src/b (10 of 110) said over"; }; }
'
