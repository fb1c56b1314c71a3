# A program that sleeps K times shows >= K context switches; task-clock is
# in ns, positive and never multiplexed.
P=$BUILD/tests/progs
K=25

test_expect_success "a program that sleeps $K times: >= $K context switches in every run" '
	expect_exit 0 $ABSTAT run -q -r 3 -e context-switches,task-clock -o "$TESTTMP/r.json" -- $P/sleeper $K &&
	cs=$(json "min(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/r.json") &&
	[ "$cs" -ge $K ] || fail "context-switches $cs < $K"
'

test_expect_success 'task-clock > 0 in every run, running == enabled (not multiplexed)' '
	json "all(r[\"counters\"][1][\"value\"] > 0 and r[\"counters\"][1][\"running_ns\"] == r[\"counters\"][1][\"enabled_ns\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/r.json" |
		grep -q "^True\$" || fail "task-clock: $(json "[r[\"counters\"][1] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/r.json")"
'
test_done
