# The test library itself: named cases, each failing case reported (not
# only the first), skips naming their prerequisite, the script's tally,
# and the runner's per-case counts.
mk_script() {
	cat >"$TESTTMP/inner.sh" <<'INNER'
test_lazy_prereq NEVER 'false'
test_lazy_prereq ALWAYS 'true'
test_expect_success 'first passes' 'true'
test_expect_success 'second fails' 'fail "boom two"'
test_expect_success 'third fails too' '[ 1 -eq 2 ]'
test_expect_success NEVER 'needs NEVER' 'true'
test_expect_success !NEVER,ALWAYS 'negated prerequisite' 'true'
test_expect_success 'skips at run time' 'skip "missing prerequisite LATE: found out late"'
test_done
INNER
}
# has_lines FILE PATTERN...: every extended regex matches a line of FILE
has_lines() {
	f=$1; shift
	for re in "$@"; do grep -Eq -- "$re" "$f" || fail "$f lacks /$re/"; done
}

test_expect_success 'every failing case is named, the tally counts all' '
	mk_script &&
	inner="$TESTTMP/inner.sh" &&
	(TESTTMP="$TESTTMP/t" && mkdir "$TESTTMP" && . tests/lib.sh && . "$inner") >"$TESTTMP/o" 2>&1
	rc=$?
	cat "$TESTTMP/o"
	[ $rc -eq 1 ] || fail "exit $rc"
	has_lines "$TESTTMP/o" "^ok 1 - first passes\$" "^not ok 2 - second fails\$" \
		"^#   FAIL: boom two\$" "^not ok 3 - third fails too\$" \
		"^ok 4 # skip needs NEVER \(missing prerequisite NEVER\)\$" \
		"^ok 5 - negated prerequisite\$" \
		"^ok 6 # skip skips at run time \(missing prerequisite LATE: found out late\)\$" \
		"^# tally: 2 passed, 2 failed, 2 skipped\$"
'

test_expect_success 'the runner counts cases and skips by prerequisite' '
	mk_script && mkdir -p "$TESTTMP/cli" && cp "$TESTTMP/inner.sh" "$TESTTMP/cli/x.sh" &&
	sh tests/run.sh "$TESTTMP/cli/x.sh" >"$TESTTMP/o" 2>&1
	rc=$?
	cat "$TESTTMP/o"
	[ $rc -eq 1 ] || fail "exit $rc"
	has_lines "$TESTTMP/o" "failed case: not ok 2 - second fails" \
		"failed case: not ok 3 - third fails too" \
		"^skipped by prerequisite: LATE 1, NEVER 1\$" &&
	tail -n 1 "$TESTTMP/o" | grep -q "^2 passed, 2 failed, 2 skipped\$"
'

test_expect_success 'a script with no case fails' '
	echo test_done >"$TESTTMP/empty.sh" &&
	(TESTTMP="$TESTTMP" && . tests/lib.sh && . "$TESTTMP/empty.sh") >"$TESTTMP/o" 2>&1
	[ $? -eq 1 ] && grep -q "no test case ran" "$TESTTMP/o"
'
test_done
