# abstat workloads: all 18 built-in workloads, one line each, with their
# suites, in 80 columns of plain ASCII.
expect_exit 0 "$ABSTAT" workloads
width_ascii "$TESTTMP/out" 80
grep_out '^NAME +OPERATION +ORIGIN +SUITES$'
for w in syscall getppid getuid gettimeofday clock_gettime write socket \
	select open-close stat; do
	grep_out "^$w .*syscalls"
done
for w in mmap lat-mmap page-fault; do grep_out "^$w .* vm$"; done
for w in pipe fork exec threads; do grep_out "^$w .* sched$"; done
for w in create open-close stat; do grep_out "^$w .*fs$"; done
grep_out '^mmap .*mmap-perf'
grep_out '^create .*bonnie'
n=$(grep -Ec '^[a-z_-]+ .*(syscalls|vm|sched|fs)(,fs)?$' "$TESTTMP/out")
[ "$n" -eq 18 ] || fail "expected 18 workload lines, got $n"
grep_out '^suites: syscalls, vm, sched, fs, all'
# All of them are built, so no warning.
[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "unexpected stderr"; }
# A directory without workloads: abstat falls back to the build tree.
ABSTAT_WORKLOAD_DIR=$TESTTMP/none expect_exit 0 "$ABSTAT" workloads
grep_out '^getppid '
# Found without ABSTAT_WORKLOAD_DIR: next to the binary (build tree) ...
(unset ABSTAT_WORKLOAD_DIR; expect_exit 0 "$ABSTAT" workloads)
[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "build tree not found"; }
# ... and in ../libexec/abstat (an installed copy), where -w finds them.
mkdir -p "$TESTTMP/inst/bin" "$TESTTMP/inst/libexec/abstat"
cp "$ABSTAT" "$TESTTMP/inst/bin/abstat"
cp "$BUILD"/workloads/* "$TESTTMP/inst/libexec/abstat/"
(unset ABSTAT_WORKLOAD_DIR; expect_exit 0 "$TESTTMP/inst/bin/abstat" workloads)
[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "libexec not found"; }
(unset ABSTAT_WORKLOAD_DIR; expect_exit 0 "$TESTTMP/inst/bin/abstat" run -q \
	-w 'getppid:-n 10' -r 1 --warmup 0 -e task-clock -o "$TESTTMP/i.json")
json 'd["benchmarks"][0]["argv"][0]' "$TESTTMP/i.json" | grep -q "/inst/bin/../libexec/abstat/getppid$" ||
	fail "installed workload path: $(json 'd["benchmarks"][0]["argv"]' "$TESTTMP/i.json")"
exit 0
