# abstat import gobench: `go test -bench -benchmem` output (a real one in
# tests/fixtures/import/gobench.txt, go 1.19, -count 3 -cpu 1,2, from the
# package in tests/fixtures/import/gobench: see SOURCES) as a result: each
# result line a run, ops = iterations, ns/op its time; B/op, allocs/op,
# custom X/op metrics and SetBytes' MB/s kept as Go printed them (scores:
# no per-run total rows beside them); ns/op the primary row, printed in
# ns as Go prints it; goos/goarch/pkg/cpu kept. Where go is installed
# (golang-go), the same package is run here and imported.
# tags: sanitize
test_lazy_prereq GO 'command -v go'
FIX=$TOP/tests/fixtures/import
G=$TESTTMP/go.json
is() { [ "$(json "$1" "$2")" = True ] || { json "d" "$2" | head -c 2000; fail "not true: $1"; }; }

test_expect_success 'a real go test -bench output imports, no warning' '
	expect_exit 0 "$ABSTAT" import gobench "$FIX/gobench.txt" -n go -o "$G" &&
	if grep -q "warning" "$TESTTMP/err"; then cat "$TESTTMP/err"; fail "a warning"; fi &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"Join\", \"Join-2\", \"Repeat/n=8\", \"Repeat/n=8-2\", \"Repeat/n=64\", \"Repeat/n=64-2\", \"SHA256\", \"SHA256-2\"]" "$G" &&
	is "all(len(b[\"runs\"]) == 3 for b in d[\"benchmarks\"])" "$G" &&
	is "d[\"config\"][\"imported\"][\"config\"] == {\"goos\": \"linux\", \"goarch\": \"amd64\", \"pkg\": \"example.com/abstatfix\", \"cpu\": \"Intel(R) Xeon(R) Processor\"}" "$G" &&
	is "d[\"env\"][\"cpu\"][\"model_name\"] == \"Intel(R) Xeon(R) Processor\"" "$G"
'

# want FILE: (benchmark, unit) -> the median of Go's values, as JSON
cat >"$TESTTMP/want.py" <<-\PY
import json, sys
want = {}
for line in open(sys.argv[1]):
    f = line.split()
    if not f or not f[0].startswith("Benchmark") or len(f) < 4:
        continue
    name = f[0][len("Benchmark"):]
    for v, u in zip(f[2::2], f[3::2]):
        want.setdefault((name, u), []).append(float(v))
c = json.load(open(sys.argv[2]))
got = {(r["benchmark"], r["metric"]): r for r in c["rows"]}
for (name, unit), vals in want.items():
    row = got[(name, unit)]
    med = sorted(vals)[len(vals) // 2]
    center = row["sides"][0]["median"]
    assert abs(center - med) <= 1e-6 * med + 1e-9, (name, unit, center, med)
    assert row["higher_is_better"] == unit.endswith("/s"), (name, unit)
print(len(want))
PY

test_expect_success 'every value Go printed is a row of Go'\''s value: ns/op, B/op, allocs/op, halves/op, MB/s' '
	"$ABSTAT" compare --detail --format json "$G" "$G" >"$TESTTMP/c.json" 2>/dev/null ||
		fail "compare failed"
	n=$(python3 "$TESTTMP/want.py" "$FIX/gobench.txt" "$TESTTMP/c.json") ||
		fail "values differ from go test"
	# 8 benchmarks x ns/op, B/op, allocs/op; 4 x halves/op; 6 x MB/s
	[ "$n" -eq 34 ] || fail "$n rows, want 34"
'
test_expect_success 'no per-run total rows (B, allocs, halves) beside B/op' '
	is "d[\"events\"] == []" "$G" &&
	is "not [r for r in json.load(open(\"$TESTTMP/c.json\"))[\"rows\"] if r[\"metric\"] in (\"B\", \"allocs\", \"halves\")]" "$G"
'

test_expect_success 'show: Go'\''s rows, MB/s kept, ns/op in ns, times not recorded' '
	expect_exit 0 "$ABSTAT" show "$G" &&
	grep_out "^B/op +8 .* B\$" && grep_out "^allocs/op +1 " &&
	grep_out "^MB/s +[0-9.]+ .* MB/s\$" &&
	nogrep_out "^(B|allocs|halves) " && nogrep_out "^halves/op +<not counted>" &&
	grep_out "^not counted here: wall, " && grep_out "not recorded by gobench" &&
	nogrep_out "[0-9]us\$" &&
	awk "/^SHA256 / { s = 1 } s && /^ns\\/op / { print; exit }" "$TESTTMP/out" |
		grep -Eq "^ns/op +1[0-9]{4}(\\.[0-9]+)? .* ns\$" ||
		{ cat "$TESTTMP/out"; fail "SHA256 ns/op not in ns"; }
'
test_expect_success 'compare: ns/op the primary row, in ns; --time-unit still chooses' '
	expect_exit 0 "$ABSTAT" compare -q "$G" "$G" &&
	grep_out "^abstat compare: 8 benchmarks, ns/op," &&
	grep_out "^SHA256 +1[0-9]{4}(\\.[0-9]+)?ns " && nogrep_out "[0-9]us " &&
	expect_exit 0 "$ABSTAT" compare -q --time-unit us "$G" "$G" &&
	grep_out "^SHA256 +1[0-9](\\.[0-9]+)?us "
'
test_expect_success 'plot: the runs chart of a Go benchmark is its ns/op' '
	expect_exit 0 "$ABSTAT" plot -q --kind runs "$G" -o "$TESTTMP/r.gp" &&
	grep -c "^[0-9]*	[^	]*: ns/op (lower is better)	" "$TESTTMP/r.dat" | grep -qx 6 ||
		{ cat "$TESTTMP/r.dat"; fail "runs panels"; }
'
test_expect_success 'a warning is kept whole: import prints it, show wraps it within 80 columns' '
	printf "BenchmarkX 10 5 ns/op 3 ops/s\n" >"$TESTTMP/o.txt" &&
	expect_exit 0 "$ABSTAT" import gobench "$TESTTMP/o.txt" -o "$TESTTMP/o.json" &&
	grep_err "warning: import: gobench: ops/s is the name of abstat.s own ops/s \\(from ns/op\\): Go.s ops/s is not imported\$" &&
	expect_exit 0 "$ABSTAT" show "$TESTTMP/o.json" &&
	width_ascii "$TESTTMP/out" 80 &&
	sed -n "/^warning: /,/^\$/p" "$TESTTMP/out" | tr -s " \n" "  " |
		grep -q "^warning: gobench: ops/s is the name of abstat.s own ops/s (from ns/op): Go.s ops/s is not imported $" ||
		{ cat "$TESTTMP/out"; fail "the warning cut"; }
'

test_expect_success 'the Go example of doc/import.md prints what it shows' '
	mkdir -p "$TESTTMP/rd/bin" && ln -s "$ABSTAT" "$TESTTMP/rd/bin/abstat" &&
	ln -s "$TOP/tests" "$TESTTMP/rd/tests" &&
	python3 - "$TOP/doc/import.md" "$TESTTMP/rd" <<-\PY
	import os, re, subprocess, sys
	text = open(sys.argv[1]).read()
	m = re.search(r"^```\n(\$ abstat import gobench .*?)^```$", text, re.S | re.M)
	assert m, "no doc/import.md block starts with abstat import gobench"
	want, got = "", ""
	env = dict(os.environ, PATH=sys.argv[2] + "/bin:" + os.environ["PATH"])
	for line in m.group(1).splitlines(keepends=True):
	    if line.startswith("$ "):
	        got += subprocess.run(line[2:], shell=True, cwd=sys.argv[2], env=env,
	                              capture_output=True, text=True).stdout
	    else:
	        want += line
	assert want and want == got, "doc/import.md:\n" + want + "now:\n" + got
	PY
'

test_expect_success GO 'the fixture package run here: the same rows' '
	cp -r "$FIX/gobench" "$TESTTMP/gomod" && cd "$TESTTMP/gomod" &&
	HOME=$TESTTMP GOCACHE=$TESTTMP/gocache GOPROXY=off GOFLAGS=-mod=mod \
		go test -run "^$" -bench . -benchmem -benchtime 2000x -count 3 -cpu 1,2 >out.txt 2>&1 ||
		{ cat out.txt; fail "go test failed"; }
	expect_exit 0 "$ABSTAT" import gobench out.txt -o "$TESTTMP/g1.json" &&
	if grep -q "warning" "$TESTTMP/err"; then cat "$TESTTMP/err"; fail "a warning"; fi &&
	"$ABSTAT" compare --detail --format json "$TESTTMP/g1.json" "$TESTTMP/g1.json" \
		>"$TESTTMP/c1.json" 2>/dev/null || fail "compare failed"
	n=$(python3 "$TESTTMP/want.py" out.txt "$TESTTMP/c1.json") || fail "values differ"
	[ "$n" -eq 34 ] || fail "$n rows, want 34"
	expect_exit 0 "$ABSTAT" compare --metric B/op,MB/s "$TESTTMP/g1.json" "$TESTTMP/g1.json" &&
	grep_out "B/op +64B " && grep_out "MB/s +[0-9]"
'
test_done
