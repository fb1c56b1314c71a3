#!/bin/sh
# fidelity: does abstat's getppid ns/op agree with `perf bench syscall
# basic` on this machine? Runs them interleaved (ABAB...), both pinned to
# the same CPU, and prints the median ns/op of each and their ratio
# (target: within 3%). Not a test: it measures, it does not assert.
#
#	sh bench/fidelity.sh [ROUNDS] [CPU]
#
# abstat side: region_ns / ops of each run of `abstat run -w getppid`
# (the loop only, setup excluded). perf side: its "usecs/op" line, with
# the same number of calls (perf bench times its loop with gettimeofday).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ABSTAT=${ABSTAT:-$top/abstat}
rounds=${1:-10}
cpu=${2:-1}
loops=2500000 # getppid's default -n
command -v perf >/dev/null || { echo "fidelity: needs perf" >&2; exit 1; }
[ -x "$ABSTAT" ] || { echo "fidelity: build abstat first (make)" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abstat-fidelity.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

: >"$tmp/a"
: >"$tmp/p"
i=0
while [ "$i" -lt "$rounds" ]; do
	"$ABSTAT" run -q -w "getppid:-n $loops" -r 1 --warmup 0 -C "$cpu" \
		-e task-clock -o "$tmp/r.json" --force >/dev/null 2>&1 ||
		{ echo "fidelity: abstat run failed" >&2; exit 1; }
	python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["benchmarks"][0]["runs"][0]
tc = r["counters"][0]["value"] if r["counters"][0] else 0
print("%.3f %.3f" % (r["region_ns"] / r["ops"], tc / r["ops"]))' \
		"$tmp/r.json" >>"$tmp/a"
	taskset -c "$cpu" perf bench syscall basic -l "$loops" 2>/dev/null |
		awk '/usecs\/op/ { printf "%.3f\n", $1 * 1000 }' >>"$tmp/p"
	i=$((i + 1))
done

python3 - "$tmp/a" "$tmp/p" <<'PY'
import statistics, sys
rows = [x.split() for x in open(sys.argv[1])]
a = [float(x[0]) for x in rows]
t = [float(x[1]) for x in rows if len(x) > 1 and float(x[1]) > 0]
p = [float(x) for x in open(sys.argv[2])]
if not a or not p:
    sys.exit("fidelity: no numbers (perf bench output changed?)")
ma, mp = statistics.median(a), statistics.median(p)
print("getppid ns/op, %d interleaved rounds, median (min-max)" % len(a))
print("  abstat -w getppid      %8.1f  (%.1f-%.1f)" % (ma, min(a), max(a)))
print("  perf bench syscall     %8.1f  (%.1f-%.1f)" % (mp, min(p), max(p)))
print("  ratio abstat/perf      %8.3f  (%+.1f%%)" % (ma / mp, (ma / mp - 1) * 100))
# CPU time per op (task-clock): the same as ns/op on a quiet CPU; when
# other work shares the CPU, wall-based ns/op of both sides grows, this
# does not.
if t:
    mt = statistics.median(t)
    print("  abstat task-clock/op   %8.1f  (%.1f-%.1f)" % (mt, min(t), max(t)))
    print("  ratio task-clock/perf  %8.3f  (%+.1f%%)" % (mt / mp, (mt / mp - 1) * 100))
PY
