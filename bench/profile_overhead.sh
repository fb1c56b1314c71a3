#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/profile_overhead.sh: the cost of sampling (abstat profile, issue
# 18): task-clock of the getppid workload's measured region counted by
# abstat run and by abstat profile at the default frequency (999 Hz),
# side by side, interleaved: ROUNDS rounds (default 7, BENCH_QUICK=1: 3)
# of one run session and one profile session of -r 5 each, in turn. The
# figure is the median over rounds of profile's median task-clock over
# run's (goal: under 1.03). A measurement, not a test: exit 0 whatever.
: "${ABSTAT:=$(cd "$(dirname "$0")/.." && pwd)/abstat}"
rounds=${BENCH_ROUNDS:-7}
[ -n "${BENCH_QUICK:-}" ] && rounds=3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abstat-bench-prof.XXXXXX") || exit 0
trap 'rm -rf "$tmp"' EXIT INT TERM

med() { # FILE: median task-clock of the measured runs
	python3 - "$1" <<'PY'
import json, statistics, sys
d = json.load(open(sys.argv[1]))
i = [e["name"] for e in d["events"]].index("task-clock")
b = d["benchmarks"][0]
print(statistics.median(r["counters"][i]["value"] for r in b["runs"]
                        if not r["warmup"] and r["status"] == "ok"))
PY
}

echo "profile overhead: getppid, task-clock, abstat run vs abstat profile (999 Hz), $rounds rounds"
printf '%5s %14s %14s %8s %8s %6s\n' round run_ns profile_ns ratio samples lost
: >"$tmp/ratios"
k=1
while [ $k -le "$rounds" ]; do
	"$ABSTAT" run -q -r 5 -e task-clock -w getppid -o "$tmp/r$k.json" >/dev/null 2>&1 &&
	"$ABSTAT" profile -q -r 5 -e task-clock -w getppid -o "$tmp/p$k.json" >/dev/null 2>&1 || {
		echo "bench: abstat profile failed (sampling not allowed here?); skipping" >&2
		exit 0
	}
	r=$(med "$tmp/r$k.json") && p=$(med "$tmp/p$k.json") || exit 0
	s=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); rs=[r for r in d['benchmarks'][0]['runs'] if not r['warmup']]; print(sum(r['profile']['samples'] for r in rs), sum(r['profile']['lost'] for r in rs))" "$tmp/p$k.json")
	ratio=$(python3 -c "print('%.4f' % ($p / $r))")
	echo "$ratio" >>"$tmp/ratios"
	printf '%5d %14.0f %14.0f %8s %8s %6s\n' $k "$r" "$p" "$ratio" ${s% *} ${s#* }
	k=$((k + 1))
done
python3 - "$tmp/ratios" <<'PY'
import statistics, sys
v = [float(x) for x in open(sys.argv[1])]
m = statistics.median(v)
print("median ratio %.4f (min %.4f, max %.4f): sampling costs %+.1f%% of task-clock; goal < +3%%: %s"
      % (m, min(v), max(v), (m - 1) * 100, "pass" if m < 1.03 else "MISS"))
PY
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
