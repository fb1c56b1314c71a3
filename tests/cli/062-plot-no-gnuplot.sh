# abstat plot without gnuplot in PATH: writes OUT.gp and OUT.dat next to
# OUT, says in one line how to render them, exits 6; they render later.
need_cmd python3
G="$TOP/tests/fixtures/plot/gen.py"
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$G" a.json --label base || fail "gen a"
python3 "$G" b.json --label new --ns 110 --seed 2 || fail "gen b"
mkdir dest
expect_exit 6 env PATH=/nonexistent "$ABSTAT" plot a.json b.json -o dest/chart.svg
[ ! -e dest/chart.svg ] || fail "chart.svg written without gnuplot"
[ -s dest/chart.gp ] && [ -s dest/chart.dat ] || fail "chart.gp/chart.dat missing"
[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] || { cat "$TESTTMP/err"; fail "not one line"; }
grep_err '^abstat: .*gnuplot.*not in PATH.*gnuplot dest/chart\.gp$'
# Existing files are not replaced without --force.
expect_exit 2 env PATH=/nonexistent "$ABSTAT" plot a.json b.json -o dest/chart.svg
grep_err 'exists'
expect_exit 6 env PATH=/nonexistent "$ABSTAT" plot --force a.json b.json -o dest/chart.svg
# With gnuplot back, the files render to the output first asked for.
command -v gnuplot >/dev/null 2>&1 || skip "needs gnuplot to render the .gp"
(cd / && gnuplot "$TESTTMP/dest/chart.gp") || fail "gnuplot chart.gp failed"
grep -q '<svg' dest/chart.svg || fail "chart.svg not rendered"
exit 0
