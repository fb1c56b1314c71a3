#!/bin/sh
# Fuzzing (libFuzzer, clang -fsanitize=fuzzer,address,undefined).
#   sh tests/fuzz/run.sh [SECONDS]  build, then fuzz every target for SECONDS
#                                   (default 60) at once; new inputs go to
#                                   build/fuzz/corpus-NAME, crashes to
#                                   build/fuzz/crash-NAME-*
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
echo "fuzz: each target for $secs s (at once):$targets"
for t in $targets; do
	mkdir -p "$out/corpus-$t"
	"$out/$t" -max_total_time="$secs" -timeout="$(limit "$t")" \
		-report_slow_units="$(limit "$t")" -rss_limit_mb=2048 \
		-max_len="$(maxlen "$t")" -print_final_stats=1 $(dict "$t") \
		-artifact_prefix="$out/crash-$t-" "$out/corpus-$t" "$(corpus "$t")" $(seeds "$t") \
		>"$out/$t.log" 2>&1 &
done
wait
rc=0
for t in $targets; do
	echo "fuzz: $t: $(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE)' "$out/$t.log" | tail -n 1)"
	grep -E '^stat::(number_of_executed_units|peak_rss_mb|new_units_added)' "$out/$t.log" | sed 's/^/    /'
	if ls "$out"/crash-"$t"-* >/dev/null 2>&1; then
		echo "fuzz: $t: CRASH: $(ls "$out"/crash-"$t"-*)"; rc=1
	fi
done
exit $rc
