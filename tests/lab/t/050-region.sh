# The region markers under real hardware counters (abstat-workloads(7),
# "The measured region"): the workload toggles its own counters, so a
# loop of exactly 2 user instructions an iteration (tests/progs/insn_loop)
# counts instructions:u = 2N + C in every run and every boot, on 6.1 and
# 6.12 alike, with C the markers' own user instructions, documented in
# abstat-workloads(7) (the older blocking handshake made C 186 or 218,
# depending on whether abstat preempted the workload). Two boots of each
# kernel, in turn, two sizes of the loop: k = 2 exactly, C the same
# everywhere and the man page's.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
N1=100000 N2=1000000
cat >"$TESTTMP/job" <<JOB
abstat run -q -r 5 -e instructions:u -o u1.json -- insn_loop $N1 >/dev/null 2>u1.err
abstat run -q -r 5 -e instructions:u -o u2.json -- insn_loop $N2 >/dev/null 2>u2.err
abstat run -q -r 5 -e instructions:u,instructions:k -o uk.json -- insn_loop 1 >/dev/null 2>uk.err
JOB
# the figure in the man page: "C = NN user instructions"
C=$(sed -n 's/.*C *= *\([0-9][0-9]*\) user instructions.*/\1/p' "$TOP/man/abstat-workloads.7" | head -n 1)

i=0
for k in 6.1 6.12 6.1 6.12; do
	i=$((i + 1))
	test_expect_success "boot $i: kernel $k runs the loops" '
		lab_boot region$i $k "" "$TESTTMP/job" &&
		[ "$(cat "$LABT/region$i/rc")" = 0 ] || { cat "$LABT/region$i/status" "$LABT/region$i/stderr" "$LABT/region$i"/*.err; false; }
	'
done
test_expect_success "instructions:u = 2N + C in every run of every boot, C = ${C:-?} (abstat-workloads(7))" '
	[ -n "$C" ] || fail "abstat-workloads(7) gives no \"C = NN user instructions\"" &&
	python3 - "$LABT" $N1 $N2 "$C" <<PY
import json, sys
top, n1, n2, c = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
seen = {}
for i in range(1, 5):
    for f, n in (("u1", n1), ("u2", n2)):
        d = json.load(open("%s/region%d/%s.json" % (top, i, f)))
        for r in d["benchmarks"][0]["runs"]:
            seen.setdefault((i, f), set()).add(r["counters"][0]["value"] - 2 * n)
for key, v in sorted(seen.items()):
    print("boot %d %s: 2N + %s" % (key[0], key[1], sorted(v)))
allc = set().union(*seen.values())
assert allc == {c}, "the constant is %s, the man page says %d" % (sorted(allc), c)
PY
'
# the kernel's part: the end of one ioctl and the start of the next, a
# timer interrupt now and then (its instructions:k count too)
test_expect_success 'the markers'"'"' kernel instructions: a median under 2000 a region in every boot' '
	python3 - "$LABT" <<PY
import json, sys
for i in range(1, 5):
    d = json.load(open("%s/region%d/uk.json" % (sys.argv[1], i)))
    k = sorted(r["counters"][1]["value"] for r in d["benchmarks"][0]["runs"])
    u = sorted({r["counters"][0]["value"] for r in d["benchmarks"][0]["runs"]})
    print("boot %d %s: instructions:u %s, instructions:k %s" % (i, d["env"]["kernel"]["release"], u, k))
    assert k[len(k) // 2] < 2000, k
PY
'
test_done
