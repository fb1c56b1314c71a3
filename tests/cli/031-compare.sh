# compare: side specs, labels, errors, JSON contents, mail width, and a
# real-path compare of two results measured here.
G=$TOP/tests/golden

# a missing file: one error line naming it, exit 2
expect_exit 2 "$ABSTAT" compare "$G/base.json" "$TESTTMP/nope.json"
one_line_err
grep_err 'nope.json'

# LABEL= without a label
expect_exit 2 "$ABSTAT" compare "=$G/base.json" "$G/slow.json"
one_line_err

# a baseline alone is a usage error
expect_exit 2 "$ABSTAT" compare "$G/base.json"

# same label on both sides: the sides are named after their files
cp "$G/base.json" "$TESTTMP/first.json"
cp "$G/base.json" "$TESTTMP/second.json"
expect_exit 0 "$ABSTAT" compare "$TESTTMP/first.json" "$TESTTMP/second.json"
grep_out ' first +second$'
# identical data: nothing significant, exact deltas
nogrep_out '[+-][0-9.]+% +\['
grep_out 'task-clock .* ~ \[-0.3,\+0.3\] 1.000'
grep_out 'page-faults .* ~ +exact'

# explicit labels and several files per side
expect_exit 0 "$ABSTAT" compare --format json "old=$G/base-b1.json,$G/base-b2.json" \
	"new=$G/slow-b1.json,$G/slow-b2.json"
[ "$(json 'd["sides"][0]["label"], d["sides"][0]["files"], d["sides"][1]["label"]' "$TESTTMP/out")" = "old 2 new" ] ||
	fail "side labels/files wrong: $(json 'd["sides"]' "$TESTTMP/out")"

# json: seed and resamples recorded, Holm p >= raw p, verdict names
expect_exit 0 "$ABSTAT" compare --format json --seed 99 --resamples 1000 \
	"$G/base.json" "$G/slow.json"
[ "$(json 'd["seed"], d["resamples"]' "$TESTTMP/out")" = "99 1000" ] || fail "seed not recorded"
json 'all(x["p_holm"] >= x["p"] for r in d["rows"] for x in r["deltas"] if x["p"] is not None)' \
	"$TESTTMP/out" | grep -q True || fail "Holm p below raw p"
json '[x["verdict"] for r in d["rows"] if r["metric"] == "ns/op" for x in r["deltas"]]' \
	"$TESTTMP/out" | grep -q significant || fail "ns/op not significant"
json '[r["sides"][0]["median"] for r in d["rows"] if r["metric"] == "cycles"]' \
	"$TESTTMP/out" | grep -q None || fail "unsupported event has a number"

# the same seed gives the same output; another seed may not
"$ABSTAT" compare --seed 5 "$G/base.json" "$G/slow.json" >"$TESTTMP/s1" 2>/dev/null
"$ABSTAT" compare --seed 5 "$G/base.json" "$G/slow.json" >"$TESTTMP/s2" 2>/dev/null
cmp -s "$TESTTMP/s1" "$TESTTMP/s2" || fail "same seed, different output"

# long labels in mail still fit 72 columns
expect_exit 0 "$ABSTAT" compare --format mail \
	"a-very-long-label-for-the-baseline-kernel=$G/base.json" \
	"another-very-long-label-for-the-other-one=$G/slow.json"
width_ascii "$TESTTMP/out" 72
# non-ASCII labels never reach a mail
expect_exit 0 "$ABSTAT" compare --format mail "gr$(printf '\303\274')n=$G/base.json" "$G/slow.json"
width_ascii "$TESTTMP/out" 72
grep_out 'gr\?\?n'

# show: errors
expect_exit 2 "$ABSTAT" show "$TESTTMP/nope.json"
one_line_err
expect_exit 2 "$ABSTAT" show --format mail "$G/base.json"
one_line_err

# real path: two results measured here with software events
if "$ABSTAT" run -q -r 4 -e task-clock,page-faults -w getppid:'-n 20000' \
	-o "$TESTTMP/r1.json" >/dev/null 2>&1 &&
	"$ABSTAT" run -q -r 4 -e task-clock,page-faults \
		-w getppid:'-n 20000' -o "$TESTTMP/r2.json" >/dev/null 2>&1; then
	expect_exit 0 "$ABSTAT" compare -q "$TESTTMP/r1.json" "$TESTTMP/r2.json"
	grep_out '^task-clock '
	grep_out '^ns/op '
	width_ascii "$TESTTMP/out" 80
	expect_exit 0 "$ABSTAT" show "$TESTTMP/r1.json"
	grep_out '^task-clock +[0-9.]+[kMG]? '
	width_ascii "$TESTTMP/out" 80
else
	echo "note: abstat run failed here; real-path part not exercised"
fi
