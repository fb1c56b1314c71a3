# SIGINT in the middle of a 10-run session: the finished runs are saved with
# status "interrupted", exit 130. kill -9 leaves a journal that recover reads.
expect_sigint() {
	$ABSTAT run -q -r 10 --warmup 0 -e task-clock -o "$TESTTMP/i.json" -- /bin/sleep 0.3 \
		>"$TESTTMP/out" 2>"$TESTTMP/err" &
	pid=$!
	# wait until two runs are in the journal, then interrupt
	for _ in $(seq 100); do
		[ -f "$TESTTMP/i.json.journal" ] && [ "$(wc -l <"$TESTTMP/i.json.journal")" -ge 3 ] && break
		sleep 0.1
	done
	kill -INT $pid
	wait $pid
}
expect_sigint
rc=$?
[ $rc -eq 130 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 130"; }
json 'd["status"]' "$TESTTMP/i.json" | grep -q interrupted || fail "status"
n=$(json 'len(d["benchmarks"][0]["runs"])' "$TESTTMP/i.json")
[ "$n" -ge 2 ] && [ "$n" -lt 10 ] || fail "$n runs saved"
json 'all(r["status"]=="ok" for r in d["benchmarks"][0]["runs"])' "$TESTTMP/i.json" | grep -q True || fail "a killed run was kept"
[ ! -e "$TESTTMP/i.json.journal" ] || fail "journal left after a clean save"
grep_err 'i.json'
# no sleep left running in the workload's process group
sleep 0.2
! pgrep -f 'sleep 0.3' >/dev/null || fail "workload still running"

# kill -9 of abstat: the journal stays; recover turns it into a result
$ABSTAT run -q -r 10 --warmup 0 -e task-clock -o "$TESTTMP/k.json" -- /bin/sleep 0.3 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 100); do
	[ -f "$TESTTMP/k.json.journal" ] && [ "$(wc -l <"$TESTTMP/k.json.journal")" -ge 3 ] && break
	sleep 0.1
done
kill -9 $pid; wait $pid 2>/dev/null
[ -f "$TESTTMP/k.json.journal" ] || fail "no journal after kill -9"
[ ! -e "$TESTTMP/k.json" ] || fail "a result appeared after kill -9"
expect_exit 0 $ABSTAT recover "$TESTTMP/k.json.journal" -o "$TESTTMP/rec.json"
json 'd["status"], len(d["benchmarks"][0]["runs"]) >= 2' "$TESTTMP/rec.json" | grep -q 'partial True' || fail "recovered result"
expect_exit 0 $ABSTAT show "$TESTTMP/rec.json"
grep_out 'task-clock'
