# page-faults of a page-touching program: >= N and within 2% of perf stat.
# tags: alone
test_require PERF
P=$BUILD/tests/progs
N=3000

test_expect_success 'page-faults >= N in every measured run' '
	expect_exit 0 $ABSTAT run -q -r 5 -e page-faults -o "$TESTTMP/r.json" -- $P/touch_pages $N &&
	min=$(json "min(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"])" "$TESTTMP/r.json") &&
	[ "$min" -ge $N ] || fail "page-faults $min < $N"
'

test_expect_success 'the median is within 2% of perf stat'"'"'s mean' '
	ours=$(json "sorted(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"])[2]" "$TESTTMP/r.json") ||
		fail "no result from the first case"
	perf stat -x, -r 5 -e page-faults -- $P/touch_pages $N 2>"$TESTTMP/perf" >/dev/null ||
		fail "perf stat failed: $(cat "$TESTTMP/perf")"
	theirs=$(awk -F, "/page-faults/ { print \$1; exit }" "$TESTTMP/perf")
	echo "abstat median $ours, perf stat mean $theirs"
	python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); sys.exit(0 if abs(a-b)/b <= 0.02 else 1)" "$ours" "$theirs" ||
		fail "abstat $ours vs perf $theirs: more than 2% apart"
'
test_done
