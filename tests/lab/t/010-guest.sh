# The emulated PMU, in one boot of kernel 6.1: abstat sees it (doctor,
# list) and recognises the emulation; a loop of known instruction count
# (tests/progs/insn_loop N: 2 user instructions per iteration, region-
# gated) counts exactly user-only and within 0.5% user+kernel; 8 hardware
# events in one pinned group (7 counters) are refused with the reason,
# never multiplexed silently, and with --allow-multiplex are scaled and
# flagged; the hardware events this PMU lacks say ENOENT's reason.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
G=$LABT/guest
N=1000000 NK=10000000
E8=instructions,instructions:u,instructions:k,cycles,cycles:u,cycles:k,stalled-cycles-frontend,stalled-cycles-backend
# --allow-multiplex runs $NK iterations: under icount shift=0 an
# instruction is 1 ns, so $N (2 ms) may end before the kernel's first
# rotation (4 ms at HZ=250) and no counter is ever switched out; $NK
# (20 ms) rotates about five times (the CI failure of stop 46)
cat >"$TESTTMP/job" <<JOB
abstat doctor >doctor.txt 2>&1
abstat list >list.txt 2>&1
abstat run -q -r 5 -e instructions:u -o loop-u.json -- insn_loop $N >/dev/null 2>loop-u.err
abstat run -q -r 5 -e instructions -o loop-uk.json -- insn_loop $NK >/dev/null 2>loop-uk.err
abstat run -r 2 -e $E8 -o g8.json -- insn_loop $N >g8.out 2>g8.err; echo \$? >g8.rc
abstat run -r 2 --allow-multiplex -e $E8 -o g8m.json -- insn_loop $NK >g8m.out 2>g8m.err; echo \$? >g8m.rc
for e in cache-references cache-misses branches branch-misses; do
	abstat run -r 1 -e \$e -o unsup-\$e.json -- insn_loop 1000 >/dev/null 2>unsup-\$e.err
done
JOB

test_expect_success 'the guest boots kernel 6.1 and runs abstat' '
	lab_boot guest 6.1 "" "$TESTTMP/job" &&
	cat "$G/status" &&
	[ "$(cat "$G/rc")" = 0 ] || { cat "$G/status" "$G/stderr"; false; }
'
test_expect_success 'the PMU is seen: doctor finds armv8_pmuv3, list counts cycles and instructions' '
	grep -E "^OK +pmu +hardware PMU .armv8_pmuv3" "$G/doctor.txt" &&
	grep -E "^cycles +ok" "$G/list.txt" && grep -E "^instructions +ok" "$G/list.txt"
'
test_expect_success 'doctor recognises the emulated PMU: cycles are instructions' '
	grep -E "^WARN +emulation +emulated PMU" "$G/doctor.txt" &&
	tr -s " \n" "  " <"$G/doctor.txt" | grep -q "cycles are instructions, only instruction counts are meaningful"
'
test_expect_success "a loop of $N iterations counts 2N + a constant instructions:u, the same in every run" '
	json "sorted(set(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]))" "$G/loop-u.json" >"$TESTTMP/v" &&
	cat "$TESTTMP/v" &&
	python3 - "$G/loop-u.json" $N <<PY
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
v = {r["counters"][0]["value"] for r in d["benchmarks"][0]["runs"]}
assert len(v) == 1, ("runs differ", v)
v = v.pop()
print("instructions:u", v, "= 2N +", v - 2 * n)
# the constant: the user instructions of the region markers (abstat.h;
# 050-region.sh asserts the figure abstat-workloads(7) gives)
assert 2 * n <= v <= 2 * n + 1000, v
PY
'
test_expect_success "a loop of $NK iterations counts within 0.5% of 2N user+kernel" '
	python3 - "$G/loop-uk.json" $NK <<PY
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
for r in d["benchmarks"][0]["runs"]:
    v = r["counters"][0]["value"]
    print("instructions", v, "%+.4f%%" % (100.0 * (v - 2 * n) / (2 * n)))
    assert abs(v - 2 * n) <= 0.005 * 2 * n, v
PY
'
test_expect_success '8 hardware events in one pinned group are refused with the reason, nothing multiplexed' '
	[ "$(cat "$G/g8.rc")" -ne 0 ] &&
	grep -q "in one pinned group with the other hardware events: the group needs more counters than the PMU has" "$G/g8.err" &&
	grep -q -- "--allow-multiplex" "$G/g8.err" &&
	if grep -q "multiplexed" "$G/g8.out"; then fail "refused yet a value is shown multiplexed"; fi
'
test_expect_success 'with --allow-multiplex the 8 events are scaled and flagged' '
	{ [ "$(cat "$G/g8m.rc")" = 0 ] &&
	grep -q "^\* multiplexed: scaled by enabled/running time" "$G/g8m.out" ||
	{ cat "$G/g8m.out" "$G/g8m.err"; false; }; } &&
	python3 - "$G/g8m.json" <<PY
import json, sys
d = json.load(open(sys.argv[1]))
runs = [r for r in d["benchmarks"][0]["runs"] if not r["warmup"]]
part = [c for r in runs for c in r["counters"]
        if c["value"] is not None and c["running_ns"] < c["enabled_ns"]]
print(len(part), "counters counted part of the time")
assert part
PY
'
test_expect_success 'the hardware events this PMU lacks say ENOENT: the kernel does not know them' '
	for e in cache-references cache-misses branches branch-misses; do
		grep -q "$e: not supported: the kernel does not know this event (No such file or directory)" "$G/unsup-$e.err" ||
			{ cat "$G/unsup-$e.err"; fail "$e: no ENOENT reason"; }
		json "d[\"events\"][0][\"supported\"]" "$G/unsup-$e.json" | grep -qx False ||
			fail "$e: recorded as supported"
	done
'
test_done
