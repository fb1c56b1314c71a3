# Saved versus -o files keep what A and B were (issue 29): each result's
# config.versus names its side (index, label, command); compare of them
# later shows "versus LABEL: COMMAND" above the table and in json, and
# refuses a side that pools files of two versus sides (but with
# --allow-mixed, which names them).
# tags: sanitize
P=$BUILD/tests/progs

test_expect_success 'versus -o: config.versus names each side' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -n a,b -o "$TESTTMP/v" \
		"$P/spin 20000" "$P/spin 40000" &&
	json "d[\"config\"][\"versus\"]" "$TESTTMP/v-a.json" >"$TESTTMP/id" &&
	grep -q "'"'side': 0, 'label': 'a', 'argv': \[.*spin', '20000'\]"'" "$TESTTMP/id" ||
		{ cat "$TESTTMP/id"; fail "no config.versus in v-a.json"; }
'
test_expect_success 'compare later: the header says what A and B were' '
	expect_exit 0 $ABSTAT compare -q "$TESTTMP/v-a.json" "$TESTTMP/v-b.json" &&
	grep_out "^versus a: .*/spin 20000$" && grep_out "^versus b: .*/spin 40000$" &&
	nogrep_out "^environment: no recorded difference"
'
test_expect_success 'compare later, json: each side its versus' '
	$ABSTAT compare -q --format json "$TESTTMP/v-a.json" "$TESTTMP/v-b.json" >"$TESTTMP/c.json" &&
	json "[s[\"versus\"].split(\"/\")[-1] for s in d[\"sides\"]]" "$TESTTMP/c.json" | grep -q "spin 20000.*spin 40000" ||
		fail "json sides lack versus"
'
test_expect_success 'a side that pools both versus sides is refused, one line, exit 2' '
	expect_exit 2 $ABSTAT compare -q "$TESTTMP/v-a.json,$TESTTMP/v-b.json" "$TESTTMP/v-b.json" &&
	one_line_err && grep_err "pools versus side .a: .*spin 20000. .*v-a.json. and .b: .*spin 40000."
'
test_expect_success '--allow-mixed: two versus sessions of one command under other labels pool, both named (issue 39)' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -n x,y -o "$TESTTMP/w" \
		"$P/spin 20000" "$P/spin 40000" &&
	expect_exit 2 $ABSTAT compare -q "$TESTTMP/v-a.json,$TESTTMP/w-x.json" "$TESTTMP/v-b.json,$TESTTMP/w-y.json" &&
	grep_err "or --allow-mixed to pool them" &&
	expect_exit 0 $ABSTAT compare -q --allow-mixed --allow-env-diff benchmarks.spin.argv "$TESTTMP/v-a.json,$TESTTMP/w-x.json" \
		"$TESTTMP/v-b.json,$TESTTMP/w-y.json" &&
	tr -s "\n " "  " <"$TESTTMP/out" >"$TESTTMP/joined" &&
	grep -q "versus a: [^ ]*/spin 20000; pooled with x: [^ ]*/spin 20000 versus b: [^ ]*/spin 40000; pooled with y: [^ ]*/spin 40000 " "$TESTTMP/joined" ||
		{ cat "$TESTTMP/out"; fail "the pooled versus sides are not named"; }
'
test_expect_success 'versus itself prints its sides once' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock -n a,b "$P/spin 20000" "$P/spin 40000" &&
	[ "$(grep -c "^versus a:" "$TESTTMP/out")" -eq 1 ] || fail "the sides printed twice"
'
test_done
