# compare with three sides or more: one table, a column group per side,
# every delta against the baseline (--baseline chooses it), Holm over all
# side-vs-baseline tests of the primary rows, blocks of sides in mail
# when they do not fit, each repeating the baseline; two sides keep the
# pairwise table (tests/golden).
# tags: sanitize
G=$TOP/tests/golden

test_expect_success '3 sides: one table, a column per side, no pairwise blocks' '
	expect_exit 0 "$ABSTAT" compare A=$G/base.json B=$G/slow.json C=$G/fast.json &&
	nogrep_out "^A vs [BC]:" &&
	[ "$(grep -c "^ns/op" "$TESTTMP/out")" -eq 1 ] ||
		{ cat "$TESTTMP/out"; fail "ns/op is not one row"; }
	grep_out "^ +A +B +C$" &&
	grep_out "^task-clock/op .*[+]3[.]7%s .*-7[.]8%s$"
'
test_expect_success '3 sides json: Holm over every side-vs-baseline test, deltas per side' '
	expect_exit 0 "$ABSTAT" compare --format json A=$G/base.json B=$G/slow.json C=$G/fast.json &&
	json "d[\"tests\"], d[\"schema_version\"], d[\"baseline\"], [len(r[\"deltas\"]) for r in d[\"rows\"]][0]" "$TESTTMP/out" >"$TESTTMP/got" &&
	grep -qx "2 4 A 2" "$TESTTMP/got" || { cat "$TESTTMP/got"; fail "want 2 tests, schema 4, baseline A, 2 deltas"; }
'
test_expect_success 'Holm: a p-value adjusted over both comparisons, not per pair' '
	expect_exit 0 "$ABSTAT" compare --format json A=$G/base.json B=$G/slow.json C=$G/few.json &&
	python3 - "$TESTTMP/out" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	prim = [r for r in d["rows"] if r["primary"]][0]
	fam = [x for x in prim["deltas"] if x["p_holm"] is not None]
	# few.json has 3 runs: no test, so the family is the one of B
	assert d["tests"] == 1 and len(fam) == 1, (d["tests"], fam)
	PY
	[ $? -eq 0 ] || fail "Holm over A, B, C"
	expect_exit 0 "$ABSTAT" compare --format json A=$G/base.json B=$G/slow.json C=$G/fast.json D=$G/drift.json &&
	python3 - "$TESTTMP/out" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	prim = [r for r in d["rows"] if r["primary"]][0]
	ps = sorted((x["p"], x["p_holm"]) for x in prim["deltas"])
	m = len(ps)
	assert d["tests"] == 3 == m, d["tests"]
	# Holm: the smallest p times m, capped at 1, monotone
	assert abs(ps[0][1] - min(1, ps[0][0] * m)) < 1e-12, ps
	assert all(ps[i][1] <= ps[i + 1][1] + 1e-15 for i in range(m - 1)), ps
	PY
'
test_expect_success '--baseline C: C first, deltas against it' '
	expect_exit 0 "$ABSTAT" compare --format json --baseline C A=$G/base.json B=$G/slow.json C=$G/fast.json &&
	json "\",\".join(s[\"label\"] for s in d[\"sides\"]) + \" \" + d[\"baseline\"]" "$TESTTMP/out" >"$TESTTMP/got" &&
	grep -qx "C,A,B C" "$TESTTMP/got" || { cat "$TESTTMP/got"; fail "C is not first"; }
'
test_expect_success '--baseline with two sides: the pairwise table, reversed' '
	expect_exit 0 "$ABSTAT" compare --metric ns/op --baseline B A=$G/base.json B=$G/slow.json &&
	grep_out "^ +B +A$" && grep_out "^ns/op .* -3[.][0-9]% "
'
test_expect_success '--baseline NOPE: exit 2, one line naming the labels' '
	expect_exit 2 "$ABSTAT" compare --baseline NOPE A=$G/base.json B=$G/slow.json &&
	one_line_err && grep_err "NOPE.*the labels are A, B"
'
test_expect_success '--baseline (empty): exit 2' '
	expect_exit 2 "$ABSTAT" compare --baseline "" A=$G/base.json B=$G/slow.json &&
	one_line_err
'
test_expect_success 'mail, 4 sides: blocks within 72 columns, each repeating the baseline' '
	expect_exit 0 "$ABSTAT" compare --format mail k47=$G/base.json k52=$G/slow.json kcur=$G/fast.json kfew=$G/few.json &&
	width_ascii "$TESTTMP/out" 72 &&
	[ "$(grep -Ec "^ +k47( |$)" "$TESTTMP/out")" -eq 2 ] ||
		{ cat "$TESTTMP/out"; fail "want two blocks starting with k47"; }
	grep_out "^ +k47 +kfew$"
'
test_expect_success 'text, 4 sides: one block within 80 columns' '
	expect_exit 0 "$ABSTAT" compare k47=$G/base.json k52=$G/slow.json kcur=$G/fast.json kfew=$G/few.json &&
	width_ascii "$TESTTMP/out" 80 &&
	grep_out "^ +k47 +k52 +kcur +kfew$" &&
	grep_out "[+]4[.]1%[?]$"
'
test_expect_success 'many sides with long labels fit 72 columns, each label its end' '
	L=a-very-long-label-for-a-kernel-side
	expect_exit 0 "$ABSTAT" compare --format mail $L-1=$G/base.json $L-2=$G/slow.json $L-3=$G/fast.json $L-4=$G/few.json $L-5=$G/drift.json &&
	width_ascii "$TESTTMP/out" 72 &&
	grep_out "^ +[.][.][a-z-]*side-1 +[.][.][a-z-]*side-2 "
'
test_expect_success 'markdown, 3 sides: one pipe table with 3 + 4 per side cells' '
	expect_exit 0 "$ABSTAT" compare --format markdown --metric ns/op A=$G/base.json B=$G/slow.json C=$G/fast.json &&
	[ "$(grep -c "^| metric" "$TESTTMP/out")" -eq 1 ] || fail "not one table"
	awk -F"|" "/^[|] (metric|task-clock|ns)/ { if (NF - 2 != 11) { print; exit 1 } }" "$TESTTMP/out" ||
		fail "a row is not 11 cells"
'
test_expect_success 'csv, 3 sides: a line per row and side, deltas against the baseline' '
	expect_exit 0 "$ABSTAT" compare --format csv --metric ns/op A=$G/base.json B=$G/slow.json C=$G/fast.json &&
	[ "$(grep -c "^getppid,ns/op," "$TESTTMP/out")" -eq 3 ] || fail "not 3 ns/op lines"
	grep_out "^getppid,ns/op,ns,2,C,.*,secondary,0,0,secondary,$"
'
test_done
