# make lab LAB_ARCH=x86_64 end to end: Debian's amd64 6.1 against 6.12,
# one boot a side, getppid alone. The instructions come from the lab's
# counter (lab/plugin/count.c) and every format says so: [e] on the rows,
# the legend, "emulated" in json, the machine line; no cycles row (none
# are counted). In the same boots (LAB_AFTER) getppid runs in regions
# of N and 2N calls: the difference, divided by N, is one call's
# instructions, and the lab's instructions/op for getppid agrees with it
# within 0.5% (the lab's regions are longer, 62500 calls at LAB_SCALE 40,
# and hold a few timer ticks, whose handlers count too).
# tags: alone
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU_X86,XBUILD_X86,KERNELS_X86
LAB_ARCH=x86_64
export LAB_ARCH
N=2000
cat >"$TESTTMP/after" <<AFTER
lab_mark
abstat run -q -r 3 -e task-clock -w "getppid:-n $N" >/dev/null 2>>after.err
abstat run -q -r 3 -e task-clock -w "getppid:-n $((2 * N))" >/dev/null 2>>after.err
lab_mark
AFTER
out=$LABT/x86lab
rm -rf "$out"

test_expect_success 'make lab LAB_ARCH=x86_64: 6.1 vs 6.12, one boot a side, getppid' '
	LAB_OUT=$out LAB_BOOTS=1 LAB_RUNS=3 LAB_JOBS=1 LAB_WORKLOADS=getppid \
		LAB_AFTER=$TESTTMP/after sh "$TOP/lab/lab.sh" >"$TESTTMP/out" 2>"$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; false; }
'
test_expect_success 'the table marks the counts as the emulator'"'"'s, in every format, and invents no cycles' '
	cat "$out/compare.txt" &&
	grep -q "^instructions/op\[e\] " "$out/compare.txt" &&
	tr "\n" " " <"$out/compare.txt" | grep -q "machine: .*instructions  *counted by the emulator)" &&
	grep -q "\[e\]: *emulated" "$out/compare.txt" &&
	python3 - "$out/compare.json" <<PY
import json, sys
d = json.load(open(sys.argv[1]))
rows = [r for r in d["rows"] if r["metric"].startswith("instructions")]
assert rows and all(r.get("emulated") for r in rows), rows
assert not [r for r in d["rows"] if r["metric"].startswith("cycles")]
PY
'
test_expect_success "getppid: the lab's instructions/op within 0.5% of one call's, from regions of $N and $((2 * N)) calls" '
	python3 - "$out" $N <<PY
import json, sys
out, n = sys.argv[1], int(sys.argv[2])
d = json.load(open(out + "/compare.json"))
row = [r for r in d["rows"] if r["benchmark"] == "getppid" and r["metric"] == "instructions/op"][0]
for side, boot in ((0, "A1"), (1, "B1")):
    regs, marks = [], 0
    for l in open("%s/boots/%s/count.jsonl" % (out, boot)):
        x = json.loads(l)
        marks += "mark" in x
        if "region" in x and marks == 3:
            regs.append(x["instructions:u"] + x["instructions:k"])
    assert len(regs) == 8, regs
    one = (min(regs[4:]) - min(regs[:4])) / n
    lab = row["sides"][side]["center"]
    print("%s: one call %.3f instructions, the lab %.3f a call (%+.3f%%)" % (boot, one, lab, 100 * (lab / one - 1)))
    assert one == int(one)
    assert abs(lab / one - 1) < 0.005
PY
'
test_done
