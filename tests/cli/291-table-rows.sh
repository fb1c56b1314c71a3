# Issue 53: the table you post. Two results of abstat run -w getppid
# compared with --format mail: every line within 72 columns, each row on
# one line (name, both values, delta), the events no side counted in one
# line with the reason on the next, counts zero in every run named in one
# footer line, at most two warning lines; --all-rows keeps every row;
# compare --detail of examples/lab says its noise in one line; run and
# show do the same under their table.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
for s in a b; do
	"$ABSTAT" run -q -r 5 -w 'getppid:-n 20000' -o "$s.json" >/dev/null 2>&1 ||
		fail "cannot measure side $s"
done

test_expect_success 'compare --format mail: 72 columns, one line a row' '
	expect_exit 0 "$ABSTAT" compare --format mail a.json b.json &&
	width_ascii "$TESTTMP/out" 72 &&
	grep_out "^task-clock +[0-9.]+[mun]?s +[0-9.]+[mun]?s +[-+][0-9.]+% " &&
	grep_out "^task-clock/op +[0-9.]+[mun]?s +[0-9.]+[mun]?s +[-+][0-9.]+% " &&
	[ "$(grep -c "^task-clock" "$TESTTMP/out")" -eq 2 ]
'
test_expect_success 'no dead rows: one line names the events not counted, one the zero counts' '
	"$ABSTAT" compare --format mail a.json b.json >"$TESTTMP/out" 2>"$TESTTMP/err" &&
	nogrep_out "<not supported>" &&
	[ "$(grep -c "not supported\|^not counted here:" "$TESTTMP/out")" -le 2 ] &&
	[ "$(grep -c "^not counted here:" "$TESTTMP/out")" -le 1 ] &&
	if ! grep -q "^not counted here:" "$TESTTMP/out"; then
		grep -q "^cycles " "$TESTTMP/out" || fail "cycles neither counted nor named"
	fi &&
	if grep -q "^zero in every run" "$TESTTMP/out"; then
		grep "^zero in every run" "$TESTTMP/out" | sed "s/.*: //; s/ and [0-9]* more.*//" |
			tr "," "\n" | while read -r row; do
				if grep -q "^$row " "$TESTTMP/out"; then fail "$row is a row and named zero"; fi
			done
	fi
'
test_expect_success 'at most two warning lines, each once' '
	"$ABSTAT" compare --format mail a.json b.json >/dev/null 2>"$TESTTMP/err" &&
	[ "$(grep -c "^abstat: warning:" "$TESTTMP/err")" -le 2 ] &&
	[ "$(wc -l <"$TESTTMP/err")" -le 2 ] ||
	{ cat "$TESTTMP/err"; fail "more than two warning lines"; }
'
test_expect_success '--all-rows: every row of the file, dead or zero' '
	expect_exit 0 "$ABSTAT" compare --all-rows a.json b.json &&
	for row in task-clock context-switches cpu-migrations page-faults \
		wall user sys ns/op; do
		grep -q "^$row " "$TESTTMP/out" || fail "--all-rows left out $row"
	done &&
	nogrep_out "^not counted here:" && nogrep_out "^zero in every run"
'
test_expect_success 'a row asked for by --metric stays, zero or not' '
	expect_exit 0 "$ABSTAT" compare --metric cpu-migrations a.json b.json &&
	grep_out "^cpu-migrations "
'
test_expect_success 'compare --detail of examples/lab: at most three warning lines' '
	"$ABSTAT" compare --detail 6.1="$TOP/examples/lab/6.1" \
		6.12="$TOP/examples/lab/6.12" >/dev/null 2>"$TESTTMP/err" &&
	[ "$(wc -l <"$TESTTMP/err")" -le 3 ] &&
	grep -q "^abstat: warning: noisy runs in [0-9]* of [0-9]* benchmarks: " "$TESTTMP/err" ||
	{ cat "$TESTTMP/err"; fail "warnings"; }
'
test_expect_success 'show: the same rows left out under the table; --all-rows keeps them' '
	expect_exit 0 "$ABSTAT" show a.json &&
	width_ascii "$TESTTMP/out" 80 &&
	nogrep_out "<not supported>" &&
	if grep -q "^zero in every run:" "$TESTTMP/out"; then
		nogrep_out "^cpu-migrations +0 "
	fi &&
	expect_exit 0 "$ABSTAT" show --all-rows a.json &&
	grep_out "^cpu-migrations " && grep_out "^page-faults "
'
test_done
