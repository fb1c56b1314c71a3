# What a "~" could have missed (issue 39): every tested primary row says
# the smallest change its test would detect at 80% power, in text and
# json alike; --detect PCT says the boots (runs) a side needs; and the
# stated change is checked against its own seeded simulation (the unit
# test test_power: Welch t on boots, Mann-Whitney U on runs, 80% +-5).
# tags: sanitize
G=tests/golden
# ten benchmarks, three boots a side: each side one glob (compare reads it)
A="A=$G/g10-a-*.json" B="B=$G/g10-b-*.json"
test_lazy_prereq JQ 'command -v jq'

test_expect_success JQ 'json: a detectable change on every tested primary row, none elsewhere' '
	"$ABSTAT" compare --format json "$A" "$B" >"$TESTTMP/g.json" 2>/dev/null &&
	[ "$(jq "[.rows[] | select(.primary) | .deltas[0].detectable | select(. > 0)] | length" "$TESTTMP/g.json")" = 10 ] ||
		fail "not 10 detectable changes" &&
	[ "$(jq "[.rows[] | select(.primary | not) | .deltas[].detectable | select(. != null)] | length" "$TESTTMP/g.json")" = 0 ] ||
		fail "a secondary row states one" &&
	[ "$(jq -r "[.power, .power_alpha] | map(tostring) | join(\" \")" "$TESTTMP/g.json")" = "0.8 0.005" ] ||
		fail "power and its level"
'
test_expect_success JQ 'text: one line per primary row, the same number as json; a ~ says no change found' '
	expect_exit 0 "$ABSTAT" compare "$A" "$B" &&
	grep_out "^What each test could detect \\(80% power at alpha 0.05/10" &&
	[ "$(grep -c "^  b[0-9]*: .*could detect about [+]-[0-9.]*%$" "$TESTTMP/out")" = 10 ] || fail "not 10 lines" &&
	grep -q "^  b[0-9]*: ~ no change found; could detect about" "$TESTTMP/out" || fail "no ~ line" &&
	for b in b01 b02 b10; do
		t=$(sed -n "s/^  $b: .*could detect about +-\\([0-9.]*\\)%\$/\\1/p" "$TESTTMP/out") &&
		j=$(jq -r ".rows[] | select(.primary and .benchmark == \"$b\") | .deltas[0].detectable * 1000 | round / 10" "$TESTTMP/g.json") &&
		awk -v t="$t" -v j="$j" "BEGIN { exit !(t - j < 0.051 && j - t < 0.051) }" ||
			fail "$b: text $t%, json $j%"
	done
'
test_expect_success JQ '--detect at the stated change needs these 3 boots a side; half of it needs more' '
	x=$(jq -r ".rows[] | select(.primary and .benchmark == \"b04\") | .deltas[0].detectable * 100" "$TESTTMP/g.json") &&
	"$ABSTAT" compare --format json --detect "$x%" "$A" "$B" >"$TESTTMP/d.json" 2>/dev/null &&
	n=$(jq ".rows[] | select(.primary and .benchmark == \"b04\") | .deltas[0].detect_n" "$TESTTMP/d.json") &&
	[ "$n" = 3 ] || fail "--detect $x%: $n boots, not 3" &&
	h=$(awk -v x="$x" "BEGIN { print x / 2 }") &&
	"$ABSTAT" compare --format json --detect "$h" "$A" "$B" >"$TESTTMP/h.json" 2>/dev/null &&
	n=$(jq ".rows[] | select(.primary and .benchmark == \"b04\") | .deltas[0].detect_n" "$TESTTMP/h.json") &&
	[ "$n" -gt 3 ] || fail "--detect $h%: $n boots" &&
	[ "$(jq .detect "$TESTTMP/h.json")" != null ] || fail "json does not name --detect"
'
test_expect_success '--detect in text: the boots a side each row needs' '
	expect_exit 0 "$ABSTAT" compare --detect 2% "$A" "$B" &&
	[ "$(grep -c "^  b[0-9]*: .*; [+]-2% needs [0-9]* boots a side$" "$TESTTMP/out")" = 10 ] ||
		fail "not 10 rows with the boots they need"
'
test_expect_success 'runs: the spread within these sessions, and the runs a side' '
	expect_exit 0 "$ABSTAT" compare --detect 2 $G/base.json $G/same.json &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "from its own runs. spread, within these sessions" ||
		fail "the heading does not say within these sessions" &&
	tr -s "\n " "  " <"$TESTTMP/out" |
		grep -q " getppid: ~ no change found; could detect about [+]-[0-9.]*%; [+]-2% needs [0-9]* runs a side " ||
		{ cat "$TESTTMP/out"; fail "no runs a side"; }
'
test_expect_success JQ 'too few runs: no test, nothing stated' '
	"$ABSTAT" compare --format json $G/base.json $G/few.json >"$TESTTMP/f.json" 2>/dev/null &&
	[ "$(jq "[.rows[].deltas[].detectable | select(. != null)] | length" "$TESTTMP/f.json")" = 0 ] ||
		fail "a row with too few runs states a detectable change" &&
	expect_exit 0 "$ABSTAT" compare $G/base.json $G/few.json && nogrep_out "could detect"
'
test_expect_success '--detect refuses what is not a percentage' '
	expect_exit 2 "$ABSTAT" compare --detect x $G/base.json $G/same.json && one_line_err &&
	grep_err "^abstat: error: --detect: "
'
test_expect_success 'the stated change is detected in 80% +-5 of its simulated trials (test_power)' '
	[ -x "$BUILD/tests/test_power" ] || fail "no $BUILD/tests/test_power (make units)" &&
	"$BUILD/tests/test_power" >"$TESTTMP/p" 2>&1 || { cat "$TESTTMP/p"; fail "test_power"; } &&
	[ "$(grep -c "detected in [0-9.]*% of [0-9]* trials" "$TESTTMP/p")" -ge 6 ] || fail "no trials"
'
test_done
