# A program that sleeps K times shows >= K context switches.
P=$BUILD/tests/progs
expect_exit 0 $ABSTAT run -q -r 3 -e context-switches,task-clock -o "$TESTTMP/r.json" -- $P/sleeper 25
json 'min(r["counters"][0]["value"] for r in d["benchmarks"][0]["runs"])' "$TESTTMP/r.json" >"$TESTTMP/cs"
[ "$(cat "$TESTTMP/cs")" -ge 25 ] || fail "context-switches $(cat "$TESTTMP/cs") < 25"
# task-clock is in ns and positive, running == enabled (not multiplexed)
json 'all(r["counters"][1]["value"] > 0 and r["counters"][1]["running_ns"] == r["counters"][1]["enabled_ns"] for r in d["benchmarks"][0]["runs"])' "$TESTTMP/r.json" | grep -q True || fail "task-clock"
