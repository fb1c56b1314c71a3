# The workload runs on exactly the pinned CPU; by default on the last
# online CPU (not CPU 0); --no-pin leaves abstat's own affinity; one copy
# with a -C list may run on the whole list (taskset), copies get one each.
# tags: alone
P=$BUILD/tests/progs

test_expect_success CPUS2 '-C 1: every run on CPU 1 only' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 --show-output -e task-clock -C 1 -- $P/whereami &&
	[ "$(grep -c "^cpus:" "$TESTTMP/out")" -eq 2 ] &&
	[ "$(grep -c "^cpus:1\$" "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "not pinned to CPU 1"; }
'

test_expect_success '-C 0: on CPU 0 only' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 0 -- $P/whereami &&
	grep_out "^cpus:0\$"
'

test_expect_success CPUS2 'default: the last online CPU only, not CPU 0' '
	last=$(tr , "\n" </sys/devices/system/cpu/online | tail -n 1 | sed "s/.*-//") &&
	[ "$last" -ne 0 ] || fail "last online CPU is 0 with 2 CPUs?" &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -- $P/whereami &&
	grep_out "^cpus:$last\$"
'

test_expect_success CPUS2 '--no-pin: the affinity abstat was started with' '
	mine=$($P/whereami | grep "^cpus:") &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock --no-pin -- $P/whereami &&
	grep_out "^$mine\$"
'

test_expect_success 'the workload'"'"'s output goes nowhere without --show-output' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -- $P/whereami &&
	nogrep_out "^cpus:"
'
test_expect_success CPUS2 '-C 0-1, one copy: every run may use both CPUs (taskset)' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 --show-output -e task-clock -C 0-1 -o "$TESTTMP/c01.json" -- $P/whereami &&
	[ "$(grep -c "^cpus:0,1\$" "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "not pinned to CPUs 0 and 1"; }
'
test_expect_success CPUS2 '-C 0-1, one copy: the header and the result say 0-1' '
	grep_out "CPUs 0-1, " &&
	got=$(json "d[\"config\"][\"cpus\"], d[\"env\"][\"cpu\"][\"pinned\"]" "$TESTTMP/c01.json") &&
	[ "$got" = "0-1 0-1" ] || fail "recorded CPUs: $got"
'
test_expect_success CPUS2 '-C 0-1 --copies 2: one CPU per copy' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 0-1 --copies 2 -- $P/whereami &&
	grep_out "^cpus:0\$" && grep_out "^cpus:1\$" && nogrep_out "^cpus:0,1"
'
test_done
