# --cpuset puts the workload in its own cpuset cgroup and leaves none
# behind (also after SIGINT); --user runs the workload as that user.
need_root
P=$BUILD/tests/progs
cg=/sys/fs/cgroup/cpuset
[ -w "$cg" ] || skip "no writable cgroup v1 cpuset at $cg"
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --cpuset -C 1 -e task-clock -- $P/whereami
grep_out 'cgroup: [0-9]+:cpuset:/abstat-[0-9]+'
grep_out '^cpus:1$'
ls -d $cg/abstat-* 2>/dev/null && fail "cgroup left behind"
$ABSTAT run -q -r 5 --warmup 0 --cpuset -e task-clock -- /bin/sleep 0.5 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do ls -d $cg/abstat-$pid >/dev/null 2>&1 && break; sleep 0.1; done
ls -d $cg/abstat-$pid >/dev/null 2>&1 || fail "no cgroup abstat-$pid while running"
kill -INT $pid; wait $pid
sleep 0.2
ls -d $cg/abstat-* 2>/dev/null && fail "cgroup left behind after SIGINT"
# --user nobody: groups, gid, uid dropped before exec; counters still count
id nobody >/dev/null 2>&1 || skip "no user nobody"
expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --user nobody -e task-clock,page-faults -o "$TESTTMP/u.json" -- $P/whereami
grep_out "^uid: $(id -u nobody)\$"
json 'd["benchmarks"][0]["runs"][0]["counters"][1]["value"] > 0' "$TESTTMP/u.json" | grep -q True || fail "not counted as nobody"
