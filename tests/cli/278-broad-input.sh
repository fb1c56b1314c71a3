# No quadratic parser or tree builder (issue 27, R2): 200,000 siblings
# under one node in flame (each a kid found without a scan of the
# others), and many hyperfine results and gobench benchmarks imported (a
# hash index of the names, result_bench_find): each complete and right.
# bench/RESULTS.md ("Big input") has the times at 200,000; no time is
# asserted here.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 - <<'PY' || fail "cannot make the inputs"
import json
N = 200000
with open("broad.folded", "w") as f:
    for i in range(N):
        f.write("main;f%07d %d\n" % (i, 1 + i % 3))
M = 20000
res = [{"command": "cmd%d -x" % i, "times": [0.1, 0.2], "exit_codes": [0, 0]}
       for i in range(M)]
res.append({"command": "/usr/bin/cmd7 -y", "times": [0.3]})
json.dump({"results": res}, open("hf.json", "w"))
with open("go.txt", "w") as f:
    for i in range(50000):
        f.write("BenchmarkB%d-2 100 %d.5 ns/op\n" % (i, i % 7))
    f.write("BenchmarkB17-2 100 9.5 ns/op\n")
PY
test_expect_success 'flame: 200,000 siblings under one node, every one counted' '
	expect_exit 0 "$ABSTAT" flame --import folded broad.folded -o b.txt &&
	grep -q "^total 399999 samples, 200001 functions" b.txt ||
		{ tail -n 2 b.txt; fail "not every sibling is in the table"; }
	expect_exit 0 "$ABSTAT" flame --import folded broad.folded -o b.folded &&
	cmp b.folded broad.folded || fail "the folded stacks changed"
'
test_expect_success 'flame: a differential of 200,000 siblings each' '
	expect_exit 0 "$ABSTAT" flame --import folded broad.folded broad.folded -o d.svg &&
	grep -q "data-n=\"main\"" d.svg
'
test_expect_success 'import hyperfine: 20,001 results, two share a name' '
	expect_exit 0 "$ABSTAT" import -q hyperfine hf.json -o hf-r.json &&
	[ "$(json "len(d[\"benchmarks\"])" hf-r.json)" -eq 20001 ] &&
	[ "$(json "[b[\"name\"] for b in d[\"benchmarks\"]][7]" hf-r.json)" = "cmd7 -x" ] &&
	[ "$(json "d[\"benchmarks\"][-1][\"name\"]" hf-r.json)" = "/usr/bin/cmd7 -y" ] &&
	[ "$(json "len(d[\"benchmarks\"][19999][\"runs\"])" hf-r.json)" -eq 2 ]
'
test_expect_success 'import gobench: 50,000 benchmarks, one run again in its own' '
	expect_exit 0 "$ABSTAT" import -q gobench go.txt -o go-r.json &&
	[ "$(json "len(d[\"benchmarks\"])" go-r.json)" -eq 50000 ] &&
	[ "$(json "len(d[\"benchmarks\"][17][\"runs\"])" go-r.json)" -eq 2 ]
'
test_done
