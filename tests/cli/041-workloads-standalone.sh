# Every workload runs by hand with a small -n, exits 0 and prints its one
# summary line with the op count; -h, bad -n and stray arguments.
W=$BUILD/workloads
for spec in syscall:1000 getppid:1000 getuid:1000 gettimeofday:1000 \
	clock_gettime:1000 write:1000 socket:200 select:1000 pipe:200 \
	open-close:1000 stat:1000 mmap:1000 lat-mmap:5 page-fault:64 \
	fork:5 exec:5 threads:100 create:300; do
	name=${spec%:*} n=${spec#*:}
	[ -x "$W/$name" ] || fail "$W/$name is not built"
	expect_exit 0 "$W/$name" -n "$n"
	[ "$(wc -l <"$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "$name: not one line"; }
	grep_out "^$name: $n ops in [0-9]+\.[0-9]{3} s, [0-9]+\.[0-9] ns/op, [0-9]+ ops/s$"
	[ -s "$TESTTMP/err" ] && { cat "$TESTTMP/err"; fail "$name: stderr"; }
	expect_exit 0 "$W/$name" -h
	grep_out '^usage: '
	grep_out '  -n N  '
	expect_exit 2 "$W/$name" -n 0
	grep_err "^$name: error: -n: expected a positive integer, got '0'"
	expect_exit 2 "$W/$name" -n 12x
	expect_exit 2 "$W/$name" stray
	grep_err "unexpected argument 'stray'"
done
# Options of their own.
expect_exit 0 "$W/threads" -n 90 -t 3
grep_out '^threads: 90 ops'
expect_exit 2 "$W/threads" -t 0
expect_exit 0 "$W/lat-mmap" -n 3 -s 64
expect_exit 0 "$W/stat" -n 10 -f /
expect_exit 1 "$W/stat" -n 10 -f "$TESTTMP/missing"
grep_err '^stat: error: .*missing'
expect_exit 0 "$W/exec" -n 2 -x /bin/true
expect_exit 1 "$W/exec" -n 2 -x /bin/false
# The exec target is found next to the binary through a relative argv[0].
(cd "$W" && ./exec -n 2) >"$TESTTMP/out" 2>&1 || { cat "$TESTTMP/out"; fail "exec via ./exec"; }
# Temporary directories are removed.
mkdir "$TESTTMP/tmp"
for w in create open-close stat lat-mmap; do
	TMPDIR=$TESTTMP/tmp expect_exit 0 "$W/$w" -n 3
done
[ -z "$(ls "$TESTTMP/tmp")" ] || { ls -l "$TESTTMP/tmp"; fail "temp files left"; }
# mmap repeats exactly the same calls: same minor faults every run
# (startup may differ by a fault or two); a longer run differs.
python3 - "$W/mmap" <<'PY' || fail "mmap runs differ"
import resource, subprocess, sys
def faults(n):
    ru = resource.RUSAGE_CHILDREN
    before = resource.getrusage(ru).ru_minflt
    subprocess.run([sys.argv[1], "-n", str(n)], stdout=subprocess.DEVNULL,
                   check=True)
    return resource.getrusage(ru).ru_minflt - before
f = [faults(20000) for _ in range(3)]
g = faults(40000)
print(f, g)
sys.exit(0 if max(f) - min(f) <= 8 and g > max(f) + 1000 else 1)
PY
exit 0
