# make demo: it installs only what it builds and draws with (DEMO_PKGS,
# not the test tools of DEB_PKGS), and tests/demo.sh, here with 20000
# stat() calls a run, says what it does before each step, prints the
# comparison, a sentence with its delta and verdict and the chart, and
# prints its PMU note whole or not at all
# (the "<not supported>; the tables use ..." line once dangled after it
# on machines with a PMU).
# tags: alone
test_lazy_prereq MAKE 'command -v make'
test_lazy_prereq KCOUNT '[ "$(id -u)" -eq 0 ] || [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -le 1 ]'

test_expect_success MAKE 'make demo installs DEMO_PKGS: the build and gnuplot, no test tools' '
	make -n -C "$TOP" demo >"$TESTTMP/n" 2>&1 &&
	pk=$(sed -n "s/.*tests\/deps.sh //p" "$TESTTMP/n" | head -n 1) &&
	[ -n "$pk" ] || { cat "$TESTTMP/n"; fail "no deps.sh line"; } &&
	for p in build-essential libpfm4-dev libjansson-dev libpcre2-dev gnuplot-nox; do
		echo " $pk " | grep -q " $p " || fail "DEMO_PKGS lacks $p: $pk"
	done &&
	for p in clang lintian debhelper sysbench bonnie++ fio hyperfine linux-perf \
		chromium golang-go slurmd libcmocka-dev; do
		if echo " $pk " | grep -q " $p "; then fail "DEMO_PKGS has $p: $pk"; fi
	done &&
	grep -q "^DEPS_QUIET=0 " "$TESTTMP/n" || fail "apt-get progress hidden"
'

test_expect_success GNUPLOT,KCOUNT 'tests/demo.sh: its steps, the table, the sentence, the chart, a whole note' '
	DEMO_DIR=$TESTTMP/demo DEMO_OPS=20000 DEMO_RUNS=6 sh "$TOP/tests/demo.sh" \
		>"$TESTTMP/out" 2>"$TESTTMP/err" || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "demo"; } &&
	for s in "== abstat doctor" "== abstat versus: stat() of a file 1 directory deep (A) and 17 deep (B)," \
		"   6 runs a side of 20000 calls, interleaved A B A B ... on this boot" \
		"== the table (--format mail: paste it into a mail)"; do
		grep -qF "$s" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "no step: $s"; }
	done &&
	grep_out "^abstat compare: stat, 6 runs/side, interleaved" &&
	grep_out "^(metric)? +median +median +delta" &&
	[ -s "$TESTTMP/demo/runs.png" ] && [ -s "$TESTTMP/demo/runs.txt" ] || fail "no chart" &&
	n1=$(grep -c "^note: no hardware PMU here" "$TESTTMP/out") &&
	n2=$(grep -c "not supported; the tables use software counters" "$TESTTMP/out") &&
	[ "$n1" = "$n2" ] || { cat "$TESTTMP/out"; fail "a dangling note line"; } &&
	if grep -q "not supported" "$TESTTMP/demo/compare.txt"; then
		[ "$n1" = 1 ] || fail "no PMU note"
	else
		[ "$n1" = 0 ] || fail "a PMU note with a PMU"
	fi
'
# The effect is real: 16 more directories to walk cost more per stat()
# on any machine; the sentence gives the table's own delta and verdict.
test_expect_success GNUPLOT,KCOUNT 'the demo shows its effect: deep costs more per stat, significant, as the sentence says' '
	cp "$TESTTMP/out" "$TESTTMP/o" &&
	row=$(awk -v metric=task-clock/op -f "$TOP/tests/demo-row.awk" "$TESTTMP/demo/compare.txt") &&
	set -- $row &&
	case $1 in +*%) ;; *) cat "$TESTTMP/demo/compare.txt"; fail "deep not slower: $1" ;; esac &&
	[ "$3" = yes ] || { cat "$TESTTMP/demo/compare.txt"; fail "verdict $3, not yes"; } &&
	grep -qF "What you see: each stat() on B costs ${1#+} more CPU time than on A" "$TESTTMP/o" ||
		{ cat "$TESTTMP/o"; fail "no sentence with the delta"; }
	grep -q "verdict yes): the kernel walks 16\$" "$TESTTMP/o" || fail "the sentence lacks the verdict"
'
# A row too wide for 72 columns once printed its name on a line of its
# own (a fresh CI machine's table split so, and the sentence lost its
# delta); now the interval is printed as +- its half width first (issue
# 53; the demo's own table too, where a row's interval is wide): the
# demo's reader finds the same delta and verdict in the table as it
# fits, narrowed (times in s) and widened (times in ns).
test_expect_success GNUPLOT,KCOUNT 'the sentence reads the primary row in either layout of the table' '
	d=$TESTTMP/demo &&
	awk -v metric=task-clock/op -f "$TOP/tests/demo-row.awk" "$d/compare.txt" >"$TESTTMP/r0" &&
	$ABSTAT compare -q --format mail --time-unit s "$d/stat-shallow.json" "$d/stat-deep.json" >"$TESTTMP/mail" &&
	# whether the row needs +- at 72 columns depends on its figures
	# ("[+72.7,+112]" fits, "[+72.7,+11.2]" may not): where it fits,
	# the same row with its interval as mail prints it when it does not
	sed "/^task-clock\/op /s/\[[^]]*\]/+-9.9/" "$TESTTMP/mail" >"$TESTTMP/narrow" &&
	grep -q "^task-clock/op .* +-[0-9]" "$TESTTMP/narrow" || { cat "$TESTTMP/narrow"; fail "the interval not as +-"; } &&
	awk -v metric=task-clock/op -f "$TOP/tests/demo-row.awk" "$TESTTMP/narrow" >"$TESTTMP/r1" &&
	$ABSTAT compare -q --format mail --time-unit ns "$d/stat-shallow.json" "$d/stat-deep.json" >"$TESTTMP/wide" &&
	awk -v metric=task-clock/op -f "$TOP/tests/demo-row.awk" "$TESTTMP/wide" >"$TESTTMP/r2" &&
	read -r dl ci v <"$TESTTMP/r0" &&
	case "$dl $ci $v" in "+"*"% ["*"] yes" | "+"*"% +-"[0-9]*" yes") ;; *) fail "row: $dl $ci $v" ;; esac &&
	read -r dl1 ci1 v1 <"$TESTTMP/r1" &&
	case "$ci1" in "+-"[0-9]*) ;; *) fail "narrow row: $dl1 $ci1 $v1" ;; esac &&
	read -r dl2 ci2 v2 <"$TESTTMP/r2" &&
	[ "$dl1 $v1" = "$dl $v" ] && [ "$dl2 $v2" = "$dl $v" ] && [ -n "$ci2" ] ||
		fail "rows differ: $dl $ci $v / $dl1 $ci1 $v1 / $dl2 $ci2 $v2"
'
test_done
