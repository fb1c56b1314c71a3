#!/bin/sh
# Fuzzing (libFuzzer, clang -fsanitize=fuzzer,address,undefined).
#   sh tests/fuzz/run.sh [SECONDS]  build, then fuzz every target for SECONDS
#                                   (default 60), as many at once as CPUs,
#                                   each after its seeds are loaded, with a
#                                   per-input timeout sized to this machine
#                                   (5 times its largest seed's replay);
#                                   says each target's executions; new
#                                   inputs go to build/fuzz/corpus-NAME,
#                                   crashes to build/fuzz/NAME-crash-*; a
#                                   timeout is replayed alone: a slow input
#                                   is said, only a hang fails
#   sh tests/fuzz/run.sh --replay   build, then run every target once over
#                                   its seed corpus tests/fuzz/corpus/NAME/
#                                   (make check does this)
#   sh tests/fuzz/run.sh --replay FILE...  run the inputs given (a crash)
# FUZZ_TARGETS="fuzz_result" limits either mode to the targets named;
# FUZZ_CORPUS=DIR replays DIR/NAME/ instead (a replay of nothing fails).
# The import and flame targets also get the seeds make-big-seeds.py
# writes to build/fuzz/seeds/NAME/ (deep and broad inputs up to 1 MiB,
# too big to commit), fuzzed and replayed beside the corpus, and inputs
# up to 1 MiB (the others 64 KiB).
# The objects are compiled here with the fuzz flags (not build/src/*/*.o,
# which are gcc's), with the Makefile's warnings as errors: clang tells
# what gcc does not (-Wfortify-source: a sscanf into too small a buffer).
# Exit 77 when clang or libFuzzer is missing.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
out=build/fuzz
CC=${FUZZ_CC:-clang}
FLAGS="-g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined"
# the Makefile's WARN, errors
WARN="-Wall -Wextra -Wshadow -Wformat=2 -Wno-unused-parameter -Wmissing-prototypes -Wstrict-prototypes -Werror"
# one -I per folder of src/, as the Makefile does
inc=$(for d in src src/*/; do printf -- '-I%s ' "${d%/}"; done)
CPPF="-D_GNU_SOURCE -DABSTAT_VERSION=\"$(cat VERSION)\" $inc-Icounters -Iworkloads"

command -v "$CC" >/dev/null 2>&1 || { echo "fuzz: $CC not found (apt-get install clang libclang-rt-14-dev)"; exit 77; }
mkdir -p "$out/obj"
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }\n' >"$out/probe.c"
"$CC" -fsanitize=fuzzer -o "$out/probe" "$out/probe.c" 2>/dev/null ||
	{ echo "fuzz: $CC cannot link libFuzzer (apt-get install libclang-rt-14-dev)"; exit 77; }

papi=0
printf '#include <papi.h>\n' | "$CC" -E -x c - >/dev/null 2>&1 && papi=1
LIBS="-lpfm -ljansson -lpcre2-8 -lnettle -lm"
[ $papi = 1 ] && LIBS="$LIBS -lpapi"

# Compile what changed (a header change rebuilds everything: cheap enough).
newest_h=$(ls -t src/*/*.h counters/*.h | head -n 1)
objs=
for c in src/*.c src/*/*.c counters/*.c; do
	[ -f "$c" ] || continue # (no file left directly in src/)
	[ "$c" = src/cmd/main.c ] && continue
	o=$out/obj/$(echo "$c" | tr / _ | sed 's/\.c$/.o/')
	objs="$objs $o"
	if [ ! -f "$o" ] || [ "$c" -nt "$o" ] || [ "$newest_h" -nt "$o" ]; then
		"$CC" $CPPF -DHAVE_PAPI=$papi -std=c11 $FLAGS -fsanitize=fuzzer-no-link \
			$WARN -c -o "$o" "$c" || { echo "fuzz: cannot compile $c"; exit 1; }
	fi
done
targets=
for f in tests/fuzz/fuzz_*.c; do
	t=$(basename "$f" .c)
	case " ${FUZZ_TARGETS:-$t} " in *" $t "*) ;; *) continue ;; esac
	targets="$targets $t"
	"$CC" $CPPF -DHAVE_PAPI=$papi -std=c11 $FLAGS -fsanitize=fuzzer $WARN \
		-o "$out/$t" "$f" $objs $LIBS || { echo "fuzz: cannot link $t"; exit 1; }
done

# corpus dir of a target: fuzz_result -> corpus/result
corpus() { echo "${FUZZ_CORPUS:-tests/fuzz/corpus}/${1#fuzz_}"; }
# the generated seeds of a target (none when FUZZ_CORPUS is given)
seeds() {
	[ -z "${FUZZ_CORPUS:-}" ] && [ -d "$out/seeds/${1#fuzz_}" ] &&
		echo "$out/seeds/${1#fuzz_}"
}
maxlen() { case $1 in fuzz_import_*|fuzz_flame) echo 1048576 ;; *) echo 65536 ;; esac; }
# seconds one input may take: a 1 MiB seed under ASan on a loaded machine
# takes more than 10 (each under a second in the release build)
limit() { case $1 in fuzz_import_*|fuzz_flame) echo 60 ;; *) echo 10 ;; esac; }
if [ -z "${FUZZ_CORPUS:-}" ] && { [ ! -f "$out/seeds/.made" ] ||
	[ tests/fuzz/make-big-seeds.py -nt "$out/seeds/.made" ]; } &&
	python3 tests/fuzz/make-big-seeds.py "$out/seeds"; then
	: >"$out/seeds/.made"
fi
dict() { [ -f "tests/fuzz/${1#fuzz_}.dict" ] && echo "-dict=tests/fuzz/${1#fuzz_}.dict"; }

if [ "${1:-}" = --replay ]; then
	shift
	rc=0
	for t in $targets; do
		if [ $# -gt 0 ]; then
			files="$*"
		else
			files=$(find "$(corpus "$t")" $(seeds "$t") -type f 2>/dev/null | sort)
		fi
		if [ -z "$files" ]; then
			echo "fuzz: $t: FAILED: no input in $(corpus "$t") (regenerate it: python3 tests/fuzz/make-corpus.py)"
			rc=1
			continue
		fi
		# files as arguments: libFuzzer runs each once, no fuzzing
		if "$out/$t" -runs=1 $files >"$out/$t.replay.log" 2>&1; then
			echo "fuzz: $t: replayed $(echo "$files" | wc -w) inputs, no crash"
		else
			echo "fuzz: $t: FAILED on the corpus (log: $out/$t.replay.log)"
			tail -n 30 "$out/$t.replay.log"
			rc=1
		fi
	done
	exit $rc
fi

secs=${1:-60}
cpus=$(nproc 2>/dev/null || echo 1)
# Sized to this machine before fuzzing: each target's seeds are replayed
# once alone (cpus targets at a time, as the fuzzing runs them), timing
# the whole replay (libFuzzer loads them all before it fuzzes: that time
# is added to -max_total_time, so each target fuzzes for SECONDS) and
# its largest seed (the per-input -timeout is 5 times that, at least
# the default, so a large seed on a busy machine is no "timeout").
now_ms() { date +%s%3N; }
size_one() { # size_one TARGET: "REPLAY_S TIMEOUT_S" in $out/TARGET.size
	files=$(find "$out/corpus-$1" "$(corpus "$1")" $(seeds "$1") -type f 2>/dev/null)
	big=$(ls -S $files 2>/dev/null | head -n 1)
	cap=$((10 * $(limit "$1")))
	t0=$(now_ms)
	[ -z "$big" ] || "$out/$1" -runs=1 -timeout=$cap "$big" >/dev/null 2>&1
	t1=$(now_ms)
	[ -z "$files" ] || "$out/$1" -runs=1 -timeout=$cap $files >/dev/null 2>&1
	t2=$(now_ms)
	one=$(( (t1 - t0 + 999) / 1000 )) all=$(( (t2 - t1 + 999) / 1000 ))
	lim=$(limit "$1")
	[ $((5 * one)) -le "$lim" ] || lim=$((5 * one))
	echo "$all $lim" >"$out/$1.size"
}
run_batches() { # run_batches FUNCTION: FUNCTION TARGET, cpus at a time
	n=0
	for t in $targets; do
		"$1" "$t" &
		n=$((n + 1))
		[ $((n % cpus)) -ne 0 ] || wait
	done
	wait
}
fuzz_one() {
	read -r load lim <"$out/$1.size"
	mkdir -p "$out/corpus-$1"
	"$out/$1" -max_total_time="$((secs + load))" -timeout="$lim" \
		-report_slow_units="$lim" -rss_limit_mb=2048 \
		-max_len="$(maxlen "$1")" -print_final_stats=1 $(dict "$1") \
		-artifact_prefix="$out/$1-" "$out/corpus-$1" "$(corpus "$1")" $(seeds "$1") \
		>"$out/$1.log" 2>&1
}
rm -f "$out"/fuzz_*-crash-* "$out"/fuzz_*-timeout-* "$out"/fuzz_*-oom-* \
	"$out"/fuzz_*-leak-* "$out"/fuzz_*-slow-unit-*
echo "fuzz: sizing each target's timeout on this machine ($cpus at a time)"
run_batches size_one
echo "fuzz: each target for $secs s after loading its seeds, $cpus at a time:$targets"
run_batches fuzz_one
rc=0
for t in $targets; do
	read -r load lim <"$out/$t.size"
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
	echo "fuzz: $t: ${execs:-0} executions (its seeds loaded in about $load s, then fuzzed for $secs s; -timeout=$lim)"
	grep -E '^stat::(peak_rss_mb|new_units_added)' "$out/$t.log" | sed 's/^/    /'
	for a in "$out/$t"-crash-* "$out/$t"-oom-* "$out/$t"-leak-*; do
		[ -e "$a" ] || continue
		echo "fuzz: $t: CRASH: $a"; rc=1
	done
	for a in "$out/$t"-timeout-*; do
		[ -e "$a" ] || continue
		# alone, with ten times the time: a hang, or a slow input
		t0=$(now_ms)
		if "$out/$t" -runs=1 -timeout=$((10 * lim)) "$a" >/dev/null 2>&1; then
			echo "fuzz: $t: slow input, not a hang: $a ($(( ($(now_ms) - t0) / 1000 )) s alone)"
		else
			echo "fuzz: $t: HANG: $a (past $((10 * lim)) s alone)"; rc=1
		fi
	done
done
exit $rc
