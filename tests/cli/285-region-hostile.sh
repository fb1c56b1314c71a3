# Issue 44: what a workload writes into its region page (abstat.h,
# ABSTAT_REGION) is checked against the run abstat timed itself: a
# region longer than the run (region_ns 2^62), a region open since 0
# (open_ns, the uptime), a first begin before the run started
# (begin_ns 1), ops past 2^63-1, abstat_end() before any begin. The run
# that writes it (tests/progs/region_hostile: run 3 of 8) fails with one
# line naming the field; with -i the other seven are kept, ok, with
# their ops.
# tags: sanitize
H=$BUILD/tests/progs/region_hostile
[ -x "$H" ] || fail "no $H (make progs)"
cd "$TESTTMP" || fail "no TESTTMP"
for mode in region_ns open_ns begin_ns ops end-first; do
	case $mode in
	end-first) field="state: abstat_end\\(\\) before any abstat_begin\\(\\)" ;;
	ops) field="ops 18446744073709551615 is above 2\\^63-1" ;;
	region_ns) field="region_ns 4611686018427387904 is longer than the run" ;;
	*) field="$mode [0-9]+ is outside the run" ;;
	esac
	test_expect_success "$mode: the run fails in one line naming it" '
		rm -f n &&
		expect_exit 4 "$ABSTAT" run -q -r 8 --warmup 0 -e task-clock -o s.json --force -- "$H" $mode n 3 &&
		[ "$(grep -c "^abstat: error:" "$TESTTMP/err")" = 1 ] ||
			{ cat "$TESTTMP/err"; fail "not one error line"; }
		grep_err "run 2: the workload.s region page \\(ABSTAT_REGION\\) cannot be: $field"
	'
	test_expect_success "$mode: with -i the run is failed, the seven others kept" '
		rm -f n &&
		expect_exit 0 "$ABSTAT" run -q -i -r 8 --warmup 0 -e task-clock -o i.json --force -- "$H" $mode n 3 &&
		got=$(json "[(r[\"status\"], r.get(\"ops\")) for r in d[\"benchmarks\"][0][\"runs\"]]" i.json) &&
		[ "$(json "[(r[\"status\"], r.get(\"ops\")) for r in d[\"benchmarks\"][0][\"runs\"]] == [(\"ok\", 1000)] * 2 + [(\"failed\", None)] + [(\"ok\", 1000)] * 5" i.json)" = True ] ||
			fail "runs: $got"
		json "d[\"benchmarks\"][0][\"runs\"][2][\"reason\"]" i.json | grep -Eq "$field" ||
			fail "the failed run does not name the field"
	'
done
test_expect_success 'good regions: every run ok, ns/op of about 1 ms / 1000' '
	rm -f n &&
	expect_exit 0 "$ABSTAT" run -q -r 4 --warmup 0 -e task-clock -o g.json -- "$H" good n 0 &&
	[ "$(json "all(r[\"status\"] == \"ok\" and 0 < r[\"region_ns\"] < r[\"wall_ns\"] for r in d[\"benchmarks\"][0][\"runs\"])" g.json)" = True ] ||
		fail "a good run failed or its region is not inside it"
'
test_done
