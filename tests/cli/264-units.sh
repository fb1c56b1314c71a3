# The units their users read (issue 43): sizes scaled by 1024 as pyperf
# scales memory (B, KiB, MiB, GiB), the unit beside the number; a row's
# unit chosen from its median, else its mean, never from a zero median;
# Go's and pyperf's ns/op kept in ns. The expected values are computed
# from the input files here, not written in.
# tags: sanitize
FIX=$TOP/tests/fixtures/import
cd "$TESTTMP" || fail "no TESTTMP"
# row NAME: the show table's row NAME of out, its fields
row() {
	awk -v n="$1" '$1 == n { $1 = ""; print substr($0, 2); exit }' "$TESTTMP/out"
}
# near A B: A and B within 0.1% (the table prints 4 digits)
near() {
	awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(b != 0 && d <= 0.001 * (b < 0 ? -b : b)) }'
}

test_expect_success 'pyperf --track-memory: the memory row in MiB, its median the file median / 2^20' '
	expect_exit 0 "$ABSTAT" import pyperf "$FIX/pyperf/track_memory.json" -o mem.json &&
	want=$(python3 -c "import json, statistics, sys
d = json.load(open(sys.argv[1]))
print(statistics.median([x for b in d[\"benchmarks\"] for r in b[\"runs\"] for x in r.get(\"values\", [])]) / 2**20)" "$FIX/pyperf/track_memory.json") &&
	expect_exit 0 "$ABSTAT" show mem.json && set -- $(row memory) &&
	[ "$7" = MiB ] || fail "memory unit: $(row memory)" &&
	near "$1" "$want" || fail "median $1 MiB, the file says $want"
'
test_expect_success 'compare: the unit beside each number (7.023MiB)' '
	expect_exit 0 "$ABSTAT" compare mem.json mem.json &&
	grep_out "^memory +[0-9.]+MiB .* [0-9.]+MiB "
'
test_expect_success 'sizes step at 1024: 1023 B, 1 KiB, 1 GiB' '
	for v in 1023 1024 1073741824; do
		sed "s/\"values\":\[[^]]*\]/\"values\":[$v,$v,$v]/g" "$FIX/pyperf/track_memory.json" >m$v.json &&
		"$ABSTAT" import pyperf m$v.json -o r$v.json 2>/dev/null &&
		"$ABSTAT" show r$v.json >"$TESTTMP/out" || fail "import $v"
		set -- $(row memory) && echo "$v: $*" && printf "%s\n" "$1 $7" >>got || exit 1
	done &&
	[ "$(cat got)" = "$(printf "1023 B\n1 KiB\n1 GiB\n")" ] || { cat got; fail "steps"; }
'
test_expect_success 'a maxrss row in KiB or MiB, as getrusage counts it (KiB)' '
	expect_exit 0 "$ABSTAT" run -q -r 3 --warmup 0 -o t.json -- true &&
	kb=$(json "sorted(r[\"maxrss_kb\"] for r in d[\"benchmarks\"][0][\"runs\"])[1]" t.json) &&
	expect_exit 0 "$ABSTAT" show t.json && set -- $(row maxrss) &&
	case "$7" in
	KiB) near "$1" "$kb" ;;
	MiB) near "$1" "$(awk -v k="$kb" "BEGIN { print k / 1024 }")" ;;
	*) false ;;
	esac || fail "maxrss $* (median $kb kB)"
'
test_expect_success 'a row whose median is 0 takes its unit from its mean (ms, not ns)' '
	python3 -c "import json, sys
d = json.load(open(sys.argv[1]))
for i, r in enumerate(d[\"benchmarks\"][0][\"runs\"]):
    r[\"sys_ns\"] = [0, 0, 7200000][i]
json.dump(d, open(sys.argv[2], \"w\"))" t.json t0.json &&
	expect_exit 0 "$ABSTAT" show t0.json && set -- $(row sys) &&
	[ "$1" = 0 ] && [ "$7" = ms ] && near "$2" 2.4 || fail "sys: $*"
'
test_expect_success 'go test -bench: ns/op stays in ns (1523, not 1.523 us), in show and compare' '
	printf "goos: linux\ngoarch: amd64\npkg: x\n" >slow.txt &&
	for v in 1523 1623 1423; do printf "BenchmarkSlow-2 \t 1000\t %s ns/op\n" $v >>slow.txt; done &&
	expect_exit 0 "$ABSTAT" import gobench slow.txt -o slow.json &&
	expect_exit 0 "$ABSTAT" show slow.json && set -- $(row ns/op) &&
	[ "$1 $7" = "1523 ns" ] || fail "ns/op: $*" &&
	expect_exit 0 "$ABSTAT" compare slow.json slow.json && grep_out "^ *ns/op +1523ns "
'
test_expect_success 'pyperf: ns/op stays in ns (15050, not 15.05 us)' '
	expect_exit 0 "$ABSTAT" import pyperf "$FIX/pyperf.json" -o py.json &&
	want=$(python3 -c "import json, statistics, sys
d = json.load(open(sys.argv[1]))
b = d[\"benchmarks\"][0]
print(round(statistics.median([x for r in b[\"runs\"] for x in r.get(\"values\", [])]) * 1e9))" "$FIX/pyperf.json") &&
	expect_exit 0 "$ABSTAT" show py.json && set -- $(row ns/op) &&
	[ "$7" = ns ] && near "$1" "$want" || fail "ns/op: $* (want $want ns)"
'
test_done
