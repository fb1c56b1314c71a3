# The options perf stat and hyperfine users type from habit (issue 43):
# run, versus and profile answer each with one line saying what to type
# instead (doc/import.md, "Habits"), and exit 2; the other commands and
# other unknown options keep the usual message. perf stat returns the
# workload's exit status; abstat run stops at a failed run, exits 4 and
# records the exit status in the run.
cd "$TESTTMP" || fail "no TESTTMP"
# habit OPTION... SAY: abstat run OPTION... refused in one line with SAY
habit() {
	say=$(eval "printf %s \"\${$#}\"")
	n=$(($# - 1))
	set -- $(for i in $(seq $n); do eval "printf '%s\n' \"\${$i}\""; done)
	expect_exit 2 "$ABSTAT" run -q "$@" -- true && one_line_err &&
	grep_err "^abstat: error: run: $say" && [ ! -e abstat-result.json ] ||
		fail "$*: $(cat "$TESTTMP/err")"
}

test_expect_success 'hyperfine --runs N: -r N' '
	habit --runs 3 "--runs is hyperfine.s; abstat.s is -r N" &&
	habit --runs=3 "--runs is hyperfine.s; abstat.s is -r N"
'
test_expect_success 'hyperfine --export-json/--export-csv/--export-markdown: -o, show, compare' '
	habit --export-json f.json "--export-json is hyperfine.s; abstat.s JSON result is -o FILE" &&
	habit --export-csv f.csv "--export-csv .*abstat show --format csv FILE" &&
	habit --export-markdown f.md "--export-markdown .*abstat compare --format markdown A B" &&
	habit --export-json a.json --export-csv b.csv "--export-json is hyperfine.s" &&
	for f in f.json f.csv f.md a.json b.csv; do [ ! -e $f ] || fail "$f written"; done
'
test_expect_success 'perf stat -x SEP and -I MSECS, also as -x, and after -r' '
	habit -x , "-x SEP is perf stat.s CSV output; .*--format csv" &&
	habit -x, "-x SEP is perf stat.s CSV output" &&
	habit -r 2 -x ";" "-x SEP is perf stat.s CSV output" &&
	habit -I 100 "-I MSECS is perf stat.s interval counting; abstat counts each run whole"
'
test_expect_success 'profile and versus answer them too; compare keeps the usual message' '
	expect_exit 2 "$ABSTAT" profile -q -x, -- true && grep_err "profile: -x SEP is perf stat.s" &&
	expect_exit 2 "$ABSTAT" versus --runs 3 && grep_err "versus: --runs is hyperfine.s" &&
	expect_exit 2 "$ABSTAT" compare -x a.json b.json &&
	grep_err "compare: unknown option or missing value for .-x." &&
	expect_exit 2 "$ABSTAT" run --runsx 3 -- true &&
	grep_err "run: unknown option or missing value for .--runsx."
'
test_expect_success 'a failing workload: abstat run exits 4 and keeps its exit status per run' '
	expect_exit 4 "$ABSTAT" run -q -r 2 --warmup 0 -o f.json -- sh -c "exit 3" &&
	[ "$(json "d[\"benchmarks\"][0][\"runs\"][0][\"exit_status\"]" f.json)" = 3 ] ||
		fail "exit statuses $(json "[r[\"exit_status\"] for r in d[\"benchmarks\"][0][\"runs\"]]" f.json)"
'
test_done
