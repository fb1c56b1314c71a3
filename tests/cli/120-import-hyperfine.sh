# abstat import hyperfine: a real `hyperfine --export-json` file becomes a
# result that show, compare and plot read; it compares against an abstat
# result of the same command (rows in common: wall). What hyperfine does
# not record per run (user, sys, maxrss) is <not supported>, saying so.
# tags: sanitize
test_lazy_prereq HYPERFINE 'command -v hyperfine'
FIX=$TOP/tests/fixtures/import
H=$TESTTMP/h.json
# is PY: the python3 expression on the parsed FILE (d) is true
is() { [ "$(json "$1" "$2")" = True ] || { json "d" "$2" | head -c 2000; fail "not true: $1"; }; }

test_expect_success HYPERFINE 'a real hyperfine export imports, marked imported' '
	hyperfine -N -r 10 --export-json "$H" "sleep 0.001" true >/dev/null 2>&1 ||
		fail "hyperfine failed"
	expect_exit 0 "$ABSTAT" import hyperfine "$H" -o "$TESTTMP/hf.json" &&
	grep_err "saved .*hf.json" &&
	is "d[\"env\"][\"imported\"][\"source\"] == \"hyperfine\" and d[\"env\"][\"imported\"][\"files\"] == [\"$H\"]" "$TESTTMP/hf.json" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"sleep\", \"true\"]" "$TESTTMP/hf.json" &&
	is "d[\"config\"][\"imported\"][\"benchmarks\"][\"sleep\"][\"command\"] == \"sleep 0.001\"" "$TESTTMP/hf.json"
'

test_expect_success HYPERFINE 'every time and exit code is a run, as hyperfine wrote it' '
	python3 - "$H" "$TESTTMP/hf.json" <<-\PY || fail "runs differ from the export"
	import json, sys
	h = json.load(open(sys.argv[1]))["results"]
	r = json.load(open(sys.argv[2]))["benchmarks"]
	assert len(h) == len(r) == 2
	for hb, rb in zip(h, r):
	    runs = rb["runs"]
	    assert len(runs) == len(hb["times"]) == 10, len(runs)
	    for t, c, run in zip(hb["times"], hb["exit_codes"], runs):
	        assert run["wall_ns"] == round(t * 1e9), (t, run["wall_ns"])
	        assert run["exit_status"] == c and run["status"] == "ok"
	        assert not run["warmup"]
	PY
'

test_expect_success HYPERFINE 'show: wall from the runs, user/sys/maxrss not recorded' '
	expect_exit 0 "$ABSTAT" show --all-rows "$TESTTMP/hf.json" &&
	grep_out "^wall +[0-9.]+[kM]? " &&
	grep_out "^user +<not supported>" &&
	grep_out "not recorded by hyperfine" &&
	grep_out "^maxrss +<not supported>"
'

test_expect_success HYPERFINE 'compare against an abstat result of the same command' '
	"$ABSTAT" run -q -r 10 -o "$TESTTMP/ab.json" -- sleep 0.001 >/dev/null 2>&1 ||
		fail "abstat run failed"
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/hf.json" "$TESTTMP/ab.json" &&
	grep_out "^sleep +[0-9.]+([kM]|[mun]?s)? .*%" &&
	grep_out "primary row of each benchmark \(wall\)" &&
	grep_out "imported.source: hyperfine -> \(absent\)" &&
	nogrep_out "cpu.model_name" &&
	expect_exit 0 "$ABSTAT" compare --metric wall --format csv \
		"$TESTTMP/ab.json" "$TESTTMP/hf.json" &&
	grep_out "sleep.*wall"
'

test_expect_success HYPERFINE 'plot reads it (gnuplot script and data)' '
	expect_exit 0 "$ABSTAT" plot -q "$TESTTMP/hf.json" "$TESTTMP/ab.json" \
		-o "$TESTTMP/p.gp" &&
	[ -s "$TESTTMP/p.gp" ]
'

test_expect_success 'parameters kept and naming the benchmarks as abstat run -P does' '
	expect_exit 0 "$ABSTAT" import hyperfine "$FIX/hyperfine-params.json" \
		-n scan -o "$TESTTMP/hp.json" &&
	is "d[\"label\"] == \"scan\"" "$TESTTMP/hp.json" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"sleep n=1\", \"sleep n=2\"]" "$TESTTMP/hp.json" &&
	is "[b[\"params\"] for b in d[\"benchmarks\"]] == [{\"n\": \"1\"}, {\"n\": \"2\"}]" "$TESTTMP/hp.json" &&
	is "d[\"config\"][\"imported\"][\"benchmarks\"][\"sleep n=2\"][\"parameters\"] == {\"n\": \"2\"}" "$TESTTMP/hp.json"
'

test_expect_success 'without parameters, commands sharing a name are named in full' '
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
for r in d[\"results\"]:
    del r[\"parameters\"]
json.dump(d, open(sys.argv[2], \"w\"))" "$FIX/hyperfine-params.json" "$TESTTMP/np.json" &&
	expect_exit 0 "$ABSTAT" import hyperfine "$TESTTMP/np.json" -o "$TESTTMP/np-r.json" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"sleep 0.001\", \"sleep 0.002\"]" "$TESTTMP/np-r.json"
'

test_expect_success HYPERFINE 'a failing command: its runs are failed runs with the exit status' '
	hyperfine -N -i -r 3 --export-json "$TESTTMP/f.json" false >/dev/null 2>&1 &&
	expect_exit 0 "$ABSTAT" import hyperfine "$TESTTMP/f.json" -o "$TESTTMP/fi.json" &&
	is "set((r[\"status\"], r[\"reason\"], r[\"exit_status\"]) for r in d[\"benchmarks\"][0][\"runs\"]) == {(\"failed\", \"exit status 1\", 1)}" "$TESTTMP/fi.json"
'
test_done
