# SIGINT in the middle of a 10-run session: the finished runs are saved with
# status "interrupted", exit 130. kill -9 leaves a journal that recover reads.
# The workload is a private copy of sleep, so that no other sleep on the
# machine is taken for one left running.
# tags: alone
cp /bin/sleep "$TESTTMP/nap" || fail "cannot copy /bin/sleep"
NAP=$TESTTMP/nap
# wait_journal FILE: until FILE holds a header and two runs (10 s at most)
wait_journal() {
	for _ in $(seq 100); do
		[ -f "$1" ] && [ "$(wc -l <"$1")" -ge 3 ] && return 0
		sleep 0.1
	done
	return 1
}

test_expect_success 'SIGINT after two runs: exit 130' '
	$ABSTAT run -q -r 10 --warmup 0 -e task-clock -o "$TESTTMP/i.json" -- "$NAP" 0.3 \
		>"$TESTTMP/out" 2>"$TESTTMP/err" &
	pid=$!
	wait_journal "$TESTTMP/i.json.journal" || { kill $pid; wait $pid; fail "no two runs in the journal"; }
	kill -INT $pid
	wait $pid
	rc=$?
	cp "$TESTTMP/err" "$TESTTMP/int.err" || fail "cannot keep stderr"
	[ $rc -eq 130 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 130"; }
'
test_expect_success 'SIGINT: the result is saved as interrupted, its name on stderr' '
	json "d[\"status\"]" "$TESTTMP/i.json" | grep -q "^interrupted\$" || fail "status" &&
	cp "$TESTTMP/int.err" "$TESTTMP/err" && grep_err "i\.json"
'
test_expect_success 'SIGINT: the finished runs are kept (2..9), all ok' '
	n=$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/i.json") &&
	[ "$n" -ge 2 ] && [ "$n" -lt 10 ] || fail "$n runs saved" &&
	json "all(r[\"status\"]==\"ok\" for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/i.json" |
		grep -q "^True\$" || fail "a killed run was kept"
'
test_expect_success 'SIGINT: no journal left after a clean save' '
	[ -f "$TESTTMP/i.json" ] || fail "no result" &&
	if [ -e "$TESTTMP/i.json.journal" ]; then fail "journal left after a clean save"; fi
'
test_expect_success 'SIGINT: no workload left running in its process group' '
	sleep 0.2
	if pgrep -f "$NAP" >/dev/null; then pgrep -af "$NAP"; fail "workload still running"; fi
'

test_expect_success 'kill -9 of abstat: the journal stays, no result appears' '
	$ABSTAT run -q -r 10 --warmup 0 -e task-clock -o "$TESTTMP/k.json" -- "$NAP" 0.3 >/dev/null 2>&1 &
	pid=$!
	wait_journal "$TESTTMP/k.json.journal" || { kill $pid; wait $pid; fail "no two runs in the journal"; }
	kill -9 $pid; wait $pid 2>/dev/null
	[ -f "$TESTTMP/k.json.journal" ] || fail "no journal after kill -9"
	if [ -e "$TESTTMP/k.json" ]; then fail "a result appeared after kill -9"; fi
'
test_expect_success 'recover turns the journal into a partial result with the runs' '
	expect_exit 0 $ABSTAT recover "$TESTTMP/k.json.journal" -o "$TESTTMP/rec.json" &&
	got=$(json "d[\"status\"], len(d[\"benchmarks\"][0][\"runs\"]) >= 2" "$TESTTMP/rec.json") &&
	[ "$got" = "partial True" ] || fail "recovered result: $got"
'
test_expect_success 'show prints the recovered result' '
	expect_exit 0 $ABSTAT show "$TESTTMP/rec.json" &&
	grep_out "^task-clock +[0-9]"
'
test_done
