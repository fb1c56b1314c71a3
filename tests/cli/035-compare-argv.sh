# compare: a benchmark's arguments are part of what must match. Two real
# runs of mmap with different -n are refused (exit 2, one line naming the
# benchmark, both argvs and the --allow-env-diff key), allowed with that
# key (the header shows both argvs); the same arguments compare as before;
# versus, whose sides are different commands by design, shows its argv
# difference instead of refusing it. The long kernel.cmdline header of
# the golden fixtures stays within 80 columns in markdown too.
# tags: sanitize
G=$TOP/tests/golden
P=$BUILD/tests/progs

test_expect_success 'real path: mmap -n 1000 and -n 2000 measured here' '
	expect_exit 0 "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w mmap:"-n 1000" -o "$TESTTMP/n1000.json" &&
	expect_exit 0 "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w mmap:"-n 2000" -o "$TESTTMP/n2000.json" &&
	expect_exit 0 "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w mmap:"-n 1000" -o "$TESTTMP/again.json"
'
test_expect_success 'real path: different -n is refused with one line naming both argvs and the key' '
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/n1000.json" "$TESTTMP/n2000.json" &&
	one_line_err &&
	grep_err "benchmark .mmap. ran as .mmap -n 1000. in [^ ]*n1000\.json but as .mmap -n 2000. in [^ ]*n2000\.json" &&
	grep_err "pass --allow-env-diff benchmarks\.mmap\.argv to compare anyway" &&
	[ ! -s "$TESTTMP/out" ] || fail "refused compare printed a table"
'
test_expect_success 'real path: --allow-env-diff benchmarks.mmap.argv shows both argvs in the header' '
	expect_exit 0 "$ABSTAT" compare -q --allow-env-diff benchmarks.mmap.argv "$TESTTMP/n1000.json" "$TESTTMP/n2000.json" &&
	grep_out "^benchmarks\.mmap\.argv: mmap -n 1000 -> mmap -n 2000\$" &&
	grep_out "^task-clock " &&
	width_ascii "$TESTTMP/out" 80
'
test_expect_success 'real path: --allow-env-diff benchmarks covers every benchmark' '
	expect_exit 0 "$ABSTAT" compare -q --allow-env-diff benchmarks --format json "$TESTTMP/n1000.json" "$TESTTMP/n2000.json" &&
	got=$(json "[(e[\"kind\"], e[\"values\"]) for e in d[\"env_diff\"] if e[\"key\"] == \"benchmarks.mmap.argv\"]" "$TESTTMP/out") &&
	[ "$got" = "[('"'expected'"', ['"'mmap -n 1000'"', '"'mmap -n 2000'"'])]" ] || fail "env_diff: $got"
'
test_expect_success 'real path: the same arguments compare, no argv in the header' '
	expect_exit 0 "$ABSTAT" compare -q "$TESTTMP/n1000.json" "$TESTTMP/again.json" &&
	nogrep_out "argv"
'
test_expect_success 'three sides: the refusal names the side that differs' '
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/n1000.json" "$TESTTMP/again.json" "$TESTTMP/n2000.json" &&
	one_line_err &&
	grep_err "but as .mmap -n 2000. in [^ ]*n2000\.json"
'
test_expect_success 'an argument with a space is quoted in the argv shown' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/q1.json" -- "$P/spin" 1000 &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/q2.json" -- "$P/spin" "1000 " &&
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/q1.json" "$TESTTMP/q2.json" &&
	grep_err "ran as .spin 1000. in .* but as .spin '"'1000 '"'. in "
'
test_expect_success 'versus: different arguments are the sides, named above the table, not refused' '
	expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock "$P/spin 1000" "$P/spin 2000" &&
	grep_out "^versus A: .*spin 1000\$" && grep_out "^ +B: .*spin 2000\$" &&
	nogrep_out "\.argv: "
'
test_expect_success 'golden kernel.cmdline headers: markdown lines within 80 columns' '
	for b in b c d; do
		"$ABSTAT" compare --format markdown -e task-clock "$G/cmdline-a.json" "$G/cmdline-$b.json" ||
			fail "compare cmdline-$b failed"
	done >"$TESTTMP/md" &&
	awk "/^\\*\\*abstat compare/ { head = 1 } /^\\|/ { head = 0 } head" \
		"$TESTTMP/md" >"$TESTTMP/md-head" &&
	grep -q "^- kernel.cmdline: +mitigations=off\$" "$TESTTMP/md-head" ||
		fail "no word difference in: $(cat "$TESTTMP/md-head")" &&
	width_ascii "$TESTTMP/md-head" 80
'
test_done
