#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/bisect.sh: how long abstat bisect takes on the bar's repository
# (tests/fixtures/bisect-repo.sh: 16 commits, one that does not build,
# one that adds 6%), with a loop of about 60 ms a run (BENCH_N
# iterations, default 16000000; about 3.7 ns an iteration here) and
# bisect's defaults (-r 10 a round, --max-runs 60). Prints the steps,
# the first bad commit and the wall time of the whole bisect (the ends,
# every step's build and runs, the parent). Target: under 5 minutes.
# A measurement, not a test: exit 0 whatever.
: "${ABSTAT:=$(cd "$(dirname "$0")/.." && pwd)/abstat}"
top=$(cd "$(dirname "$0")/.." && pwd)
n=${BENCH_N:-16000000}
command -v git >/dev/null && command -v make >/dev/null && command -v cc >/dev/null ||
	{ echo "bench: needs git, make and cc; skipping" >&2; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abstat-bench-bisect.XXXXXX") || exit 0
trap 'rm -rf "$tmp"' EXIT INT TERM

sh "$top/tests/fixtures/bisect-repo.sh" "$tmp/repo" "$n" || exit 0
(cd "$tmp/repo" && make -s >/dev/null && "$ABSTAT" run -q -r 3 -- ./loop) |
	grep -E "^(task-clock|wall) " | sed 's/^/one run: /'
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
t0=$(date +%s.%N)
"$ABSTAT" bisect -q --repo "$tmp/repo" --good trunk~15 --bad trunk \
	--build make -o "$tmp/report.json" -- ./loop
rc=$?
t1=$(date +%s.%N)
steps=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(len(d['steps']), sum(s['measured'] for s in d['steps']), sum(s['runs'] for s in d['steps']))" "$tmp/report.json" 2>/dev/null)
echo "exit $rc; steps, measured, runs a side: $steps"
awk -v a="$t0" -v b="$t1" 'BEGIN { printf "bisect wall time: %.1f s\n", b - a }'
exit 0
