# abstat workloads: all 23 built-in workloads, one line each, with their
# suites (20 in the named suites, getppid-nosve and stride in all only, getppid-sve
# aarch64-only), in 80 columns of plain ASCII; found through
# ABSTAT_WORKLOAD_DIR, next to the binary (build tree) and in
# ../libexec/abstat (installed).

test_expect_success 'abstat workloads: 80 columns of ASCII under its header' '
	expect_exit 0 "$ABSTAT" workloads &&
	width_ascii "$TESTTMP/out" 80 &&
	grep_out "^NAME +OPERATION +ORIGIN +SUITES\$"
'

# suite: its members (the line ends with the suite, or lists it)
for spec in "syscalls:syscall getppid getuid gettimeofday clock_gettime write socket select open-close stat:.*syscalls" \
	"vm:mmap lat-mmap page-fault: vm\$" \
	"sched:pipe fork exec threads thread-create tls: sched\$" \
	"fs:create open-close stat:fs\$"; do
	suite=${spec%%:*} rest=${spec#*:} members=${rest%%:*} tail=${rest#*:}
	test_expect_success "suite $suite lists $members" '
		expect_exit 0 "$ABSTAT" workloads &&
		for w in $members; do
			grep_out "^$w .*$tail"
		done
	'
done

test_expect_success 'origins: mmap from mmap-perf, create from bonnie' '
	expect_exit 0 "$ABSTAT" workloads &&
	grep_out "^mmap .*mmap-perf" &&
	grep_out "^create .*bonnie"
'

test_expect_success 'exactly 20 workload lines in the named suites, 23 in all' '
	expect_exit 0 "$ABSTAT" workloads &&
	n=$(grep -Ec "^[a-z_-]+ .*(syscalls|vm|sched|fs)(,fs)?\$" "$TESTTMP/out") &&
	{ [ "$n" -eq 20 ] || fail "expected 20 workload lines, got $n"; } &&
	n=$(grep -Ec "^[a-z_-]+ .*(syscalls|vm|sched|fs|,fs| all|-only)\$" "$TESTTMP/out") &&
	{ [ "$n" -eq 23 ] || fail "expected 23 workload lines, got $n"; }
'

test_expect_success 'the suites line: syscalls, vm, sched, fs, all' '
	expect_exit 0 "$ABSTAT" workloads &&
	grep_out "^suites: syscalls, vm, sched, fs, all"
'

test_expect_success 'all built: no warning on stderr' '
	expect_exit 0 "$ABSTAT" workloads &&
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "unexpected stderr"; fi
'

test_expect_success 'a directory without workloads: falls back to the build tree' '
	ABSTAT_WORKLOAD_DIR=$TESTTMP/none expect_exit 0 "$ABSTAT" workloads &&
	grep_out "^getppid "
'

test_expect_success 'no ABSTAT_WORKLOAD_DIR: found next to the binary (build tree)' '
	unset ABSTAT_WORKLOAD_DIR &&
	expect_exit 0 "$ABSTAT" workloads &&
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "build tree not found"; fi
'

# an installed copy: bin/abstat with its workloads in ../libexec/abstat
mkdir -p "$TESTTMP/inst/bin" "$TESTTMP/inst/libexec/abstat"
cp "$ABSTAT" "$TESTTMP/inst/bin/abstat"
cp "$BUILD"/workloads/* "$TESTTMP/inst/libexec/abstat/"

test_expect_success 'installed copy: workloads found in ../libexec/abstat' '
	unset ABSTAT_WORKLOAD_DIR &&
	expect_exit 0 "$TESTTMP/inst/bin/abstat" workloads &&
	if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "libexec not found"; fi
'

test_expect_success 'installed copy: -w runs ../libexec/abstat/getppid' '
	unset ABSTAT_WORKLOAD_DIR &&
	expect_exit 0 "$TESTTMP/inst/bin/abstat" run -q -w "getppid:-n 10" \
		-r 1 --warmup 0 -e task-clock -o "$TESTTMP/i.json" &&
	argv0=$(json "d[\"benchmarks\"][0][\"argv\"][0]" "$TESTTMP/i.json") &&
	case $argv0 in
	*/inst/bin/../libexec/abstat/getppid) ;;
	*) fail "installed workload path: $(json "d[\"benchmarks\"][0][\"argv\"]" "$TESTTMP/i.json")" ;;
	esac
'
test_done
