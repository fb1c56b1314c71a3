# The measured region really excludes setup: region_example faults in
# 20000 pages before abstat_begin() and 100 inside the region; abstat
# must count about 100 page faults, not 20100, and record ops 100.
# tags: alone
P=$BUILD/tests/progs/region_example

test_expect_success 'abstat and region_example are built' '
	{ [ -x "$ABSTAT" ] || fail "$ABSTAT is not built"; } &&
	{ [ -x "$P" ] || fail "$P is not built (make progs)"; }
'
test_expect_success 'region: 3 ok runs, ops 100, 100..149 faults (setup excluded)' '
	expect_exit 0 "$ABSTAT" run -q -r 3 --warmup 0 -e page-faults \
		-o "$TESTTMP/r.json" -- "$P" 100 20000 &&
	json "[(r[\"status\"], r.get(\"ops\"), r[\"counters\"][0][\"value\"]) for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/r.json" >"$TESTTMP/v" &&
	python3 -c "
import sys
v = eval(open(sys.argv[1]).read())
ok = len(v) == 3 and all(s == \"ok\" and o == 100 and 100 <= f < 150
                         for s, o, f in v)
sys.exit(not ok)" "$TESTTMP/v" ||
		fail "expected 3 ok runs with ops 100 and 100..149 faults: $(cat "$TESTTMP/v")"
'
# Control: the same program with ABSTAT_CTL and ABSTAT_REGION removed
# (env -u) never begins a region, so it is counted from exec to exit:
# setup included.
test_expect_success 'control: without the markers setup is counted (>= 20100 faults)' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e page-faults \
		-o "$TESTTMP/all.json" -- env -u ABSTAT_CTL -u ABSTAT_REGION "$P" 100 20000 &&
	f=$(json "d[\"benchmarks\"][0][\"runs\"][0][\"counters\"][0][\"value\"]" "$TESTTMP/all.json") &&
	{ [ "$f" -ge 20100 ] || fail "without a region expected >= 20100 faults, got $f"; }
'
test_done
