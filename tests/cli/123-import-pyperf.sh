# abstat import pyperf: a pyperf JSON file (tests/fixtures/import/
# pyperf.json is hand-written in pyperf's documented format 1.0: Debian 12
# has no python3-pyperf). Each value is a run whose ns/op is the value,
# ops loops * inner_loops; warm-ups are warm-up runs; calibration runs add
# nothing; the metadata is kept.
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

test_expect_success 'a memory benchmark (unit byte) is refused with one line' '
	sed "s/\"unit\": \"second\"/\"unit\": \"byte\"/" "$FIX/pyperf.json" >"$TESTTMP/mem.json" &&
	expect_exit 2 "$ABSTAT" import pyperf "$TESTTMP/mem.json" -o "$TESTTMP/m.json" &&
	one_line_err && grep_err "mem.json: benchmark .json_dumps.: unit .byte. is not imported"
'
test_done
