# The workload runs on exactly the pinned CPU (and not on CPU 0 by default).
P=$BUILD/tests/progs
[ "$(nproc)" -ge 2 ] || skip "needs 2 CPUs"
expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 --show-output -e task-clock -C 1 -- $P/whereami
[ "$(grep -c '^cpus:1$' "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "not pinned to CPU 1"; }
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -C 0 -- $P/whereami
grep_out '^cpus:0$'
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock -- $P/whereami
grep_out '^cpus:1$'
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output -e task-clock --no-pin -- $P/whereami
grep_out '^cpus:0,1$'
# the workload's output goes nowhere without --show-output
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -- $P/whereami
nogrep_out '^cpus:'
