# The glue of issue 18: a real `abstat profile` result fed to `abstat
# flame` (folded, text, SVG), and the differential of two real profiles
# (70/30 against 50/50): work_a shrank (blue), work_b grew (red).
# tags: alone
P=$BUILD/tests/progs
cd "$TESTTMP" || fail "no TESTTMP"
test_lazy_prereq SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o "$TESTTMP/.s.json" -- true >/dev/null 2>&1'

# the measured runs' samples of a profile result
samples() {
	json "sum(r['profile']['samples'] for r in d['benchmarks'][0]['runs'] if not r['warmup'])" "$1"
}
# fill NAME FILE: the fill of frame NAME's rectangle, as "R G B"
fill() {
	sed -n "s/.*data-n=\"$1\">.*<rect [^>]*fill=\"rgb(\([0-9]*\),\([0-9]*\),\([0-9]*\))\".*/\1 \2 \3/p" "$2" | head -1
}

test_expect_success SAMPLING 'profile 70/30 for real, then flame -o x.folded: both frames, the samples summed' '
	expect_exit 0 "$ABSTAT" profile -q --user-only -r 5 -o p70.json -- "$P/split_work" 70 50000 20 &&
	expect_exit 0 "$ABSTAT" flame p70.json -o x.folded &&
	cat x.folded &&
	grep -Eq "(^|;)work_a [0-9]+$" x.folded && grep -Eq "(^|;)work_b [0-9]+$" x.folded &&
	sum=$(awk "{ n += \$NF } END { print n }" x.folded) && want=$(samples p70.json) &&
	[ "$sum" -eq "$want" ] || fail "folded counts sum to $sum, the profile has $want samples"
'
test_expect_success SAMPLING 'flame -o x.txt: work_a self share within 5 points of 70%' '
	expect_exit 0 "$ABSTAT" flame p70.json -o x.txt &&
	cat x.txt && width_ascii x.txt 80 &&
	a=$(awk "\$NF == \"work_a\" { sub(\"%\", \"\", \$1); print \$1 }" x.txt) &&
	[ -n "$a" ] && awk -v a="$a" "BEGIN { exit !(a >= 65 && a <= 75) }" ||
		fail "work_a self share ${a:-missing}%, expected 70 within 5 points"
'
test_expect_success SAMPLING 'flame -o x.svg: well-formed XML naming work_a' '
	expect_exit 0 "$ABSTAT" flame p70.json -o x.svg &&
	python3 -c "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); assert d.documentElement.tagName == \"svg\"" x.svg ||
		fail "x.svg does not parse as XML" &&
	grep -q "work_a" x.svg || fail "x.svg does not name work_a"
'
test_expect_success SAMPLING 'differential of two real profiles: work_a blue (shrank), work_b red (grew)' '
	expect_exit 0 "$ABSTAT" profile -q --user-only -r 3 -o p50.json -- "$P/split_work" 50 300 &&
	expect_exit 0 "$ABSTAT" flame p70.json p50.json -o diff.svg &&
	a=$(fill work_a diff.svg) && b=$(fill work_b diff.svg) && echo "work_a $a, work_b $b" &&
	echo "$a" | awk "{ exit !(\$3 > \$1) }" || fail "work_a not blue: rgb $a" &&
	echo "$b" | awk "{ exit !(\$1 > \$3) }" || fail "work_b not red: rgb $b"
'
test_done
