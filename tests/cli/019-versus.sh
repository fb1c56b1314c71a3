# versus runs commands interleaved and prints the compare table at once:
# 1.3x the getppid calls shows a significantly higher task-clock; an A/A
# pair of a page-touching program is not significant on page-faults.
# tags: alone
P=$BUILD/tests/progs

# spin's size for the N vs 1.3N case: about 50 ms of task-clock a run on
# this machine, from one timed run of spin 100000 (a getppid() costs 90 ns
# on one machine and 1 us on another; a fixed count would make the
# difference vanish in start-up noise on a fast one)
N=$(spin_n 50)
N13=$((N * 13 / 10))

test_expect_success 'N vs 1.3N getppid calls: task-clock significantly higher' '
	echo "spin $N vs spin $N13"
	expect_exit 0 $ABSTAT versus -q -r 8 -e task-clock --format json "$P/spin $N" "$P/spin $N13" &&
	python3 - "$TESTTMP/out" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	rows = [r for r in d["rows"] if r["metric"] == "task-clock"]
	assert rows, d["rows"]
	dl = rows[0]["deltas"][0]
	print(dl)
	assert dl["verdict"] == "significant" and dl["delta"] > 0.1, dl
	PY
'

# An A/A pair is called significant at rate alpha (5%) by design: one
# retry keeps this test's false failures near 0.25%.
aa_ok() {
	expect_exit 0 $ABSTAT versus -q -r 6 -e page-faults --format json "$P/touch_pages 500" "$P/touch_pages 500"
	python3 - "$TESTTMP/out" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	rows = [r for r in d["rows"] if r["metric"] == "page-faults"]
	dl = rows[0]["deltas"][0]
	print(dl)
	assert dl["verdict"] != "significant", dl
	PY
}
test_expect_success 'an A/A pair is not significant on page-faults (one retry)' '
	aa_ok || aa_ok || fail "A/A significant on page-faults twice in a row"
'

test_expect_success '--format mail: 72 columns, ASCII, the sides named' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock,page-faults --format mail -n old,new "$P/spin 1000" "$P/spin 1000" &&
	width_ascii "$TESTTMP/out" 72 &&
	grep_out "old" &&
	grep_out "new"
'

test_expect_success '-o PREFIX saves one result per side, labelled A and B' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -o "$TESTTMP/v" "$P/spin 1000" "$P/spin 2000" &&
	got=$(json "d[\"label\"], len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/v-A.json") &&
	[ "$got" = "A 5" ] || fail "v-A.json: $got" &&
	json "d[\"label\"]" "$TESTTMP/v-B.json" | grep -q "^B\$" || fail "v-B.json"
'
test_expect_success '-o PREFIX: the runs were interleaved A B A B' '
	python3 - "$TESTTMP/v-A.json" "$TESTTMP/v-B.json" <<-\PY
	import json, sys
	a = json.load(open(sys.argv[1]))["benchmarks"][0]["runs"]
	b = json.load(open(sys.argv[2]))["benchmarks"][0]["runs"]
	assert a and b, (a, b)
	for x, y in zip(a, b):
	    assert x["end_ns"] <= y["start_ns"], (x, y)
	for x, y in zip(b, a[1:]):
	    assert x["end_ns"] <= y["start_ns"], (x, y)
	PY
'

test_expect_success 'versus with one command: a one-line error, exit 2' '
	expect_exit 2 $ABSTAT versus "$P/spin 1" &&
	one_line_err
'

test_expect_success '--shell runs each command with /bin/sh -c' '
	expect_exit 0 $ABSTAT versus -q -r 4 --warmup 0 -e task-clock --shell --order random --seed 7 -o "$TESTTMP/s" "true && true" "true" &&
	json "d[\"benchmarks\"][0][\"argv\"]" "$TESTTMP/s-A.json" | grep -q "'"'/bin/sh', '-c', 'true && true'"'" ||
		fail "--shell argv: $(json "d[\"benchmarks\"][0][\"argv\"]" "$TESTTMP/s-A.json")"
'
test_expect_success '--order random --seed 7: not the same order in every round' '
	python3 - "$TESTTMP/s-A.json" "$TESTTMP/s-B.json" <<-\PY
	import json, sys
	a = json.load(open(sys.argv[1]))["benchmarks"][0]["runs"]
	b = json.load(open(sys.argv[2]))["benchmarks"][0]["runs"]
	first = ["A" if x["start_ns"] < y["start_ns"] else "B" for x, y in zip(a, b)]
	print(first)
	assert len(a) == len(b) == 4
	assert len(set(first)) == 2, "seed 7 should not keep one order in every round"
	PY
'
test_done
