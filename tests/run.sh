#!/bin/sh
# Test runner: every unit test binary (cmocka) and every CLI script in
# tests/cli/, one line each (PASS/FAIL/SKIP), then "N passed, N failed".
# A CLI script exits 0 to pass, 77 to skip (its last output line says why),
# anything else to fail. Run one: sh tests/run.sh tests/cli/010-run.sh
top=$(cd "$(dirname "$0")/.." && pwd)
export TOP="$top" ABSTAT="$top/abstat" BUILD="$top/build"
export ABSTAT_WORKLOAD_DIR="$top/build/workloads"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=99}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$top/tests/lsan.supp:print_suppressions=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=99}"
logdir=$(mktemp -d "${TMPDIR:-/tmp}/abstat-tests.XXXXXX")
pass=0 fail=0 skip=0 failed=

if [ $# -gt 0 ]; then
	tests="$*"
else
	tests="$(ls "$top"/build/tests/test_* 2>/dev/null | grep -v '\.d$') $(ls "$top"/tests/cli/*.sh)"
fi

for t in $tests; do
	name=${t#"$top"/}
	log="$logdir/$(echo "$name" | tr / _).log"
	case "$t" in
	*.sh) (cd "$top" && TESTTMP=$(mktemp -d "${TMPDIR:-/tmp}/abstat-t.XXXXXX") \
		sh -c '. tests/lib.sh; . "$0"; rc=$?; rm -rf "$TESTTMP"; exit $rc' "$t") >"$log" 2>&1 ;;
	*) "$t" >"$log" 2>&1 ;;
	esac
	rc=$?
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1)); echo "PASS $name"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1)); echo "SKIP $name: $(tail -n 1 "$log")"
	else
		fail=$((fail + 1)); failed="$failed $name"
		echo "FAIL $name (exit $rc)"; sed 's/^/    | /' "$log" | tail -n 40
	fi
done
rm -rf "$logdir"
[ -n "$failed" ] && echo "failed:$failed"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
