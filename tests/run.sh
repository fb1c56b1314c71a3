#!/bin/sh
# Test runner: every unit test binary (cmocka) and every CLI script in
# tests/cli/ (named cases, tests/lib.sh), counted per case. One line per
# file (PASS/FAIL/SKIP with its case counts), every failing case by name
# with its output, the prerequisites this machine has, the skipped cases
# by missing prerequisite, then "N passed, N failed, N skipped".
#   sh tests/run.sh [-j N] [--tag TAG] [FILE...]
# -j N: N files at once (default: the CPU count). A file that measures
# time, samples, pins to a CPU or needs the machine quiet says so in one
# line, "# tags: alone" ("/* tags: alone */" in a unit test's source),
# and runs with nothing beside it once the others are done; "slow" (a
# build, the analyzer: minutes) starts before the others. The lines
# come in one order whatever N is: the files that share the machine, then
# those that run alone, each group sorted, so -j 1 and -j 2 print the
# same tally and the same lines (but the times).
# --tag TAG: only the files whose tag line names TAG; every unit test
# counts as tagged "sanitize" (make check SANITIZE=1: the unit tests and
# the files that parse or format input, doc/development.md).
# Run one: sh tests/run.sh tests/cli/010-run-result.sh
# Its "slowest:" line names the 8 slowest files; ABSTAT_TEST_TIMES=FILE
# keeps every file's seconds there, slowest first.
# Each CLI script has its own $TESTTMP and XDG_STATE_HOME below it (where
# versus without -o journals).
top=$(cd "$(dirname "$0")/.." && pwd)
self=$top/tests/run.sh
export TOP="$top" ABSTAT="$top/abstat" BUILD="$top/build"
export ABSTAT_WORKLOAD_DIR="$top/build/workloads"
# intercept_tls_get_addr=0: LeakSanitizer (clang 14) sizes a library's
# dynamic TLS block from the heap chunk header it guesses lies before it
# ("glibc >=2.19 suspected"), which under ASan's own heap can be any
# bytes: its tracer then dies scanning a block of 16 GB at 0x134 (seen in
# abstat profile --call-graph dwarf, libdw's TLS, by the heap's layout of
# the moment). No pointer abstat owns lives in a library's TLS.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=99:intercept_tls_get_addr=0}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$top/tests/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=99}"
export CMOCKA_MESSAGE_OUTPUT=STDOUT

# logname FILE: its log's name below the log directory
logname() { n=${1#"$top"/}; echo "$n" | tr / _; }

# run_one FILE: run it, its output in LOGDIR/NAME.log, "EXIT SECONDS"
# in LOGDIR/NAME.res
run_one() {
	_log=$ABSTAT_TEST_LOGDIR/$(logname "$1")
	_t0=$(date +%s)
	case "$1" in
	*.sh) (cd "$top" && TESTTMP=$(mktemp -d "${TMPDIR:-/tmp}/abstat-t.XXXXXX") \
		sh -c 'trap "rm -rf \"\$TESTTMP\" \"\$TESTTMP.pub\"" EXIT; export XDG_STATE_HOME="$TESTTMP/state"; . tests/lib.sh; . "$0"' "$1") >"$_log.log" 2>&1 ;;
	*) (cd "$top" && "$1") >"$_log.log" 2>&1 ;;
	esac
	echo "$? $(($(date +%s) - _t0))" >"$_log.res"
}

case "${1:-}" in
--one) run_one "$2"; exit 0 ;;
esac

jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
tag=
while [ $# -gt 0 ]; do
	case $1 in
	-j | --tag)
		[ $# -ge 2 ] || { echo "run.sh: error: $1 needs a value; usage: sh tests/run.sh [-j N] [--tag TAG] [FILE...]" >&2; exit 2; }
		case $1 in -j) jobs=$2 ;; *) tag=$2 ;; esac
		shift 2 ;;
	-j*) jobs=${1#-j}; shift ;;
	--) shift; break ;;
	-*) echo "run.sh: error: unknown option '$1'; usage: sh tests/run.sh [-j N] [--tag TAG] [FILE...]" >&2; exit 2 ;;
	*) break ;;
	esac
done
case $jobs in
'' | *[!0-9]* | 0) echo "run.sh: error: -j takes a number of files at once, 1 or more" >&2; exit 2 ;;
esac

logdir=$(mktemp -d "${TMPDIR:-/tmp}/abstat-tests.XXXXXX")
trap 'rm -rf "$logdir"' EXIT
export ABSTAT_TEST_LOGDIR="$logdir"
pass=0 fail=0 skip=0 failed=
: >"$logdir/missing"

if [ $# -gt 0 ]; then
	tests="$*"
else
	tests="$(ls "$top"/build/tests/test_* 2>/dev/null | grep -v '\.d$') $(ls "$top"/tests/cli/*.sh)"
fi

# tags FILE: the words of its tag line (a unit test: its source's; every
# unit test is "sanitize")
tags() {
	case "$1" in
	*.sh) sed -n 's/^# tags: //p' "$1" | head -n 1 ;;
	*) u=$top/tests/unit/${1##*/}.c
		echo "sanitize $(sed -n 's|^/\* tags: \(.*\) \*/$|\1|p' "$u" 2>/dev/null | head -n 1)" ;;
	esac
}
shared= alone= slow=
for t in $tests; do
	tg=" $(tags "$t") "
	if [ -n "$tag" ]; then
		case $tg in *" $tag "*) ;; *) continue ;; esac
	fi
	case $tg in
	*" alone "*) alone="$alone $t" ;;
	*" slow "*) shared="$shared $t" slow="$slow $t" ;;
	*) shared="$shared $t" ;;
	esac
done

echo "prerequisites: $("$top/build/tests/prereq" all 2>/dev/null | tr '\n' ' ')$(
	[ "$(id -u)" -eq 0 ] && echo 'ROOT yes' || echo 'ROOT no')"

# counts LOG: "P F S" for a cmocka binary's or a CLI script's output
count_cmocka() {
	awk '/^\[       OK \] /{p++} /^\[  SKIPPED \] [^0-9]/{s[$0]=1}
	     /^\[  FAILED  \] [^0-9]/{f[$0]=1}
	     END {printf "%d %d %d\n", p, length(f), length(s)}' "$1"
}
count_tap() {
	awk '/^ok [0-9]+ # skip /{s++; next} /^ok [0-9]+ /{p++} /^not ok /{f++}
	     END {printf "%d %d %d\n", p, f, s}' "$1"
}

# report FILE: its line (and its failures), added to the tally
report() {
	name=${1#"$top"/}
	log=$logdir/$(logname "$1")
	read -r rc secs <"$log.res" || { rc=1 secs=0; }
	log=$log.log
	case "$1" in
	*.sh) set -- $(count_tap "$log") ;;
	*) set -- $(count_cmocka "$log") ;;
	esac
	p=$1 f=$2 s=$3
	if [ $rc -eq 77 ] && [ $((p + f + s)) -eq 0 ]; then
		s=1 # the whole file: its last line says what is missing
		why=$(tail -n 1 "$log")
		echo "SKIP $name: $why"
		echo "$why" | grep -o 'missing prerequisite [!A-Z0-9_]*' >>"$logdir/missing" ||
			echo "missing prerequisite (unnamed)" >>"$logdir/missing"
	elif [ $rc -eq 0 ] && [ $((p + f + s)) -eq 0 ]; then
		p=1 # a script without named cases
	elif [ $rc -ne 0 ] && [ $f -eq 0 ]; then
		f=1 # died outside any case (crash, sanitizer, exit before test_done)
	else
		# one "missing prerequisite X" per skipped case (TAP line, or
		# printed by the unit test just before cmocka's skip())
		grep -E '^ok [0-9]+ # skip |^missing prerequisite ' "$log" |
			grep -o 'missing prerequisite [!A-Z0-9_]*' >>"$logdir/missing"
	fi
	echo "$secs $name" >>"$logdir/times"
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
	if [ $f -gt 0 ]; then
		failed="$failed $name"
		echo "FAIL $name ($p passed, $f failed, $s skipped; exit $rc)"
		grep -E '^not ok |^\[  FAILED  \] [^0-9]' "$log" | sort -u | sed 's/^/    failed case: /'
		sed 's/^/    | /' "$log" | tail -n 60
	elif [ $p -gt 0 ]; then
		echo "PASS $name ($p passed, $s skipped)" | sed 's/, 0 skipped//'
	elif [ $rc -ne 77 ]; then
		echo "SKIP $name ($s skipped)"
	fi
}

t0=$(date +%s)
# the files that share the machine, $jobs at once (one at a time: each
# line as its file ends)
if [ "$jobs" -gt 1 ]; then
	# those tagged slow (minutes: builds, the analyzer) start first, so
	# that the others fill the CPUs beside them rather than after
	{ for t in $slow; do echo "$t"; done
	  for t in $shared; do
		case " $slow " in *" $t "*) ;; *) echo "$t" ;; esac
	  done; } |
		xargs -r -n 1 -P "$jobs" sh "$self" --one
	for t in $shared; do report "$t"; done
else
	for t in $shared; do run_one "$t"; report "$t"; done
fi
# then those that run alone
for t in $alone; do run_one "$t"; report "$t"; done

if [ -s "$logdir/missing" ]; then
	echo "skipped by prerequisite: $(sed 's/missing prerequisite //' "$logdir/missing" |
		sort | uniq -c | awk '{printf "%s%s %d", (NR > 1 ? ", " : ""), $2, $1}')"
fi
# where the time went (CI's budget: doc/development.md)
[ -s "$logdir/times" ] && echo "slowest: $(sort -rn "$logdir/times" | head -n 8 |
	awk '{printf "%s%s %ds", (NR > 1 ? ", " : ""), $2, $1}'); files $(awk '{s += $1} END {print s}' "$logdir/times")s, wall $(($(date +%s) - t0))s, -j $jobs"
[ -n "${ABSTAT_TEST_TIMES:-}" ] && sort -rn "$logdir/times" >"$ABSTAT_TEST_TIMES"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
