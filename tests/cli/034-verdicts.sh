# What a verdict can know, on real runs: two separate sessions give a
# "session" verdict at most, never acted on without --within-session; an
# interleaved versus (also saved with -o and compared later) gives "yes";
# three sessions per side in this one boot are sessions of it (issue 39),
# three boots per side (their boot_id as a reboot would change it) are
# compared as boots.
# tags: alone
P=$BUILD/tests/progs
# primary row's verdict word of the first benchmark, from compare json
N=$(spin_n 20) N2=$((N * 2))
# two sessions of different work: their argv differs, allowed explicitly
AL="--allow-env-diff benchmarks"
verdict() { json "d[\"rows\"][0][\"deltas\"][0][\"verdict_word\"], d[\"rows\"][0][\"primary\"], d[\"design\"]" "$1"; }

test_expect_success 'two sessions, 2x the work: a "session" verdict, the design says so' '
	expect_exit 0 "$ABSTAT" run -q -r 10 -e task-clock -n one -o "$TESTTMP/a.json" -- $P/spin $N &&
	expect_exit 0 "$ABSTAT" run -q -r 10 -e task-clock -n two -o "$TESTTMP/b.json" -- $P/spin $N2 &&
	expect_exit 0 "$ABSTAT" compare $AL "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	grep_out "1 session/side" &&
	grep_out "^task-clock .* session\$" &&
	expect_exit 0 "$ABSTAT" compare $AL --format json "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	[ "$(verdict "$TESTTMP/out")" = "session True sessions" ] || fail "verdict: $(verdict "$TESTTMP/out")"
'

test_expect_success 'two sessions: --fail-on-regression is not acted on, and says why' '
	expect_exit 0 "$ABSTAT" compare $AL --fail-on-regression 5 "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	grep_err "regression within these two sessions only .*not acted on"
'

test_expect_success 'two sessions: --within-session lets it act (exit 1)' '
	expect_exit 1 "$ABSTAT" compare $AL --fail-on-regression 5 --within-session "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	grep_err "regression beyond 5%: spin task-clock on two"
'

test_expect_success 'versus, interleaved: "yes", and so when its saved sides are compared (no --allow-env-diff)' '
	expect_exit 0 "$ABSTAT" versus -q -r 10 -e task-clock -n one,two -o "$TESTTMP/v" "$P/spin $N" "$P/spin $N2" &&
	grep_out "interleaved" &&
	grep_out "^task-clock .* yes\$" &&
	expect_exit 0 "$ABSTAT" compare --format json "$TESTTMP/v-one.json" "$TESTTMP/v-two.json" &&
	[ "$(verdict "$TESTTMP/out")" = "yes True interleaved" ] || fail "verdict: $(verdict "$TESTTMP/out")"
'

test_expect_success 'versus: a regression is acted on without --within-session' '
	expect_exit 1 "$ABSTAT" compare --fail-on-regression 5 "$TESTTMP/v-one.json" "$TESTTMP/v-two.json"
'

test_expect_success 'three sessions per side: sessions of this boot; three boots: compared as boots' '
	for i in 1 2 3; do
		"$ABSTAT" run -q -r 4 -e task-clock -n a -o "$TESTTMP/a$i.json" -- $P/spin $N >/dev/null 2>&1 || fail "run a$i"
		"$ABSTAT" run -q -r 4 -e task-clock -n b -o "$TESTTMP/b$i.json" -- $P/spin $N >/dev/null 2>&1 || fail "run b$i"
	done
	expect_exit 0 "$ABSTAT" compare --format json "A=$TESTTMP/a1.json,$TESTTMP/a2.json,$TESTTMP/a3.json" \
		"B=$TESTTMP/b1.json,$TESTTMP/b2.json,$TESTTMP/b3.json" &&
	json "d[\"design\"], d[\"test\"], d[\"sides\"][0][\"boots\"]" "$TESTTMP/out" |
		grep -q "^sessions mann-whitney-u 1\$" || fail "sessions of one boot not compared as sessions" &&
	for f in a1 a2 a3 b1 b2 b3; do
		json "d[\"env\"][\"kernel\"].update(boot_id=\"boot-$f\") or __import__(\"json\").dumps(d)" \
			"$TESTTMP/$f.json" >"$TESTTMP/r$f.json" || fail "reboot $f"
	done &&
	expect_exit 0 "$ABSTAT" compare --format json "A=$TESTTMP/ra1.json,$TESTTMP/ra2.json,$TESTTMP/ra3.json" \
		"B=$TESTTMP/rb1.json,$TESTTMP/rb2.json,$TESTTMP/rb3.json" &&
	json "d[\"design\"], d[\"test\"], d[\"rows\"][0][\"deltas\"][0][\"p\"] is not None" "$TESTTMP/out" |
		grep -q "^boots welch-t-log True\$" || fail "three boots not compared as boots"
'

test_expect_success 'two boots per side: never significant, "<3 boots"' '
	expect_exit 0 "$ABSTAT" compare "A=$TESTTMP/ra1.json,$TESTTMP/ra2.json" "B=$TESTTMP/rb1.json,$TESTTMP/rb2.json" &&
	grep_out "^task-clock .* <3 boots\$"
'
test_done
