# --cpuset puts the workload in its own cpuset cgroup and leaves none
# behind (also after SIGINT); --user runs the workload as that user, and
# says which directory that user cannot reach when it cannot.
P=$BUILD/tests/progs
cg=/sys/fs/cgroup/cpuset

test_expect_success CPUSET_V1,CPUS2 'v1 cpuset: the workload runs in abstat-N, removed after' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --cpuset -C 1 -e task-clock -- $P/whereami &&
	grep_out "cgroup: [0-9]+:cpuset:/abstat-[0-9]+" &&
	grep_out "^cpus:1\$" &&
	if ls -d $cg/abstat-* 2>/dev/null; then fail "cgroup left behind"; fi
'

test_expect_success CPUSET_V1 'v1 cpuset: removed after SIGINT' '
	$ABSTAT run -q -r 5 --warmup 0 --cpuset -e task-clock -- /bin/sleep 0.5 >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 50); do ls -d $cg/abstat-$pid >/dev/null 2>&1 && break; sleep 0.1; done
	ls -d $cg/abstat-$pid >/dev/null 2>&1 || { kill $pid; wait $pid; fail "no cgroup abstat-$pid while running"; }
	kill -INT $pid; wait $pid
	sleep 0.2
	if ls -d $cg/abstat-* 2>/dev/null; then fail "cgroup left behind after SIGINT"; fi
'

test_expect_success ROOT,NOBODY '--user nobody: groups, gid, uid dropped; counters count' '
	pub=$(public_copy $P/whereami) &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --user nobody -e task-clock,page-faults -o "$TESTTMP/u.json" -- $pub/whereami &&
	grep_out "^uid: $(id -u nobody)\$" &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"counters\"][1][\"value\"] > 0" "$TESTTMP/u.json" | grep -q True ||
		fail "not counted as nobody"
'

test_expect_success ROOT,NOBODY '--user nobody: an unreachable directory is named, nothing measured' '
	mkdir -m 700 "$TESTTMP/private" && cp $P/whereami "$TESTTMP/private/" &&
	expect_exit 2 $ABSTAT run -q -r 1 --warmup 0 --user nobody -e task-clock -o "$TESTTMP/n.json" -- "$TESTTMP/private/whereami" &&
	one_line_err &&
	grep_err "user nobody cannot execute $TESTTMP/private/whereami: directory $TESTTMP(/private)? \(mode 0700, owner root\) is not searchable by nobody" &&
	[ ! -s "$TESTTMP/out" ] && [ ! -e "$TESTTMP/n.json" ]
'

test_expect_success ROOT,NOBODY '--user nobody: a file it may not execute is named with its mode' '
	pub=$(public_copy $P/whereami) && chmod 700 $pub/whereami &&
	expect_exit 2 $ABSTAT run -q -r 1 --warmup 0 --user nobody -e task-clock -- $pub/whereami &&
	one_line_err &&
	grep_err "user nobody cannot execute $pub/whereami \(mode 0700, owner root\)"
'
test_done
