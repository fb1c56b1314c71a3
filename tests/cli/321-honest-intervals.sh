# Issue 51: what compare says is as certain as its design. (1) Where no
# test ran (too few runs, too few boots) json and csv carry a null
# interval and p, as the tables print "-". (2) The runs of one
# interleaved session are tested as pairs (Wilcoxon signed-rank on the
# log ratios, the Hodges-Lehmann interval), each json row naming its
# test. (3) Files that record no boot (imports: no kernel at all) are of
# one unknown boot: three imports of one hyperfine file are sessions,
# "boot unknown", never "boots 3/3", unless --assume-boots.
# tags: sanitize
G=$TOP/tests/golden
FIX=$TOP/tests/fixtures/import
cd "$TESTTMP" || fail "no TESTTMP"

test_expect_success 'too few runs and 3 boots against 1: json interval and p null' '
	"$ABSTAT" compare --format json $G/base.json $G/few.json >few.json 2>/dev/null &&
	"$ABSTAT" compare --format json $G/base-b1.json,$G/base-b2.json,$G/base-b3.json $G/slow.json >b31.json 2>/dev/null &&
	for f in few.json b31.json; do
		json "[(r[\"metric\"], x[\"verdict\"]) for r in d[\"rows\"] for x in r[\"deltas\"] if x[\"delta\"] is not None and x[\"delta_ci\"] != [None, None]]" $f >ci.txt &&
		grep -qx "\[\]" ci.txt || { cat ci.txt; fail "$f: an interval where no test ran"; }
		json "[r[\"metric\"] for r in d[\"rows\"] for x in r[\"deltas\"] if x[\"p\"] is not None]" $f | grep -qx "\[\]" ||
			fail "$f: a p where no test ran"
	done
	json "d[\"rows\"][0][\"deltas\"][0][\"verdict\"]" few.json | grep -qx too-few-runs &&
	json "d[\"rows\"][0][\"deltas\"][0][\"verdict\"]" b31.json | grep -qx too-few-boots
'

test_expect_success 'csv: the interval columns empty where the text prints -' '
	"$ABSTAT" compare $G/base.json $G/few.json >few.txt 2>/dev/null &&
	grep -E "^task-clock/op .* - +- +<4 runs$" few.txt ||
		{ cat few.txt; fail "the text shows an interval"; }
	"$ABSTAT" compare --format csv $G/base.json $G/few.json 2>/dev/null |
		awk -F, "\$2 == \"task-clock/op\" && \$4 == 1 { print \$17 \",\" \$18 \",\" \$19 }" >ci.csv &&
	grep -qx ",," ci.csv || { cat ci.csv; fail "csv interval not empty"; }
'

test_expect_success 'an interleaved session: every tested row on pairs' '
	expect_exit 0 "$ABSTAT" compare --format json $G/il-a.json $G/il-b.json &&
	json "d[\"test\"], d[\"ci\"]" "$TESTTMP/out" | grep -qx "wilcoxon-signed-rank hodges-lehmann" &&
	json "sorted(set(x[\"test\"] for r in d[\"rows\"] for x in r[\"deltas\"] if x[\"p\"] is not None))" "$TESTTMP/out" |
		grep -qx "\[.wilcoxon-signed-rank.\]" ||
		{ json "[(r[\"metric\"], x[\"test\"]) for r in d[\"rows\"] for x in r[\"deltas\"]]" "$TESTTMP/out"; fail "a row not paired"; }
	expect_exit 0 "$ABSTAT" compare $G/il-a.json $G/il-b.json &&
	grep_out "Wilcoxon signed-rank on the log ratios"
'

test_expect_success 'separate sessions keep Mann-Whitney U' '
	expect_exit 0 "$ABSTAT" compare --format json $G/base.json $G/slow.json &&
	json "d[\"rows\"][0][\"deltas\"][0][\"test\"]" "$TESTTMP/out" | grep -qx mann-whitney-u
'

test_expect_success 'three imports of one hyperfine file: sessions, boot unknown' '
	for i in 1 2 3; do
		"$ABSTAT" import hyperfine $FIX/hyperfine.json -o h$i.json 2>/dev/null || fail "import"
	done
	expect_exit 0 "$ABSTAT" compare A=h1.json,h2.json,h3.json B=h3.json,h2.json,h1.json &&
	grep_out "^abstat compare: sleep, 30 runs/side, sessions 3/3, boot unknown," &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "boot unknown: files that record no boot" ||
		fail "the footer does not say why" &&
	if grep "boots 3/3" "$TESTTMP/out"; then fail "imports counted as boots"; fi &&
	expect_exit 0 "$ABSTAT" compare --format json A=h1.json,h2.json,h3.json B=h3.json,h2.json,h1.json &&
	json "d[\"design\"]" "$TESTTMP/out" | grep -qx sessions
'

test_expect_success '--assume-boots: each file its own boot, said so' '
	expect_exit 0 "$ABSTAT" compare --assume-boots A=h1.json,h2.json,h3.json B=h3.json,h2.json,h1.json &&
	grep_out "^abstat compare: sleep, 30 runs/side, boots 3/3 [(]assumed[)]," &&
	if grep "boot unknown" "$TESTTMP/out"; then fail "boot unknown with --assume-boots"; fi &&
	expect_exit 0 "$ABSTAT" compare --assume-boots --format json A=h1.json,h2.json,h3.json B=h3.json,h2.json,h1.json &&
	json "d[\"design\"]" "$TESTTMP/out" | grep -qx boots
'

test_expect_success 'files that record their boot are not affected' '
	expect_exit 0 "$ABSTAT" compare $G/base-b1.json,$G/base-b2.json,$G/base-b3.json $G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json &&
	grep_out "boots 3/3, CPU" &&
	if grep "boot unknown\|assumed" "$TESTTMP/out"; then fail "a known boot called unknown"; fi
'
test_done
