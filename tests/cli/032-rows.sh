# Rows of the tables: in run and versus, -e is the list of events to
# count and every row stays (wall, user, sys, ...); in compare and show,
# -e chooses rows. A one-run table still shows its time rows.
# tags: sanitize
G=$TOP/tests/golden
P=$BUILD/tests/progs
# rows FILE: the metrics of a JSON table, space-separated (sorted with -s)
rows() { json '" ".join(r["metric"] for r in d["rows"])' "$1"; }
srows() { json '" ".join(sorted(r["metric"] for r in d["rows"]))' "$1"; }

test_expect_success 'run -r 1 -e: the counted event and the time rows (SD 0), 80 columns' '
	expect_exit 0 "$ABSTAT" run -q -r 1 -e task-clock -- /bin/true &&
	grep_out "^task-clock +[0-9]" &&
	grep_out "^wall +[0-9.]+[kM]? +[0-9.]+[kM]? +0 " &&
	grep_out "^user +[0-9]" &&
	grep_out "^sys +[0-9]" &&
	width_ascii "$TESTTMP/out" 80
'
test_expect_success 'run -r 1 without -e: the time rows too' '
	expect_exit 0 "$ABSTAT" run -q -r 1 -- /bin/true &&
	grep_out "^wall +[0-9]" &&
	grep_out "^sys +[0-9]"
'

test_expect_success 'versus -e: a wall row beside the counted event, no other event' '
	expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock "$P/spin 1000" "$P/spin 1000" &&
	grep_out "^task-clock +[0-9]" &&
	grep_out "^wall +[0-9]" &&
	grep_out "^user +[0-9]" &&
	nogrep_out "^page-faults"
'
test_expect_success 'versus -e --format json: rows sys task-clock user wall' '
	expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock --format json "$P/spin 1000" "$P/spin 1000" &&
	got=$(srows "$TESTTMP/out") &&
	[ "$got" = "sys task-clock user wall" ] || fail "versus -e rows: $got"
'
test_expect_success 'versus --metric chooses the rows beside the primary one' '
	expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock --metric wall --format json "$P/spin 1000" "$P/spin 1000" &&
	got=$(rows "$TESTTMP/out") &&
	[ "$got" = "task-clock wall" ] || fail "versus --metric rows: $got"
'

test_expect_success 'compare -e: the primary row and that event'"'"'s row' '
	expect_exit 0 "$ABSTAT" compare -q -e task-clock --format json "$G/base.json" "$G/slow.json" &&
	got=$(rows "$TESTTMP/out") &&
	[ "$got" = "task-clock/op task-clock" ] || fail "compare -e rows: $got"
'
test_expect_success 'compare -e with --metric: the rows of both lists' '
	expect_exit 0 "$ABSTAT" compare -q -e task-clock --metric wall --format json "$G/base.json" "$G/slow.json" &&
	got=$(srows "$TESTTMP/out") &&
	[ "$got" = "task-clock task-clock/op wall" ] || fail "compare -e --metric rows: $got"
'
test_expect_success 'compare -e an event no side has: exit 2, one error line naming it' '
	expect_exit 2 "$ABSTAT" compare -q -e no-such-event "$G/base.json" "$G/slow.json" &&
	one_line_err &&
	grep_err "no-such-event"
'

test_expect_success 'show -e filters rows too' '
	expect_exit 0 "$ABSTAT" show -e task-clock "$G/base.json" &&
	grep_out "^task-clock +[0-9]" &&
	nogrep_out "^wall +[0-9]"
'
test_done
