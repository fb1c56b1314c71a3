# --copies 2: two copies on two different CPUs at the same time, released
# together; per-copy counters and aggregate ops recorded. (The overlap
# check does not depend on how long a copy runs: a copy waits for the
# release, so it cannot end before the other has started.)
# tags: alone
C=$TESTTMP/c.json
# check PYTHON: assertions about every run of $C (b: the benchmark, r: a run)
check() {
	python3 - "$C" "$1" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	b = d["benchmarks"][0]
	assert b["runs"], "no runs"
	for r in b["runs"]:
	    c = r["copies"]
	    exec(sys.argv[2])
	PY
}

test_expect_success CPUS2 '--copies 2 -C 0,1: two copies in every run, on CPUs 0 and 1' '
	expect_exit 0 $ABSTAT run -q -r 2 --copies 2 -C 0,1 -w getppid:"-n 50000" -e task-clock -o "$C" &&
	json "d[\"benchmarks\"][0][\"copies\"]" "$C" | grep -q "^2\$" || fail "benchmark copies" &&
	check "assert len(c) == 2, c
assert sorted(x[\"cpu\"] for x in c) == [0, 1], [x[\"cpu\"] for x in c]"
'
test_expect_success CPUS2 'the copies ran at the same time (wall-clock intervals overlap)' '
	check "assert max(x[\"start_ns\"] for x in c) < min(x[\"end_ns\"] for x in c), c"
'
test_expect_success CPUS2 'ops: 50000 per copy, 100000 per run' '
	check "assert all(x[\"ops\"] == 50000 for x in c), [x[\"ops\"] for x in c]
assert r[\"ops\"] == 100000, r[\"ops\"]"
'
test_expect_success CPUS2 'a run'"'"'s counter is the sum of its copies' '
	check "assert r[\"counters\"][0][\"value\"] == sum(x[\"counters\"][0][\"value\"] for x in c), r"
'

test_expect_success 'more copies than CPUs in -C: a one-line error, exit 2' '
	expect_exit 2 $ABSTAT run --copies 3 -C 0 -- /bin/true &&
	one_line_err &&
	grep_err "copies 3 needs 3 CPUs"
'
test_done
