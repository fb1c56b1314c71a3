# A huge input is refused in bounded time and memory (issue 27, R3): a
# one-line hyperfine file of 9,000,000 times (63 MB) fails before it is
# parsed (more than IMPORT_MAX_VALUES commas), one of 600,000 times and a
# gobench file of 600,000 lines past IMPORT_MAX_RUNS, each in one line
# that advises what import can do (split the input), never run's -r or
# -e. No time is asserted; memory is bounded by ulimit -v (not in the
# sanitizer build: ASan reserves terabytes of shadow at start-up).
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 - <<'PY' || fail "cannot make the inputs"
def hf(name, n):
    with open(name, "w") as f:
        f.write('{"results":[{"command":"a","times":[' + ",".join(["0.0001"] * n) + "]}]}")
hf("huge.json", 9000000)
hf("many.json", 600000)
with open("many.txt", "w") as f:
    f.write("BenchmarkA 100 5 ns/op\n" * 600000)
PY
# vlimit KB: ulimit -v KB, except in the sanitizer build
if grep -qa __asan_init "$ABSTAT"; then vlimit() { :; }; else vlimit() { ulimit -v "$1"; }; fi
refused() {
	one_line_err &&
	grep_err "$1" &&
	grep_err "split the input and import each part into its own result" &&
	! grep -q -- "-r, -e\|(-r\|-e)" "$TESTTMP/err" || fail "advises an option import lacks"
	[ ! -e out.json ] || fail "a result was written"
}
test_expect_success 'a 63 MB one-line hyperfine file: refused before it is parsed' '
	(vlimit 1000000; expect_exit 2 "$ABSTAT" import hyperfine huge.json -o out.json) &&
	refused "huge.json: more than 2000000 values"
'
test_expect_success 'hyperfine with 600,000 times: more runs than a result holds' '
	(vlimit 1500000; expect_exit 2 "$ABSTAT" import hyperfine many.json -o out.json) &&
	refused "many.json: more than 500000 runs"
'
test_expect_success 'gobench with 600,000 results: more runs than a result holds' '
	(vlimit 1500000; expect_exit 2 "$ABSTAT" import gobench many.txt -o out.json) &&
	refused "many.txt: more than 500000 runs"
'
test_expect_success 'import --help names no option it lacks in these messages' '
	expect_exit 0 "$ABSTAT" import --help &&
	! grep -q -- "--runs\|-r,\|-e," "$TESTTMP/out"
'
test_done
