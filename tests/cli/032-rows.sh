# Rows of the tables: in run and versus, -e is the list of events to
# count and every row stays (wall, user, sys, ...); in compare and show,
# -e chooses rows. A one-run table still shows its time rows.
G=$TOP/tests/golden
P=$BUILD/tests/progs

# run -r 1 -e: the counted event and the time rows
expect_exit 0 "$ABSTAT" run -q -r 1 -e task-clock -- /bin/true
grep_out '^task-clock +[0-9]'
grep_out '^wall +[0-9.]+[kM]? +[0-9.]+[kM]? +0 '
grep_out '^user +[0-9]'
grep_out '^sys +[0-9]'
width_ascii "$TESTTMP/out" 80

# run -r 1 without -e: time rows too
expect_exit 0 "$ABSTAT" run -q -r 1 -- /bin/true
grep_out '^wall +[0-9]'
grep_out '^sys +[0-9]'

# versus -e: a wall row beside the counted event, and -e names no row
# that was not counted
expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock "$P/spin 1000" "$P/spin 1000"
grep_out '^task-clock +[0-9]'
grep_out '^wall +[0-9]'
grep_out '^user +[0-9]'
nogrep_out '^page-faults'
expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock --format json "$P/spin 1000" "$P/spin 1000"
[ "$(json '" ".join(sorted(r["metric"] for r in d["rows"]))' "$TESTTMP/out")" = "sys task-clock user wall" ] ||
	fail "versus -e rows: $(json '[r["metric"] for r in d["rows"]]' "$TESTTMP/out")"
# versus --metric still chooses rows
expect_exit 0 "$ABSTAT" versus -q -r 4 -e task-clock --metric wall --format json "$P/spin 1000" "$P/spin 1000"
[ "$(json '" ".join(r["metric"] for r in d["rows"])' "$TESTTMP/out")" = "wall" ] ||
	fail "versus --metric rows: $(json '[r["metric"] for r in d["rows"]]' "$TESTTMP/out")"

# compare -e filters: only that event's row
expect_exit 0 "$ABSTAT" compare -q -e task-clock --format json "$G/base.json" "$G/slow.json"
[ "$(json '" ".join(r["metric"] for r in d["rows"])' "$TESTTMP/out")" = "task-clock" ] ||
	fail "compare -e rows: $(json '[r["metric"] for r in d["rows"]]' "$TESTTMP/out")"
# -e with --metric: the rows of both lists
expect_exit 0 "$ABSTAT" compare -q -e task-clock --metric wall --format json "$G/base.json" "$G/slow.json"
[ "$(json '" ".join(sorted(r["metric"] for r in d["rows"]))' "$TESTTMP/out")" = "task-clock wall" ] ||
	fail "compare -e --metric rows: $(json '[r["metric"] for r in d["rows"]]' "$TESTTMP/out")"
# an event no side has is an error naming it
expect_exit 2 "$ABSTAT" compare -q -e no-such-event "$G/base.json" "$G/slow.json"
one_line_err
grep_err "no-such-event"

# show -e filters rows too
expect_exit 0 "$ABSTAT" show -e task-clock "$G/base.json"
grep_out '^task-clock +[0-9]'
nogrep_out '^wall +[0-9]'
