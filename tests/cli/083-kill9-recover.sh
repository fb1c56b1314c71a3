# kill -9 of abstat in the middle of a session: the journal keeps every
# finished run, no result file appears, and `abstat recover` turns the
# journal into a readable result marked partial with those runs.
out=$TESTTMP/r.json
"$ABSTAT" run -r 200 --warmup 0 -e task-clock,page-faults -o "$out" -- sleep 0.02 \
	>"$TESTTMP/run.out" 2>"$TESTTMP/run.err" &
pid=$!
# wait (bounded) for the header and at least 3 runs in the journal
i=0
while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 4 ]; do
	i=$((i + 1))
	[ $i -lt 600 ] || { kill -9 $pid; cat "$TESTTMP/run.err"; fail "no runs journaled"; }
	kill -0 $pid 2>/dev/null || { cat "$TESTTMP/run.err"; fail "abstat ended early"; }
	sleep 0.05
done
kill -9 $pid
wait $pid 2>/dev/null
[ -e "$out" ] && fail "a result file appeared after kill -9"
[ -s "$out.journal" ] || fail "journal gone after kill -9"
lines=$(grep -c '' "$out.journal")
expect_exit 0 "$ABSTAT" recover "$out.journal" -o "$TESTTMP/rec.json"
runs=$(json 'len(d["benchmarks"][0]["runs"])' "$TESTTMP/rec.json")
# every complete line is a run; a line cut by the kill is ignored
[ "$runs" -ge $((lines - 2)) ] && [ "$runs" -ge 3 ] ||
	fail "recovered $runs runs from a journal of $lines lines"
[ "$(json 'd["status"]' "$TESTTMP/rec.json")" = partial ] || fail "not partial"
[ "$(json 'd["benchmarks"][0]["runs"][0]["counters"][1]["value"] > 0' "$TESTTMP/rec.json")" = True ] ||
	fail "page-faults not recovered"
expect_exit 0 "$ABSTAT" show "$TESTTMP/rec.json"
grep_out 'partial'
# the journal still blocks a new session on the same output until handled
expect_exit 5 "$ABSTAT" run -r 1 -e task-clock -o "$out" -- true
grep_err 'abstat recover'
