# Imports named by what they measured (issue 43): abstat import --bench
# NAME names any import's one benchmark, so two perf stat -x files of one
# command (named after their files otherwise) pair with each other and
# with abstat's own run of the command; perf stat -r's default output is
# refused with a clear line, as its -x form is; hyperfine -P/-L imports
# are named by their parameters as abstat run -P names its scan.
# tags: sanitize
P=$BUILD/tests/progs
FIX=$TOP/tests/fixtures/import
cd "$TESTTMP" || fail "no TESTTMP"
# stat FILE: five perf stat -x, runs of deep_chain appended to FILE
stat5() {
	for i in 1 2 3 4 5; do
		perf stat -x, -o "$1" --append -e task-clock,page-faults \
			"$P/deep_chain" 20 || return 1
	done
}

test_expect_success PERF 'two perf stat files of one command: named after the files, they do not pair' '
	stat5 ps1.csv && stat5 ps2.csv || fail "perf stat failed"
	expect_exit 0 "$ABSTAT" import perf-stat ps1.csv -o ps1.json &&
	expect_exit 0 "$ABSTAT" import perf-stat ps2.csv -o ps2.json &&
	expect_exit 2 "$ABSTAT" compare ps1.json ps2.json &&
	grep_err "no benchmark in common: .*--bench NAME"
'
test_expect_success PERF '--bench deep_chain: they pair, task-clock compared' '
	expect_exit 0 "$ABSTAT" import perf-stat --bench deep_chain ps1.csv -o n1.json &&
	expect_exit 0 "$ABSTAT" import perf-stat --bench deep_chain ps2.csv -o n2.json &&
	[ "$(json "d[\"benchmarks\"][0][\"name\"]" n1.json)" = deep_chain ] || fail "name" &&
	expect_exit 0 "$ABSTAT" compare n1.json n2.json &&
	grep_out "^abstat compare: deep_chain, 5 runs/side" && grep_out "^task-clock +[0-9.]+ms "
'
test_expect_success PERF 'and with abstat run of the same command' '
	expect_exit 0 "$ABSTAT" run -q -r 5 -e task-clock,page-faults -o own.json -- "$P/deep_chain" 20 &&
	expect_exit 0 "$ABSTAT" compare own.json n1.json &&
	grep_out "^abstat compare: deep_chain, 5 runs/side" && grep_out "^task-clock +[0-9.]+ms .*[0-9.]+ms "
'
test_expect_success '--bench names any import: gobench of one benchmark' '
	printf "BenchmarkX \t 100\t 12 ns/op\nBenchmarkX \t 100\t 13 ns/op\n" >x.txt &&
	expect_exit 0 "$ABSTAT" import gobench --bench strjoin x.txt -o x.json &&
	n=$(json "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"strjoin\"]" x.json) &&
	[ "$n" = True ] || fail "not named strjoin alone"
'
test_expect_success '--bench on an import of several benchmarks: one line, what to do' '
	expect_exit 2 "$ABSTAT" import pyperf --bench x "$FIX/pyperf.json" -o y.json &&
	one_line_err && grep_err "import: --bench: names one benchmark and this import has 2 .*import each file or command apart" &&
	[ ! -e y.json ] || fail "y.json written"
'
test_expect_success '--bench with an empty name is refused' '
	expect_exit 2 "$ABSTAT" import gobench --bench "" x.txt -o z.json &&
	one_line_err && grep_err "--bench: empty name"
'
test_expect_success PERF 'perf stat -r 5, default output: refused naming the runs, what to type instead' '
	perf stat -r 5 -o r5.txt -e task-clock "$P/deep_chain" 5 || fail "perf stat failed"
	expect_exit 2 "$ABSTAT" import perf-stat r5.txt -o r5.json &&
	one_line_err && grep_err "r5.txt:[0-9]+: .\\(5 runs\\).*perf stat -r output .*once per run"
'
test_expect_success 'hyperfine -P n 1 2 pairs with abstat run -P n 1 2 by its parameters' '
	expect_exit 0 "$ABSTAT" import hyperfine "$FIX/hyperfine-params.json" -o hp.json &&
	expect_exit 0 "$ABSTAT" run -q -r 3 --warmup 0 -P n 1 2 -o scan.json -- sleep "0.00{n}" &&
	want=$(json "sorted(b[\"name\"] for b in d[\"benchmarks\"])" scan.json) &&
	[ "$(json "sorted(b[\"name\"] for b in d[\"benchmarks\"])" hp.json)" = "$want" ] ||
		fail "hyperfine names $(json "[b[\"name\"] for b in d[\"benchmarks\"]]" hp.json), abstat $want" &&
	expect_exit 0 "$ABSTAT" compare -q scan.json hp.json &&
	grep_out "^abstat compare: 2 benchmarks" && grep_out "^sleep n=1 " && grep_out "^sleep n=2 "
'
test_done
