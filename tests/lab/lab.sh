#!/bin/sh
# lab.sh: make lab. Kernel A and kernel B (two Debian arm64 series, the
# newest of each, or one kernel with two command lines), each booted
# LAB_BOOTS times in turn (A B A B ...), the syscalls suite counted in
# every boot, then abstat compare --format mail with the boots as the
# files of each side (the multi-boot verdict, abstat-compare(1) "The
# model") and the delta chart. Under QEMU TCG cycles are instructions
# (icount: 1 instruction = 1 ns = 1 cycle), so the tested row is
# instructions/op: only instruction counts are meaningful here.
#
#   LAB_A, LAB_B            kernel series (6.1, 6.12); LAB_B defaults to
#                           LAB_A when only LAB_B_CMDLINE is given
#   LAB_A_CMDLINE, LAB_B_CMDLINE   added to the kernel command line
#   LAB_BOOTS               boots per side (3)
#   LAB_RUNS                measured runs per boot and workload (5)
#   LAB_WORKLOADS           the workloads (the syscalls suite's, from
#                           abstat workloads), LAB_SCALE: each at 1/SCALE
#                           of its default size (40; 1 runs -s syscalls)
#   LAB_EVENTS              cycles,instructions,task-clock
#   LAB_OUT                 build/lab/A-vs-B (the results, boots/, the
#                           table compare.txt, compare.json, delta.png,
#                           delta.txt); LAB_TIMEOUT a boot's limit (600 s)
set -eu
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
a=${LAB_A:-6.1} acmd=${LAB_A_CMDLINE:-}
bcmd=${LAB_B_CMDLINE:-}
if [ -n "$bcmd" ] && [ -z "${LAB_B:-}" ]; then b=$a; else b=${LAB_B:-6.12}; fi
boots=${LAB_BOOTS:-3} runs=${LAB_RUNS:-5} scale=${LAB_SCALE:-40}
events=${LAB_EVENTS:-cycles,instructions,task-clock}
abstat=$TOP/abstat
[ -x "$abstat" ] || lab_die "$abstat is not built; run make"
# label: the series, and the command line when there is one ('=' and
# ' ' cannot be in a compare label)
label() { if [ -n "$2" ]; then echo "$1+$2" | tr '= ' '-+'; else echo "$1"; fi; }
la=$(label "$a" "$acmd") lb=$(label "$b" "$bcmd")
[ "$la" != "$lb" ] || lab_die "sides A and B are the same ($la): set LAB_B or LAB_B_CMDLINE"
out=${LAB_OUT:-$LAB/$la-vs-$lb}

if [ "$scale" = 1 ] && [ -z "${LAB_WORKLOADS:-}" ]; then
	what="-s syscalls"
else
	list=
	for w in ${LAB_WORKLOADS:-$("$abstat" workloads |
		awk 'NR > 1 && $NF ~ /(^|,)syscalls(,|$)/ { print $1 }')}; do
		n=$("$TOP/build/workloads/$w" -h | sed -n 's/.*(default \([0-9]*\)).*/\1/p')
		[ -n "$n" ] || lab_die "$w -h gives no default size"
		n=$((n / scale)); [ "$n" -ge 1 ] || n=1
		list="$list${list:+,}$w:-n $n"
	done
	what="-w '$list'"
fi

ka=$(sh "$TOP/tests/lab/kernel.sh" "$a") kb=$(sh "$TOP/tests/lab/kernel.sh" "$b")
sh "$TOP/tests/lab/initramfs.sh" >/dev/null
rm -rf "$out"
mkdir -p "$out/boots"
lab_say "A = $la ($(cat "$ka/package") $(cat "$ka/version")${acmd:+, $acmd})"
lab_say "B = $lb ($(cat "$kb/package") $(cat "$kb/version")${bcmd:+, $bcmd})"
lab_say "$boots boots per side, A B A B ..., $runs runs of each workload a boot"

files_a= files_b= failed=0
for i in $(seq 1 "$boots"); do
	for side in A B; do
		if [ $side = A ]; then k=$ka c=$acmd l=$la; else k=$kb c=$bcmd l=$lb; fi
		d=$out/boots/$side$i
		cat >"$out/job" <<JOB
abstat doctor >doctor.txt 2>&1
abstat run -q -r $runs -e $events -n '$l' $what -o result.json
JOB
		if sh "$TOP/tests/lab/boot.sh" "$k" "$c" "$d" -f "$out/job" &&
			[ "$(cat "$d/rc")" = 0 ] && [ -f "$d/result.json" ]; then
			lab_say "boot $side$i ($l): $(cat "$d/status")"
			if [ $side = A ]; then files_a="$files_a${files_a:+,}$d/result.json"
			else files_b="$files_b${files_b:+,}$d/result.json"; fi
		else
			failed=$((failed + 1))
			[ -f "$d/status" ] && [ "$(cut -c1-2 "$d/status")" = ok ] &&
				echo "abstat exited $(cat "$d/rc"): $(tail -n 1 "$d/stderr")" >"$d/status"
			lab_say "boot $side$i ($l) failed, the other boots are kept: $(cat "$d/status" 2>/dev/null)"
		fi
	done
done
rm -f "$out/job"
[ -n "$files_a" ] && [ -n "$files_b" ] ||
	lab_die "no result on side $([ -n "$files_a" ] && echo B || echo A) ($failed boots failed; see $out/boots)"

set -- --primary instructions/op "$la=$files_a" "$lb=$files_b"
"$abstat" compare -q --format json "$@" >"$out/compare.json" || true
"$abstat" compare --format mail "$@" | tee "$out/compare.txt"
"$abstat" plot -q "$@" -o "$out/delta.txt" >/dev/null &&
	"$abstat" plot -q "$@" -o "$out/delta.png" >/dev/null ||
	lab_say "warning: the delta chart was not drawn (gnuplot?)"
ln -sf "$(basename "$out")/delta.png" "$LAB/delta.png"
ln -sf "$(basename "$out")/delta.txt" "$LAB/delta.txt"
t1=$(date +%s)
lab_say "$boots boots per side ($failed failed), $((t1 - t0)) s wall; results in $out"
