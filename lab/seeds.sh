#!/bin/sh
# seeds.sh STUDY: a study of ../shared/seeds (doc/seeds.md) in the lab,
# its sides booted in pairs by lab.sh (each pair's boots two at a time,
# LAB_JOBS), then one abstat compare of every side (the first the
# baseline) and the study's table, generated from that compare:
#   000  the OpenBSD thread's questions on Debian's 6.12: MP (2 vCPUs)
#        against UP (1 vCPU, and maxcpus=1 on 2), with and without the
#        speculative-execution mitigations (mitigations=off), and kpti=1
#        (the costly entry path forced on this CPU): the syscalls suite
#   000c the same thread's 1 copy against 2 copies, on 2 vCPUs
#        (LAB_B_COPIES=2: abstat run --copies 2, a copy on each CPU)
#   001  the FreeBSD thread's calls per second, 6.1 and 6.12 each UP and
#        MP: the 2x2 table of four sides
#   002  the OpenBSD-vs-Linux thread's stat(): 6.1 against 6.12,
#        profiled (abstat profile, instructions sampled at 10 kHz, kernel
#        frames), LAB_BOOTS boots a kernel, two at a time: compare's
#        where table (boots the unit) and the kernel side's differential
#        flame graph (diff.svg; diff.txt its function table)
#   003  Ingo Molnar's PARAVIRT table: one mmap benchmark (mmap-perf),
#        LAB_A against LAB_B (6.1, 6.12; two images by path, as lab-src
#        builds them, for PARAVIRT y against n), every counter side by
#        side with its +% column: task-clock, migrations, context
#        switches, page faults, instructions, the cache model's L1D and
#        L2 references and misses (lab: events), elapsed (wall)
#   004  the NetBSD thread's thread-heavy work, UP against MP on 6.12:
#        threads (sysbench threads: mutex + sched_yield in 4 threads),
#        thread-create (create + join), tls and tls:-g (a thread-local
#        counter against a global slot, 4 threads),
#        fork, exec
# SEEDS_OUT: the study's directory (build/lab/seeds/STUDY; refused when
# it holds a previous run); in it each pair's lab.sh directory, the
# compare of all sides (compare.txt, compare.json) and table.txt.
# seeds.sh --table STUDY: the table made again from SEEDS_OUT's files
# (the compare and the profiles a run left there), nothing booted.
# LAB_ARCH=x86_64: 000 (UP, MP, each with mitigations=off), 001 (6.1 on
# 1 vCPU, 6.12 on 1 and 2: Debian's 6.1 does not bring up a second vCPU
# under -icount there), 003 and 004; not 000c (no copies) nor 002 (no PMU
# to sample). LAB_UP=PATH: a uniprocessor kernel's image (CONFIG_SMP=n)
# as the UP side of 000 and 004 (by default the SMP kernel on 1 vCPU);
# LAB_MP the MP side's kernel (6.12). A side that two pairs boot (001's
# 6.12 on x86_64) has the boots of both.
# SEEDS_SHORT=1: the short form make lab-check runs (one boot a side,
# getppid-nosve and fork, LAB_RUNS=3); otherwise LAB_BOOTS (3), LAB_RUNS
# (5), LAB_SCALE (40) and LAB_WORKLOADS as lab.sh takes them, the
# syscalls suite by default. Under icount a guest runs one instruction a
# nanosecond, so calls per second are 1e9 / instructions a call: the
# table's calls/s are the emulated machine's, from instruction counts.
set -eu
. "$(dirname "$0")/lib.sh"
x86=
[ "$LAB_ARCH" != x86_64 ] || x86=1

table=
if [ "${1:-}" = --table ]; then table=1; shift; fi
[ $# -eq 1 ] || lab_die "usage: seeds.sh [--table] STUDY (000, 000c, 001, 002, 003, 004)"
study=$1
case $study in
000 | 000c | 001) wl= short="getppid-nosve fork" ;;
002) wl=stat short=stat ;;
003) wl=mmap short=mmap ;;
004) wl="threads thread-create tls tls:-g fork exec" short="threads fork" ;;
*)	lab_die "study $study: not a study (000, 000c, 001, 002, 003, 004)" ;;
esac
if [ -n "$x86" ]; then
	# x86_64: getppid-nosve is arm64's (the SVE state); no copies (the
	# counter counts one copy's region) and no profile (no PMU to sample)
	short=$(echo "$short" | sed 's/getppid-nosve/getppid/')
	case $study in
	000c | 002) lab_die "study $study: arm64 only (LAB_ARCH=x86_64 has no $([ "$study" = 002 ] && echo "PMU to sample for a profile" || echo "copies: the counter counts one copy's region"))" ;;
	esac
fi
export SEEDS_X86=$x86
abstat=$TOP/abstat
[ -x "$abstat" ] || lab_die "$abstat is not built; run make"
out=${SEEDS_OUT:-$LAB/seeds/$study}
# table002: study 002's table from its compare and differential
table002() {
	{
		sed -n '/^  *6\.1  *6\.12$/,/^instructions\/op /p' "$out/compare.txt"
		echo
		sed -n '/^where:/,$p' "$out/compare.txt"
		echo "kernel side, differential (abstat flame --kernel, diff.svg):"
		head -n 16 "$out/diff.txt"
	} >"$out/table.txt"
	cat "$out/table.txt"
}
if [ -n "$table" ]; then
	[ -f "$out/compare.json" ] || [ -f "$out/diff.txt" ] ||
		lab_die "--table $study: no run in $out (SEEDS_OUT)"
	if [ "$study" = 002 ]; then
		table002
	else
		python3 "$TOP/lab/seeds-table.py" "$study" "$out/compare.json" >"$out/table.txt"
		cat "$out/table.txt"
	fi
	exit 0
fi
[ ! -e "$out" ] || [ -z "$(ls -A "$out" 2>/dev/null)" ] ||
	lab_die "SEEDS_OUT=$out holds a previous run; remove it or set SEEDS_OUT"
mkdir -p "$out"
if [ "${SEEDS_SHORT:-}" = 1 ]; then
	LAB_BOOTS=1 LAB_RUNS=3 LAB_WORKLOADS=${LAB_WORKLOADS:-$short}
else
	LAB_BOOTS=${LAB_BOOTS:-3} LAB_RUNS=${LAB_RUNS:-5}
	LAB_WORKLOADS=${LAB_WORKLOADS:-$wl}
fi
export LAB_BOOTS LAB_RUNS
[ -z "${LAB_WORKLOADS:-}" ] || export LAB_WORKLOADS
lab_lock
t0=$(date +%s)

# pair NAME VAR=VALUE...: lab.sh with these settings into $out/NAME
sides=
pair() {
	_n=$1
	shift
	lab_say "study $study: pair $_n: $*"
	env "$@" LAB_OUT="$out/$_n" sh "$TOP/lab/lab.sh" \
		>"$out/$_n.txt" 2>"$out/$_n.err" ||
		lab_die "study $study: pair $_n failed: $(tail -n 1 "$out/$_n.err")"
	for _s in A B; do
		_f=$(ls "$out/$_n/boots/$_s"*/result.json | tr '\n' , | sed 's/,$//')
		_l=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["label"])' \
			"${_f%%,*}")
		# a side already booted by an earlier pair: its boots join
		case " $sides " in
		*" $_l="*) sides=$(echo "$sides" | sed "s|\( $_l=[^ ]*\)|\1,$_f|") ;;
		*) sides="$sides $_l=$_f" ;;
		esac
	done
}

# study 002: profiles, boot.sh directly (lab.sh runs abstat run)
if [ "$study" = 002 ]; then
	n=$(sed -n 's/.*default_n = \([0-9]*\).*/\1/p' "$TOP/workloads/stat.c")
	n=$((n / ${LAB_SCALE:-40}))
	cat >"$out/job" <<JOB
abstat profile -q -r $LAB_RUNS --freq 10000 -e instructions -w 'stat:-n $n' -o profile.json
JOB
	ka=$(sh "$TOP/lab/kernel.sh" 6.1) && kb=$(sh "$TOP/lab/kernel.sh" 6.12) ||
		lab_die "study 002: kernels 6.1 and 6.12 cannot be resolved"
	two=$([ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null && echo 1 || echo)
	fa= fb=
	for i in $(seq 1 "$LAB_BOOTS"); do
		LAB_CPU=${two:+0} sh "$TOP/lab/boot.sh" "$ka" "" "$out/6.1-$i" -f "$out/job" &
		pa=$!
		[ -n "$two" ] || wait $pa || lab_die "study 002: boot 6.1 #$i failed"
		LAB_CPU=${two:+1} sh "$TOP/lab/boot.sh" "$kb" "" "$out/6.12-$i" -f "$out/job" ||
			lab_die "study 002: boot 6.12 #$i failed"
		[ -z "$two" ] || wait $pa || lab_die "study 002: boot 6.1 #$i failed"
		for k in 6.1 6.12; do
			[ "$(cat "$out/$k-$i/rc")" = 0 ] && [ -f "$out/$k-$i/profile.json" ] ||
				lab_die "study 002: boot $k #$i: no profile ($(tail -n 1 "$out/$k-$i/stderr"))"
		done
		fa="$fa${fa:+,}$out/6.1-$i/profile.json"
		fb="$fb${fb:+,}$out/6.12-$i/profile.json"
		lab_say "study 002: boot $i of each: $(cat "$out/6.1-$i/status"), $(cat "$out/6.12-$i/status")"
	done
	"$abstat" compare -q --format mail --primary instructions/op "6.1=$fa" "6.12=$fb" \
		>"$out/compare.txt" || lab_die "study 002: abstat compare failed"
	"$abstat" flame --kernel "$fa" "$fb" -o "$out/diff.svg" ||
		lab_die "study 002: abstat flame failed"
	"$abstat" flame --kernel "$fa" "$fb" -o "$out/diff.txt"
	table002
	lab_say "study 002: $(($(date +%s) - t0)) s wall; in ${out#"$TOP"/}"
	exit 0
fi

# UP: LAB_UP, a uniprocessor kernel's image (CONFIG_SMP=n, a path as
# LAB_A takes one: lab-src's), the UP side of 000 and 004; by default
# the SMP kernel on 1 vCPU. 003's sides are LAB_A and LAB_B (6.1, 6.12).
up=${LAB_UP:-6.12} mp=${LAB_MP:-6.12}
if [ -n "$x86" ]; then
	case $study in
	000)
		pair up-mp LAB_A="$up" LAB_B="$mp" LAB_B_SMP=2
		pair mitigations LAB_A="$up" LAB_A_CMDLINE=mitigations=off \
			LAB_B="$mp" LAB_B_SMP=2 LAB_B_CMDLINE=mitigations=off ;;
	001)
		pair mp LAB_A=6.12 LAB_B_SMP=2
		pair v6.1 LAB_A=6.1 LAB_B=6.12 ;;
	003)
		pair ab LAB_A="${LAB_A:-6.1}" LAB_B="${LAB_B:-6.12}" \
			LAB_EVENTS="${LAB_EVENTS:-instructions,task-clock,cpu-migrations,context-switches,page-faults,lab:l1d-accesses,lab:l1d-misses,lab:l2-accesses,lab:l2-misses}" ;;
	004)
		pair up-mp LAB_A="$up" LAB_B="$mp" LAB_B_SMP=2 ;;
	esac
else
case $study in
003)
	pair ab LAB_A="${LAB_A:-6.1}" LAB_B="${LAB_B:-6.12}" \
		LAB_EVENTS="${LAB_EVENTS:-cycles,instructions,task-clock,cpu-migrations,context-switches,page-faults,lab:l1d-accesses,lab:l1d-misses,lab:l2-accesses,lab:l2-misses}" ;;
000)
	pair up-mp LAB_A=6.12 LAB_B_SMP=2
	pair mitigations LAB_A=6.12 LAB_A_CMDLINE=mitigations=off \
		LAB_B_SMP=2 LAB_B_CMDLINE=mitigations=off
	pair maxcpus-kpti LAB_A=6.12 LAB_A_SMP=2 LAB_A_CMDLINE=maxcpus=1 \
		LAB_B_CMDLINE=kpti=1 ;;
000c)
	pair copies LAB_A=6.12 LAB_A_SMP=2 LAB_B_SMP=2 LAB_B_COPIES=2 ;;
001)
	pair v6.1 LAB_A=6.1 LAB_B_SMP=2
	pair v6.12 LAB_A=6.12 LAB_B_SMP=2 ;;
004)
	pair up-mp LAB_A=6.12 LAB_B_SMP=2 ;;
esac
fi

# every side, the first the baseline: the vCPU counts make the pinned
# CPU differ (abstat's default CPU of each guest), and 000c's copies, allowed
rows=
if [ "$study" = 003 ]; then
	# every counter of the table, the model's and the elapsed time too
	cyc=cycles,
	[ -z "$x86" ] || cyc=
	rows="--metric instructions/op,task-clock,cpu-migrations,context-switches,page-faults,${cyc}instructions,lab:l1d-accesses,lab:l1d-misses,lab:l2-accesses,lab:l2-misses,wall"
fi
set -- --primary instructions/op $rows --allow-env-diff cpu.pinned,cpu.pinned_siblings,benchmarks.*.copies $sides
"$abstat" compare -q --format json "$@" >"$out/compare.json" ||
	lab_die "study $study: abstat compare failed"
"$abstat" compare "$@" >"$out/compare.txt"
python3 "$TOP/lab/seeds-table.py" "$study" "$out/compare.json" >"$out/table.txt"
cat "$out/table.txt"
t1=$(date +%s)
lab_say "study $study: $((t1 - t0)) s wall; in ${out#"$TOP"/}"
