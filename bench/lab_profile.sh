#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/lab_profile.sh [SERIES...]: what abstat profile's sampling costs
# where a PMU samples (issue 33, goal 3): in the lab's guest (QEMU TCG,
# -cpu max with its emulated ARMv8 PMU, icount shift=0: one instruction a
# nanosecond of the guest's clock), ROUNDS rounds (default 30) of one
# `abstat run` and one `abstat profile` (999 Hz, the default, sampling
# cycles) of the same CPU-bound program, in turn, the order alternating
# from round to round. Per round: profile's median over run's, of
# task-clock (the workload's time, the guest's clock) and of
# instructions (user + kernel: what sampling adds to the workload's own
# work), and the samples per run. The kernels are booted side by side
# (default 6.12 and 6.1, each QEMU on its own CPU). Needs what make lab
# built (the cross build and the kernels); a measurement, not a test:
# exit 0 whatever. LAB_PROFILE_N: split_work's rounds (default 200, about
# 0.16 s of the guest's clock a run).
set -u
here=$(cd "$(dirname "$0")" && pwd)
TOP=$(dirname "$here")
rounds=${ROUNDS:-30}
n=${LAB_PROFILE_N:-200}
[ $# -gt 0 ] || set -- 6.12 6.1
x=$TOP/build/aarch64-linux-gnu
if [ ! -x "$x/abstat" ] || [ ! -x "$x/tests/progs/split_work" ]; then
	echo "bench: lab_profile: no cross build; run make lab first" >&2
	exit 0
fi
out=$TOP/build/lab/bench-profile
rm -rf "$out"
mkdir -p "$out"
job=$out/job
cat >"$job" <<JOB
k=1
while [ \$k -le $rounds ]; do
	r="abstat run -q -r 3 --warmup 1 -e task-clock,instructions -o r\$k.json -- /lab/progs/split_work 70 $n"
	p="abstat profile -q -r 3 --warmup 1 -e task-clock,instructions -o p\$k.json -- /lab/progs/split_work 70 $n"
	if [ \$((k % 2)) = 1 ]; then \$r && \$p; else \$p && \$r; fi || exit 1
	k=\$((k + 1))
done
JOB
echo "lab profile overhead: split_work 70 $n, abstat run vs abstat profile (999 Hz), $rounds rounds, kernels: $*"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
cpu=0
pids=
for s in "$@"; do
	kdir=$(sh "$TOP/lab/kernel.sh" "$s") || { echo "bench: lab_profile: no kernel $s" >&2; exit 0; }
	LAB_CPU=$cpu LAB_TIMEOUT=${LAB_TIMEOUT:-1800} \
		sh "$TOP/lab/boot.sh" "$kdir" "" "$out/$s" -f "$job" \
		>"$out/$s.log" 2>&1 &
	pids="$pids $!"
	cpu=$(((cpu + 1) % $(nproc)))
done
t0=$(date +%s)
for p in $pids; do wait "$p"; done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg), $(($(date +%s) - t0)) s"
for s in "$@"; do
	if [ "$(cat "$out/$s/rc" 2>/dev/null)" != 0 ]; then
		echo "bench: lab_profile: $s: the guest's job failed:" >&2
		tail -n 5 "$out/$s/stderr" "$out/$s.log" >&2 2>/dev/null
		continue
	fi
	python3 - "$out/$s" "$rounds" "$s" <<'PY'
import json, os, statistics, sys
d, rounds, series = sys.argv[1], int(sys.argv[2]), sys.argv[3]

def load(f):
    r = json.load(open(f))
    names = [e["name"] for e in r["events"]]
    runs = [x for x in r["benchmarks"][0]["runs"]
            if not x["warmup"] and x["status"] == "ok"]
    med = {n: statistics.median(x["counters"][i]["value"] for x in runs)
           for i, n in enumerate(names)}
    return r, runs, med

tc, ins, smp = [], [], []
ev = release = None
for k in range(1, rounds + 1):
    rr, _, rm = load(os.path.join(d, "r%d.json" % k))
    pr, pruns, pm = load(os.path.join(d, "p%d.json" % k))
    ev = pr["config"]["profile"]["event"]
    release = pr["env"]["kernel"]["release"]
    tc.append(pm["task-clock"] / rm["task-clock"])
    ins.append(pm["instructions"] / rm["instructions"])
    smp.append(statistics.median(x["profile"]["samples"] for x in pruns))
    if k == 1:
        run_tc, run_ins = rm["task-clock"], rm["instructions"]

def sp(v):
    return "%.4f (%.4f-%.4f)" % (statistics.median(v), min(v), max(v))

m = statistics.median(tc)
ns = (m - 1) * run_tc / statistics.median(smp)
per = (statistics.median(ins) - 1) * run_ins / statistics.median(smp)
print("%s (%s): sampled %s; run: task-clock %.1f ms, %.0f instructions"
      % (series, release, ev, run_tc / 1e6, run_ins))
print("  profile/run task-clock %s, instructions %s, samples a run %.0f"
      % (sp(tc), sp(ins), statistics.median(smp)))
print("  sampling costs %+.2f%% of task-clock (goal <= +3%%: %s): a sample %.2f us"
      " of the guest's clock, %.0f of it counted instructions"
      % ((m - 1) * 100, "pass" if m <= 1.03 else "MISS", ns / 1e3, per))
PY
done
exit 0
