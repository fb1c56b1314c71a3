# Failure handling: one-line errors and documented exit codes.
P=$BUILD/tests/progs

# usage errors: exit 2 and one error line (and the reason, where given)
test_expect_success 'a missing program: exit 2, "not found"' '
	expect_exit 2 $ABSTAT run -- /nonexistent/prog && one_line_err && grep_err "not found"
'
test_expect_success 'a command not in PATH: exit 2, one line' '
	expect_exit 2 $ABSTAT run -- no-such-command-abstat && one_line_err
'
test_expect_success '-r 0: exit 2, "out of range"' '
	expect_exit 2 $ABSTAT run -r 0 -- true && one_line_err && grep_err "out of range"
'
test_expect_success '-r -3: exit 2, one line' '
	expect_exit 2 $ABSTAT run -r -3 -- true && one_line_err
'
test_expect_success '-r 5x: exit 2, "not a whole number"' '
	expect_exit 2 $ABSTAT run -r 5x -- true && one_line_err && grep_err "not a whole number"
'
test_expect_success '-C 1-x: exit 2, "bad CPU list"' '
	expect_exit 2 $ABSTAT run -C 1-x -- true && one_line_err && grep_err "bad CPU list"
'
test_expect_success '-C 999: exit 2, "offline or does not exist"' '
	expect_exit 2 $ABSTAT run -C 999 -- true && one_line_err && grep_err "offline or does not exist"
'
test_expect_success '--timeout abc: exit 2, one line' '
	expect_exit 2 $ABSTAT run --timeout abc -- true && one_line_err
'
test_expect_success 'run without a command: exit 2, one line' '
	expect_exit 2 $ABSTAT run && one_line_err
'
test_expect_success 'an unknown subcommand: exit 2, one line' '
	expect_exit 2 $ABSTAT frobnicate && one_line_err
'

test_expect_success 'an unknown event: exit 2, named, with a pointer to abstat list' '
	expect_exit 2 $ABSTAT run -e no-such-event -- true &&
	one_line_err && grep_err "no-such-event" && grep_err "abstat list"
'

# LIBPFM_FORCE_PMU makes libpfm4 invent a PMU: refused, whatever PMU it
# names (one of libpfm4'"'"'s PMUs that is not this machine'"'"'s when there is one)
test_expect_success 'LIBPFM_FORCE_PMU set: run refused, exit 2, naming it' '
	pmu=$("$BUILD/tests/prereq" foreign-event 2>/dev/null | sed "s/::.*//")
	echo "LIBPFM_FORCE_PMU=${pmu:=no_such_pmu}"
	LIBPFM_FORCE_PMU=$pmu expect_exit 2 $ABSTAT run -- true &&
	one_line_err && grep_err "LIBPFM_FORCE_PMU"
'

test_expect_success 'exec failure (ENOEXEC): exit 4, "cannot execute"' '
	printf "\177ELFgarbage" >"$TESTTMP/bad" && chmod +x "$TESTTMP/bad" &&
	expect_exit 4 $ABSTAT run -q -e task-clock -- "$TESTTMP/bad" &&
	grep_err "cannot execute"
'

test_expect_success 'a workload killed by a signal: exit 4, the signal named' '
	expect_exit 4 $ABSTAT run -q -e task-clock -- /bin/sh -c "kill -9 \$\$" &&
	grep_err "signal 9"
'

test_expect_success 'a non-zero exit: exit 4, the status and the tail of its stderr' '
	expect_exit 4 $ABSTAT run -q -e task-clock -o "$TESTTMP/f.json" -- $P/fail_after "$TESTTMP/cnt" 3 &&
	grep_err "exit status 1" &&
	grep_err "failing on call 3"
'
test_expect_success 'a non-zero exit: a partial result, the failed run last' '
	got=$(json "d[\"status\"], len(d[\"benchmarks\"][0][\"runs\"]), d[\"benchmarks\"][0][\"runs\"][-1][\"status\"]" "$TESTTMP/f.json") &&
	[ "$got" = "partial 3 failed" ] || fail "partial result: $got"
'

test_expect_success '-i goes on: failed runs recorded, exit 0' '
	rm -f "$TESTTMP/cnt" &&
	expect_exit 0 $ABSTAT run -q -i -r 4 -e task-clock -o "$TESTTMP/g.json" -- $P/fail_after "$TESTTMP/cnt" 3 &&
	n=$(json "sum(r[\"status\"]==\"failed\" for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/g.json") &&
	[ "$n" = 3 ] || fail "$n failed runs, expected 3"
'

test_expect_success '--timeout: exit 4, the run recorded as timed out' '
	expect_exit 4 $ABSTAT run -q -e task-clock --timeout 0.3 --warmup 0 -o "$TESTTMP/t.json" -- /bin/sleep 30 &&
	grep_err "timed out" &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"status\"]" "$TESTTMP/t.json" | grep -q "^timeout\$" ||
		fail "timeout status: $(json "d[\"benchmarks\"][0][\"runs\"][0]" "$TESTTMP/t.json")"
'
test_done
