# tools/chainlint.py (as git's t/chainlint): in every test body of
# tests/cli, a command whose failure nobody acts on (a plain grep -q on
# its own line, followed by another command) is reported; the tree has
# none, and bodies planted with one are each reported at their line.
test_expect_success 'no test body drops a failure' '
	python3 tools/chainlint.py >"$TESTTMP/cl" 2>"$TESTTMP/cl.err" ||
		{ cat "$TESTTMP/cl"; fail "chainlint: bodies that drop a failure"; } &&
	grep -q "^chainlint: [0-9]* bodies, 0 with a dropped failure" "$TESTTMP/cl.err" ||
		{ cat "$TESTTMP/cl.err"; fail "no tally"; } &&
	n=$(sed -n "s/^chainlint: \([0-9]*\) bodies.*/\1/p" "$TESTTMP/cl.err") &&
	[ "$n" -ge 1000 ] || fail "only $n bodies read"
'
# planted.sh: bodies that drop a failure, and one that does not (written
# X_expect_success here, so that this file's own check skips them)
sed 's/^X_expect_success/test_expect_success/' >"$TESTTMP/planted.sh" <<'PLANT'
X_expect_success 'a plain grep before the last command' '
	echo x >out
	grep -q y out
	echo done
'
X_expect_success PREREQ 'a check in a loop body' '
	for f in a b; do
		grep -q "$f" out
	done &&
	true
'
X_expect_success 'a chain broken in the middle' '
	echo x >out &&
	grep -q y out
	cat out
'
X_expect_success 'acted on: || fail, && chains, if, the last command' '
	grep -q x out || fail "no x" &&
	if grep -q y out; then fail "a y"; fi
	for f in a b; do grep -q "$f" out || exit 1; done
	grep_out x
	grep -q z out
'
PLANT
test_expect_success 'planted bodies: each dropped failure named at its line' '
	if python3 tools/chainlint.py "$TESTTMP/planted.sh" >"$TESTTMP/cl" 2>"$TESTTMP/cl.err"; then
		fail "chainlint passed the planted bodies"
	fi &&
	cat >"$TESTTMP/want" <<-WANT &&
	$TESTTMP/planted.sh:2: echo x >out
	$TESTTMP/planted.sh:3: grep -q y out
	$TESTTMP/planted.sh:8: grep -q "\$f" out
	$TESTTMP/planted.sh:13: echo x >out && 	grep -q y out
	WANT
	diff "$TESTTMP/want" "$TESTTMP/cl" || fail "findings differ (< wanted, > found)" &&
	grep -q "^chainlint: 4 bodies, 3 with a dropped failure" "$TESTTMP/cl.err" ||
		{ cat "$TESTTMP/cl.err"; fail "tally"; }
'
test_expect_success 'a planted line in a copy of a real test fails the check' '
	awk "NR == 4 { print \"\tgrep -q never-there out\" } 1" tests/cli/089-usage-edges.sh \
		>"$TESTTMP/089-copy.sh" &&
	python3 tools/chainlint.py tests/cli/089-usage-edges.sh >/dev/null 2>&1 ||
		fail "089 itself is reported" &&
	if python3 tools/chainlint.py "$TESTTMP/089-copy.sh" >"$TESTTMP/cl" 2>/dev/null; then
		fail "chainlint passed a planted grep -q"
	fi &&
	grep -qx "$TESTTMP/089-copy.sh:4: grep -q never-there out" "$TESTTMP/cl" ||
		{ cat "$TESTTMP/cl"; fail "not named at line 4"; }
'
test_done
