# A program that sleeps K times shows about K context switches: the
# median run at least K, and every run at least K - 2 (in a VM a vCPU the
# host preempts for the whole 1 ms can find the timer expired before the
# task left the CPU: that sleep switches nothing; seen once in CI, 24 of
# 25). task-clock is in ns, positive and never multiplexed.
# tags: alone
P=$BUILD/tests/progs
K=25

test_expect_success "a program that sleeps $K times: $K context switches (median), >= $K - 2 in every run" '
	expect_exit 0 $ABSTAT run -q -r 5 -e context-switches,task-clock -o "$TESTTMP/r.json" -- $P/sleeper $K &&
	cs=$(json "sorted(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"])" "$TESTTMP/r.json") &&
	set -- $(echo "$cs" | tr -d "[]," ) && low=$1 && med=$3 &&
	[ "$med" -ge $K ] && [ "$low" -ge $((K - 2)) ] || fail "context-switches $cs (median $med, least $low), sleeps $K"
'

test_expect_success 'task-clock > 0 in every run, running == enabled (not multiplexed)' '
	json "all(r[\"counters\"][1][\"value\"] > 0 and r[\"counters\"][1][\"running_ns\"] == r[\"counters\"][1][\"enabled_ns\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/r.json" |
		grep -q "^True\$" || fail "task-clock: $(json "[r[\"counters\"][1] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/r.json")"
'
test_done
