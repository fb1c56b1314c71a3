# Every workload under abstat run: the region protocol is spoken, the op
# count lands in every run of the result, the region time is recorded;
# a suite gives one benchmark per workload; workload_cflags is WL_CFLAGS.
# With a PMU, cycles and instructions count in the region; without one
# they are reported unsupported and the runs still succeed.
# tags: alone

# runs_of FILE: "bench/workload/status/ops" of every run
runs_of() {
	json '" ".join("%s/%s/%s/%s" % (b["name"], b["workload"], r["status"], r.get("ops")) for b in d["benchmarks"] for r in b["runs"])' "$1"
}
# region_ok FILE: every run has 0 < region_ns <= wall_ns
region_ok() {
	json 'all(r["region_ns"] > 0 and r["region_ns"] <= r["wall_ns"] for r in d["benchmarks"][0]["runs"])' "$1" |
		grep -q True
}

test_expect_success 'abstat is built' '
	[ -x "$ABSTAT" ] || fail "$ABSTAT is not built"
'
for spec in syscall:1000 getppid:1000 getppid-nosve:1000 getuid:1000 \
	gettimeofday:1000 clock_gettime:1000 write:1000 socket:200 \
	select:1000 pipe:200 open-close:1000 stat:1000 mmap:1000 lat-mmap:5 \
	page-fault:64 fork:5 exec:5 threads:100 create:300; do
	name=${spec%:*} n=${spec#*:}
	test_expect_success "run -w $name: 2 ok runs with ops $n, 0 < region_ns <= wall_ns" '
		r=$TESTTMP/$name.json &&
		expect_exit 0 "$ABSTAT" run -q -w "$name:-n $n" -r 2 --warmup 0 \
			-e task-clock,page-faults -o "$r" &&
		got=$(runs_of "$r") &&
		{ [ "$got" = "$name/$name/ok/$n $name/$name/ok/$n" ] ||
			fail "$name: runs are $got, expected ops $n in 2 ok runs"; } &&
		{ region_ok "$r" || fail "$name: region_ns missing or larger than wall_ns"; }
	'
done

# page-fault: one fault per op inside the region (setup's mmap and the
# program's start-up excluded), so page-faults/op is about 1.
test_expect_success 'page-fault -n 64: 64..95 faults in the region' '
	expect_exit 0 "$ABSTAT" run -q -w "page-fault:-n 64" -r 2 --warmup 0 \
		-e task-clock,page-faults -o "$TESTTMP/pf.json" &&
	json "[r[\"counters\"][1][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/pf.json" >"$TESTTMP/pf" &&
	python3 -c "import sys; v = eval(open(sys.argv[1]).read()); sys.exit(not (len(v) == 2 and all(64 <= x < 64 + 32 for x in v)))" "$TESTTMP/pf" ||
		fail "page-fault -n 64: region faults $(cat "$TESTTMP/pf"), expected 64..95"
'

test_expect_success 'suite vm: one benchmark per workload, in registry order' '
	expect_exit 0 "$ABSTAT" run -q -s vm -r 1 --warmup 0 -e task-clock \
		-o "$TESTTMP/vm.json" &&
	got=$(json "\" \".join(b[\"name\"] for b in d[\"benchmarks\"])" "$TESTTMP/vm.json") &&
	{ [ "$got" = "mmap lat-mmap page-fault" ] || fail "suite vm: $got"; }
'

test_expect_success 'config.workload_cflags is the Makefile WL_CFLAGS' '
	expect_exit 0 "$ABSTAT" run -q -w "getppid:-n 10" -r 1 --warmup 0 -e task-clock \
		-o "$TESTTMP/cf.json" &&
	want=$(sed -n "s/^WL_CFLAGS *:= *//p" "$TOP/Makefile") &&
	got=$(json "d[\"config\"][\"workload_cflags\"]" "$TESTTMP/cf.json") &&
	{ [ -n "$want" ] || fail "no WL_CFLAGS in the Makefile"; } &&
	{ [ "$got" = "$want" ] || fail "workload_cflags $got, Makefile WL_CFLAGS $want"; }
'

# The hardware path, decided by the machine: counted for real with a PMU.
cat >"$TESTTMP/hw.py" <<'PY'
import json, math, sys
d = json.load(open(sys.argv[1]))
ev = [e["name"] for e in d["events"]]
runs = d["benchmarks"][0]["runs"]
bad = []
for e in d["events"]:
    if not e["supported"]:
        bad.append("%s unsupported: %s" % (e["name"], e.get("reason")))
for r in runs:
    v = [c["value"] if c else None for c in r["counters"]]
    cyc, ins = v[ev.index("cycles")], v[ev.index("instructions")]
    if r["status"] != "ok" or not cyc or not ins or cyc <= 0 or ins <= 0:
        bad.append("run %d: status %s cycles %r instructions %r" % (r["index"], r["status"], cyc, ins))
    elif not math.isfinite(ins / cyc):
        bad.append("run %d: IPC not finite" % r["index"])
print("\n".join(bad) or "ok")
sys.exit(1 if bad else 0)
PY
test_expect_success PMU 'PMU: cycles and instructions count in every run, IPC finite' '
	expect_exit 0 "$ABSTAT" run -q -w "getppid:-n 1000" -r 2 --warmup 0 \
		-e cycles,instructions -o "$TESTTMP/hw.json" &&
	python3 "$TESTTMP/hw.py" "$TESTTMP/hw.json"
'
test_expect_success !PMU 'no PMU: cycles and instructions unsupported with a reason, runs ok' '
	expect_exit 0 "$ABSTAT" run -q -w "getppid:-n 1000" -r 2 --warmup 0 \
		-e cycles,instructions -o "$TESTTMP/hw.json" &&
	json "all(not e[\"supported\"] and e[\"reason\"] for e in d[\"events\"]) and all(r[\"status\"] == \"ok\" and r[\"ops\"] == 1000 and r[\"counters\"] == [None, None] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/hw.json" |
		grep -q True || { cat "$TESTTMP/out"; fail "expected unsupported cycles, instructions"; }
'
test_done
