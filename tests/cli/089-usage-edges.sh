# Small usage edges of issue 16: each is one line and exit 2.
ok=tests/fuzz/corpus/result/ok-plain.json
test_expect_success 'show --metric bogus: exit 2 (as compare), one line naming it' '
	expect_exit 2 "$ABSTAT" show --metric bogus "$ok" &&
	one_line_err &&
	grep_err "show: --metric: no metric named .bogus. in .*ok-plain.json"
'
test_expect_success 'show --metric with a known name still shows' '
	expect_exit 0 "$ABSTAT" show --metric task-clock "$ok" &&
	grep_out task-clock
'
test_expect_success 'compare --metric "": a usage error about the empty list, not the baseline' '
	expect_exit 2 "$ABSTAT" compare --metric "" "$ok" "$ok" &&
	one_line_err &&
	grep_err "\-\-metric: the list is empty" &&
	if grep -q baseline "$TESTTMP/err"; then fail "blames the baseline"; fi
'
test_expect_success 'show --metric ",": the list is empty' '
	expect_exit 2 "$ABSTAT" show --metric , "$ok" &&
	grep_err "the list is empty"
'
test_expect_success 'run -- "": a usage error about the empty command' '
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -- "" &&
	one_line_err &&
	grep_err "the command is empty"
'
test_expect_success 'run -- DIRECTORY: exit 2, one line' '
	mkdir "$TESTTMP/d" &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -- "$TESTTMP/d" &&
	one_line_err &&
	grep_err "d is a directory, not a command"
'
test_expect_success 'run -- NAME where PATH has only a directory NAME: exit 2, one line' '
	mkdir -p "$TESTTMP/p/onlydir" &&
	PATH="$TESTTMP/p:$PATH" expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -- onlydir &&
	one_line_err &&
	grep_err "onlydir is a directory on PATH, not a command"
'
test_expect_success 'a directory earlier on PATH does not hide the program' '
	mkdir -p "$TESTTMP/p/true" &&
	PATH="$TESTTMP/p:$PATH" expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -- true
'
test_expect_success 'ABSTAT_WORKLOAD_DIR=/nonexistent: one line, no silent fall-back' '
	ABSTAT_WORKLOAD_DIR=$TESTTMP/nonexistent expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -w getppid &&
	one_line_err &&
	grep_err "not in ABSTAT_WORKLOAD_DIR \(.*nonexistent\); abstat looks nowhere else"
'
test_done
