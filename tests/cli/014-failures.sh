# Failure handling: one-line errors and documented exit codes.
P=$BUILD/tests/progs
# missing command, bad numbers, bad CPU lists: exit 2, one line
expect_exit 2 $ABSTAT run -- /nonexistent/prog;  one_line_err; grep_err 'not found'
expect_exit 2 $ABSTAT run -- no-such-command-abstat; one_line_err
expect_exit 2 $ABSTAT run -r 0 -- true;          one_line_err; grep_err 'out of range'
expect_exit 2 $ABSTAT run -r -3 -- true;         one_line_err
expect_exit 2 $ABSTAT run -r 5x -- true;         one_line_err; grep_err 'not a whole number'
expect_exit 2 $ABSTAT run -C 1-x -- true;        one_line_err; grep_err 'bad CPU list'
expect_exit 2 $ABSTAT run -C 999 -- true;        one_line_err; grep_err 'offline or does not exist'
expect_exit 2 $ABSTAT run --timeout abc -- true; one_line_err
expect_exit 2 $ABSTAT run;                       one_line_err
expect_exit 2 $ABSTAT frobnicate;                one_line_err
# unknown event: libpfm4's reason and a pointer to abstat list
expect_exit 2 $ABSTAT run -e no-such-event -- true
one_line_err; grep_err 'no-such-event'; grep_err 'abstat list'
# LIBPFM_FORCE_PMU makes libpfm4 invent a PMU: refused
LIBPFM_FORCE_PMU=amd64_fam19h_zen4 expect_exit 2 $ABSTAT run -- true
one_line_err; grep_err 'LIBPFM_FORCE_PMU'
# exec failure (ENOEXEC): exit 4 with the reason
printf '\177ELFgarbage' >"$TESTTMP/bad"; chmod +x "$TESTTMP/bad"
expect_exit 4 $ABSTAT run -q -e task-clock -- "$TESTTMP/bad"
grep_err 'cannot execute'
# killed by a signal: stops with the signal named
expect_exit 4 $ABSTAT run -q -e task-clock -- /bin/sh -c 'kill -9 $$'
grep_err 'signal 9'
# non-zero exit: the tail of stderr is shown; nothing counted as data
expect_exit 4 $ABSTAT run -q -e task-clock -o "$TESTTMP/f.json" -- $P/fail_after "$TESTTMP/cnt" 3
grep_err 'exit status 1'
grep_err 'failing on call 3'
json 'd["status"], len(d["benchmarks"][0]["runs"]), d["benchmarks"][0]["runs"][-1]["status"]' "$TESTTMP/f.json" | grep -q 'partial 3 failed' || fail "partial result"
# -i goes on; failed runs are recorded, out of the statistics
rm -f "$TESTTMP/cnt"
expect_exit 0 $ABSTAT run -q -i -r 4 -e task-clock -o "$TESTTMP/g.json" -- $P/fail_after "$TESTTMP/cnt" 3
json 'sum(r["status"]=="failed" for r in d["benchmarks"][0]["runs"])' "$TESTTMP/g.json" | grep -q '^3$' || fail "failed runs"
# timeout: the process group is killed, the run recorded as timed out
expect_exit 4 $ABSTAT run -q -e task-clock --timeout 0.3 --warmup 0 -o "$TESTTMP/t.json" -- /bin/sleep 30
grep_err 'timed out'
json 'd["benchmarks"][0]["runs"][0]["status"]' "$TESTTMP/t.json" | grep -q timeout || fail "timeout status"
