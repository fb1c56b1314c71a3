#!/bin/sh
# make demo: a real A/B on this machine in about a minute. The syscalls
# suite with one copy against two simultaneous copies on two CPUs
# (UnixBench-style multiprocessor scaling: does a system call get slower
# when another CPU makes them too?). Prints the mail-format table, writes
# the delta chart as PNG and ASCII, and says where everything is.
# Each workload runs at 1/DEMO_SCALE of its default size (4: a run is
# about 60 ms), so the demo takes about a minute on a busy 2-CPU VM; the
# progress line shows on a terminal (warnings stay quiet: the doctor's
# table says it all first).
set -e
cd "$(dirname "$0")/.."
out=${DEMO_DIR:-demo}
runs=${DEMO_RUNS:-6}
scale=${DEMO_SCALE:-4}
mkdir -p "$out"
A=./abstat
ncpu=$(getconf _NPROCESSORS_ONLN)
if [ -t 2 ]; then progress=always; else progress=never; fi

# the syscalls suite's workloads, each at 1/scale of its default size
list=
for w in $($A workloads | awk 'NR > 1 && $NF ~ /(^|,)syscalls(,|$)/ { print $1 }'); do
	n=$(build/workloads/$w -h | sed -n 's/.*(default \([0-9]*\)).*/\1/p')
	n=$((n / scale)); [ "$n" -ge 1 ] || n=1
	list="$list${list:+,}$w:-n $n"
done

echo "== abstat doctor: what on this machine makes numbers noisy"
$A doctor || true
echo

if [ "$ncpu" -ge 2 ]; then
	copies=2 bname=2-copy
else
	copies=1 bname=1-again
	echo "(one CPU: comparing one copy against itself, an A/A run)"
fi
nw=$(echo "$list" | tr , '\n' | wc -l)
echo "== side A: syscalls suite ($nw workloads at 1/$scale size), 1 copy, $runs runs each"
$A run -q --progress $progress -r "$runs" -n 1-copy -w "$list" --force \
	-o "$out/1-copy.json" >"$out/1-copy.txt"
echo "== side B: the same, $copies copies at once"
$A run -q --progress $progress -r "$runs" -n "$bname" -w "$list" \
	--copies "$copies" --force -o "$out/$bname.json" >"$out/$bname.txt"
echo

# 1 and 2 copies pin different CPUs: that difference is the point here.
allow=--allow-env-diff=cpu.pinned,cpu.pinned_siblings
echo "== abstat compare --format mail (paste this into a mail)"
$A compare -q $allow --format mail "$out/1-copy.json" "$out/$bname.json" |
	tee "$out/compare.txt"
echo
$A plot -q $allow --kind delta --force "$out/1-copy.json" "$out/$bname.json" \
	-o "$out/delta.png"
$A plot -q $allow --kind delta --force "$out/1-copy.json" "$out/$bname.json" \
	-o "$out/delta.txt"
cat "$out/delta.txt"
if grep -q '<not supported>' "$out/1-copy.txt"; then
	echo "note: no hardware PMU here (virtual machine): hardware counters are"
	echo "      <not supported>; the tables use software counters and time"
fi
echo
echo "results:  $out/1-copy.json $out/$bname.json (abstat show FILE)"
echo "tables:   $out/1-copy.txt $out/$bname.txt $out/compare.txt"
echo "charts:   $out/delta.png $out/delta.txt"
echo "next:     export PATH=\$PWD:\$PATH (or sudo make install), then the"
echo "          README's quick start: abstat doctor, run, versus, compare, plot"
