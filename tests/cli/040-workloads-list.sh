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
# Not found anywhere: a warning, still exit 0.
ABSTAT_WORKLOAD_DIR=$TESTTMP/none expect_exit 0 "$ABSTAT" workloads
grep_out '^getppid '
exit 0
