# make demo: it installs only what it builds and draws with (DEMO_PKGS,
# not the test tools of DEB_PKGS), and tests/demo.sh, here at 1/400 of
# each workload's size, says what it does before each step, prints the
# comparison and the chart, and prints its PMU note whole or not at all
# (the "<not supported>; the tables use ..." line once dangled after it
# on machines with a PMU).
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

test_expect_success CPUS2,GNUPLOT,KCOUNT 'tests/demo.sh: its steps, the table, the chart, a whole note' '
	DEMO_DIR=$TESTTMP/demo DEMO_SCALE=400 DEMO_RUNS=4 sh "$TOP/tests/demo.sh" \
		>"$TESTTMP/out" 2>"$TESTTMP/err" || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "demo"; } &&
	for s in "== abstat doctor" "== side A: syscalls suite (10 workloads at 1/400 size), 1 copy, 4 runs each" \
		"== side B: the same, 2 copies at once" "== abstat compare --format mail"; do
		grep -qF "$s" "$TESTTMP/out" || { cat "$TESTTMP/out"; fail "no step: $s"; }
	done &&
	grep_out "^benchmark +median +median +delta" &&
	grep_out "^ +(2-copy|1-again) vs 1-copy" &&
	[ -s "$TESTTMP/demo/delta.png" ] || fail "no delta.png" &&
	n1=$(grep -c "^note: no hardware PMU here" "$TESTTMP/out") &&
	n2=$(grep -c "<not supported>; the tables use software counters" "$TESTTMP/out") &&
	[ "$n1" = "$n2" ] || { cat "$TESTTMP/out"; fail "a dangling note line"; } &&
	if grep -q "<not supported>" "$TESTTMP/demo/1-copy.txt"; then
		[ "$n1" = 1 ] || fail "no PMU note"
	else
		[ "$n1" = 0 ] || fail "a PMU note with a PMU"
	fi
'

test_done
