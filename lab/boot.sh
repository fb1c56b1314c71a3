#!/bin/sh
# boot.sh KERNEL_DIR CMDLINE OUTDIR -- COMMAND [ARG...]
# boot.sh KERNEL_DIR CMDLINE OUTDIR -f SCRIPT
# Boot the lab's guest once: the kernel of KERNEL_DIR (kernel.sh) with
# CMDLINE added to the kernel's command line, under QEMU TCG with the
# emulated ARMv8 PMU (-cpu max, icount shift=0: instructions count
# exactly), run COMMAND (or the shell SCRIPT) in the guest's /out, and
# bring every file it wrote there back into OUTDIR, with the guest's
# stdout and stderr, console.log (the whole console) and rc (the
# command's exit status). Results come back on the console between
# markers, base64 with a sha256 each: no module, disk or share to set up,
# and a file cut short by a dying guest is refused, never half-kept.
# Exit 0 when the guest ran the command (whatever its status); 1 with
# "lab: error: boot ...: why" when the boot panicked, hung (killed after
# LAB_TIMEOUT seconds) or lost its output; OUTDIR/status says the same.
# LAB_MODULES=DIR: kernel modules for this boot, DIR/lib/modules/RELEASE
# (what make modules_install INSTALL_MOD_PATH=DIR writes; RELEASE is the
# kernel's, KERNEL_DIR/release): copied into the guest, and every module
# in it is loaded (busybox depmod, modprobe -a) before the command; a
# module that does not load makes the command exit 125, saying which.
# KERNEL_DIR/config (kernel.sh: the kernel's .config), where it is, is
# given to the guest as /boot/config-RELEASE, where abstat records the
# running kernel's options from (env.kernel.config; compare names the
# options that differ between the sides).
# LAB_CPU=N: QEMU pinned to CPU N (taskset), for boots run side by side
# (lab.sh LAB_JOBS).
# LAB_MODEL=1 (or the model's own arguments, l1d=KIB:WAYS,l1i=...,l2=...,
# line=BYTES): QEMU runs the lab's cache model (lab/plugin/cache.c,
# make lab-plugin; LAB_PLUGIN: another build of it), which writes the
# counts of every measured region of the guest into OUTDIR/cache.jsonl.
# LAB_ARCH=x86_64 (lib.sh): KERNEL_DIR's bzImage under qemu-system-x86_64
# -M pc -cpu max (no PMU) with -icount shift=0,sleep=off, the console on
# ttyS0, and the lab's instruction counter (lab/plugin/count.c, make
# lab-plugin; LAB_COUNT_PLUGIN: another build of it) in every boot,
# writing the measured regions' instructions into OUTDIR/count.jsonl
# (lab/count-merge.sh adds them to a result).
# LAB_SMP=N: the guest's vCPUs (1). Under -icount QEMU runs every vCPU
# in one thread (icount rules out multi-threaded TCG), so a 2-vCPU guest
# takes one host CPU, as a 1-vCPU one does, and LAB_CPU pins it whole;
# the counts stay deterministic (the vCPUs take turns by instruction
# count, not by host time).
set -eu
. "$(dirname "$0")/lib.sh"

usage="usage: boot.sh KERNEL_DIR CMDLINE OUTDIR (-- COMMAND [ARG...] | -f SCRIPT)"
[ $# -ge 5 ] || lab_die "$usage"
kdir=$1 cmdline=$2 outdir=$3
shift 3
smp=${LAB_SMP:-1}
case $smp in
'' | *[!0-9]* | 0 | 0*) lab_die "LAB_SMP=$smp: the guest's vCPUs, 1 or more" ;;
esac
[ -f "$kdir/vmlinuz" ] || lab_die "$kdir/vmlinuz: no kernel (lab/kernel.sh SERIES)"
if [ "$LAB_ARCH" = x86_64 ]; then
	qemu=qemu-system-x86_64 qpkg=qemu-system-x86
else
	qemu=qemu-system-aarch64 qpkg=qemu-system-arm
fi
command -v $qemu >/dev/null || lab_die "$qemu is missing (apt-get install $qpkg)"
base=$(sh "$TOP/lab/initramfs.sh")
mkdir -p "$outdir"
work=$(mktemp -d "${TMPDIR:-/tmp}/abstat-lab.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/job/lab"
case $1 in
-f)	cp "$2" "$work/job/lab/job" ;;
--)	shift
	# each word quoted for sh: ' becomes '\''
	for a in "$@"; do
		printf "'%s' " "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"
	done >"$work/job/lab/job"
	echo >>"$work/job/lab/job" ;;
*)	lab_die "$usage" ;;
esac
if [ -n "${LAB_MODULES:-}" ]; then
	m=$(lab_modules LAB_MODULES "$LAB_MODULES" "$kdir")
	rel=$(basename "$m")
	names=$(find "$m" -name '*.ko' -o -name '*.ko.[gx]z' -o -name '*.ko.zst' |
		sed 's|.*/||; s/\.ko.*//' | sort | tr '\n' ' ' | sed 's/ $//')
	[ -n "$names" ] || lab_die "LAB_MODULES=$LAB_MODULES: no module (*.ko*) in $m"
	mkdir -p "$work/job/lib/modules"
	cp -R "$m" "$work/job/lib/modules/"
	mv "$work/job/lab/job" "$work/job/lab/job.cmd"
	cat >"$work/job/lab/job" <<JOB
[ -f /lib/modules/$rel/modules.dep ] || depmod
if ! modprobe -a $names >/out/modprobe.txt 2>&1; then
	echo "lab: error: modprobe -a $names failed: \$(tail -n 1 /out/modprobe.txt)" >&2
	exit 125
fi
. /lab/job.cmd
JOB
fi
krel=$(cat "$kdir/release" 2>/dev/null) || krel=
case $krel in
'' | */* | .*) ;;
*)	if [ -f "$kdir/config" ]; then
		mkdir -p "$work/job/boot"
		cp "$kdir/config" "$work/job/boot/config-$krel"
	fi ;;
esac
(cd "$work/job" && find . | cpio -o -H newc --quiet -R 0:0) | gzip -1 >"$work/job.cpio.gz"
cat "$base" "$work/job.cpio.gz" >"$work/initrd"

plugin=
if [ -n "${LAB_MODEL:-}" ]; then
	so=${LAB_PLUGIN:-$TOP/build/plugin/abstat-cache.so}
	[ -f "$so" ] || lab_die "$so is not built; run make lab-plugin"
	plugin="$so,out=$outdir/cache.jsonl"
	[ "$LAB_MODEL" = 1 ] || plugin="$plugin,$LAB_MODEL"
	rm -f "$outdir/cache.jsonl"
fi
# x86_64: the lab's instruction counter (lab/plugin/count.c) in every
# boot: the instructions of each region's task, in OUTDIR/count.jsonl
counter= count_out=
if [ "$LAB_ARCH" = x86_64 ]; then
	so=${LAB_COUNT_PLUGIN:-$TOP/build/plugin/abstat-count.so}
	[ -f "$so" ] || lab_die "$so is not built; run make lab-plugin"
	count_out=$outdir/count.jsonl
	counter="$so,out=$count_out"
	rm -f "$count_out"
fi
name=$(cat "$kdir/package" 2>/dev/null || basename "$kdir")
log=$outdir/console.log
rm -f "$outdir/status" "$outdir/rc"
t0=$(date +%s)
set +e
if [ "$LAB_ARCH" = x86_64 ]; then
	# -cpu max: every feature TCG emulates; no PMU (the counter counts)
	timeout -k 5 "$LAB_TIMEOUT" ${LAB_CPU:+taskset -c "$LAB_CPU"} \
		qemu-system-x86_64 -M pc -cpu max -smp "$smp" -m 1024 \
		-icount shift=0,sleep=off -plugin "$counter" ${plugin:+-plugin "$plugin"} \
		-nographic -no-reboot -kernel "$kdir/vmlinuz" -initrd "$work/initrd" \
		-append "console=ttyS0 loglevel=1 panic=-1 $cmdline" \
		</dev/null >"$log" 2>&1
else
	timeout -k 5 "$LAB_TIMEOUT" ${LAB_CPU:+taskset -c "$LAB_CPU"} \
		qemu-system-aarch64 -M virt \
		-cpu max,pauth-impdef=on -smp "$smp" -m 1024 -icount shift=0 \
		${plugin:+-plugin "$plugin"} -nographic -no-reboot -kernel "$kdir/vmlinuz" -initrd "$work/initrd" \
		-append "console=ttyAMA0 loglevel=1 panic=-1 $cmdline" \
		</dev/null >"$log" 2>&1
fi
qrc=$?
set -e
t1=$(date +%s)
tr -d '\r' <"$log" >"$work/console"

# the files between @@LAB-FILE SHA NAME and @@LAB-END
mkdir -p "$work/files"
awk -v dir="$work/files" '
	/^@@LAB-FILE / { name = $3; sha[name] = $2; f = dir "/" name ".b64";
		printf "" > f; inside = 1; next }
	/^@@LAB-END$/ { if (inside) { close(f); print sha[name], name > (dir "/SHA") }
		inside = 0; next }
	inside { print >> f }' "$work/console"
bad=
if [ -f "$work/files/SHA" ]; then
	while read -r sha f; do
		if base64 -d <"$work/files/$f.b64" >"$work/files/$f" 2>/dev/null &&
			[ "$(sha256sum <"$work/files/$f" | cut -d' ' -f1)" = "$sha" ]; then
			mv "$work/files/$f" "$outdir/$f"
		else
			bad="$bad $f"
		fi
	done <"$work/files/SHA"
fi
rc=$(sed -n 's/^@@LAB-EXIT \([0-9]*\)$/\1/p' "$work/console" | tail -n 1)

why=
if grep -q 'Kernel panic' "$work/console"; then
	why="panicked: $(grep -m 1 'Kernel panic' "$work/console")"
elif [ "$qrc" -eq 124 ] || [ "$qrc" -eq 137 ]; then
	why="hung: killed after $LAB_TIMEOUT s"
elif [ -z "$rc" ]; then
	why="ended without the command's status (qemu exit $qrc)"
elif [ -n "$bad" ]; then
	why="files corrupted on the console:$bad"
elif [ -n "$count_out" ] && [ ! -s "$count_out" ]; then
	why="the instruction counter wrote nothing (qemu exit $qrc: $(grep -m 1 'abstat-count\|plugin' "$work/console"))"
elif [ -n "$plugin" ] && [ ! -s "$outdir/cache.jsonl" ]; then
	why="the cache model wrote nothing (qemu exit $qrc: $(grep -m 1 'abstat-cache\|plugin' "$work/console"))"
fi
if [ -n "$why" ]; then
	echo "boot $name '$cmdline': $why" >"$outdir/status"
	lab_say "error: boot $name '$cmdline': $why (console: $log)"
	exit 1
fi
echo "$rc" >"$outdir/rc"
echo "ok $((t1 - t0)) s" >"$outdir/status"
exit 0
