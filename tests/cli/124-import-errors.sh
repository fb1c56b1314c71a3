# abstat import: every bad input is one line, "abstat: error: import:
# FILE:LINE: what" (JSON sources: FILE: line L, column C, or the key
# path), exit 2; nothing is written.
# tags: sanitize
FIX=$TOP/tests/fixtures/import
T=$TESTTMP

# bad SOURCE NAME CONTENT PATTERN: importing CONTENT as SOURCE fails so
bad() {
	printf "%b" "$3" >"$T/$2"
	expect_exit 2 "$ABSTAT" import "$1" "$T/$2" -o "$T/out.json" &&
	one_line_err && grep_err "^abstat: error: import: $T/$2$4" &&
	if [ -e "$T/out.json" ]; then fail "wrote out.json"; fi
}

# the sources (import.h's table) as the error joins them: "a, b or c"
sources=$(abstat_first import | awk '{ s = NR == 1 ? $0 : s (p ? ", " p : "") ; p = NR == 1 ? "" : $0 }
	END { print s (p ? " or " p : "") }')
test_expect_success 'usage: source, files and -o are required' '
	[ -n "$sources" ] || fail "no sources from abstat --complete import" &&
	expect_exit 2 "$ABSTAT" import nosuch "$FIX/gobench.txt" -o "$T/o.json" &&
	one_line_err && grep_err "unknown source .nosuch.; expected $sources\$" &&
	expect_exit 2 "$ABSTAT" import gobench -o "$T/o.json" &&
	one_line_err && grep_err "needs a source and at least one file" &&
	expect_exit 2 "$ABSTAT" import gobench "$FIX/gobench.txt" &&
	one_line_err && grep_err "-o RESULT is required"
'

test_expect_success 'a missing file, an existing output' '
	expect_exit 2 "$ABSTAT" import gobench "$T/none.txt" -o "$T/o.json" &&
	one_line_err && grep_err "none.txt" &&
	: >"$T/exists.json" &&
	expect_exit 2 "$ABSTAT" import -q gobench "$FIX/gobench.txt" -o "$T/exists.json" &&
	one_line_err && [ ! -s "$T/exists.json" ]
'

test_expect_success 'hyperfine: not JSON, no results, a bad time' '
	bad hyperfine h1.json "{\n\"results\": [1,\n" ": line [0-9]+, column [0-9]+" &&
	bad hyperfine h2.json "{\"x\": 1}" ": results: missing or empty; not a hyperfine --export-json file" &&
	bad hyperfine h3.json "{\"results\": [{\"command\": \"true\", \"times\": [0.1, \"x\"]}]}" ": results\\[0\\].times\\[1\\]: not a time in seconds" &&
	bad hyperfine h4.json "{\"results\": [{\"command\": \"true\", \"times\": [0.1], \"exit_codes\": [0, 0]}]}" ": results\\[0\\].exit_codes: not an array as long as times" &&
	bad hyperfine h5.json "{\"results\": [{\"command\": \"true\", \"times\": [0.1]}, {\"command\": \"true\", \"times\": [0.2]}]}" ": results\\[1\\]: benchmark .true. again"
'

test_expect_success 'gobench: fields, iterations, values, no ns/op, no result line' '
	bad gobench g1.txt "goos: linux\nBenchmarkX 100 12 ns/op 3\n" ":2: expected .BenchmarkName ITERATIONS VALUE UNIT" &&
	bad gobench g2.txt "BenchmarkX abc 12 ns/op\n" ":1: iterations .abc. is not a positive integer" &&
	bad gobench g3.txt "BenchmarkX\nBenchmarkX 10 1x2 ns/op\n" ":2: value .1x2. of ns/op is not a number" &&
	bad gobench g4.txt "BenchmarkX 10 8 B/op\n" ":1: no ns/op" &&
	bad gobench g5.txt "PASS\nok x 0.1s\n" ": no .Benchmark\\.\\.\\.. result line; not go test -bench output"
'

test_expect_success 'gobench: -v name lines and log lines are skipped' '
	printf "BenchmarkX\nBenchmarking is fun\nBenchmarkX-4 10 5.5 ns/op\n" >"$T/v.txt" &&
	expect_exit 0 "$ABSTAT" import gobench "$T/v.txt" -o "$T/v.json" &&
	[ "$(json "[b[\"name\"] for b in d[\"benchmarks\"]]" "$T/v.json")" = "[$(printf "\047X-4\047")]" ]
'

test_expect_success 'perf-stat: before a block, a bad value, -r output, too few fields' '
	bad perf-stat p1.csv "1.0,msec,task-clock,1000,100.00,,\n" ":1: a counter line before the first .# started on. line" &&
	bad perf-stat p2.csv "# started on x\n\nabc,msec,task-clock,1000,100.00,,\n" ":3: .abc. is not a count" &&
	bad perf-stat p3.csv "# started on x\n\n1.0,msec,task-clock,0.50%%,1000,100.00,,\n" ":3: a variance column" &&
	bad perf-stat p4.csv "# started on x\n1.0,msec\n" ":2: expected .VALUE,UNIT,EVENT,RUN_TIME,PERCENT." &&
	bad perf-stat p5.csv "# started on x\n1.0,msec,task-clock,1000,250,,\n" ":2: running percentage .250. of task-clock is not 0..100" &&
	bad perf-stat p6.csv "just text\n" ":1: a counter line before"
'

test_expect_success 'pyperf: not pyperf, a bad value' '
	bad pyperf y1.json "{\"benchmarks\": []}" ": no .version. and .benchmarks.: not a pyperf JSON file" &&
	bad pyperf y2.json "{\"version\": \"1.0\", \"benchmarks\": [{\"metadata\": {\"name\": \"b\"}, \"runs\": [{\"values\": [1e-6, null]}]}]}" ": benchmarks\\[0\\].runs\\[0\\].values\\[1\\]: not a time in seconds" &&
	bad pyperf y3.json "{\"version\": \"2.0\", \"benchmarks\": []}" ": pyperf format version .2.0." &&
	bad pyperf y4.json "{\"version\": \"1.0\", \"benchmarks\": [{\"runs\": []}]}" ": benchmarks\\[0\\].metadata.name: missing"
'

test_expect_success 'two files: different benchmarks join, the same one is refused' '
	printf "BenchmarkA 10 5 ns/op\n" >"$T/a.txt" &&
	printf "BenchmarkB 10 6 ns/op\n" >"$T/b.txt" &&
	expect_exit 0 "$ABSTAT" import gobench "$T/a.txt" "$T/b.txt" -o "$T/ab.json" &&
	[ "$(json "len(d[\"benchmarks\"]), d[\"env\"][\"imported\"][\"files\"] == [\"$T/a.txt\", \"$T/b.txt\"]" "$T/ab.json")" = "2 True" ] &&
	expect_exit 2 "$ABSTAT" import gobench "$T/a.txt" "$T/a.txt" -o "$T/aa.json" &&
	one_line_err && grep_err "a.txt: benchmark .A. is in an earlier file too; two files are two sessions" &&
	[ ! -e "$T/aa.json" ]
'

test_expect_success 'a file of another source is refused, not misread' '
	expect_exit 2 "$ABSTAT" import gobench "$FIX/pyperf.json" -o "$T/x.json" &&
	one_line_err && grep_err "no .Benchmark" &&
	expect_exit 2 "$ABSTAT" import hyperfine "$FIX/pyperf.json" -o "$T/x.json" &&
	one_line_err && grep_err "results: missing" &&
	expect_exit 2 "$ABSTAT" import perf-stat "$FIX/gobench.txt" -o "$T/x.json" &&
	one_line_err && grep_err "gobench.txt:1: " &&
	expect_exit 2 "$ABSTAT" import pyperf "$FIX/hyperfine-params.json" -o "$T/x.json" &&
	one_line_err && grep_err "not a pyperf JSON file"
'
test_done
