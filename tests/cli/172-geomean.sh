# The geomean row of a suite: the geometric mean of the per-benchmark
# ratios of the primary rows, its interval by the delta method on the log
# ratios (abstat-compare(1), GEOMEAN), per non-baseline side; no verdict.
# tags: sanitize
G=$TOP/tests/golden

test_expect_success 'json: geomean = exp(mean log ratio) - 1, interval by the delta method' '
	expect_exit 0 "$ABSTAT" compare --format json A=$G/suite-a.json B=$G/suite-b.json C=$G/suite-a.json &&
	python3 - "$TESTTMP/out" <<-\PY
	import json, math, sys
	d = json.load(open(sys.argv[1]))
	z = 1.959963984540054
	assert len(d["geomean"]) == 2, d["geomean"]
	for g in d["geomean"]:
	    s = g["side"]
	    ls, vs = [], []
	    for r in d["rows"]:
	        if not r["primary"]:
	            continue
	        x = r["deltas"][s - 1]
	        lo, hi = x["delta_ci"]
	        ls.append(math.log1p(x["delta"]))
	        vs.append(((math.log1p(hi) - math.log1p(lo)) / (2 * z)) ** 2)
	    k = len(ls)
	    mean = sum(ls) / k
	    se = math.sqrt(sum(vs)) / k
	    want = (math.expm1(mean), math.expm1(mean - z * se), math.expm1(mean + z * se))
	    got = (g["delta"], g["delta_ci"][0], g["delta_ci"][1])
	    print(s, k, want, got)
	    assert g["benchmarks"] == k == 3, g
	    assert all(abs(a - b) < 1e-6 for a, b in zip(want, got)), (want, got)
	    assert g["method"] == "delta-method-log-ratio"
	PY
'
test_expect_success 'an A/A side: geomean 0 within its interval' '
	expect_exit 0 "$ABSTAT" compare --format json A=$G/suite-a.json C=$G/suite-a.json &&
	json "d[\"geomean\"][0][\"delta\"] == 0 and d[\"geomean\"][0][\"delta_ci\"][0] < 0 < d[\"geomean\"][0][\"delta_ci\"][1]" "$TESTTMP/out" >"$TESTTMP/got" &&
	grep -qx True "$TESTTMP/got" || { cat "$TESTTMP/out"; fail "A/A geomean"; }
'
test_expect_success 'one benchmark: no geomean (null in json, no row in text)' '
	expect_exit 0 "$ABSTAT" compare --format json $G/base.json $G/slow.json &&
	json "d[\"geomean\"]" "$TESTTMP/out" >"$TESTTMP/got" && grep -qx None "$TESTTMP/got" &&
	expect_exit 0 "$ABSTAT" compare $G/base.json $G/slow.json &&
	nogrep_out "^geomean"
'
test_expect_success 'text, 2 sides: a geomean row with its interval, no verdict' '
	expect_exit 0 "$ABSTAT" compare $G/suite-a.json $G/suite-b.json &&
	grep_out "^geomean +[+]3[.]3% [[][+]3[.][0-9],[+]3[.][0-9][]] +-$"
'
test_expect_success 'text, 3 sides: a geomean cell per side and the intervals below' '
	expect_exit 0 "$ABSTAT" compare A=$G/suite-a.json B=$G/suite-b.json C=$G/suite-a.json &&
	grep_out "^geomean +[+]3[.]3% +[+]0[.]0%$" &&
	tr "\n" " " <"$TESTTMP/out" | grep -Eq "B [+]3[.]3% [[][+]3[.][0-9]%, [+]3[.][0-9]%[]]; C" ||
		{ cat "$TESTTMP/out"; fail "no interval for B"; }
'
test_expect_success 'csv: a geomean line per side' '
	expect_exit 0 "$ABSTAT" compare --format csv A=$G/suite-a.json B=$G/suite-b.json &&
	grep_out "^,geomean,,1,B,3,,,,,,,,,geomean,0[.]033[0-9]*,0[.]03[0-9]*,0[.]03[0-9]*,,,,0,0,,$"
'
test_expect_success 'markdown: a geomean row' '
	expect_exit 0 "$ABSTAT" compare --format markdown A=$G/suite-a.json B=$G/suite-b.json &&
	grep_out "^[|] geomean [|]  [|]  [|]  [|]  [|] [+]3[.]3% [|] [[]"
'
# B without its last benchmark: the mean over the two both sides have
python3 -c "import json, sys
d = json.load(open(sys.argv[1])); d['benchmarks'] = d['benchmarks'][:-1]
json.dump(d, open(sys.argv[2], 'w'))" "$G/suite-b.json" "$TESTTMP/b2.json"
test_expect_success 'a benchmark missing on a side: the mean over the common ones, saying so' '
	expect_exit 0 "$ABSTAT" compare --format json A=$G/suite-a.json B="$TESTTMP/b2.json" &&
	python3 - "$TESTTMP/out" <<-\PY &&
	import json, math, sys
	d = json.load(open(sys.argv[1]))
	g = d["geomean"][0]
	ls = [math.log1p(r["deltas"][0]["delta"]) for r in d["rows"]
	      if r["primary"] and r["deltas"][0]["delta"] is not None]
	assert g["benchmarks"] == len(ls) == 2 and g["left_out"] == 1, g
	assert abs(g["delta"] - math.expm1(sum(ls) / 2)) < 1e-9, (g, ls)
	PY
	expect_exit 0 "$ABSTAT" compare A=$G/suite-a.json B="$TESTTMP/b2.json" &&
	grep_out "^geomean +[+][0-9.]+% +[[].*[]] +- [(]2 of 3[)]$" &&
	tr "\n" " " <"$TESTTMP/out" | grep -Eq "B: over the 2 of 3 benchmarks both +sides have [(]1 left out[)]" ||
		{ cat "$TESTTMP/out"; fail "no note on the left-out benchmark"; }
	if grep -q "without interval" "$TESTTMP/out"; then fail "the old reason"; fi
'
test_done
