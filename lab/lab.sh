#!/bin/sh
# lab.sh: make lab. Kernel A and kernel B (two Debian arm64 series, the
# newest of each, your own two builds, or one kernel with two command
# lines), each booted LAB_BOOTS times in turn (A B A B ...), the syscalls
# suite and getppid in both SVE task states (getppid-sve, getppid-nosve)
# counted in every boot, then abstat compare --format mail with the boots
# as the files of each side (the multi-boot verdict, abstat-compare(1)
# "The model") and the delta chart. Under QEMU TCG cycles are
# instructions (icount: 1 instruction = 1 ns = 1 cycle), so the tested
# row is instructions/op: only instruction counts are meaningful here.
#
#   LAB_A, LAB_B            a kernel each: a Debian series (6.1, 6.12: the
#                           newest package, resolved with apt), a package
#                           (linux-image-6.12.117+deb12-arm64), or a path
#                           (with a /) to an arm64 Image, raw
#                           (arch/arm64/boot/Image, a Debian package's
#                           /boot/vmlinuz-*) or gzip (Image.gz), copied
#                           when the run starts; LAB_B defaults to LAB_A
#                           when only LAB_B_CMDLINE is given. Both are
#                           resolved before anything boots: one that
#                           cannot be is an error naming it
#   LAB_A_LABEL, LAB_B_LABEL  the sides' names (the series, the package,
#                           or for a path the image's release)
#   LAB_A_CMDLINE, LAB_B_CMDLINE   added to the kernel command line
#   LAB_A_SMP, LAB_B_SMP    the side's vCPUs (1): 2 boots the guest with
#                           2 CPUs online (the result's env says which,
#                           cpu.online, so compare shows 0 -> 0-1);
#                           abstat pins the workload to one of them as
#                           on a host, and nosmp or maxcpus=1 in the
#                           side's CMDLINE takes the others offline. A
#                           side's default label ends in -smpN when N
#                           is not 1 (6.12-smp2). Under icount QEMU runs
#                           all of a guest's vCPUs in one host thread:
#                           a 2-vCPU boot takes one host CPU, and
#                           LAB_JOBS pins it as it pins a 1-vCPU one
#   LAB_A_COPIES, LAB_B_COPIES  copies of each workload at once (1):
#                           abstat run --copies N, each copy pinned to
#                           its own CPU of the guest (N vCPUs at least),
#                           counters and operations summed; the label
#                           ends in -xN (6.12-smp2-x2)
#   LAB_A_MODULES, LAB_B_MODULES   a directory DIR with lib/modules/RELEASE
#                           (make modules_install INSTALL_MOD_PATH=DIR):
#                           every module in it is loaded before abstat
#                           runs (the lab itself needs none: console, PMU,
#                           devtmpfs and initramfs built in)
#   LAB_BOOTS               boots per side (3)
#   LAB_RUNS                measured runs per boot and workload (5:
#                           under icount a run's user-space count is
#                           the same in every run and every boot, but
#                           some user+kernel counts drift down as the
#                           kernel's caches warm, socket's 10375 10369
#                           10325 10308 10318 on 6.1, so their median
#                           depends on the number of runs: 3 would move
#                           that row by 0.4%)
#   LAB_WORKLOADS           the workloads (the syscalls suite's, from
#                           abstat workloads, and getppid-sve and
#                           getppid-nosve), each NAME or NAME:ARGS, its
#                           own options without spaces (stride:-s4: a
#                           4 KiB buffer); LAB_SCALE: each at 1/SCALE of
#                           its default size (40; 1: the default sizes)
#   LAB_ARCH                arm64 (the default) or x86_64: Debian's amd64
#                           kernels (LAB_A=6.1 LAB_B=6.12 as on arm64) or
#                           a bzImage by path, under qemu-system-x86_64
#                           TCG with -icount shift=0, the guest's programs
#                           the static x86_64 build. x86 TCG has no PMU:
#                           the lab's instruction counter (QEMU plugin
#                           lab/plugin/count.c) counts the workload's task
#                           in its regions, added to each boot's result as
#                           instructions, instructions:u, instructions:k,
#                           marked as the emulator's ([e]; no cycles:
#                           none are counted); the guest's abstat counts
#                           LAB_EVENTS but those (task-clock by default);
#                           the cache model's lab: events run there too.
#                           2 vCPUs: 6.12, not 6.1 (refused: it never
#                           brings up CPU 1 under -icount)
#                           The default workloads: the syscalls suite and
#                           getppid (doc/lab.md "x86_64")
#   LAB_EVENTS              cycles,instructions,task-clock; with lab:...
#                           events, the lab's cache model's counts too
#                           (QEMU runs lab/plugin/cache.c, make
#                           lab-plugin): lab:l1d-misses:u, lab:l1i-accesses:k,
#                           lab:l2-misses (LEVEL l1i, l1d, l2; accesses or
#                           misses; :u user, :k kernel, neither both),
#                           added to each boot's result as modelled events
#                           (lab/cache-merge.sh, [m] in the tables)
#                           and their per-op rows to the table; a boot with
#                           the model takes about 2.9 times QEMU's CPU
#                           time of one without (doc/lab.md)
#   LAB_MODEL_ARGS          the model's geometry (l1d=KIB:WAYS,l1i=...,
#                           l2=...,line=BYTES; by default what -cpu max
#                           reports: l1d=32:2,l1i=48:3,l2=2048:16,line=64;
#                           x86_64: l1d=64:2,l1i=64:2,l2=512:16)
#   LAB_AFTER               a shell script run in every boot's guest after
#                           abstat, in the same /out: the files it writes
#                           come back in the boot's directory (a test's
#                           own measurement in the same boots)
#   LAB_EXTRA               a directory of your own static arm64 programs:
#                           its files in the guest's /lab/extra, on PATH
#                           (lab/initramfs.sh; doc/lab.md, "Your own
#                           program in the guest")
#   LAB_OUT                 where the results go: by default a directory
#                           per run, build/lab/runs/A-vs-B-YYYYmmdd-HHMMSS,
#                           and build/lab/latest links to the newest; a
#                           LAB_OUT that exists and is not empty is refused
#                           (nothing is overwritten). In it: boots/ (each
#                           boot's console, result, doctor), the table
#                           compare.txt, compare.json, delta.png, delta.txt
#   LAB_TIMEOUT             a boot's limit (600 s)
#   LAB_ALLOW_ENV_DIFF      environment entries allowed to differ between
#                           the sides (compare --allow-env-diff LIST;
#                           none): what the kernels themselves make differ
#   LAB_LOCK                a file: the boots under flock FILE, waited
#                           for (none; lib.sh lab_lock)
#   LAB_JOBS                boots at once (the CPUs this may run on, at
#                           most 2): A1 B1 together, then A2 B2, ...;
#                           each QEMU pinned to its own CPU (taskset,
#                           LAB_CPUS: the CPUs, by default those of this
#                           process); 1: one boot at a time, unpinned.
#                           icount makes the counts the same either way
set -eu
. "$(dirname "$0")/lib.sh"

t0=$(date +%s)
a=${LAB_A:-6.1} acmd=${LAB_A_CMDLINE:-} amod=${LAB_A_MODULES:-}
bcmd=${LAB_B_CMDLINE:-} bmod=${LAB_B_MODULES:-}
asmp=${LAB_A_SMP:-1} bsmp=${LAB_B_SMP:-1} after=${LAB_AFTER:-}
acop=${LAB_A_COPIES:-1} bcop=${LAB_B_COPIES:-1}
for v in "LAB_A_SMP=$asmp" "LAB_B_SMP=$bsmp"; do
	case ${v#*=} in
	'' | *[!0-9]* | 0 | 0*) lab_die "$v: the side's vCPUs, 1 or more" ;;
	esac
done
for v in "LAB_A_COPIES=$acop:$asmp" "LAB_B_COPIES=$bcop:$bsmp"; do
	_c=${v#*=} _c=${_c%:*}
	case $_c in
	'' | *[!0-9]* | 0 | 0*) lab_die "${v%:*}: copies at once, 1 or more" ;;
	esac
	[ "$_c" -le "${v##*:}" ] ||
		lab_die "${v%:*}: more copies than the side's ${v##*:} vCPUs (LAB_${v%%_COPIES*}_SMP)"
done
[ -z "$after" ] || [ -f "$after" ] || lab_die "LAB_AFTER=$after: no such script"
if { [ -n "$bcmd" ] || [ "$asmp" != "$bsmp" ] || [ "$acop" != "$bcop" ]; } &&
	[ -z "${LAB_B:-}" ]; then
	b=$a
else
	b=${LAB_B:-6.12}
fi
boots=${LAB_BOOTS:-3} runs=${LAB_RUNS:-5} scale=${LAB_SCALE:-40}
x86=
[ "$LAB_ARCH" != x86_64 ] || x86=1
if [ -n "$x86" ]; then
	events=${LAB_EVENTS:-instructions,task-clock}
else
	events=${LAB_EVENTS:-cycles,instructions,task-clock}
fi
# the model's events (lab:...) apart from the counters'; on x86_64 the
# instructions events are the counter plugin's (count-merge.sh)
model= hw=
for e in $(echo "$events" | tr ',' ' '); do
	case $x86$e in
	lab:* | 1lab:*) lab_model_event "${e#1}"; model="$model${model:+,}$e" ;;
	1instructions | 1instructions:u | 1instructions:k) ;;
	*) hw="$hw${hw:+,}$e" ;;
	esac
done
[ -n "$x86" ] || [ -n "$hw" ] || lab_die "LAB_EVENTS=$events: no counter besides the model's (add instructions)"
[ -n "$hw" ] || hw=task-clock
events=$hw
if [ -n "$model" ]; then
	[ "$acop" = 1 ] && [ "$bcop" = 1 ] ||
		lab_die "LAB_EVENTS=...lab:...: the cache model counts one copy's region; LAB_A_COPIES=1 LAB_B_COPIES=1"
fi
if [ -n "$x86" ]; then
	[ "$acop" = 1 ] && [ "$bcop" = 1 ] ||
		lab_die "LAB_ARCH=x86_64: the instruction counter counts one copy's region; LAB_A_COPIES=1 LAB_B_COPIES=1"
	command -v jq >/dev/null || lab_die "LAB_ARCH=x86_64 needs jq (apt-get install jq)"
	[ -f "$TOP/build/plugin/abstat-count.so" ] ||
		lab_die "build/plugin/abstat-count.so is not built; run make lab-plugin"
fi
# the model's geometry: LAB_MODEL_ARGS, or what the guest's CPU reports
# (arm64 -cpu max: the model's default; x86_64 -cpu max: CPUID's L1D and
# L1I 64 KiB 2-way, L2 512 KiB 16-way, 64-byte lines)
margs=${LAB_MODEL_ARGS:-1}
[ -z "$x86" ] || margs=${LAB_MODEL_ARGS:-l1d=64:2,l1i=64:2,l2=512:16}
if [ -n "$model" ]; then
	command -v jq >/dev/null || lab_die "LAB_EVENTS=...lab:... needs jq (apt-get install jq)"
	[ -f "$TOP/build/plugin/abstat-cache.so" ] ||
		lab_die "build/plugin/abstat-cache.so is not built; run make lab-plugin"
fi
abstat=$TOP/abstat
[ -x "$abstat" ] || lab_die "$abstat is not built; run make"

# the CPUs: LAB_CPUS, or those this process may run on (taskset -c)
cpus=${LAB_CPUS:-$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' \
	/proc/self/status | tr ',' '\n' |
	awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }')}
cpus=$(echo $cpus) ncpu=$(echo $cpus | wc -w)
case $(echo $cpus | tr -d ' ') in
'' | *[!0-9]*) lab_die "LAB_CPUS='$cpus': CPU numbers, separated by spaces (0 1)" ;;
esac
jobs=${LAB_JOBS:-$([ "$ncpu" -ge 2 ] && echo 2 || echo 1)}
case $jobs in
'' | *[!0-9]* | 0)
	lab_die "LAB_JOBS=$jobs: the number of boots at once, 1 or more" ;;
esac
[ "$jobs" -eq 1 ] || command -v taskset >/dev/null ||
	lab_die "LAB_JOBS=$jobs needs taskset (apt-get install util-linux); LAB_JOBS=1 boots one at a time"
[ "$jobs" -le "$ncpu" ] ||
	lab_die "LAB_JOBS=$jobs: more boots at once than CPUs ($cpus); set LAB_CPUS or a smaller LAB_JOBS"

# Both kernels first (each its own statement: set -e sees every status),
# so a series apt cannot resolve fails here, naming it, before any boot.
ka=$(sh "$TOP/lab/kernel.sh" "$a") ||
	lab_die "kernel A (LAB_A=$a) cannot be resolved; nothing was booted"
kb=$(sh "$TOP/lab/kernel.sh" "$b") ||
	lab_die "kernel B (LAB_B=$b) cannot be resolved; nothing was booted"
[ -z "$amod" ] || lab_modules LAB_A_MODULES "$amod" "$ka" >/dev/null
# measured: Debian's amd64 6.1 on 2 vCPUs under -icount never brings up
# CPU 1 (600 s; 6.12 boots in 30 s: doc/lab.md "x86_64")
for v in "A:$asmp:$ka" "B:$bsmp:$kb"; do
	_x=${v%%:*} _s=${v#?:} _s=${_s%%:*} _r=$(cat "${v#?:*:}/release" 2>/dev/null || true)
	[ -z "$x86" ] || [ "$_s" = 1 ] || case $_r in 6.1.*) false ;; esac ||
		lab_die "LAB_${_x}_SMP=$_s: a 6.1 kernel ($_r) does not bring up a second vCPU under -icount on x86_64; LAB_${_x}_SMP=1, or 6.12"
done
[ -z "$bmod" ] || lab_modules LAB_B_MODULES "$bmod" "$kb" >/dev/null

# label: the side's name (a path's is its image's release), -smpN for
# N vCPUs but 1, -xN for N copies but 1, and the command line when there is one ('=' and ' '
# cannot be in a compare label, nor in a directory's name: '/', ',')
label() {
	case $1 in */*) _l=$(cat "$2/release") ;; *) _l=$1 ;; esac
	if [ "$4" != 1 ]; then _l="$_l-smp$4"; fi
	if [ "$5" != 1 ]; then _l="$_l-x$5"; fi
	if [ -n "$3" ]; then _l="$_l+$3"; fi
	echo "$_l" | tr '= /,' '-+__'
}
la=${LAB_A_LABEL:-$(label "$a" "$ka" "$acmd" "$asmp" "$acop")}
lb=${LAB_B_LABEL:-$(label "$b" "$kb" "$bcmd" "$bsmp" "$bcop")}
for l in "$la" "$lb"; do
	case $l in
	'' | *[!A-Za-z0-9._+-]*)
		lab_die "side label '$l': only letters, digits and . _ + - (LAB_A_LABEL, LAB_B_LABEL)" ;;
	esac
done
[ "$la" != "$lb" ] ||
	lab_die "sides A and B are the same ($la): set LAB_B, LAB_B_CMDLINE, LAB_B_SMP or LAB_A_LABEL and LAB_B_LABEL"

# the results: LAB_OUT as given (never over a previous run), or a new
# directory per run under runs/, build/lab/latest pointing to it
if [ -n "${LAB_OUT:-}" ]; then
	out=$LAB_OUT
	[ ! -e "$out" ] || [ -z "$(ls -A "$out" 2>/dev/null)" ] ||
		lab_die "LAB_OUT=$out holds a previous run's results; remove it or choose another directory (unset, each run gets its own under $LAB/runs)"
	mkdir -p "$out"
else
	mkdir -p "$LAB/runs"
	name=$la-vs-$lb-$(date +%Y%m%d-%H%M%S) n=1
	out=$LAB/runs/$name
	while ! mkdir "$out" 2>/dev/null; do
		n=$((n + 1))
		out=$LAB/runs/$name-$n
	done
	ln -sfn "runs/$(basename "$out")" "$LAB/latest"
	ln -sfn latest/delta.png "$LAB/delta.png"
	ln -sfn latest/delta.txt "$LAB/delta.txt"
fi
mkdir -p "$out/boots"

list=
# getppid-sve and -nosve are arm64's (the task's SVE state); x86_64: getppid
wre='^getppid-(no)?sve$'
[ -z "$x86" ] || wre='^getppid$'
for w in ${LAB_WORKLOADS:-$("$abstat" workloads |
	awk -v re="$wre" 'NR > 1 && ($NF ~ /(^|,)syscalls(,|$)/ || $1 ~ re) { print $1 }')}; do
	# NAME:ARGS, the workload's own options without spaces (stride:-s4)
	wa=
	case $w in *:*) wa=" ${w#*:}" w=${w%%:*} ;; esac
	n=$("$TOP/build/workloads/$w" -h | sed -n 's/^ *-n N .*(default \([0-9]*\)).*/\1/p')
	[ -n "$n" ] || lab_die "$w -h gives no default size"
	n=$((n / scale)); [ "$n" -ge 1 ] || n=1
	list="$list${list:+,}$w:-n $n$wa"
done

sh "$TOP/lab/initramfs.sh" >/dev/null
# the lab's lock (LAB_LOCK), from the first boot to the last
lab_lock
lab_say "A = $la ($(cat "$ka/package") $(cat "$ka/version"), $asmp vCPU$([ "$acop" = 1 ] || echo ", $acop copies")${acmd:+, $acmd}${amod:+, modules $amod})"
lab_say "B = $lb ($(cat "$kb/package") $(cat "$kb/version"), $bsmp vCPU$([ "$bcop" = 1 ] || echo ", $bcop copies")${bcmd:+, $bcmd}${bmod:+, modules $bmod})"
lab_say "$boots boots per side, A B A B ..., $runs runs of each workload a boot"
[ "$jobs" -eq 1 ] ||
	lab_say "$jobs boots at once, each QEMU on its own CPU ($(echo $cpus | cut -d' ' -f1-"$jobs"))"

# boot B SLOT: boot B (A1, B1, A2 ...) started in the background, on the
# SLOT-th CPU when several run at once; its pid in pid_B
boot() {
	case $1 in
	A*) k=$ka c=$acmd l=$la m=$amod s=$asmp nc=$acop ;;
	*) k=$kb c=$bcmd l=$lb m=$bmod s=$bsmp nc=$bcop ;;
	esac
	cop=
	[ "$nc" = 1 ] || cop="--copies $nc"
	mark=
	[ -z "$model$x86" ] || mark=lab_mark
	cat >"$out/job$1" <<JOB
abstat doctor >doctor.txt 2>&1
$mark
abstat run -q -r $runs -e $events $cop -n '$l' -w '$list' -o result.json
rc=\$?
$mark
(exit \$rc)
JOB
	if [ -n "$after" ]; then
		# abstat's status is the job's, whatever the script's
		{ echo 'rc=$?'; cat "$after"; echo; echo 'exit $rc'; } >>"$out/job$1"
	fi
	cpu=
	[ "$jobs" -eq 1 ] || cpu=$(echo $cpus | cut -d' ' -f"$2")
	LAB_MODEL=${model:+$margs} \
	LAB_CPU=$cpu LAB_SMP=$s LAB_MODULES=$m sh "$TOP/lab/boot.sh" "$k" "$c" \
		"$out/boots/$1" -f "$out/job$1" &
	eval "pid_$1=\$!"
}

# done_boot B: wait for boot B, say how it went, keep its result
done_boot() {
	case $1 in A*) l=$la ;; *) l=$lb ;; esac
	d=$out/boots/$1
	if eval "wait \$pid_$1" && [ "$(cat "$d/rc")" = 0 ] &&
		[ -f "$d/result.json" ] && { [ -z "$model" ] ||
		sh "$TOP/lab/cache-merge.sh" "$d/result.json" \
			"$d/cache.jsonl" "$model" 2>"$d/merge.err" ||
		{ cp "$d/merge.err" "$d/status"; false; }; } &&
		{ [ -z "$x86" ] ||
		sh "$TOP/lab/count-merge.sh" "$d/result.json" "$d/count.jsonl" \
			2>"$d/merge.err" ||
		{ cp "$d/merge.err" "$d/status"; false; }; }; then
		lab_say "boot $1 ($l): $(cat "$d/status")"
		case $1 in
		A*) files_a="$files_a${files_a:+,}$d/result.json" ;;
		*) files_b="$files_b${files_b:+,}$d/result.json" ;;
		esac
	else
		failed=$((failed + 1))
		[ -f "$d/status" ] && [ "$(cut -c1-2 "$d/status")" = ok ] &&
			echo "the guest's job exited $(cat "$d/rc"): $(tail -n 1 "$d/stderr")" >"$d/status"
		lab_say "boot $1 ($l) failed, the other boots are kept: $(cat "$d/status" 2>/dev/null)"
	fi
	rm -f "$out/job$1"
}

# A1 B1 A2 B2 ...: LAB_JOBS of them started together, then waited for
# in that order
files_a= files_b= failed=0 group= n=0
for i in $(seq 1 "$boots"); do
	for side in A B; do
		n=$((n + 1))
		group="$group $side$i"
		boot "$side$i" "$n"
		[ "$n" -lt "$jobs" ] && continue
		for b in $group; do done_boot "$b"; done
		group= n=0
	done
done
for b in $group; do done_boot "$b"; done
[ -n "$files_a" ] && [ -n "$files_b" ] ||
	lab_die "no result on side $([ -n "$files_a" ] && echo B || echo A) ($failed boots failed; see $out/boots)"

# sides with different vCPU counts or copies: abstat pins the workload
# to its default CPU of each guest (0 of 1, 1 of 2) or a copy to each
# of N, a difference that comes with the vCPUs or the copies, allowed;
# cpu.online stays in the header
diff=
if [ "$asmp" != "$bsmp" ] || [ "$acop" != "$bcop" ]; then
	diff="--allow-env-diff cpu.pinned,cpu.pinned_siblings"
	[ "$acop" = "$bcop" ] || diff="$diff,benchmarks.*.copies"
	lab_say "$asmp vs $bsmp vCPUs, $acop vs $bcop copies: compare $diff (the workload's CPUs are abstat's default)"
fi
# LAB_ALLOW_ENV_DIFF: entries the sides' kernels make differ, allowed
# (src.sh's smp:up: a uniprocessor kernel has no SMT control)
[ -z "${LAB_ALLOW_ENV_DIFF:-}" ] || diff="$diff --allow-env-diff $LAB_ALLOW_ENV_DIFF"
rows=
if [ -n "$model" ]; then
	# the model's per-op rows under the tested one, marked [m]
	rows="--metric instructions/op,$(echo "$model" | sed 's|,|/op,|g')/op"
fi
set -- --primary instructions/op $diff $rows "$la=$files_a" "$lb=$files_b"
"$abstat" compare -q --format json "$@" >"$out/compare.json" || true
"$abstat" compare --format mail "$@" >"$out/compare.txt" ||
	lab_die "abstat compare failed (above); the boots are in $out/boots"
cat "$out/compare.txt"
"$abstat" plot -q "$@" -o "$out/delta.txt" >/dev/null &&
	"$abstat" plot -q "$@" -o "$out/delta.png" >/dev/null ||
	lab_say "warning: the delta chart was not drawn (gnuplot?)"
t1=$(date +%s)
lab_say "$boots boots per side ($failed failed), $((t1 - t0)) s wall"
lab_say "results in ${out#"$TOP"/}"
