# Every workload runs by hand with a small -n, exits 0 and prints its one
# summary line with the op count; -h, bad -n and stray arguments.
# tags: alone
W=$BUILD/workloads
for spec in syscall:1000 getppid:1000 getppid-nosve:1000 getuid:1000 \
	gettimeofday:1000 clock_gettime:1000 write:1000 socket:200 \
	select:1000 pipe:200 open-close:1000 stat:1000 mmap:1000 lat-mmap:5 \
	page-fault:64 fork:5 exec:5 threads:100 create:300; do
	name=${spec%:*} n=${spec#*:}
	test_expect_success "$name -n $n: one summary line with the op count" '
		{ [ -x "$W/$name" ] || fail "$W/$name is not built"; } &&
		expect_exit 0 "$W/$name" -n "$n" &&
		{ [ "$(wc -l <"$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "$name: not one line"; }; } &&
		grep_out "^$name: $n ops in [0-9]+\.[0-9]{3} s, [0-9]+\.[0-9] ns/op, [0-9]+ ops/s\$" &&
		if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "$name: stderr"; fi
	'
	test_expect_success "$name -h: usage with -n N" '
		expect_exit 0 "$W/$name" -h &&
		grep_out "^usage: " &&
		grep_out "  -n N  "
	'
	test_expect_success "$name: -n 0, -n 12x and a stray argument exit 2" '
		expect_exit 2 "$W/$name" -n 0 &&
		grep_err "^$name: error: -n: expected a positive integer, got '\''0'\''" &&
		expect_exit 2 "$W/$name" -n 12x &&
		expect_exit 2 "$W/$name" stray &&
		grep_err "unexpected argument '\''stray'\''"
	'
done

# Options of their own.
test_expect_success 'threads -t 3 runs, -t 0 is refused' '
	expect_exit 0 "$W/threads" -n 90 -t 3 &&
	grep_out "^threads: 90 ops" &&
	expect_exit 2 "$W/threads" -t 0
'
test_expect_success 'lat-mmap -s 64' '
	expect_exit 0 "$W/lat-mmap" -n 3 -s 64
'
test_expect_success 'stat -f: an existing path runs, a missing one exits 1 naming it' '
	expect_exit 0 "$W/stat" -n 10 -f / &&
	expect_exit 1 "$W/stat" -n 10 -f "$TESTTMP/missing" &&
	grep_err "^stat: error: .*missing"
'
test_expect_success 'exec -x: the target exit status counts' '
	expect_exit 0 "$W/exec" -n 2 -x /bin/true &&
	expect_exit 1 "$W/exec" -n 2 -x /bin/false
'
test_expect_success 'exec finds exec-target next to it through a relative argv[0]' '
	(cd "$W" && ./exec -n 2) >"$TESTTMP/out" 2>&1 || { cat "$TESTTMP/out"; fail "exec via ./exec"; }
'

for w in create open-close stat lat-mmap; do
	test_expect_success "$w removes its temporary files" '
		mkdir "$TESTTMP/tmp-$w" &&
		TMPDIR=$TESTTMP/tmp-$w expect_exit 0 "$W/$w" -n 3 &&
		if [ -n "$(ls -A "$TESTTMP/tmp-$w")" ]; then ls -lA "$TESTTMP/tmp-$w"; fail "$w: temp files left"; fi
	'
done

# mmap repeats exactly the same calls: same minor faults every run
# (startup may differ by a fault or two); a longer run differs.
cat >"$TESTTMP/faults.py" <<'PY'
import resource, subprocess, sys
def faults(n):
    ru = resource.RUSAGE_CHILDREN
    before = resource.getrusage(ru).ru_minflt
    subprocess.run([sys.argv[1], "-n", str(n)], stdout=subprocess.DEVNULL,
                   check=True)
    return resource.getrusage(ru).ru_minflt - before
f = [faults(20000) for _ in range(3)]
g = faults(40000)
print("faults of -n 20000 three times:", f, "of -n 40000:", g)
sys.exit(0 if max(f) - min(f) <= 8 and g > max(f) + 1000 else 1)
PY
test_expect_success 'mmap: the same minor faults every run, more for a longer run' '
	python3 "$TESTTMP/faults.py" "$W/mmap" || fail "mmap runs differ"
'
test_done
