# The seeds' studies on x86_64 (lab/seeds.sh, LAB_ARCH=x86_64): study
# 001 in its short form (SEEDS_SHORT=1: a boot a side, getppid and fork,
# 3 runs): three sides in one compare, 6.12 (the baseline; two pairs
# boot it, and its side has both's boots), 6.12 on 2 vCPUs and 6.1 (on 1:
# Debian's 6.1 does not bring up a second vCPU under -icount); the
# table's calls/s are 1e9 / the compare's instructions a call, and
# getppid's figures agree within 0.5% with doc/seeds.md's x86_64 table
# of study 001 (the full run: 3 boots a side, 5 runs), so that table
# does not go stale silently. Studies 000c and 002 are refused there.
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

out=$LABT/x86seeds-001
test_expect_success 'study 001 on x86_64, short: three sides, one compare, the table from it' '
	rm -rf "$out" &&
	SEEDS_SHORT=1 SEEDS_OUT="$out" sh "$TOP/lab/seeds.sh" 001 \
		>"$out.out" 2>"$out.err" || { cat "$out.err"; false; } &&
	cat "$out/table.txt" &&
	grep "^differs: cpu.online: 0 | 0-1 | 0$" "$out/table.txt"
'

test_expect_success 'the table is the compare, and getppid agrees with doc/seeds.md within 0.5%' '
	python3 - "$out" "$DOC" <<PY
import json, sys
d = json.load(open(sys.argv[1] + "/compare.json"))
labels = [s["label"] for s in d["sides"]]
assert labels == ["6.12", "6.12-smp2", "6.1"], labels
assert d["sides"][0]["files"] == 2, d["sides"][0]
c = {r["benchmark"]: [s["center"] for s in r["sides"]] for r in d["rows"] if r["primary"]}
# the table: benchmark, 6.1, 6.12, 6.12-smp2 calls/s
t = {l.split()[0]: [float(x) for x in l.split()[1:4]]
     for l in open(sys.argv[1] + "/table.txt") if l.split() and l.split()[0] in c}
for b, (up, mp, old) in c.items():
    for x, y in zip((old, up, mp), t[b]):
        assert abs(1e9 / x - y) <= 1, (b, x, y)
sec = open(sys.argv[2]).read().split("## Study 001")[1].split("\n## ")[0]
sec = sec.split("### x86_64")[1]
row = [l.split() for l in sec.splitlines() if l.startswith("getppid ")]
assert row, "doc/seeds.md: study 001 has no x86_64 getppid row"
doc = [float(x) for x in row[0][1:4]]
print("getppid calls/s: run %s, doc %s" % (t["getppid"], doc))
for x, y in zip(t["getppid"], doc):
    assert abs(x / y - 1) < 0.005, (t["getppid"], doc)
PY
'
test_done
