# The hardware cache events (issue 42): the default set names
# L1-dcache-load-misses and LLC-load-misses after cache-misses and counts
# them where the PMU holds them in its one pinned group with the others
# (counters/perf_fit.c; the decision's both ways with the kernel's
# answers given: tests/unit/test_perf_fit.c); -e never adds them. Without
# a PMU the default set counts its software events and says in ONE
# warning line why the hardware ones are <not supported>. Where a PMU
# counts: the stride workload misses L1D about once a read of a buffer far
# larger than L1D and about never of one far smaller. A recorded L1D count
# shows per op and as a miss ratio in show and compare.
# tags: alone
test_lazy_prereq PYTHON3 'command -v python3'
R=$TESTTMP/d.json
CACHE="L1-dcache-load-misses LLC-load-misses"

test_expect_success PYTHON3 'the default set names the cache events after cache-misses; -e never adds them' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -o "$TESTTMP/d1.json" -- true &&
	names=$(json "\" \".join(e[\"name\"] for e in d[\"events\"])" "$TESTTMP/d1.json") &&
	[ "$names" = "cycles instructions cache-references cache-misses L1-dcache-load-misses LLC-load-misses branches branch-misses task-clock context-switches cpu-migrations page-faults" ] ||
		fail "default set: $names" &&
	expect_exit 0 "$ABSTAT" run -q -r 2 -e cycles,task-clock -o "$TESTTMP/e.json" -- true &&
	names=$(json "\" \".join(e[\"name\"] for e in d[\"events\"])" "$TESTTMP/e.json") &&
	[ "$names" = "cycles task-clock" ] || fail "-e: $names"
'
test_expect_success NO_CORE_PMU,PYTHON3 'no PMU: software counts, the hardware events <not supported>, one warning line with the reason' '
	expect_exit 0 "$ABSTAT" run -r 2 --all-rows -o "$R" -- true &&
	n=$(grep -c "not supported" "$TESTTMP/err") &&
	[ "$n" = 1 ] || { cat "$TESTTMP/err"; fail "$n warning lines say not supported"; } &&
	grep_err "^abstat: warning: cycles, instructions, cache-references, cache-misses, L1-dcache-load-misses, LLC-load-misses, branches, branch-misses: not supported: no PMU exposed by this kernel.*; counting the others only\$" &&
	for e in $CACHE; do
		grep_out "^$e +<not supported>\$" || exit 1
	done &&
	grep_out "^task-clock +[0-9]" && grep_out "^page-faults +[0-9]" &&
	n=$(grep -c "^  (not supported: no PMU" "$TESTTMP/out") &&
	[ "$n" = 1 ] || fail "the reason is printed $n times" &&
	width_ascii "$TESTTMP/out" 80 &&
	got=$(json "\";\".join(\"%s %s\" % (e[\"supported\"], e[\"reason\"]) for e in d[\"events\"][4:6])" "$R") &&
	echo "$got" | grep -q "^False not supported: no PMU exposed by this kernel.*;False not supported: no PMU exposed by this kernel" ||
		fail "the result file: $got"
'
test_expect_success PMU,PYTHON3 'a PMU: the default set counts the cache events, or says in one line why not' '
	expect_exit 0 "$ABSTAT" run -r 3 --all-rows -o "$TESTTMP/d3.json" -w getppid &&
	got=$(json "\" \".join(\"%s\" % e[\"supported\"] for e in d[\"events\"][4:6])" "$TESTTMP/d3.json") &&
	echo "cache events supported: $got" &&
	if [ "$got" = "True True" ]; then
		for e in $CACHE; do
			grep_out "^$e +[0-9]" && grep_out "^$e/op( +[0-9]|$)" || exit 1
		done
	else
		n=$(grep -c "L1-dcache-load-misses" "$TESTTMP/err") &&
		[ "$n" = 1 ] || fail "$n warning lines for the cache events" &&
		grep_out "^L1-dcache-load-misses +<not supported>" || exit 1
	fi &&
	grep_out "^cycles +[0-9]" && grep_out "^task-clock +[0-9]"
'
# a line a read; past the page (4160 bytes), so neither the next-line nor
# the stream prefetcher (both stay in a 4 KiB page) fetches it ahead
test_expect_success PMU,PYTHON3 'stride: about one L1D miss a read of 64 MiB, about none of 4 KiB' '
	E=L1-dcache-load-misses:u,L1-dcache-loads:u,task-clock &&
	if ! "$ABSTAT" run -q -r 1 -e L1-dcache-load-misses:u,L1-dcache-loads:u -w "stride:-n 1000" >/dev/null 2>&1; then
		echo "this PMU cannot count L1-dcache-load-misses:u with L1-dcache-loads:u"
		E=L1-dcache-load-misses:u,task-clock
	fi &&
	expect_exit 0 "$ABSTAT" run -q -r 3 -e $E -o "$TESTTMP/big.json" -w "stride:-s 65536 -t 4160 -n 2000000" &&
	cp "$TESTTMP/out" "$TESTTMP/big.out" &&
	expect_exit 0 "$ABSTAT" run -q -r 3 -e $E -o "$TESTTMP/small.json" -w "stride:-s 4 -t 64 -n 2000000" &&
	grep_out "^L1-dcache-load-misses:u/op( +[0-9]|$)" &&
	if [ "$E" != L1-dcache-load-misses:u,task-clock ]; then
		grep_out "^L1-dcache-miss-ratio:u +[0-9]" || exit 1
	fi &&
	python3 - "$TESTTMP/big.json" "$TESTTMP/small.json" <<-PY
	import json, sys
	def per_op(f):
	    d = json.load(open(f))
	    return [r["counters"][0]["value"] / r["ops"]
	            for r in d["benchmarks"][0]["runs"] if not r["warmup"]]
	big, small = per_op(sys.argv[1]), per_op(sys.argv[2])
	print("L1D misses a read: 64 MiB", big, "4 KiB", small)
	assert min(big) >= 0.5, big
	assert max(small) < 0.1, small
	PY
'
# a result file as run writes it, its two software events renamed into
# L1D's: what show and compare print needs no PMU
craft() {
	python3 - "$1" "$2" "$3" <<-PY
	import json, sys
	d = json.load(open(sys.argv[1])); f = float(sys.argv[3])
	d["events"][0].update(name="L1-dcache-loads", unit="", type=3,
	                      config=0, pinned=True, group=0)
	d["events"][1].update(name="L1-dcache-load-misses", type=3,
	                      config=0x10000, pinned=True, group=0)
	for r in d["benchmarks"][0]["runs"]:
	    r["counters"][0]["value"] = r["ops"]
	    r["counters"][1]["value"] = int(r["ops"] * f)
	json.dump(d, open(sys.argv[2], "w"))
	PY
}
test_expect_success PYTHON3 'a recorded L1D count: per op and as a miss ratio in show and compare' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock,page-faults -o "$TESTTMP/s.json" -w "stride:-s 4 -n 100000" &&
	craft "$TESTTMP/s.json" "$TESTTMP/a.json" 0.5 &&
	craft "$TESTTMP/s.json" "$TESTTMP/b.json" 0.25 &&
	expect_exit 0 "$ABSTAT" show "$TESTTMP/a.json" &&
	grep_out "^L1-dcache-miss-ratio +0\.5 " &&
	grep_out "^L1-dcache-loads/op +1 " &&
	grep -A1 "^L1-dcache-load-misses/op\$" "$TESTTMP/out" | grep -Eq "^ +0\.5 " ||
		fail "no L1-dcache-load-misses/op row of 0.5" &&
	width_ascii "$TESTTMP/out" 80 &&
	expect_exit 0 "$ABSTAT" compare --metric L1-dcache-load-misses/op,L1-dcache-miss-ratio \
		"$TESTTMP/a.json" "$TESTTMP/b.json" &&
	grep_out "^L1-dcache-load-misses/op +0\.5 .* 0\.25 .* -50\.0%" &&
	grep_out "^L1-dcache-miss-ratio +0\.5 .* 0\.25 .* -50\.0%" &&
	width_ascii "$TESTTMP/out" 80
'
test_done
