# A primary row's interval and its verdict (issue 29): on every primary
# row of a 10-benchmark comparison of 3 boots a side (tests/golden/g10-*,
# bench/gen_boots.py: a +3% change that Holm over 10 tests calls on 2),
# the interval says what the verdict says, or carries the '!' that the
# footer explains; the geomean's interval has the boot as its unit. The
# where table flags its rows by the same rule (issue 39).
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
G=tests/golden
A=$G/g10-a-1.json,$G/g10-a-2.json,$G/g10-a-3.json
B=$G/g10-b-1.json,$G/g10-b-2.json,$G/g10-b-3.json

test_expect_success JQ 'json: every primary row agrees with its interval or says it does not' '
	"$ABSTAT" compare --format json $A $B >"$TESTTMP/g.json" 2>/dev/null &&
	n=$(jq "[.rows[] | select(.primary)] | length" "$TESTTMP/g.json") &&
	[ "$n" = 10 ] || fail "$n primary rows, not 10" &&
	bad=$(jq -r ".rows[] | select(.primary) | .deltas[0] as \$d |
		((\$d.delta_ci[0] > 0 or \$d.delta_ci[1] < 0) == (\$d.verdict == \"significant\")) as \$agree |
		select(\$agree == \$d.interval_disagrees) | .benchmark" "$TESTTMP/g.json") &&
	[ -z "$bad" ] || fail "unflagged disagreement: $bad" &&
	k=$(jq "[.rows[].deltas[] | select(.interval_disagrees)] | length" "$TESTTMP/g.json") &&
	[ "$k" -ge 1 ] || fail "the fixture has no disagreement to flag"
'
test_expect_success 'text: a flagged interval has its ! and the footer says what it means' '
	expect_exit 0 "$ABSTAT" compare $A $B &&
	[ "$(grep -c "^b[0-9]* .*\]! .* ~$" "$TESTTMP/out")" -ge 1 ] || fail "no flagged ~ row" &&
	if grep "^b[0-9]* .*\]! .* yes$" "$TESTTMP/out"; then fail "a yes row flagged"; fi &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "!: the interval is unadjusted and says otherwise than the Holm-adjusted verdict" ||
		fail "no footer sentence for !"
'
test_expect_success JQ 'geomean with boots: Welch t over the boots, said in json and text' '
	[ "$(jq -r ".geomean[0].method" "$TESTTMP/g.json")" = welch-t-boot-geomeans ] || fail "method" &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "Welch t over the boots, each boot" || fail "text does not say so"
'
test_expect_success JQ 'geomean with one session a side: the delta method, as before' '
	"$ABSTAT" compare --format json $G/suite-a.json $G/suite-b.json >"$TESTTMP/s.json" 2>/dev/null &&
	[ "$(jq -r ".geomean[0].method" "$TESTTMP/s.json")" = delta-method-log-ratio ] || fail "method"
'
test_expect_success 'the geomean coverage harness runs (10 trials)' '
	command -v python3 >/dev/null || fail "python3" &&
	ABSTAT=$ABSTAT python3 bench/errors_geomean.py 10 >"$TESTTMP/cov" &&
	grep -q "^welch-t-boot-geomeans .*%" "$TESTTMP/cov" || { cat "$TESTTMP/cov"; fail "no coverage line"; }
'
# tests/golden/prof5-*: 5 runs a side, Holm over 26 functions, so work_a
# moves 13 points (its interval clear of 0) and is still ~ (issue 39)
test_expect_success JQ 'where table: the same ! on a ~ row whose interval excludes 0, and the sentence' '
	expect_exit 0 "$ABSTAT" compare -q $G/prof5-a.json $G/prof5-b.json &&
	sed -n "/^where:/,\$p" "$TESTTMP/out" >"$TESTTMP/where" &&
	grep -Eq "^work_a .*\]! +[0-9.]+ ~$" "$TESTTMP/where" || fail "work_a: no !" &&
	if grep -E "^f02 .*\]!" "$TESTTMP/where"; then fail "f02 (0 inside) flagged"; fi &&
	tr "\n" " " <"$TESTTMP/where" | grep -q "!: the interval is unadjusted and says otherwise than the Holm-adjusted verdict" ||
		fail "no sentence for ! under the where table" &&
	"$ABSTAT" compare -q --format json $G/prof5-a.json $G/prof5-b.json >"$TESTTMP/w.json" &&
	[ "$(jq -r ".where[] | select(.function == \"work_a\") | .interval_disagrees" "$TESTTMP/w.json")" = true ] ||
		fail "json where: work_a not interval_disagrees"
'
test_done
