# abstat flame --import: the thread's btrace printout gives a non-empty
# flame graph (the thread's complaint: "piping stackcollapse-bpftrace.pl
# to flamegraph.pl gives me an empty file"); --exclude idle does what
# "whack idle from the output" did by hand; perf script's output of a
# real perf record -g is read with its kernel and user frames; folded
# text is read as FlameGraph writes it.
# tags: alone sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
test_lazy_prereq PERF_RECORD 'perf record -q -e cpu-clock -g -o "$TESTTMP/t.data" -- true && perf script -i "$TESTTMP/t.data" >/dev/null'
test_lazy_prereq XMLLINT 'command -v xmllint'

test_expect_success 'btrace: a flame graph with every function of the thread' '
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat.btrace" -o stat.svg &&
	[ "$(grep -c "<g class=\"f\"" stat.svg)" -ge 30 ] || fail "few frames" &&
	for f in spllower memcmp memcpy mtx_enter SipHash_End userland copyout; do
		grep -q "data-n=\"$f\(_\[k\]\)\?\"" stat.svg || fail "no frame $f"
	done &&
	grep -q "data-total=\"739\"" stat.svg || fail "total not 739"
'
test_expect_success 'the root spans the whole width, memcmp holds 10.01%' '
	grep -q "data-n=\"all\"><title>all (739 samples, 100.00%)" stat.svg &&
	grep -q "<title>memcmp_\[k\] (74 samples, 10.01%)" stat.svg || fail "titles"
'
test_expect_success XMLLINT 'the SVG is well-formed XML' '
	xmllint --noout stat.svg || fail "xmllint"
'
test_expect_success 'self-contained: its script and style inside, nothing fetched' '
	grep -q "<script type=\"text/ecmascript\"><!\[CDATA\[" stat.svg &&
	grep -q "<style type=\"text/css\"><!\[CDATA\[" stat.svg &&
	if grep -Eq "(href|src)=" stat.svg; then fail "links out"; fi
'
test_expect_success 'the +offsets are merged: one memcmp frame, 74 samples' '
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat.btrace" -o stat.folded &&
	if grep -q "+0x" stat.folded; then fail "offsets left"; fi &&
	[ "$(grep -c "memcmp_\[k\] " stat.folded)" -eq 1 ] &&
	grep -q ";memcmp_\[k\] 74$" stat.folded || { grep memcmp stat.folded; fail "memcmp not merged"; }
'
test_expect_success '--exclude idle: the idle stacks whacked, the thread'"'"'s profile left' '
	expect_exit 0 "$ABSTAT" flame --import bpftrace "$F/stat-idle.btrace" -o - --format folded &&
	grep -q idle "$TESTTMP/out" || fail "the fixture has no idle" &&
	expect_exit 0 "$ABSTAT" flame --import bpftrace --exclude idle "$F/stat-idle.btrace" -o idle.folded &&
	cmp idle.folded stat.folded || fail "--exclude idle differs from the whacked file"
'
test_expect_success 'folded: FlameGraph'"'"'s lines, unsorted and repeated, read and merged' '
	printf "b;c 2\na 1\n\nb;c 3\n" >in.folded &&
	expect_exit 0 "$ABSTAT" flame --import folded in.folded -o - --format folded &&
	printf "a 1\nb;c 5\n" | cmp - "$TESTTMP/out" || fail "folded import"
'
test_expect_success PERF_RECORD 'perf script of a real perf record -g: kernel and user frames' '
	perf record -q -e cpu-clock -F 999 -g -o p.data -- "$BUILD/tests/progs/spin" $(spin_n 300) 2>rec.err ||
		{ cat rec.err; fail "perf record"; } &&
	perf script -i p.data >p.txt 2>/dev/null &&
	n=$(grep -c "cpu-clock:" p.txt) && [ "$n" -gt 0 ] || fail "no samples" &&
	expect_exit 0 "$ABSTAT" flame --import perf-script p.txt -o p.folded &&
	total=$(awk "{ s += \$NF } END { print s }" p.folded) &&
	{ [ "$total" = "$n" ] || fail "total $total, perf script has $n samples"; } &&
	grep -q "_\[k\]" p.folded || { head p.folded; fail "no kernel frame"; }
'
test_expect_success PERF_RECORD 'perf script: the kernel'"'"'s getppid under the user frames' '
	expect_exit 0 "$ABSTAT" flame --import perf-script p.txt -o - --format text &&
	grep_out "sys_getppid \[k\]|getppid \[k\]|do_syscall_64 \[k\]" &&
	if grep -q "+0x" p.folded; then fail "offsets left"; fi &&
	expect_exit 0 "$ABSTAT" flame --import perf-script --user p.txt -o - --format folded &&
	if grep -q "_\[k\]" "$TESTTMP/out"; then fail "--user kept kernel frames"; fi
'
test_expect_success PERF_RECORD 'perf script without -g: each sample its one frame' '
	perf record -q -e cpu-clock -F 999 -o ng.data -- "$BUILD/tests/progs/spin" $(spin_n 100) 2>rec.err ||
		{ cat rec.err; fail "perf record"; } &&
	perf script -i ng.data >ng.txt 2>/dev/null &&
	n=$(grep -c "cpu-clock:" ng.txt) && [ "$n" -gt 0 ] || fail "no samples" &&
	expect_exit 0 "$ABSTAT" flame --import perf-script ng.txt -o ng.folded &&
	[ "$(awk "{ s += \$NF } END { print s }" ng.folded)" = "$n" ] || fail "total" &&
	if grep -q ";" ng.folded; then fail "a stack deeper than one frame"; fi
'
test_done
