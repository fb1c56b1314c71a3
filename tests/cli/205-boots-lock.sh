# One step at a time: a step holds DIR/plan.lock (flock, with its pid)
# from before it reads the plan to its end, the commands it runs too; a
# second step meanwhile exits 1 naming the pid that holds it, so it never
# takes the first's boot for an interrupted one, never runs --next a
# second time, never writes plan.json over the first's. --method cmd and
# a fake /proc: nothing reboots. Every step started here is waited for.
# tags: alone
boots_setup
P=$TESTTMP/p
# each run sleeps: the first step is still measuring when the second comes
$ABSTAT boots init "$P" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
	-k 2 --method cmd --next "$TESTTMP/next" -- -q -r 1 -e task-clock -- sleep 2 2>/dev/null ||
	fail "init failed"
# locked PID: wait (5 s at most) until plan.lock names PID
locked() {
	for _i in $(seq 50); do
		[ "$(cat "$P/plan.lock" 2>/dev/null)" = "$1" ] && return 0
		sleep 0.1
	done
	return 1
}

test_expect_success 'a second step while the first measures: exit 1, the pid named, nothing done' '
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 &&
	{ $ABSTAT boots step "$P" 2>"$TESTTMP/first.err" & pid=$!; } &&
	{ locked $pid && sleep 0.3 &&
	  expect_exit 1 $ABSTAT boots step "$P"; rc=$?; wait $pid; frc=$?; [ $rc = 0 ]; } &&
	one_line_err &&
	grep_err "^abstat: error: boots step: .*/p is in use: another abstat boots step \\(pid $pid\\) holds its lock; wait for it to end" &&
	[ $frc = 0 ] &&
	[ "$(json "d[\"boots\"][0][\"state\"]" "$P/plan.json")" = done ] &&
	[ "$(json "d[\"boots\"][1][\"state\"]" "$P/plan.json")" = booting ] &&
	[ "$(cat "$TESTTMP/next.log")" = "1 A
2 B" ] && ! grep -q interrupted "$TESTTMP/first.err" "$TESTTMP/err"
'
test_expect_success 'the lock goes with the step: the next one acts' '
	boots_as 6.12.0-b id2 && expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 2 of 4 \\(side B\\) is running" &&
	[ "$(tail -n 1 "$TESTTMP/next.log")" = "3 A" ]
'
test_expect_success 'steps started together: --next runs once, plan.json stays whole' '
	boots_as 6.1.0-a id3 && : >"$TESTTMP/next.log" && pids= &&
	for i in 1 2 3 4; do
		$ABSTAT boots step "$P" 2>"$TESTTMP/s$i.err" & pids="$pids $!"
	done &&
	for p in $pids; do wait $p; echo $? >>"$TESTTMP/rc.list"; done &&
	sort "$TESTTMP/rc.list" | uniq -c >"$TESTTMP/rcs" &&
	[ "$(wc -l <"$TESTTMP/next.log")" = 1 ] && [ "$(cat "$TESTTMP/next.log")" = "4 B" ] &&
	grep -qx " *1 0" "$TESTTMP/rcs" && grep -qx " *3 1" "$TESTTMP/rcs" &&
	[ "$(cat "$TESTTMP"/s*.err | grep -c "holds its lock")" = 3 ] &&
	[ "$(json "d[\"boots\"][2][\"state\"]" "$P/plan.json")" = done ]
'
test_expect_success 'step --dry-run beside a step: exit 1, the pid named; after it, the commands' '
	boots_as 6.12.0-b id4 &&
	{ $ABSTAT boots step "$P" 2>/dev/null & pid=$!; } &&
	{ locked $pid && expect_exit 1 $ABSTAT boots step --dry-run "$P"; rc=$?; wait $pid; [ $rc = 0 ]; } &&
	grep_err "is in use: another abstat boots step \\(pid $pid\\)" && [ ! -s "$TESTTMP/out" ] &&
	boots_as 6.1.0-a id5 && expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	grep_err "the plan in .* is complete"
'
test_done
