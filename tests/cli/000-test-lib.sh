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

test_expect_success 'every failing case is named, the tally counts all' '
	mk_script &&
	inner="$TESTTMP/inner.sh" &&
	(TESTTMP="$TESTTMP/t" && mkdir "$TESTTMP" && . tests/lib.sh && . "$inner") >"$TESTTMP/o" 2>&1
	rc=$?
	cat "$TESTTMP/o"
	[ $rc -eq 1 ] &&
	grep -q "^ok 1 - first passes\$" "$TESTTMP/o" &&
	grep -q "^not ok 2 - second fails\$" "$TESTTMP/o" &&
	grep -q "^#   FAIL: boom two\$" "$TESTTMP/o" &&
	grep -q "^not ok 3 - third fails too\$" "$TESTTMP/o" &&
	grep -q "^ok 4 # skip needs NEVER (missing prerequisite NEVER)\$" "$TESTTMP/o" &&
	grep -q "^ok 5 - negated prerequisite\$" "$TESTTMP/o" &&
	grep -q "^ok 6 # skip skips at run time (missing prerequisite LATE: found out late)\$" "$TESTTMP/o" &&
	grep -q "^# tally: 2 passed, 2 failed, 2 skipped\$" "$TESTTMP/o"
'

test_expect_success 'the runner counts cases and skips by prerequisite' '
	mk_script && mkdir -p "$TESTTMP/cli" && cp "$TESTTMP/inner.sh" "$TESTTMP/cli/x.sh" &&
	sh tests/run.sh "$TESTTMP/cli/x.sh" >"$TESTTMP/o" 2>&1
	rc=$?
	cat "$TESTTMP/o"
	[ $rc -eq 1 ] &&
	grep -q "failed case: not ok 2 - second fails" "$TESTTMP/o" &&
	grep -q "failed case: not ok 3 - third fails too" "$TESTTMP/o" &&
	grep -q "^skipped by prerequisite: LATE 1, NEVER 1\$" "$TESTTMP/o" &&
	tail -n 1 "$TESTTMP/o" | grep -q "^2 passed, 2 failed, 2 skipped\$"
'

test_expect_success 'a script with no case fails' '
	echo test_done >"$TESTTMP/empty.sh" &&
	(TESTTMP="$TESTTMP" && . tests/lib.sh && . "$TESTTMP/empty.sh") >"$TESTTMP/o" 2>&1
	[ $? -eq 1 ] && grep -q "no test case ran" "$TESTTMP/o"
'
test_done
