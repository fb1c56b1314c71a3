# The x86_64 lab's instruction counter (lab/plugin/count.c) against
# arithmetic: x86 TCG has no PMU, so a QEMU plugin of ours counts the
# instructions of the task that opened a region, user and kernel apart.
# Two boots of Debian's amd64 6.1 run the same job: a straight-line
# sequence of 1500 instructions (tests/progs/lab_straight) counts 1500
# more than an empty region; getppid in regions of N, 2N and 3N calls
# counts exactly N times one call's instructions more at each step, user
# and kernel; the same N with a second process spinning on the only
# vCPU counts as without it (per task, not per vCPU); and the two boots'
# counts are the same, region for region, but for a timer tick's
# handler (kernel instructions counted to the task it interrupts).
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
LAB_ARCH=x86_64
export LAB_ARCH
N=1000
cat >"$TESTTMP/job" <<JOB
lab_mark
lab_straight
lab_mark
for n in $N $((2 * N)) $((3 * N)); do
	abstat run -q -r 3 -e task-clock -w "getppid:-n \$n" -o n\$n.json >/dev/null 2>>err.txt || exit 1
done
lab_mark
sh -c 'while :; do :; done' &
busy=\$!
abstat run -q -r 3 -e task-clock -w "getppid:-n $N" -o busy.json >/dev/null 2>>err.txt
rc=\$?
kill \$busy
lab_mark
exit \$rc
JOB

for i in 1 2; do
	test_expect_success "boot $i: Debian amd64 6.1 runs the regions under the counter" '
		lab_boot x86count$i 6.1 "" "$TESTTMP/job" &&
		[ "$(cat "$LABT/x86count$i/rc")" = 0 ] || { cat "$LABT/x86count$i/status" "$LABT/x86count$i/stderr" "$LABT/x86count$i/err.txt"; false; }
	'
done

test_expect_success 'a straight-line sequence counts its length: 1500 user instructions more than an empty region, no kernel one' '
	python3 - "$LABT/x86count1/count.jsonl" "$TOP/tests/lab/t" <<PY
import sys
sys.path.insert(0, sys.argv[2])
from count_sections import sections
empty, line = sections(sys.argv[1])[0]
print("empty region: u %d k %d; 1500 straight-line: u %d k %d"
      % (empty["instructions:u"], empty["instructions:k"], line["instructions:u"], line["instructions:k"]))
assert empty["per"] == "task" and line["per"] == "task", (empty, line)
assert line["instructions:u"] - empty["instructions:u"] == 1500
assert line["instructions:k"] == empty["instructions:k"] == 0
PY
'

# A timer tick that lands in a region adds its handler's kernel
# instructions to the task it interrupts (as perf counts it): 7000 to
# 8100 in these boots, not the same from boot to boot. Each size's
# smallest count (4 regions: abstat run's warm-up and 3 runs) is one
# without a tick; at most one of the 4 may hold one.
test_expect_success "getppid in regions of $N, $((2 * N)), $((3 * N)) calls: each step exactly $N calls' instructions, user and kernel" '
	python3 - "$LABT/x86count1/count.jsonl" "$TOP/tests/lab/t" $N <<PY
import sys
sys.path.insert(0, sys.argv[2])
from count_sections import sections
n = int(sys.argv[3])
regs = sections(sys.argv[1])[1]
assert len(regs) == 12, len(regs)
for ev in ("instructions:u", "instructions:k"):
    sizes = [[r[ev] for r in regs[4 * i:4 * i + 4]] for i in range(3)]
    c = [min(v) for v in sizes]
    d1, d2 = c[1] - c[0], c[2] - c[1]
    print("%s: %s, steps %d %d, %.3f a call" % (ev, sizes, d1, d2, d1 / n))
    assert d1 == d2 and d1 % n == 0, (ev, c)
    for v, m in zip(sizes, c):
        assert sum(x != m for x in v) <= 1, (ev, v)
        assert ev == "instructions:k" or set(v) == {m}, (ev, v)
assert 200 <= (c[1] - c[0]) // n <= 1000
PY
'

test_expect_success 'a second process spinning on the same vCPU does not change the count' '
	python3 - "$LABT/x86count1/count.jsonl" "$TOP/tests/lab/t" <<PY
import sys
sys.path.insert(0, sys.argv[2])
from count_sections import sections
s = sections(sys.argv[1])
alone, busy = s[1][1:4], s[2][1:4]
for ev in ("instructions:u", "instructions:k"):
    a = sorted(r[ev] for r in alone)
    b = sorted(r[ev] for r in busy)
    print("%s alone %s, with a spinning process %s" % (ev, a, b))
    assert a[1] == b[1], (ev, a, b)
PY
'

test_expect_success 'two boots of one kernel count the same, region for region (a tick'"'"'s handler apart)' '
	python3 - "$LABT/x86count1/count.jsonl" "$LABT/x86count2/count.jsonl" <<PY
import json, sys
a, b = ([json.loads(l) for l in open(f) if "\"region\":" in l] for f in sys.argv[1:3])
assert len(a) == len(b) and a, (len(a), len(b))
same = 0
for x, y in zip(a, b):
    assert x["instructions:u"] == y["instructions:u"], (x, y)
    same += x["instructions:k"] == y["instructions:k"]
print("%d regions, user counts all equal, kernel counts equal in %d" % (len(a), same))
assert same >= len(a) - 2, "more kernel counts differ than 2 ticks explain"
PY
'
test_done
