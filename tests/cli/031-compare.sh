# compare: side specs, labels, errors, JSON contents, mail width, and a
# real-path compare of two results measured here.
# tags: sanitize
G=$TOP/tests/golden

test_expect_success 'a missing file: exit 2, one error line naming it' '
	expect_exit 2 "$ABSTAT" compare "$G/base.json" "$TESTTMP/nope.json" &&
	one_line_err &&
	grep_err "nope\.json"
'
test_expect_success 'LABEL= without a label: exit 2, one error line' '
	expect_exit 2 "$ABSTAT" compare "=$G/base.json" "$G/slow.json" &&
	one_line_err
'
test_expect_success 'a baseline alone is a usage error (exit 2)' '
	expect_exit 2 "$ABSTAT" compare "$G/base.json"
'

test_expect_success 'same label on both sides: the sides are named after their files' '
	cp "$G/base.json" "$TESTTMP/first.json" &&
	cp "$G/base.json" "$TESTTMP/second.json" &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/first.json" "$TESTTMP/second.json" &&
	cp "$TESTTMP/out" "$TESTTMP/same.out" &&
	grep_out " first +second\$"
'
test_expect_success 'identical data: nothing significant, point deltas 0, exact counts' '
	cp "$TESTTMP/same.out" "$TESTTMP/out" &&
	nogrep_out "[0-9] (yes|session)\$" &&
	grep_out "^task-clock/op .* \+0\.0% \[-0.3,\+0.3\] 1.000 ~\$" &&
	grep_out "^task-clock .* \+0\.0% \[-0.3,\+0.3\] 1.000\$" &&
	grep_out "^page-faults .* \+0\.0% +exact +-\$"
'

test_expect_success 'explicit labels and several files per side' '
	expect_exit 0 "$ABSTAT" compare --format json "old=$G/base-b1.json,$G/base-b2.json" \
		"new=$G/slow-b1.json,$G/slow-b2.json" &&
	got=$(json "d[\"sides\"][0][\"label\"], d[\"sides\"][0][\"files\"], d[\"sides\"][1][\"label\"]" "$TESTTMP/out") &&
	[ "$got" = "old 2 new" ] || fail "side labels/files wrong: $(json "d[\"sides\"]" "$TESTTMP/out")"
'

test_expect_success 'json: seed and resamples recorded' '
	expect_exit 0 "$ABSTAT" compare --format json --seed 99 --resamples 1000 \
		"$G/base.json" "$G/slow.json" &&
	cp "$TESTTMP/out" "$TESTTMP/cmp.json" &&
	got=$(json "d[\"seed\"], d[\"resamples\"]" "$TESTTMP/out") &&
	[ "$got" = "99 1000" ] || fail "seed not recorded: $got"
'
test_expect_success 'json: Holm p >= raw p in every delta' '
	json "all(x[\"p_holm\"] >= x[\"p\"] for r in d[\"rows\"] for x in r[\"deltas\"] if x[\"p_holm\"] is not None)" \
		"$TESTTMP/cmp.json" | grep -q "^True\$" || fail "Holm p below raw p"
'
test_expect_success 'json: ns/op of base vs slow is secondary, the primary row a session difference (not significant)' '
	json "[x[\"verdict\"] for r in d[\"rows\"] if r[\"metric\"] == \"ns/op\" for x in r[\"deltas\"]]" \
		"$TESTTMP/cmp.json" | grep -q "'"'secondary'"'" || fail "ns/op not secondary" &&
	json "[(x[\"verdict\"], x[\"verdict_word\"], x[\"significant\"]) for r in d[\"rows\"] if r[\"primary\"] for x in r[\"deltas\"]]" \
		"$TESTTMP/cmp.json" | grep -q "'"'session', 'session', False"'" || fail "primary not a session difference"
'
test_expect_success 'json: an unsupported event has no number' '
	json "[r[\"sides\"][0][\"median\"] for r in d[\"rows\"] if r[\"metric\"] == \"cycles\"]" \
		"$TESTTMP/cmp.json" | grep -q "^\[None\]\$" || fail "unsupported event has a number"
'

test_expect_success 'the same seed gives the same output' '
	"$ABSTAT" compare --seed 5 "$G/base.json" "$G/slow.json" >"$TESTTMP/s1" 2>/dev/null &&
	"$ABSTAT" compare --seed 5 "$G/base.json" "$G/slow.json" >"$TESTTMP/s2" 2>/dev/null &&
	cmp -s "$TESTTMP/s1" "$TESTTMP/s2" || fail "same seed, different output"
'

test_expect_success 'mail: long labels still fit 72 columns' '
	expect_exit 0 "$ABSTAT" compare --format mail \
		"a-very-long-label-for-the-baseline-kernel=$G/base.json" \
		"another-very-long-label-for-the-other-one=$G/slow.json" &&
	width_ascii "$TESTTMP/out" 72
'
test_expect_success 'mail: a non-ASCII label never reaches the mail' '
	expect_exit 0 "$ABSTAT" compare --format mail "gr$(printf "\303\274")n=$G/base.json" "$G/slow.json" &&
	width_ascii "$TESTTMP/out" 72 &&
	grep_out "gr\?\?n"
'

test_expect_success 'show: a missing file is one error line, exit 2' '
	expect_exit 2 "$ABSTAT" show "$TESTTMP/nope.json" &&
	one_line_err
'
test_expect_success 'show --format mail is refused: one error line, exit 2' '
	expect_exit 2 "$ABSTAT" show --format mail "$G/base.json" &&
	one_line_err
'

# real path: two results measured here with software events
test_expect_success 'real path: two runs measured here' '
	expect_exit 0 "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w getppid:"-n 20000" -o "$TESTTMP/r1.json" &&
	expect_exit 0 "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w getppid:"-n 20000" -o "$TESTTMP/r2.json"
'
test_expect_success 'real path: compare prints task-clock and ns/op within 80 columns' '
	expect_exit 0 "$ABSTAT" compare -q "$TESTTMP/r1.json" "$TESTTMP/r2.json" &&
	grep_out "^task-clock " &&
	grep_out "^ns/op " &&
	width_ascii "$TESTTMP/out" 80
'
test_expect_success 'real path: show prints task-clock with a number within 80 columns' '
	expect_exit 0 "$ABSTAT" show "$TESTTMP/r1.json" &&
	grep_out "^task-clock +[0-9.]+[kMG]? " &&
	width_ascii "$TESTTMP/out" 80
'
# an empty side: nothing to compare, refused in one line
empty() { # empty SRC DST STATUS RUNS: SRC with only RUNS (a python slice)
	python3 - "$1" "$2" "$3" "$4" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["status"] = sys.argv[3]
	for b in d["benchmarks"]:
	    b["runs"] = eval("b['runs']" + sys.argv[4])
	    for r in b["runs"]:
	        if sys.argv[3] == "failed":
	            r["status"], r["exit_status"], r["reason"] = "failed", 1, "exit status 1"
	json.dump(d, open(sys.argv[2], "w"))
	PY
}
test_expect_success 'a result with no runs: refused, exit 2, one line naming it' '
	empty "$G/base.json" "$TESTTMP/none.json" complete "[:0]" &&
	expect_exit 2 "$ABSTAT" compare "$G/base.json" "$TESTTMP/none.json" &&
	one_line_err && grep_err "none\.json holds no measured run"
'
test_expect_success 'a result whose every run failed: refused, exit 2, one line' '
	empty "$G/base.json" "$TESTTMP/failed.json" failed "[:]" &&
	expect_exit 2 "$ABSTAT" compare "$TESTTMP/failed.json" "$G/base.json" &&
	one_line_err && grep_err "failed\.json holds no measured run .*status failed"
'
test_expect_success 'warm-up runs only: refused, exit 2, one line' '
	empty "$G/base.json" "$TESTTMP/warm.json" complete "[:1]" &&
	json "[r[\"warmup\"] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/warm.json" | grep -qx "\[True\]" ||
		fail "fixture: $(json "[r[\"warmup\"] for r in d[\"benchmarks\"][0][\"runs\"]]" "$TESTTMP/warm.json")" &&
	expect_exit 2 "$ABSTAT" compare "$G/base.json" "$TESTTMP/warm.json" &&
	one_line_err
'
test_expect_success 'a side of several files, one of them empty: refused, exit 2' '
	expect_exit 2 "$ABSTAT" compare "$G/base.json" "new=$G/slow.json,$TESTTMP/none.json" &&
	one_line_err && grep_err "none\.json"
'
test_done
