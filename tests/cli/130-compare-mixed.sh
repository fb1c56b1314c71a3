# A side that mixes kernels (issue 29): compare and plot refuse a side
# whose files differ in kernel release, kernel command line or a
# benchmark's arguments, naming the side,
# the key, the values and their files; --allow-mixed pools them; six
# one-file sides given with blanks get the LABEL=f1,f2,f3 hint.
# tags: sanitize
G=tests/golden
A=$G/base-b1.json,$G/base-b2.json,$G/base-b3.json
MIXED=$G/slow-b1.json,$G/slow-b2.json,$G/base-b3.json

test_expect_success 'compare: a side with an A boot in it is refused, one line, exit 2' '
	expect_exit 2 "$ABSTAT" compare $A $MIXED &&
	one_line_err &&
	grep_err "side .paravirt. mixes kernel.release .6.1.0-pv. [(]tests/golden/slow-b1.json[)] and .6.1.0-defconfig. [(]tests/golden/base-b3.json[)]; .*--allow-mixed"
'
test_expect_success 'compare: a side of two command lines is refused' '
	expect_exit 2 "$ABSTAT" compare $G/base-b1.json,$G/cmdline-b3.json $G/slow-b1.json,$G/slow-b2.json &&
	one_line_err &&
	grep_err "mixes kernel command lines that first differ in its end [(]tests/golden/base-b1.json[)] and .mitigations=off. [(]tests/golden/cmdline-b3.json[)]; " &&
	if grep -q "quiet" "$TESTTMP/err"; then fail "the command lines in full"; fi
'
# boot FILE CMDLINE: a copy of base-bN.json (FILE) whose kernel command
# line is CMDLINE, in $TESTTMP
boot() {
	python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d[\"env\"][\"kernel\"][\"cmdline\"]=sys.argv[3]; json.dump(d, open(sys.argv[2], \"w\"))" \
		"$G/$1" "$TESTTMP/$1" "$2"
}
test_expect_success 'abstat boots'"'"' own abstat.boot=N word is not a difference; any other word is' '
	boot base-b1.json "quiet isolcpus=1 abstat.boot=1" &&
	boot base-b2.json "quiet isolcpus=1 abstat.boot=3" &&
	boot base-b3.json "quiet  isolcpus=1 abstat.boot=5" &&
	expect_exit 0 "$ABSTAT" compare --metric task-clock/op \
		"$TESTTMP/base-b1.json,$TESTTMP/base-b2.json,$TESTTMP/base-b3.json" \
		$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	grep_out "^task-clock/op " &&
	boot base-b3.json "quiet isolcpus=2 abstat.boot=5" &&
	expect_exit 2 "$ABSTAT" compare --metric task-clock/op \
		"$TESTTMP/base-b1.json,$TESTTMP/base-b2.json,$TESTTMP/base-b3.json" \
		$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	grep_err "mixes kernel command lines that first differ in .isolcpus=1. [(][^)]*base-b1.json[)] and .isolcpus=2. [(][^)]*base-b3.json[)]"
'
test_expect_success 'compare: a side of two argument lists of a benchmark is refused' '
	expect_exit 2 "$ABSTAT" compare $G/argv-a.json,$G/argv-b.json $G/argv-b.json &&
	one_line_err && grep_err "mixes the arguments of benchmark .mmap. [(]tests/golden/argv-a.json and tests/golden/argv-b.json[)]"
'
test_expect_success 'compare --allow-mixed: pooled, the table printed' '
	expect_exit 0 "$ABSTAT" compare --allow-mixed $A $MIXED &&
	grep_out "^task-clock/op "
'
test_expect_success 'plot refuses the mixed side as compare does' '
	expect_exit 2 "$ABSTAT" plot --kind delta -o "$TESTTMP/p.svg" $A $MIXED &&
	grep_err "mixes kernel.release"
'
test_expect_success 'six one-file sides of two kernels: the hint names the three files of one' '
	expect_exit 0 "$ABSTAT" compare --metric task-clock/op $G/base-b1.json $G/base-b2.json $G/base-b3.json \
		$G/slow-b1.json $G/slow-b2.json $G/slow-b3.json &&
	grep_err "warning: compare: 3 one-file sides share kernel.release .6.1.0-defconfig. from as many boots; .* LABEL=tests/golden/base-b1.json,tests/golden/base-b2.json,tests/golden/base-b3.json$"
'
test_expect_success 'labelled one-file sides: no hint (they are sides on purpose)' '
	expect_exit 0 "$ABSTAT" compare --metric task-clock/op a=$G/base-b1.json b=$G/base-b2.json c=$G/base-b3.json &&
	if grep -q "share kernel.release" "$TESTTMP/err"; then fail "hinted"; fi
'
test_done
