# abstat import gobench: `go test -bench -benchmem` output (a real one in
# tests/fixtures/import/gobench.txt, go 1.19, -count 3 -cpu 1,2) as a
# result: each result line a run, ops = iterations, ns/op, B/op, allocs/op
# and custom X/op metrics as Go printed them; rates (MB/s) left out with a
# warning; goos/goarch/pkg/cpu kept.
test_lazy_prereq GO 'command -v go'
FIX=$TOP/tests/fixtures/import
G=$TESTTMP/go.json
is() { [ "$(json "$1" "$2")" = True ] || { json "d" "$2" | head -c 2000; fail "not true: $1"; }; }

test_expect_success 'a real go test -bench output imports' '
	expect_exit 0 "$ABSTAT" import gobench "$FIX/gobench.txt" -n go -o "$G" &&
	grep_err "warning: import: gobench: MB/s is a rate" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"Join\", \"Join-2\", \"Repeat/n=8\", \"Repeat/n=8-2\", \"Repeat/n=64\", \"Repeat/n=64-2\"]" "$G" &&
	is "all(len(b[\"runs\"]) == 3 for b in d[\"benchmarks\"])" "$G" &&
	is "d[\"config\"][\"imported\"][\"config\"] == {\"goos\": \"linux\", \"goarch\": \"amd64\", \"pkg\": \"example.com/abstatfix\", \"cpu\": \"Intel(R) Xeon(R) Processor\"}" "$G" &&
	is "d[\"env\"][\"cpu\"][\"model_name\"] == \"Intel(R) Xeon(R) Processor\"" "$G"
'

test_expect_success 'ns/op, B/op, allocs/op and a custom metric are Go values' '
	"$ABSTAT" compare --detail --format json "$G" "$G" >"$TESTTMP/c.json" 2>/dev/null ||
		fail "compare failed"
	python3 - "$FIX/gobench.txt" "$TESTTMP/c.json" <<-\PY || fail "values differ from go test"
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
	seen = 0
	for (name, unit), vals in want.items():
	    if unit == "MB/s":
	        assert (name, unit) not in got
	        continue
	    row = got[(name, unit)]
	    med = sorted(vals)[1]
	    center = row["sides"][0]["median"]
	    assert abs(center - med) <= 1e-6 * med + 1e-9, (name, unit, center, med)
	    seen += 1
	assert seen == 6 * 3 + 4 * 1, seen
	PY
'

test_expect_success 'show: wall, user, sys, maxrss not recorded by gobench' '
	expect_exit 0 "$ABSTAT" show "$G" &&
	grep_out "^wall +<not supported>" &&
	grep_out "not recorded by gobench" &&
	grep_out "^halves/op +<not counted>" &&
	grep_out "not in 3 of 3 runs of the imported file"
'

test_expect_success GO 'a go benchmark run here imports and compares' '
	mkdir -p "$TESTTMP/gomod" && cd "$TESTTMP/gomod" &&
	printf "module example.com/t\n\ngo 1.19\n" >go.mod &&
	printf "package t\n\nimport \"testing\"\n\nvar s []byte\n\nfunc BenchmarkAlloc(b *testing.B) {\n\tfor i := 0; i < b.N; i++ {\n\t\ts = make([]byte, 64)\n\t}\n}\n" >t_test.go &&
	HOME=$TESTTMP GOCACHE=$TESTTMP/gocache GOPROXY=off GOFLAGS=-mod=mod \
		go test -run "^$" -bench . -benchmem -benchtime 2000x -count 5 >out.txt 2>&1 ||
		{ cat out.txt; fail "go test failed"; }
	expect_exit 0 "$ABSTAT" import gobench out.txt -o "$TESTTMP/g1.json" &&
	expect_exit 0 "$ABSTAT" import gobench out.txt -o "$TESTTMP/g2.json" &&
	expect_exit 0 "$ABSTAT" compare --metric B/op "$TESTTMP/g1.json" "$TESTTMP/g2.json" &&
	grep_out "B/op +64 "
'
test_done
