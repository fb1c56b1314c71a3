# kill -9 of abstat in the middle of a session: the journal keeps every
# finished run, no result file appears, and `abstat recover` turns the
# journal into a readable result marked partial with those runs.
#
# The session runs in a PID namespace of its own (PID 1 is the script
# below): killing abstat leaves its current workload behind, and the
# namespace ends with every process in it when that script exits, also
# when a check fails. Only the PID the script started is killed. The
# session is long (-r 100000 of sleep 0.02) so it cannot end by itself
# before the kill, whatever the machine's speed.
# tags: alone
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true || unshare --user --map-root-user --pid --fork --mount-proc true'
if unshare --pid --fork --mount-proc true 2>/dev/null; then
	pidns="unshare --pid --fork --mount-proc"
else
	pidns="unshare --user --map-root-user --pid --fork --mount-proc"
fi
out=$TESTTMP/r.json
cat >"$TESTTMP/kill9.sh" <<'SH'
# kill9.sh OUT: abstat run -o OUT, kill -9 once the journal has its
# header and 3 runs; exit 0 when killed so, 1 (with why) when not.
out=$1
"$ABSTAT" run -r 100000 --warmup 0 -e task-clock,page-faults -o "$out" -- sleep 0.02 \
	>"$out.run.out" 2>"$out.run.err" &
pid=$!
# a guard against a hang, not a timing check: 2400 polls of 50 ms
i=0
while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 4 ]; do
	if ! kill -0 $pid 2>/dev/null; then
		cat "$out.run.err"; echo "abstat ended before the kill"; exit 1
	fi
	i=$((i + 1))
	if [ $i -ge 2400 ]; then
		kill -9 $pid; cat "$out.run.err"; echo "no runs journaled"; exit 1
	fi
	sleep 0.05
done
kill -9 $pid
wait $pid
echo "abstat exit $?"
SH

test_expect_success PIDNS 'kill -9 mid-session (in a PID namespace)' '
	$pidns sh "$TESTTMP/kill9.sh" "$out" >"$TESTTMP/kill9.log" 2>&1 ||
		{ cat "$TESTTMP/kill9.log"; fail "the kill -9 experiment failed"; }
	grep -q "^abstat exit 137\$" "$TESTTMP/kill9.log" ||
		{ cat "$TESTTMP/kill9.log"; fail "abstat was not killed by SIGKILL"; }
'
test_expect_success PIDNS 'no result file appears after kill -9, the journal stays' '
	if [ -e "$out" ]; then fail "a result file appeared after kill -9"; fi
	[ -s "$out.journal" ] || fail "journal gone after kill -9"
'
test_expect_success PIDNS 'recover: every complete journal line is a run (>= 3)' '
	lines=$(grep -c "" "$out.journal") &&
	expect_exit 0 "$ABSTAT" recover "$out.journal" -o "$TESTTMP/rec.json" &&
	runs=$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/rec.json") &&
	# a line cut by the kill is ignored
	{ [ "$runs" -ge $((lines - 2)) ] && [ "$runs" -ge 3 ] ||
		fail "recovered $runs runs from a journal of $lines lines"; }
'
test_expect_success PIDNS 'the recovered result is partial, with page-faults counted' '
	[ -s "$TESTTMP/rec.json" ] || fail "no recovered result (case above)"
	[ "$(json "d[\"status\"]" "$TESTTMP/rec.json")" = partial ] || fail "not partial"
	[ "$(json "d[\"benchmarks\"][0][\"runs\"][0][\"counters\"][1][\"value\"] > 0" "$TESTTMP/rec.json")" = True ] ||
		fail "page-faults not recovered"
'
test_expect_success PIDNS 'abstat show says partial' '
	expect_exit 0 "$ABSTAT" show "$TESTTMP/rec.json" &&
	grep_out partial
'
# the journal still blocks a new session on the same output until handled
test_expect_success PIDNS 'the journal blocks a new session on that output (exit 2: cut off, not live)' '
	[ -e "$out.journal" ] || fail "no journal (case above)"
	expect_exit 2 "$ABSTAT" run -r 1 -e task-clock -o "$out" -- true &&
	grep_err "an earlier session was cut off \(no live session holds it\)" &&
	grep_err "abstat recover"
'
test_done
