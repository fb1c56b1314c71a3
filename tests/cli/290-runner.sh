# Issue 55: the test runner runs files at once (-j N) and those tagged
# "# tags: alone" with nothing beside them, prints the same lines and the
# same tally whatever N is, and --tag picks the files whose tag line
# names it. Driven on files of its own, a copy of the runner in a scratch
# tree (the real suite is not run from here).
cd "$TESTTMP" || fail "no TESTTMP"
S=$TESTTMP/tree
mkdir -p "$S/tests/cli" "$S/build/tests" || fail "cannot make the tree"
cp "$TOP/tests/run.sh" "$TOP/tests/lib.sh" "$S/tests/" || fail "cannot copy the runner"
# every file notes its start and end in $S/trace: an alone file's must not
# overlap anything; two that share must be able to run together (each
# waits up to 10 s for the other to have started)
cat >"$S/tests/cli/010-a.sh" <<'EOF'
echo "start a" >>"$TOP/trace"
i=0; while [ ! -e "$TOP/b.started" ] && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done
: >"$TOP/a.started"
echo "end a" >>"$TOP/trace"
test_expect_success 'one' 'true'
test_expect_success 'two' 'true'
test_done
EOF
cat >"$S/tests/cli/020-b.sh" <<'EOF'
test_lazy_prereq NOSUCH false
: >"$TOP/b.started"
echo "start b" >>"$TOP/trace"
i=0; while [ ! -e "$TOP/a.started" ] && [ $i -lt "$WAIT_TENTHS" ]; do sleep 0.1; i=$((i + 1)); done
echo "end b" >>"$TOP/trace"
test_expect_success 'fails' 'false'
test_expect_success NOSUCH 'skipped' 'true'
test_done
EOF
cat >"$S/tests/cli/015-alone.sh" <<'EOF'
# tags: alone sanitize
echo "start alone" >>"$TOP/trace"
sleep 0.3
echo "end alone" >>"$TOP/trace"
test_expect_success 'alone' 'true'
test_done
EOF
# runner N ARGS...: the runner at -j N; its lines without the times and
# the failure's output in $TESTTMP/lines.N
runner() {
	_j=$1
	shift
	rm -f "$S/trace" "$S"/*.started
	# -j 1 runs them one after the other: no waiting there
	WAIT_TENTHS=100
	[ "$_j" -gt 1 ] || WAIT_TENTHS=0
	export WAIT_TENTHS
	(cd "$S" && sh tests/run.sh -j "$_j" "$@") >"$TESTTMP/out.$_j" 2>&1
	echo "exit $?" >>"$TESTTMP/out.$_j"
	sed -e '/^slowest: /d' -e '/^prerequisites: /d' -e '/^    | /d' \
		"$TESTTMP/out.$_j" >"$TESTTMP/lines.$_j"
}

test_expect_success '-j 2: the shared files together, the alone one after them' '
	runner 2 &&
	grep -qx "3 passed, 1 failed, 1 skipped" "$TESTTMP/out.2" &&
	grep -qx "exit 1" "$TESTTMP/out.2" &&
	head -n 2 "$S/trace" | sort | tr "\n" " " | grep -qx "start a start b " &&
	tail -n 2 "$S/trace" | tr "\n" " " | grep -qx "start alone end alone " ||
	{ cat "$TESTTMP/out.2" "$S/trace"; fail "not run as tagged"; }
'
test_expect_success '-j 1: the same lines and tally as -j 2' '
	runner 1 &&
	diff "$TESTTMP/lines.1" "$TESTTMP/lines.2" ||
	fail "-j 1 and -j 2 differ"
'
test_expect_success 'the lines: each file once, the shared first, the failure named' '
	grep "^PASS\|^FAIL\|^SKIP" "$TESTTMP/lines.2" | cut -d" " -f1-2 >"$TESTTMP/order" &&
	printf "%s\n" "PASS tests/cli/010-a.sh" "FAIL tests/cli/020-b.sh" \
		"PASS tests/cli/015-alone.sh" | diff - "$TESTTMP/order" &&
	grep -q "failed case: not ok 1 - fails" "$TESTTMP/lines.2" &&
	grep -q "^failed: tests/cli/020-b.sh" "$TESTTMP/lines.2" ||
	{ cat "$TESTTMP/lines.2"; fail "lines"; }
'
test_expect_success '--tag picks the files whose tag line names it' '
	runner 2 --tag sanitize &&
	grep -qx "1 passed, 0 failed, 0 skipped" "$TESTTMP/out.2" &&
	grep -q "^PASS tests/cli/015-alone.sh" "$TESTTMP/out.2" ||
	{ cat "$TESTTMP/out.2"; fail "--tag sanitize"; }
'
test_expect_success 'a bad -j or --tag: one line, exit 2' '
	expect_exit 2 sh "$S/tests/run.sh" -j x &&
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] &&
	grep -q "^run.sh: error: -j takes" "$TESTTMP/err" &&
	expect_exit 2 sh "$S/tests/run.sh" --tag &&
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] &&
	grep -q "^run.sh: error: --tag needs a value" "$TESTTMP/err" ||
	{ cat "$TESTTMP/err"; fail "the refusal"; }
'
test_done
