# The x86_64 lab's instruction counter (lab/plugin/count.c) against
# arithmetic: x86 TCG has no PMU, so a QEMU plugin of ours counts the
# instructions of the task that opened a region, user and kernel apart.
# Two boots of Debian's amd64 6.1 run the same job: a straight-line
# sequence of 1500 instructions (tests/progs/lab_straight) counts 1500
# more than an empty region; getppid in regions of N, 2N and 3N calls
# counts exactly N times one call's instructions more at each step, user
# and kernel; the same N with a second process spinning on the only
# vCPU counts as without it (per task, not per vCPU); and the two boots'
# counts are the same, region for region.
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

# the regions of count.jsonl in the sections between its marks
cat >"$TESTTMP/sections.py" <<'PY'
import json, sys
def sections(path):
    out, cur, marks = [], [], 0
    for line in open(path):
        d = json.loads(line)
        if "mark" in d:
            if marks:
                out.append(cur)
            cur, marks = [], marks + 1
        elif "region" in d:
            cur.append(d)
    return out
PY

test_expect_success 'a straight-line sequence counts its length: 1500 user instructions more than an empty region, no kernel one' '
	python3 - "$LABT/x86count1/count.jsonl" "$TESTTMP" <<PY
import sys
sys.path.insert(0, sys.argv[2])
from sections import sections
empty, line = sections(sys.argv[1])[0]
print("empty region: u %d k %d; 1500 straight-line: u %d k %d"
      % (empty["instructions:u"], empty["instructions:k"], line["instructions:u"], line["instructions:k"]))
assert empty["per"] == "task" and line["per"] == "task", (empty, line)
assert line["instructions:u"] - empty["instructions:u"] == 1500
assert line["instructions:k"] == empty["instructions:k"] == 0
PY
'

test_expect_success "getppid in regions of $N, $((2 * N)), $((3 * N)) calls: each step exactly $N calls' instructions, user and kernel" '
	python3 - "$LABT/x86count1/count.jsonl" "$TESTTMP" $N <<PY
import sys
sys.path.insert(0, sys.argv[2])
from sections import sections
n = int(sys.argv[3])
regs = sections(sys.argv[1])[1]
# abstat run: a warm-up and 3 runs a size; the last run of each size
by = [regs[4 * i + 3] for i in range(3)]
for ev in ("instructions:u", "instructions:k"):
    c = [r[ev] for r in by]
    d1, d2 = c[1] - c[0], c[2] - c[1]
    print("%s: %s, steps %d %d, %.3f a call" % (ev, c, d1, d2, d1 / n))
    assert d1 == d2 and d1 % n == 0, (ev, c)
    per = d1 // n
    # every run of a size counts the same (no tick in a region this short)
    for i in range(3):
        runs = {r[ev] for r in regs[4 * i + 1:4 * i + 4]}
        assert runs == {c[i]}, (ev, i, runs)
assert 200 <= (by[1]["instructions:k"] - by[0]["instructions:k"]) // n <= 1000
PY
'

test_expect_success 'a second process spinning on the same vCPU does not change the count' '
	python3 - "$LABT/x86count1/count.jsonl" "$TESTTMP" <<PY
import sys
sys.path.insert(0, sys.argv[2])
from sections import sections
s = sections(sys.argv[1])
alone, busy = s[1][1:4], s[2][1:4]
for ev in ("instructions:u", "instructions:k"):
    a = sorted(r[ev] for r in alone)
    b = sorted(r[ev] for r in busy)
    print("%s alone %s, with a spinning process %s" % (ev, a, b))
    assert a[1] == b[1], (ev, a, b)
PY
'

test_expect_success 'two boots of one kernel count the same, region for region' '
	grep region "$LABT/x86count1/count.jsonl" >"$TESTTMP/c1" &&
	grep region "$LABT/x86count2/count.jsonl" >"$TESTTMP/c2" &&
	diff "$TESTTMP/c1" "$TESTTMP/c2"
'
test_done
