# --cpuset puts the workload in its own cpuset cgroup and leaves none
# behind (also after SIGINT); --user runs the workload as that user, with
# a clean environment for that user (unless --keep-env), and says which
# directory that user cannot reach when it cannot. More on cgroups in
# 025-cgroup-collisions.sh.
# tags: alone
P=$BUILD/tests/progs
cg=/sys/fs/cgroup/cpuset

test_expect_success CPUSET_V1,CPUS2 'v1 cpuset: the workload runs in abstat-PID-HEX, removed after' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --cpuset -C 1 -e task-clock -o "$TESTTMP/c.json" -- $P/whereami &&
	grep_out "cgroup: [0-9]+:cpuset:/abstat-[0-9]+-[0-9a-f]{16}\$" &&
	grep_out "^cpus:1\$" &&
	d=$(json "d[\"config\"][\"cpuset_dir\"]" "$TESTTMP/c.json") &&
	grep_out "cgroup: [0-9]+:cpuset:/${d#$cg/}\$" &&
	if [ -d "$d" ]; then fail "cgroup $d left behind"; fi
'

test_expect_success CPUSET_V1 'v1 cpuset: removed after SIGINT' '
	$ABSTAT run -q -r 5 --warmup 0 --cpuset -e task-clock -- /bin/sleep 0.5 >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 50); do ls -d $cg/abstat-$pid-* >/dev/null 2>&1 && break; sleep 0.1; done
	ls -d $cg/abstat-$pid-* >/dev/null 2>&1 || { kill $pid; wait $pid; fail "no cgroup abstat-$pid-* while running"; }
	kill -INT $pid; wait $pid
	sleep 0.2
	if ls -d $cg/abstat-$pid-* 2>/dev/null; then fail "cgroup left behind after SIGINT"; fi
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
# /usr/bin/env: a system binary nobody may run, from a directory it can reach
test_expect_success ROOT,NOBODY '--user nobody: a clean environment for nobody, no secret of the caller' '
	home=$(getent passwd nobody | cut -d: -f6) && shell=$(getent passwd nobody | cut -d: -f7) &&
	ABSTAT_TEST_SECRET=hunter2 HOME=/root expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --user nobody -e task-clock -- /usr/bin/env &&
	grep_out "^HOME=$home\$" && grep_out "^USER=nobody\$" && grep_out "^LOGNAME=nobody\$" &&
	grep_out "^SHELL=$shell\$" && grep_out "^PATH=/usr/local/bin:/usr/bin:/bin\$" &&
	grep_out "^ABSTAT_CTL=[0-9]+,[0-9]+\$" &&
	grep_out "^ABSTAT_REGION=[0-9]+,0(,[0-9]+)+\$" &&
	nogrep_out "ABSTAT_TEST_SECRET|hunter2|HOME=/root" &&
	[ "$(grep -c "^[A-Z_]*=" "$TESTTMP/out")" -eq 7 ] || { cat "$TESTTMP/out"; fail "more than the 7 variables"; }
'

test_expect_success ROOT,NOBODY '--user nobody --keep-env: the caller'"'"'s environment, ABSTAT_CTL added' '
	ABSTAT_TEST_SECRET=hunter2 HOME=/root expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --show-output --user nobody --keep-env -e task-clock -- /usr/bin/env &&
	grep_out "^ABSTAT_TEST_SECRET=hunter2\$" && grep_out "^HOME=/root\$" &&
	grep_out "^ABSTAT_CTL=[0-9]+,[0-9]+\$"
'

test_expect_success ROOT,NOBODY '--user nobody: a built-in workload still speaks the region protocol' '
	pub=$(public_copy $ABSTAT_WORKLOAD_DIR/getppid) &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --user nobody -e task-clock -o "$TESTTMP/w.json" -- $pub/getppid &&
	json "d[\"benchmarks\"][0][\"runs\"][0].get(\"ops\", 0) > 0" "$TESTTMP/w.json" | grep -q True ||
		{ cat "$TESTTMP/err"; json "d[\"benchmarks\"][0][\"runs\"][0]" "$TESTTMP/w.json"; fail "no ops: ABSTAT_CTL did not reach the workload"; }
'

test_expect_success '--keep-env without --user: usage error' '
	expect_exit 2 $ABSTAT run -q -r 1 --keep-env -e task-clock -- /bin/true &&
	one_line_err && grep_err "--keep-env only applies with --user"
'
test_done
