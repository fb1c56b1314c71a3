#!/bin/sh
# make demo: a real A/B on this machine in under a minute, with an effect
# that is there every time: stat() of a file one directory down (A)
# against the same file name 16 directories further down (B). The kernel
# looks up every component of a path, so each stat() on B walks 16 more
# directories and costs more, on any CPU and kernel; abstat measures the
# two interleaved on this boot (abstat versus: A B A B ..., so a drift of
# the machine hits both), prints the mail-format table with its verdict
# and interval, a sentence saying what it shows, the chart of every run
# (PNG and ASCII), and says where
# everything is. DEMO_RUNS runs a side (10), DEMO_OPS stat() calls a run
# (100000); the progress line shows on a terminal (warnings stay quiet:
# the doctor's table says it all first).
set -e
cd "$(dirname "$0")/.."
out=${DEMO_DIR:-demo}
runs=${DEMO_RUNS:-10}
ops=${DEMO_OPS:-100000}
mkdir -p "$out"
A=./abstat
if [ -t 2 ]; then progress=always; else progress=never; fi

# the two paths: demo/tree/f and demo/tree/d1/.../d16/f
tree=$(cd "$out" && pwd)/tree
deep=$tree
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do deep=$deep/d$i; done
mkdir -p "$deep"
: >"$tree/f"
: >"$deep/f"

echo "== abstat doctor: what on this machine makes numbers noisy"
$A doctor || true
echo
echo "== abstat versus: stat() of a file 1 directory deep (A) and 17 deep (B),"
echo "   $runs runs a side of $ops calls, interleaved A B A B ... on this boot"
echo "   (the kernel looks up each directory of the path: B should cost more)"
echo
echo "== the table (--format mail: paste it into a mail)"
$A versus -q --progress $progress -r "$runs" -n shallow,deep --force \
	--format mail -o "$out/stat" \
	-w "stat:-n $ops -f $tree/f" -w "stat:-n $ops -f $deep/f" |
	tee "$out/compare.txt"
echo
# the sentence: the primary row's delta, as the table printed it (in
# either of its layouts: tests/demo-row.awk)
row=$(awk -v metric=task-clock/op -f tests/demo-row.awk "$out/compare.txt")
set -- $row
echo "What you see: each stat() on B costs ${1#+} more CPU time than on A"
echo "(task-clock/op, 95% interval ${2:-?}, verdict ${3:-?}): the kernel walks 16"
echo "more directories for every call. The same effect shows every time."
echo
$A plot -q --kind runs --metric task-clock/op --force "$out/stat-shallow.json" \
	"$out/stat-deep.json" -o "$out/runs.png"
$A plot -q --kind runs --metric task-clock/op --force "$out/stat-shallow.json" \
	"$out/stat-deep.json" -o "$out/runs.txt"
cat "$out/runs.txt"
if grep -q 'not supported' "$out/compare.txt"; then
	echo "note: no hardware PMU here (virtual machine): hardware counters are"
	echo "      not supported; the tables use software counters and time"
fi
echo
echo "results:  $out/stat-shallow.json $out/stat-deep.json (abstat show FILE)"
echo "tables:   $out/compare.txt"
echo "charts:   $out/runs.png $out/runs.txt (every run, in order)"
echo "next:     export PATH=\$PWD:\$PATH (or make install), then the"
echo "          README's quick start: abstat doctor, run, versus, compare, plot"
