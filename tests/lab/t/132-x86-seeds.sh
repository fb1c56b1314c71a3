# The seeds' studies on x86_64 (lab/seeds.sh, LAB_ARCH=x86_64) in their
# short form (SEEDS_SHORT=1: a boot a side, two workloads, 3 runs), each
# held against its table in doc/seeds.md (the full runs: 3 boots a side,
# 5 runs), so that those tables do not go stale silently. Study 001:
# three sides in one compare, 6.12 (the baseline; two pairs boot it, and
# its side has both's boots), 6.12 on 2 vCPUs and 6.1 (on 1: Debian's
# 6.1 does not bring up a second vCPU under -icount); the table's calls/s
# are 1e9 / the compare's instructions a call, and getppid's agree with
# the doc within 0.5%. Study 004: 6.12 on 1 vCPU against 2, the counter
# following the workload's threads and children (lab.md, test 133):
# threads counts the 4 threads' work (thousands an operation, not the
# main thread's wait alone), both sides within 1% of the doc, fork's
# within 5% (its runs spread 1-2.5%). Studies 000c and 002 are refused.
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
LAB_ARCH=x86_64
export LAB_ARCH
DOC=$TOP/doc/seeds.md

test_expect_success 'LAB_ARCH=x86_64: studies 000c and 002 refused before any boot' '
	for s in 000c 002; do
		rm -rf "$LABT/x86seeds-x" &&
		! SEEDS_OUT="$LABT/x86seeds-x" sh "$TOP/lab/seeds.sh" $s 2>"$TESTTMP/x.err" &&
		grep "^lab: error: study $s: arm64 only (LAB_ARCH=x86_64 has no " "$TESTTMP/x.err" &&
		[ ! -e "$LABT/x86seeds-x" ] || return 1
	done
'

for s in 001 004; do
	test_expect_success "study $s on x86_64, short: its sides, one compare, the table from it" '
		lab_seeds_short $s "$LABT/x86seeds-$s"
	'
done

test_expect_success 'study 001: the table is the compare, and getppid agrees with doc/seeds.md within 0.5%' '
	python3 - "$LABT/x86seeds-001" "$DOC" "$TOP/tests/lab/t" <<PY
import sys
sys.path.insert(0, sys.argv[3])
from seeds_doc import run, doc_row
d, labels, c, t = run(sys.argv[1], 3)
assert labels == ["6.12", "6.12-smp2", "6.1"], labels
assert "differs: cpu.online: 0 | 0-1 | 0\n" in open(sys.argv[1] + "/table.txt").read()
assert d["sides"][0]["files"] == 2, d["sides"][0]
# the table: benchmark, 6.1, 6.12, 6.12-smp2 calls/s
for b, (up, mp, old) in c.items():
    for x, y in zip((old, up, mp), t[b]):
        assert abs(1e9 / x - y) <= 1, (b, x, y)
doc = doc_row(sys.argv[2], "001", "getppid", 3)
print("getppid calls/s: run %s, doc %s" % (t["getppid"], doc))
for x, y in zip(t["getppid"], doc):
    assert abs(x / y - 1) < 0.005, (t["getppid"], doc)
PY
'
test_expect_success 'study 004: the table is the compare; threads and fork agree with doc/seeds.md' '
	python3 - "$LABT/x86seeds-004" "$DOC" "$TOP/tests/lab/t" <<PY
import sys
sys.path.insert(0, sys.argv[3])
from seeds_doc import run, doc_row
d, labels, c, t = run(sys.argv[1], 2)
assert labels == ["6.12", "6.12-smp2"], labels
assert "differs: cpu.online: 0 | 0-1\n" in open(sys.argv[1] + "/table.txt").read()
assert sorted(c) == ["fork", "threads"], sorted(c)
for b, v in c.items():
    for x, y in zip(v, t[b]):
        assert abs(x - y) <= 1, (b, x, y)
assert t["threads"][0] > 1000, "threads: %s an operation, the workers not counted" % t["threads"]
for b, tol in (("threads", 0.01), ("fork", 0.05)):
    doc = doc_row(sys.argv[2], "004", b, 2)
    print("%s instructions an operation: run %s, doc %s" % (b, t[b], doc))
    for x, y in zip(t[b], doc):
        assert abs(x / y - 1) < tol, (b, t[b], doc)
PY
'
test_done
