# A run's descendants are contained (issue 16): abstat is a child
# subreaper, so what a workload leaves behind, setsid or not, comes back
# to abstat once the run's main process exits, and is killed, reaped and
# warned about once per session ("the workload left N processes behind
# (one called setsid); abstat killed them; recorded"). Every case runs in
# its own PID namespace (unshare --pid --fork --mount-proc): whatever the
# outcome, nothing the test starts outlives it, and the only processes
# looked at or counted are the namespace's own.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'

# in_ns SCRIPT: run SCRIPT (sh) in a new PID namespace, then print how
# many leave_behind or sleep processes are alive there (stdout: "left N").
in_ns() {
	unshare --pid --fork --mount-proc sh -c "$1"'
		n=0
		for c in /proc/[0-9]*/comm; do
			case $(cat "$c" 2>/dev/null) in leave_behind | sleep) n=$((n + 1)) ;; esac
		done
		echo "left $n" >"$TESTTMP/alive"'
}

test_expect_success PIDNS 'a grandchild that called setsid is killed, reaped and reported' '
	in_ns "$ABSTAT run -r 2 -e task-clock -o $TESTTMP/s.json -- $P/leave_behind 1 0 >$TESTTMP/out 2>$TESTTMP/err; echo \$? >$TESTTMP/rc" &&
	[ "$(cat "$TESTTMP/rc")" = 0 ] || { cat "$TESTTMP/err"; fail "exit $(cat "$TESTTMP/rc")"; }
	grep -q "^left 0\$" "$TESTTMP/alive" || fail "after abstat: $(cat "$TESTTMP/alive")"
	grep_err "the workload left 1 process behind \\(one called setsid\\); abstat killed them; recorded" &&
	json "d[\"warnings\"]" "$TESTTMP/s.json" | grep -q "left 1 process behind (one called setsid)" ||
		fail "not in the result: $(json "d[\"warnings\"]" "$TESTTMP/s.json")"
'
test_expect_success PIDNS 'setsid and plain children together: all counted, warned once per session' '
	in_ns "$ABSTAT run -r 3 -e task-clock -o $TESTTMP/m.json -- $P/leave_behind 1 2 >$TESTTMP/out 2>$TESTTMP/err" &&
	grep -q "^left 0\$" "$TESTTMP/alive" || fail "after abstat: $(cat "$TESTTMP/alive")"
	[ "$(grep -c "left .* behind" "$TESTTMP/err")" -eq 1 ] || { cat "$TESTTMP/err"; fail "not warned exactly once"; }
	grep_err "left 3 processes behind \\(one called setsid\\)"
'
test_expect_success PIDNS 'a shell one-liner: setsid sleep 30 in the background is killed' '
	in_ns "$ABSTAT run -r 1 --warmup 0 -e task-clock -o $TESTTMP/sh.json -- sh -c \"setsid sleep 30 &\" >$TESTTMP/out 2>$TESTTMP/err" &&
	grep -q "^left 0\$" "$TESTTMP/alive" || fail "after abstat: $(cat "$TESTTMP/alive")"
	grep_err "the workload left 1 process behind"
'
test_expect_success PIDNS 'versus: the leftover of one side is killed before the other side runs' '
	cat >"$TESTTMP/v.sh" <<-EOS &&
	$ABSTAT versus -r 2 -e task-clock -o $TESTTMP/v "$P/leave_behind 0 1" "/bin/true" >$TESTTMP/out 2>$TESTTMP/err
	EOS
	in_ns "sh $TESTTMP/v.sh" &&
	grep -q "^left 0\$" "$TESTTMP/alive" || fail "after abstat: $(cat "$TESTTMP/alive")"
	grep_err "left 1 process behind"
'
test_expect_success 'a workload that leaves nothing behind: no warning' '
	expect_exit 0 $ABSTAT run -r 3 -e task-clock -o "$TESTTMP/clean.json" -- sh -c "sleep 0 & wait" &&
	if grep "behind" "$TESTTMP/err"; then fail "warned"; fi
'
test_done
