# abstat import pyperf: a pyperf JSON file (tests/fixtures/import/
# pyperf.json is hand-written in pyperf's documented format 1.0: Debian 12
# has no python3-pyperf). Each value is a run whose ns/op is the value,
# ops loops * inner_loops; warm-ups are warm-up runs; calibration runs add
# nothing; the metadata is kept. tests/fixtures/import/pyperf/ holds
# pyperf's own files (SOURCES says where from): a --track-memory result
# (unit byte, written at file level) and the timeit pair of pyperf's docs;
# the expected values are computed from those files here, not written in.
# tags: sanitize
FIX=$TOP/tests/fixtures/import
Y=$TESTTMP/py.json
is() { [ "$(json "$1" "$2")" = True ] || { json "d" "$2" | head -c 2000; fail "not true: $1"; }; }

test_expect_success 'values are runs, warm-ups warm-up runs, metadata kept' '
	expect_exit 0 "$ABSTAT" import pyperf "$FIX/pyperf.json" -o "$Y" &&
	is "[b[\"name\"] for b in d[\"benchmarks\"]] == [\"json_dumps\", \"json_loads\"]" "$Y" &&
	is "[(r[\"warmup\"], r[\"ops\"]) for r in d[\"benchmarks\"][0][\"runs\"]] == [(True, 1024), (False, 1024), (False, 1024), (False, 1024), (True, 1024), (False, 1024), (False, 1024), (False, 1024)]" "$Y" &&
	is "{r[\"ops\"] for r in d[\"benchmarks\"][1][\"runs\"]} == {20480}" "$Y" &&
	is "d[\"config\"][\"imported\"][\"metadata\"][\"python_version\"] == \"3.11.2 (64-bit)\"" "$Y" &&
	is "d[\"config\"][\"imported\"][\"benchmarks\"][\"json_loads\"][\"inner_loops\"] == 10" "$Y"
'

test_expect_success 'ns/op is pyperf value in ns' '
	expect_exit 0 "$ABSTAT" show --format csv "$Y" &&
	grep_out "^json_dumps,ns/op,ns,6,15050," &&
	grep_out "^json_loads,ns/op,ns,4,715,"
'

test_expect_success 'a unit other than second or byte is refused with one line' '
	sed "s/\"unit\": \"second\"/\"unit\": \"integer\"/" "$FIX/pyperf.json" >"$TESTTMP/mem.json" &&
	expect_exit 2 "$ABSTAT" import pyperf "$TESTTMP/mem.json" -o "$TESTTMP/m.json" &&
	one_line_err && grep_err "mem.json: benchmark .json_dumps.: unit .integer. is not imported"
'

P=$FIX/pyperf
# median of the file's values (pyperf's median), in the unit given
pymedian() {
	python3 -c "import json,sys,statistics,gzip
o = gzip.open if sys.argv[1].endswith('.gz') else open
d = json.load(o(sys.argv[1], 'rt'))
v = [x for b in d['benchmarks'] for r in b['runs'] for x in r.get('values', [])]
print('%s %d' % (repr(statistics.median(v) * float(sys.argv[2])), len(v)))" "$@"
}

test_expect_success 'pyperf --track-memory: each value a run, its memory score in bytes' '
	expect_exit 0 "$ABSTAT" import pyperf "$P/track_memory.json" -o "$TESTTMP/tm.json" &&
	expect_exit 0 "$ABSTAT" show --format csv "$TESTTMP/tm.json" &&
	set -- $(pymedian "$P/track_memory.json" 1) &&
	grep_out "^timeit,memory,B,$2," &&
	awk -F, -v m="$1" "\$2 == \"memory\" && \$5 == m { ok = 1 } END { exit !ok }" "$TESTTMP/out" ||
		fail "memory median is not pyperf median $1" &&
	nogrep_out "^timeit,ns/op," && nogrep_out "^timeit,wall,ns,[1-9]"
'

test_expect_success 'two memory results compare on memory, lower is better' '
	expect_exit 0 "$ABSTAT" compare --format csv "$TESTTMP/tm.json" "$TESTTMP/tm.json" &&
	grep_out "^timeit,memory,B,.*,1,0,[^,]*,[^,]*$"
'

test_expect_success 'pyperf docs py2/py3 timeit files: ns/op is pyperf median' '
	gzip -dc "$P/py2.json.gz" >"$TESTTMP/py2.json" &&
	gzip -dc "$P/py3.json.gz" >"$TESTTMP/py3.json" &&
	for v in 2 3; do
		expect_exit 0 "$ABSTAT" import pyperf "$TESTTMP/py$v.json" -n py$v -o "$TESTTMP/py$v-a.json" &&
		expect_exit 0 "$ABSTAT" show --format csv "$TESTTMP/py$v-a.json" &&
		set -- $(pymedian "$TESTTMP/py$v.json" 1e9) &&
		grep_out "^timeit,ns/op,ns,$2," &&
		awk -F, -v m="$1" "\$2 == \"ns/op\" { d = \$5 - m; if (d < 0) d = -d; ok = d <= m * 1e-6 } END { exit !ok }" "$TESTTMP/out" ||
			fail "py$v ns/op median is not pyperf median $1 ns"
	done &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/py2-a.json" "$TESTTMP/py3-a.json" &&
	grep_out "^ns/op .* -[0-9.]+% "
'
test_done
