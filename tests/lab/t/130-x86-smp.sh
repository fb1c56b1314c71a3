# The x86_64 lab on 2 vCPUs (LAB_SMP=2, lab.sh LAB_B_SMP=2): Debian's
# amd64 6.12 boots with CPUs 0-1 online under -icount, and the lab's
# instruction counter (lab/plugin/count.c) counts the task that opened a
# region, whatever runs on the other vCPU or on its own: getppid in
# regions of N and 2N calls (abstat pins it to CPU 1 of 2) steps by
# exactly N calls' instructions, user and kernel, and regions of N calls
# with a process spinning on the other CPU, then on the workload's own
# CPU, count what they count alone (each size's least count of its 4
# regions, warm-up and 3 runs: a timer tick's handler, counted to the
# task it interrupts, may land in a few). Debian's 6.1 does not bring up
# a second vCPU under -icount: lab.sh refuses it before booting.
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
N=1000 LAB_ARCH=x86_64
export LAB_ARCH
cat >"$TESTTMP/job" <<JOB
cat /sys/devices/system/cpu/online >online.txt
lab_mark
for n in $N $((2 * N)); do
	abstat run -q -r 3 -e task-clock -w "getppid:-n \$n" -o n\$n.json >/dev/null 2>>err.txt || exit 1
done
rc=0
for cpu in 0 1; do
	lab_mark
	taskset -c \$cpu sh -c 'while :; do :; done' &
	busy=\$!
	abstat run -q -r 3 -e task-clock -w "getppid:-n $N" -o busy\$cpu.json >/dev/null 2>>err.txt || rc=1
	kill \$busy
done
lab_mark
exit \$rc
JOB

test_expect_success 'LAB_ARCH=x86_64 LAB_A=6.1 LAB_B_SMP=2: refused, nothing booted' '
	rm -rf "$LABT/x86smp61" &&
	! LAB_A=6.1 LAB_B_SMP=2 LAB_OUT="$LABT/x86smp61" sh "$TOP/lab/lab.sh" 2>"$TESTTMP/err" &&
	cat "$TESTTMP/err" &&
	grep -q "^lab: error: LAB_B_SMP=2: a 6.1 kernel (6\.1\.[^)]*) does not bring up a second vCPU under -icount on x86_64; " "$TESTTMP/err" &&
	[ ! -e "$LABT/x86smp61" ]
'

test_expect_success 'Debian amd64 6.12 on 2 vCPUs runs the regions under the counter' '
	LAB_SMP=2 lab_boot x86smp 6.12 "" "$TESTTMP/job" &&
	[ "$(cat "$LABT/x86smp/rc")" = 0 ] || { cat "$LABT/x86smp/status" "$LABT/x86smp/stderr" "$LABT/x86smp/err.txt"; false; }
'

test_expect_success 'the guest had CPUs 0-1 online and the regions ran on CPU 1, per task' '
	[ "$(cat "$LABT/x86smp/online.txt")" = 0-1 ] &&
	python3 - "$LABT/x86smp/count.jsonl" <<PY
import json, sys
regs = [json.loads(l) for l in open(sys.argv[1]) if "\"region\":" in l]
assert len(regs) == 16, len(regs)
assert all(r["per"] == "task" and r["vcpu"] == 1 for r in regs), regs
PY
'

test_expect_success "2 vCPUs: regions of $N and $((2 * N)) getppid calls step by exactly $N calls, and a spinning process on either CPU changes no count" '
	python3 - "$LABT/x86smp/count.jsonl" $N <<PY
import json, sys
n = int(sys.argv[2])
secs, cur = [], None
for l in open(sys.argv[1]):
    d = json.loads(l)
    if "mark" in d:
        if cur is not None:
            secs.append(cur)
        cur = []
    elif "region" in d:
        cur.append(d)
alone, other, same = secs[0][:4], secs[1], secs[2]
double = secs[0][4:]
for ev in ("instructions:u", "instructions:k"):
    a, d, o, s = ([r[ev] for r in x] for x in (alone, double, other, same))
    print("%s: %d calls %s, %d calls %s; spinning on CPU 0 %s, on CPU 1 %s"
          % (ev, n, a, 2 * n, d, o, s))
    step = min(d) - min(a)
    assert step % n == 0, (ev, step)
    lo, hi = (10, 50) if ev.endswith(":u") else (200, 1000)
    assert lo <= step // n <= hi, (ev, step // n)
    assert min(o) == min(a) and min(s) == min(a), (ev, a, o, s)
    assert ev == "instructions:k" or set(a + o + s) == {min(a)}, (ev, a, o, s)
PY
'
test_done
