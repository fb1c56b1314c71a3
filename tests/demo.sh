#!/bin/sh
# make demo: a real A/B on this machine in about a minute. The syscalls
# suite with one copy against two simultaneous copies on two CPUs
# (UnixBench-style multiprocessor scaling: does a system call get slower
# when another CPU makes them too?). Prints the mail-format table, writes
# the delta chart as PNG and ASCII, and says where everything is.
set -e
cd "$(dirname "$0")/.."
out=${DEMO_DIR:-demo}
runs=${DEMO_RUNS:-6}
mkdir -p "$out"
A=./abstat
ncpu=$(getconf _NPROCESSORS_ONLN)

echo "== abstat doctor: what on this machine makes numbers noisy"
$A doctor || true
echo

if [ "$ncpu" -ge 2 ]; then
	copies=2 bname=2-copies
else
	copies=1 bname=1-copy-again
	echo "(one CPU: comparing one copy against itself, an A/A run)"
fi
echo "== side A: syscalls suite, 1 copy, $runs runs per workload"
$A run -q -s syscalls -r "$runs" -n 1-copy --force -o "$out/1-copy.json" >"$out/1-copy.txt"
echo "== side B: syscalls suite, $copies copies at once, $runs runs per workload"
$A run -q -s syscalls -r "$runs" -n "$bname" --copies "$copies" --force \
	-o "$out/$bname.json" >"$out/$bname.txt"
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
grep -q '<not supported>' "$out/1-copy.txt" &&
	echo "note: no hardware PMU here (virtual machine): hardware counters are"; echo "      <not supported>; the tables use software counters and time"
echo
echo "results:  $out/1-copy.json $out/$bname.json (abstat show FILE)"
echo "tables:   $out/1-copy.txt $out/$bname.txt $out/compare.txt"
echo "charts:   $out/delta.png $out/delta.txt"
