# Study 004 on x86_64 in its short form (SEEDS_SHORT=1: a boot a side,
# threads and fork, 3 runs): Debian's amd64 6.12 on 1 vCPU against 2,
# the counter following the workload's threads and children (lab.md,
# test 133). The table is the compare's instructions an operation, and
# both sides of threads agree with doc/seeds.md's x86_64 table of study
# 004 within 1% and fork's within 5% (its runs spread 1-2.5%), so that
# table does not go stale silently; threads counts the 4 threads'
# work (thousands an operation, not the main thread's wait alone).
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
LAB_ARCH=x86_64
export LAB_ARCH
DOC=$TOP/doc/seeds.md

out=$LABT/x86seeds-004
test_expect_success 'study 004 on x86_64, short: 6.12 on 1 and 2 vCPUs, one compare, the table from it' '
	rm -rf "$out" &&
	SEEDS_SHORT=1 SEEDS_OUT="$out" sh "$TOP/lab/seeds.sh" 004 \
		>"$out.out" 2>"$out.err" || { cat "$out.err"; false; } &&
	cat "$out/table.txt" &&
	grep "^differs: cpu.online: 0 | 0-1$" "$out/table.txt"
'

test_expect_success 'the table is the compare; threads and fork agree with doc/seeds.md' '
	python3 - "$out" "$DOC" <<PY
import json, sys
d = json.load(open(sys.argv[1] + "/compare.json"))
labels = [s["label"] for s in d["sides"]]
assert labels == ["6.12", "6.12-smp2"], labels
c = {r["benchmark"]: [s["center"] for s in r["sides"]] for r in d["rows"] if r["primary"]}
assert sorted(c) == ["fork", "threads"], sorted(c)
t = {l.split()[0]: [float(x) for x in l.split()[1:3]]
     for l in open(sys.argv[1] + "/table.txt") if l.split() and l.split()[0] in c}
for b, v in c.items():
    for x, y in zip(v, t[b]):
        assert abs(x - y) <= 1, (b, x, y)
assert t["threads"][0] > 1000, "threads: %s an operation, the workers not counted" % t["threads"]
sec = open(sys.argv[2]).read().split("## Study 004")[1].split("\n## ")[0]
# the first table of the x86_64 section (the UP kernel table comes after)
sec = sec.split("### x86_64")[1].split("\x60\x60\x60\n")[1]
for b, tol in (("threads", 0.01), ("fork", 0.05)):
    row = [l.split() for l in sec.splitlines() if l.startswith(b + " ")]
    assert row, "doc/seeds.md: study 004 has no x86_64 %s row" % b
    doc = [float(x) for x in row[0][1:3]]
    print("%s instructions an operation: run %s, doc %s" % (b, t[b], doc))
    for x, y in zip(t[b], doc):
        assert abs(x / y - 1) < tol, (b, t[b], doc)
PY
'
test_done
