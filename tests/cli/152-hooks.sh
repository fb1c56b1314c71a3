# Hooks with hyperfine's names: --setup and --cleanup once per benchmark,
# --prepare and --conclude around every run (warm-ups too), through
# /bin/sh -c, never counted; a failing hook is fatal with one line naming
# it, its command and its exit status (exit 4); recorded in the config.
L=$TESTTMP/log
R=$TESTTMP/h.json

test_expect_success 'the order: setup, prepare/run/conclude per run, cleanup' '
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 1 -e task-clock -o "$R" \
		--setup "echo setup >>$L" --cleanup "echo cleanup >>$L" \
		--prepare "echo prepare >>$L" --conclude "echo conclude >>$L" \
		-- sh -c "echo run >>$L" &&
	printf "setup\nprepare\nrun\nconclude\nprepare\nrun\nconclude\nprepare\nrun\nconclude\ncleanup\n" >"$TESTTMP/want" &&
	diff "$TESTTMP/want" "$L"
'
test_expect_success 'the hooks are recorded in the result config' '
	json "d[\"config\"][\"prepare\"], d[\"config\"][\"setup\"]" "$R" | grep -q "echo prepare >>.*echo setup"
'
test_expect_success 'a hook is outside the run: its output is not the run'"'"'s' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/o.json" \
		--prepare "echo x 99; echo x 98 >&2" --score "x=x ([0-9]+)" -- echo x 1 &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"scores\"][\"x\"]" "$TESTTMP/o.json" | grep -q "^1.0\$"
'
test_expect_success 'one benchmark per -w: setup and cleanup around each' '
	rm -f "$L" &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -w getppid:"-n 10",getppid:"-n 20" \
		--setup "echo setup >>$L" --cleanup "echo cleanup >>$L" &&
	printf "setup\ncleanup\nsetup\ncleanup\n" >"$TESTTMP/want" && diff "$TESTTMP/want" "$L"
'
test_expect_success 'a failing --prepare stops with one line: hook, command, status; exit 4' '
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock --prepare "exit 3" -- /bin/true &&
	one_line_err &&
	grep_err "true, before a run: --prepare .exit 3. exited with status 3; stopping"
'
test_expect_success 'cleanup still runs after a failing run' '
	rm -f "$L" &&
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock --cleanup "echo cleanup >>$L" -- /bin/false &&
	grep -qx cleanup "$L"
'
test_expect_success 'a failing --setup runs nothing' '
	rm -f "$L" &&
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock --setup "false" -- sh -c "echo run >>$L" &&
	grep_err "--setup .false. exited with status 1" &&
	test ! -e "$L"
'
test_expect_success 'a hook killed by a signal says so' '
	expect_exit 4 $ABSTAT run -q -r 1 -e task-clock --conclude "kill -TERM \$\$" -- /bin/true &&
	grep_err "--conclude .* was killed by signal 15"
'
# A session stopped before any measured run prints no table of
# <not counted> rows (the error line says it all), with or without -q.
for q in -q ""; do
	test_expect_success "a failing --prepare ${q:-(no -q)}: nothing on stdout" '
		expect_exit 4 $ABSTAT run $q -r 3 --prepare false -w getppid &&
		[ ! -s "$TESTTMP/out" ] || { cat "$TESTTMP/out"; fail "a table of nothing"; }
	'
done
test_expect_success 'a failing --setup or warm-up: nothing on stdout either' '
	expect_exit 4 $ABSTAT run -q -r 3 --setup false -w getppid &&
	[ ! -s "$TESTTMP/out" ] &&
	expect_exit 4 $ABSTAT run -q -r 3 -- /bin/false &&
	[ ! -s "$TESTTMP/out" ] || { cat "$TESTTMP/out"; fail "a table of nothing"; }
'
test_expect_success 'stopped in the second benchmark: its header and one line' '
	rm -f "$TESTTMP/stop" &&
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock -w getppid -w getuid \
		--prepare "test ! -e $TESTTMP/stop" --cleanup "touch $TESTTMP/stop" \
		-o "$TESTTMP/two.json" &&
	grep_out "^task-clock/op " &&
	grep_out "^getuid .*: 0 runs," &&
	grep -A 2 "^getuid " "$TESTTMP/out" | tail -n 1 |
		grep -qx "no measured run: nothing to summarise" &&
	[ "$(grep -c "not counted" "$TESTTMP/out")" -eq 0 ] ||
		{ cat "$TESTTMP/out"; fail "second benchmark"; }
'
test_expect_success 'show of it: the same, no empty table' '
	expect_exit 0 $ABSTAT show "$TESTTMP/two.json" &&
	grep_out "^no measured run: nothing to summarise\$" &&
	nogrep_out "not counted"
'
test_expect_success 'an empty hook: one-line usage error, exit 2' '
	expect_exit 2 $ABSTAT run --prepare " " -- /bin/true && one_line_err
'
test_done
