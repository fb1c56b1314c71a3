#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/launch_parts.sh [N]: where a launch's time goes, per run, for
# abstat run (task-clock, page-faults, context-switches, /bin/true, N
# runs, default 300) and for the bare vfork floor (bench/loop_fork.c
# with BENCH_VFORK=1), from the scheduler's own record (perf sched
# record; perf sched timehist): the CPU time of each task kind per run,
# and the context switches per run. The floor's child is loop_fork
# until its exec and true after; abstat's is abstat-spawn (the helper's
# clone) until its exec, and true after. Under perf sched record every
# switch costs a little more than without it: compare the rows, not the
# totals with bench/run.sh goals. Needs perf with sched tracepoints (as
# root); a measurement, not a test: exit 0 whatever.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${ABSTAT:=$(dirname "$here")/abstat}"
n=${1:-300}
cpu=${BENCH_CPU:-1}
command -v perf >/dev/null 2>&1 || { echo "bench: launch_parts: no perf" >&2; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/abstat-bench-parts.XXXXXX") || exit 0
trap 'rm -rf "$tmp"' EXIT INT TERM
${CC:-cc} -std=c11 -O2 -D_GNU_SOURCE -o "$tmp/loop_fork" "$here/loop_fork.c" || exit 0
parts() { # NAME DATA KINDS: per-run CPU us of each task kind of KINDS
	# (a regex of the measured tree's names; other tasks are left out)
	perf sched timehist -i "$2" 2>/dev/null | awk -v name="$1" -v n="$n" -v kinds="$3" '
	NR > 3 && $3 != "<idle>" {
		t = $3; sub(/\[[0-9]+\]$/, "", t)
		if (t !~ kinds) next
		tot[t] += $NF; sl[t]++; all += $NF; sw++
	}
	END {
		printf "%s: %.1f us of CPU a run, %.2f slices (switches in) a run\n", name, 1000 * all / n, sw / n
		for (k in tot)
			printf "  %-16s %7.1f us a run, %5.2f slices a run\n", k, 1000 * tot[k] / n, sl[k] / n
	}'
}
echo "launch parts: $n runs of /bin/true on CPU $cpu; load average $(cut -d' ' -f1 /proc/loadavg)"
if ! perf sched record -o "$tmp/a.data" -- "$ABSTAT" run -q --warmup 0 -r "$n" -C "$cpu" \
	-e task-clock,page-faults,context-switches -- /bin/true >/dev/null 2>"$tmp/err"; then
	echo "bench: launch_parts: perf sched record failed: $(tail -n 1 "$tmp/err")" >&2
	exit 0
fi
perf sched record -o "$tmp/f.data" -- env BENCH_CPU="$cpu" BENCH_VFORK=1 \
	"$tmp/loop_fork" "$n" /bin/true >/dev/null 2>&1 || exit 0
parts abstat "$tmp/a.data" "^(abstat|abstat-spawn|true)$"
parts floor "$tmp/f.data" "^(loop_fork|true)$"
echo "load average after $(cut -d' ' -f1 /proc/loadavg)"
exit 0
