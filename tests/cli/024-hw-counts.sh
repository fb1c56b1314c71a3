# The hardware path, decided at run time. Where a PMU counts: a loop of
# known instruction count (tests/progs/insn_loop: 2 user instructions per
# iteration, region-gated) counts 2 instructions:u per op within 1%,
# cycles > 0, IPC finite. Where none does: the same events are
# <not supported> with the reason, stored as null with the reason, never 0.
# tags: alone
P=$BUILD/tests/progs
N=10000000

test_expect_success PMU 'instructions:u per op of a 2-instruction loop is 2 within 1%' '
	expect_exit 0 "$ABSTAT" run -q -r 5 -e instructions:u,cycles:u,task-clock -o "$TESTTMP/hw.json" -- $P/insn_loop $N &&
	python3 - "$TESTTMP/hw.json" <<PY
import json, math, sys
d = json.load(open(sys.argv[1]))
ev = [e["name"] for e in d["events"]]
assert all(e["supported"] for e in d["events"][:2]), d["events"]
for r in d["benchmarks"][0]["runs"]:
    if r["warmup"]:
        continue
    ins = r["counters"][ev.index("instructions:u")]["value"]
    cyc = r["counters"][ev.index("cycles:u")]["value"]
    per_op = ins / r["ops"]
    print("run", r["index"], "instructions:u/op", per_op, "cycles", cyc)
    assert abs(per_op - 2.0) <= 0.02, per_op
    assert cyc > 0 and math.isfinite(ins / cyc), cyc
PY
'

test_expect_success PMU 'the table shows counted cycles and a finite IPC' '
	expect_exit 0 "$ABSTAT" show "$TESTTMP/hw.json" &&
	grep_out "^cycles:u +[0-9.]+[kMG]? " &&
	grep_out "^instructions:u +[0-9.]+[kMG]? " &&
	grep_out "^IPC:u +[0-9]+(\.[0-9]+)? " &&
	nogrep_out "not supported"
'

test_expect_success !PMU 'no PMU: hardware events named not counted with the reason, rows with --all-rows' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e instructions:u,cycles:u,task-clock -o "$TESTTMP/nohw.json" -- $P/insn_loop 1000 &&
	grep_out "^not counted here: instructions:u, .*cycles:u" &&
	grep_out "^  \(not supported: no PMU exposed by this kernel" &&
	grep_out "^task-clock +[0-9]" &&
	expect_exit 0 "$ABSTAT" show --all-rows "$TESTTMP/nohw.json" &&
	grep_out "^instructions:u +<not supported>\$" &&
	grep_out "^cycles:u +<not supported>\$"
'

test_expect_success !PMU 'no PMU: stored as null with the reason, never as 0' '
	python3 - "$TESTTMP/nohw.json" <<PY
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["events"][:2]:
    assert e["supported"] is False and e["reason"].startswith("not supported: "), e
for r in d["benchmarks"][0]["runs"]:
    assert r["counters"][0] is None and r["counters"][1] is None, r["counters"]
    assert r["counters"][2]["value"] > 0
PY
'
test_done
