# Issue 44: what a perf stat file says is never taken on trust. The
# crafted line that overflowed import_perfstat.c's stack (a comment
# "#   48.223 K/sec  (" + 63 digits + "%)" on a counter line of a real
# `perf stat -o` file, tests/fixtures/import/perf-stat-default.txt) is
# one error line, no crash; a percentage of perf's own width still
# imports; a hex value (0x10, which strtod reads as 16) and an event
# twice in one run are refused, naming the line; a complete last line of
# a journal that does not parse (an integer past 2^63) is refused, not
# dropped as cut off by a crash.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
FIX=$TOP/tests/fixtures/import/perf-stat-default.txt
digits=$(printf "%063d" 7)
crafted() { # crafted PCT: the fixture, page-faults' comment "(PCT%)"
	sed "s/\\(page-faults  *#  *[0-9.]* K\\/sec\\).*/\\1  ($1%)/" "$FIX"
}
test_expect_success 'the fixture imports (three runs, page-faults counted)' '
	expect_exit 0 "$ABSTAT" import perf-stat "$FIX" -o fix.json &&
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" fix.json)" = 3 ] ||
		fail "not three runs"
'
test_expect_success 'the crafted line: one error line naming it, no crash' '
	crafted "$digits" >crafted.txt &&
	[ "$(grep -c "($digits%)" crafted.txt)" = 3 ] || fail "the line was not crafted"
	line=$(grep -n "($digits%)" crafted.txt | head -n 1 | cut -d: -f1) &&
	expect_exit 2 "$ABSTAT" import perf-stat crafted.txt -o c.json &&
	one_line_err &&
	grep_err "crafted.txt:$line: running percentage of page-faults has 63 digits" &&
	[ ! -e c.json ] || fail "a result was written"
'
test_expect_success 'a percentage as perf writes it (50.00%): the count kept as printed, the scaling said' '
	crafted 50.00 >half.txt &&
	expect_exit 0 "$ABSTAT" import perf-stat half.txt -o half.json &&
	r=$(json "d[\"benchmarks\"][0][\"runs\"][0][\"counters\"][1]" half.json) &&
	printed=$(awk "/page-faults/ { print \$1; exit }" "$FIX") &&
	python3 -c "import sys; c = eval(sys.argv[1]); sys.exit(c[\"value\"] != int(sys.argv[2]))" "$r" "$printed" ||
		fail "page-faults not kept as printed ($printed): $r"
	json "\" \".join(d[\"warnings\"])" half.json | grep -q "page-faults was multiplexed .*kept exactly as perf printed them" ||
		fail "the scaling is not said"
'
test_expect_success 'a percentage of 31 digits: past 100, refused' '
	crafted "$(printf "%031d" 0 | tr 0 1)" >p31.txt &&
	expect_exit 2 "$ABSTAT" import perf-stat p31.txt -o p31.json &&
	one_line_err && grep_err "running percentage .* is not 0..100"
'
test_expect_success 'perf stat -x: a hex value (0x10) is refused, not read as 16' '
	printf "# started on x\n\n0x10,,cycles,1000,100.00,,\n" >hex.csv &&
	expect_exit 2 "$ABSTAT" import perf-stat hex.csv -o hex.json &&
	one_line_err && grep_err "hex.csv:3: value .0x10. of cycles is not a count"
'
test_expect_success 'an event twice in one run is refused, naming both lines' '
	printf "# started on x\n\n10,,cycles,1000,100.00,,\n20,,cycles,1000,100.00,,\n" >dup.csv &&
	expect_exit 2 "$ABSTAT" import perf-stat dup.csv -o dup.json &&
	one_line_err && grep_err "dup.csv:4: cycles again in one run \\(first on line 3\\)"
'
test_expect_success 'the same event in two runs is two runs' '
	printf "# started on x\n10,,cycles,1000,100.00,,\n# started on y\n20,,cycles,1000,100.00,,\n" >two.csv &&
	expect_exit 0 "$ABSTAT" import perf-stat two.csv -o two.json &&
	[ "$(json "[r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]]" two.json)" = "[10, 20]" ] ||
		fail "not two runs of 10 and 20"
'
test_expect_success 'a journal: a complete last line out of range is refused' '
	"$ABSTAT" run -q -r 2 --warmup 0 -e task-clock -o k.json -- true >/dev/null 2>&1 ||
		fail "abstat run failed"
	journal_of k.json k.journal || fail "cannot write the journal"
	expect_exit 0 "$ABSTAT" recover k.journal -o ok.json &&
	sed "\$s/\"wall_ns\": [0-9]*/\"wall_ns\": 99999999999999999999/" k.journal >big.journal &&
	grep -q 99999999999999999999 big.journal || fail "the line was not changed"
	expect_exit 2 "$ABSTAT" recover big.journal -o big.json &&
	one_line_err && grep_err "big.journal: line 3" &&
	! grep -q "cut off" "$TESTTMP/err" || fail "called cut off"
	[ ! -e big.json ] || fail "a result was written"
'
test_expect_success 'a journal: the same line without its newline is cut off' '
	head -c -1 big.journal >torn.journal &&
	expect_exit 0 "$ABSTAT" recover torn.journal -o torn.json &&
	grep_err "line 3 was cut off" &&
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" torn.json)" = 1 ] || fail "not one run"
'
test_done
