# abstat import perf-stat: `perf stat -x, -o FILE --append` of repeated
# single runs, one block per run (tests/fixtures/import/perf-stat.csv is
# a real one, perf 6.1): events as perf counted them (msec in ns),
# duration_time/user_time as wall/user (duration_time keeps abstat's
# own encoding, the tool PMU), <not supported> and
# <not counted> kept; compare matches the events with abstat's. Real
# perf stat runs here: -j (JSON lines) and the default output, whose
# " Performance counter stats for 'CMD':" names the benchmark as abstat
# run names it, so it meets abstat's own run of the command; two sides
# with no benchmark in common are one error line.
# tags: sanitize
FIX=$TOP/tests/fixtures/import
P=$TESTTMP/ps.json
is() { [ "$(json "$1" "$2")" = True ] || { json "d" "$2" | head -c 2000; fail "not true: $1"; }; }

test_expect_success 'the fixture: one run per block, values as perf printed them' '
	expect_exit 0 "$ABSTAT" import perf-stat "$FIX/perf-stat.csv" -o "$P" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"perf-stat\"] and len(d[\"benchmarks\"][0][\"runs\"]) == 3" "$P" &&
	is "[e[\"name\"] for e in d[\"events\"]] == [\"task-clock\", \"page-faults\", \"duration_time\", \"user_time\", \"system_time\", \"cycles\"]" "$P" &&
	is "[r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]] == [1090000, 1090000, 1130000]" "$P" &&
	is "[r[\"wall_ns\"] for r in d[\"benchmarks\"][0][\"runs\"]] == [1522982, 1523140, 1602934]" "$P" &&
	is "[r[\"user_ns\"] for r in d[\"benchmarks\"][0][\"runs\"]] == [1723000, 1655000, 1720000]" "$P" &&
	is "d[\"events\"][5][\"supported\"] is False" "$P" &&
	is "d[\"events\"][0][\"pmu\"] == \"perf\" and d[\"events\"][2][\"pmu\"] == \"tool\" and d[\"events\"][3][\"pmu\"] == \"imported\"" "$P"
'

test_expect_success 'show: sys not recorded (system_time was not counted)' '
	expect_exit 0 "$ABSTAT" show --all-rows "$P" &&
	grep_out "^task-clock +1.09 .* ms$" &&
	grep_out "^cycles +<not supported>" &&
	grep_out "^system_time +<not counted>" &&
	grep_out "^sys +<not supported>" && grep_out "not recorded by perf-stat"
'

test_expect_success PERF 'real perf stat runs compare with an abstat run of the same command' '
	for i in 1 2 3 4 5 6; do
		perf stat -x, -o "$TESTTMP/true.csv" --append \
			-e task-clock,page-faults,duration_time true || fail "perf stat failed"
	done
	expect_exit 0 "$ABSTAT" import perf-stat "$TESTTMP/true.csv" -n perf -o "$TESTTMP/pt.json" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"true\"] and len(d[\"benchmarks\"][0][\"runs\"]) == 6" "$TESTTMP/pt.json" &&
	"$ABSTAT" run -q -r 6 -e task-clock,page-faults -o "$TESTTMP/at.json" -- true >/dev/null 2>&1 &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/pt.json" "$TESTTMP/at.json" &&
	grep_out "^task-clock +[0-9.]+([kM]|[mun]?s)? .*%" &&
	grep_out "^page-faults +[0-9.]+ " &&
	grep_out "^wall +[0-9.]+([kM]|[mun]?s)? .*%"
'

test_expect_success PERF 'perf stat -r output (means over runs) is refused, naming the line' '
	perf stat -x, -r 3 -o "$TESTTMP/r.csv" -e task-clock true || fail "perf stat failed"
	expect_exit 2 "$ABSTAT" import perf-stat "$TESTTMP/r.csv" -o "$TESTTMP/r.json" &&
	one_line_err && grep_err "r.csv:[0-9]+: a variance column: this is perf stat -r output"
'

test_expect_success PERF 'perf stat default output: named by its command, meets abstat run' '
	for i in 1 2 3 4 5 6; do
		perf stat -o "$TESTTMP/true.txt" --append \
			-e task-clock,page-faults true || fail "perf stat failed"
	done
	grep -q "Performance counter stats for .true.:" "$TESTTMP/true.txt" || fail "no command in perf output" &&
	expect_exit 0 "$ABSTAT" import perf-stat "$TESTTMP/true.txt" -n perf -o "$TESTTMP/ph.json" &&
	is "[(b[\"name\"], b[\"argv\"], len(b[\"runs\"])) for b in d[\"benchmarks\"]] == [(\"true\", [\"true\"], 6)]" "$TESTTMP/ph.json" &&
	want=$(awk "/ task-clock/ { printf \"%s \", \$1 }" "$TESTTMP/true.txt") &&
	is "[round(r[\"counters\"][0][\"value\"]) for r in d[\"benchmarks\"][0][\"runs\"]] == [round(float(m.replace(\",\", \"\")) * 1e6) for m in \"$want\".split()]" "$TESTTMP/ph.json" &&
	is "all(r[\"wall_ns\"] > 0 for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/ph.json" &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/ph.json" "$TESTTMP/at.json" &&
	grep_out "^task-clock +[0-9.]+([kM]|[mun]?s)? .*%" &&
	nogrep_out "<missing>"
'

test_expect_success PERF 'perf stat -j (JSON lines) is read' '
	for i in 1 2 3 4; do
		perf stat -j -o "$TESTTMP/j.json" --append \
			-e task-clock,page-faults,duration_time true || fail "perf stat failed"
	done
	grep -q "^{" "$TESTTMP/j.json" || fail "perf wrote no JSON" &&
	expect_exit 0 "$ABSTAT" import perf-stat "$TESTTMP/j.json" -o "$TESTTMP/pj.json" &&
	want=$(python3 -c "import json,sys; print([round(float(j[\"counter-value\"])) for j in map(json.loads, (l for l in open(sys.argv[1]) if l[0] == \"{\")) if j[\"event\"] == \"page-faults\"])" "$TESTTMP/j.json") &&
	is "[r[\"counters\"][1][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]] == $want" "$TESTTMP/pj.json" &&
	is "len(d[\"benchmarks\"][0][\"runs\"]) == 4 and all(r[\"wall_ns\"] > 0 for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/pj.json"
'

test_expect_success PERF 'no benchmark in common: one error line naming both' '
	cp "$TESTTMP/true.csv" "$TESTTMP/other.csv" &&
	expect_exit 0 "$ABSTAT" import perf-stat "$TESTTMP/other.csv" -o "$TESTTMP/po.json" &&
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/po.json" "$TESTTMP/at.json" &&
	one_line_err && grep_err "no benchmark in common: .*po.json has other, .*at.json has true" &&
	[ ! -s "$TESTTMP/out" ] || fail "a table was printed"
'
test_done
