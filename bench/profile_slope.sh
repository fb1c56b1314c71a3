#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/profile_slope.sh: what one sample costs the workload (the reason
# behind profile_overhead.sh's figure): a CPU-bound program without
# system calls (tests/progs/split_work 70 N) counted by abstat run and
# sampled by abstat profile at several frequencies, interleaved, ROUNDS
# rounds (BENCH_ROUNDS, default 10) of -r 3 each. Per frequency: the
# median over rounds of (profile's task-clock - run's, in the same
# round) / the samples taken: microseconds of the workload's CPU per
# sample; times the frequency, the overhead it predicts. A measurement,
# not a test: exit 0 whatever.
: "${ABSTAT:=$(cd "$(dirname "$0")/.." && pwd)/abstat}"
: "${BUILD:=$(dirname "$ABSTAT")/build}"
prog=$BUILD/tests/progs/split_work
rounds=${BENCH_ROUNDS:-10}
freqs=${BENCH_FREQS:-99 999 3999}
n=${BENCH_WORK:-600}
[ -x "$prog" ] || { echo "bench: $prog not built (make progs); skipping" >&2; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abstat-bench-slope.XXXXXX") || exit 0
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "profile cost per sample: split_work 70 $n, task-clock, $rounds rounds, Hz: $freqs"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
k=1
while [ $k -le "$rounds" ]; do
	"$ABSTAT" run -q -r 3 -e task-clock -o "$tmp/r$k.json" -- "$prog" 70 "$n" >/dev/null 2>&1 || exit 0
	for f in $freqs; do
		"$ABSTAT" profile -q -r 3 --freq "$f" -e task-clock -o "$tmp/p$f-$k.json" -- "$prog" 70 "$n" >/dev/null 2>&1 || {
			echo "bench: abstat profile failed (sampling not allowed here?); skipping" >&2
			exit 0
		}
	done
	k=$((k + 1))
done
python3 - "$tmp" "$rounds" $freqs <<'PY'
import json, statistics, sys
tmp, rounds, freqs = sys.argv[1], int(sys.argv[2]), sys.argv[3:]

def runs(path):
    d = json.load(open(path))
    i = [e["name"] for e in d["events"]].index("task-clock")
    return [r for r in d["benchmarks"][0]["runs"]
            if not r["warmup"] and r["status"] == "ok"], i

print("%6s %12s %12s %10s %12s %12s" % ("Hz", "run_ms", "profile_ms",
      "samples", "us/sample", "overhead"))
for f in freqs:
    per, ratio, rm, pm, ns = [], [], [], [], []
    for k in range(1, rounds + 1):
        rr, i = runs("%s/r%d.json" % (tmp, k))
        pr, j = runs("%s/p%s-%d.json" % (tmp, f, k))
        r = statistics.median(x["counters"][i]["value"] for x in rr)
        p = statistics.median(x["counters"][j]["value"] for x in pr)
        s = statistics.median(x["profile"]["samples"] for x in pr)
        rm.append(r / 1e6); pm.append(p / 1e6); ns.append(s)
        ratio.append(p / r)
        if s:
            per.append((p - r) / s / 1e3)
    print("%6s %12.1f %12.1f %10.0f %12.1f %11.2f%%  (ratio %.4f, %.4f-%.4f)"
          % (f, statistics.median(rm), statistics.median(pm),
             statistics.median(ns), statistics.median(per),
             (statistics.median(ratio) - 1) * 100,
             statistics.median(ratio), min(ratio), max(ratio)))
PY
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
