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
# empty lists run nothing: usage errors that say the expected form
for a in "-e ,," "-e ''" "-e task-clock," "-w ''" "-w ," "-w getppid,,getuid" "-s ''"; do
	test_expect_success "run $a: exit 2, one line with the expected form" "
		eval \"expect_exit 2 \$ABSTAT run -r 1 $a\" &&
		one_line_err && grep_err 'expected -[ews] '
	"
done
test_expect_success "versus -w '': exit 2, one line with the expected form" '
	expect_exit 2 $ABSTAT versus -r 1 -w "" -w getppid &&
	one_line_err && grep_err "expected -w NAME"
'

# every measured run failed: status failed, exit 1 (-i) or 4 (stopped)
test_expect_success '-i, every run fails: exit 1, one error, status failed' '
	expect_exit 1 $ABSTAT run -q -i -r 3 -e task-clock -o "$TESTTMP/allf.json" -- /bin/false &&
	grep_err "every measured run failed" &&
	got=$(json "d[\"status\"], [r[\"status\"] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/allf.json") &&
	[ "$got" = "failed ['"'"'failed'"'"', '"'"'failed'"'"', '"'"'failed'"'"', '"'"'failed'"'"']" ] || fail "result: $got"
'
test_expect_success 'a result with status failed reads back (show)' '
	expect_exit 0 $ABSTAT show "$TESTTMP/allf.json" && grep_out "0 runs"
'
test_expect_success 'without -i, the first run fails: exit 4, status failed' '
	expect_exit 4 $ABSTAT run -q -r 3 -e task-clock -o "$TESTTMP/f4.json" -- /bin/false &&
	[ "$(json "d[\"status\"]" "$TESTTMP/f4.json")" = failed ] || fail "status $(json "d[\"status\"]" "$TESTTMP/f4.json")"
'
test_expect_success 'versus -i, one side always fails: exit 1, that side failed, no table' '
	expect_exit 1 $ABSTAT versus -q -i -r 3 -e task-clock -o "$TESTTMP/vf" "$P/spin 100" /bin/false &&
	grep_err "every measured run of side B failed" && nogrep_out "task-clock" &&
	got=$(json "d[\"status\"]" "$TESTTMP/vf-A.json")/$(json "d[\"status\"]" "$TESTTMP/vf-B.json") &&
	[ "$got" = complete/failed ] || fail "statuses $got"
'
test_expect_success 'some runs fail with -i: still complete, exit 0' '
	rm -f "$TESTTMP/cnt" &&
	expect_exit 0 $ABSTAT run -q -i -r 4 -e task-clock -o "$TESTTMP/some.json" -- $P/fail_after "$TESTTMP/cnt" 3 &&
	[ "$(json "d[\"status\"]" "$TESTTMP/some.json")" = complete ] || fail "status"
'
test_done
