# abstat plot without gnuplot in PATH: writes OUT.gp and OUT.dat next to
# OUT, says in one line how to render them, exits 6; they render later.
G="$TOP/tests/fixtures/plot/gen.py"
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$G" a.json --label base || fail "gen a"
python3 "$G" b.json --label new --ns 110 --seed 2 || fail "gen b"
mkdir dest

test_expect_success 'no gnuplot: exit 6, OUT.gp and OUT.dat written, OUT not' '
	expect_exit 6 env PATH=/nonexistent "$ABSTAT" plot a.json b.json -o dest/chart.svg &&
	if [ -e dest/chart.svg ]; then fail "chart.svg written without gnuplot"; fi &&
	{ [ -s dest/chart.gp ] && [ -s dest/chart.dat ] || fail "chart.gp/chart.dat missing"; }
'
test_expect_success 'no gnuplot: one line saying how to render' '
	mkdir dest2 &&
	expect_exit 6 env PATH=/nonexistent "$ABSTAT" plot a.json b.json -o dest2/chart.svg &&
	{ [ "$(wc -l <"$TESTTMP/err")" -eq 1 ] || { cat "$TESTTMP/err"; fail "not one line"; }; } &&
	grep_err "^abstat: .*gnuplot.*not in PATH.*gnuplot dest2/chart\.gp\$"
'
test_expect_success 'existing OUT.gp and OUT.dat are not replaced without --force' '
	mkdir dest3 && echo keep >dest3/chart.gp && echo keep >dest3/chart.dat &&
	expect_exit 2 env PATH=/nonexistent "$ABSTAT" plot a.json b.json -o dest3/chart.svg &&
	grep_err "exists" &&
	{ [ "$(cat dest3/chart.gp)$(cat dest3/chart.dat)" = keepkeep ] || fail "existing files changed"; }
'
test_expect_success '--force replaces them, exit 6' '
	mkdir dest4 && echo keep >dest4/chart.gp && echo keep >dest4/chart.dat &&
	expect_exit 6 env PATH=/nonexistent "$ABSTAT" plot --force a.json b.json -o dest4/chart.svg &&
	if [ "$(cat dest4/chart.gp)" = keep ] || [ "$(cat dest4/chart.dat)" = keep ]; then
		fail "--force did not replace chart.gp/chart.dat"
	fi
'
# With gnuplot back, the files render to the output first asked for.
test_expect_success GNUPLOT 'with gnuplot back, chart.gp renders the chart.svg first asked for' '
	[ -s dest/chart.gp ] || fail "no dest/chart.gp (first case)"
	(cd / && gnuplot "$TESTTMP/dest/chart.gp") || fail "gnuplot chart.gp failed"
	grep -q "<svg" dest/chart.svg || fail "chart.svg not rendered"
'
test_done
