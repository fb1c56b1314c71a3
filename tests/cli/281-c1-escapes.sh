# C1 controls are escaped like C0 (issue 27, R5): a benchmark name and a
# label holding U+009B (CSI: 0xc2 0x9b in UTF-8) and U+0085 reach no
# output raw, in show, compare (text, CSV, markdown), a chart's SVG or a
# flame graph; they show as \xc2\x9b. flame --format folded -o - keeps
# the raw bytes for a pipe (the folded form is what other tools read) and
# escapes them for a terminal; compare --format json writes \u009b to a
# terminal.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 - "$TOP/tests/fuzz/corpus/result/ok-plain.json" <<'PY' || fail "no input"
import json, sys
d = json.load(open(sys.argv[1]))
d["benchmarks"][0]["name"] = "b\u009b2Jx\u0085y"
d["label"] = "l\u009bab"
json.dump(d, open("c1.json", "w"))
PY
printf 'main;a\033[31mred\007;x\302\233y 3\nmain 1\n' >c1.folded
raw_c1() { LC_ALL=C grep -caP '\xc2[\x80-\x9f]|\x1b|\x07' "$1"; }
no_raw() {
	n=$(raw_c1 "$1")
	[ "$n" -eq 0 ] || { LC_ALL=C grep -naP '\xc2[\x80-\x9f]|\x1b' "$1" | od -c | head; fail "$1: $n lines with a raw control"; }
}
test_expect_success 'show: the name escaped as \xc2\x9b' '
	expect_exit 0 "$ABSTAT" show c1.json && no_raw "$TESTTMP/out" &&
	grep -q "b\\\\xc2\\\\x9b2Jx\\\\xc2\\\\x85y" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "no escaped name"; }
'
for fmt in text csv markdown; do
	test_expect_success "compare --format $fmt: no raw C1" '
		expect_exit 0 "$ABSTAT" compare --format '$fmt' c1.json c1.json &&
		no_raw "$TESTTMP/out" && no_raw "$TESTTMP/err" &&
		grep -q "xc2.x9b" "$TESTTMP/out"
	'
done
test_expect_success GNUPLOT 'plot: the chart SVG holds no raw C1' '
	expect_exit 0 "$ABSTAT" plot -q c1.json -o c1.svg && no_raw c1.svg
'
test_expect_success 'flame SVG and text: no raw control' '
	expect_exit 0 "$ABSTAT" flame --import folded c1.folded -o f.svg && no_raw f.svg &&
	expect_exit 0 "$ABSTAT" flame --import folded c1.folded -o f.txt && no_raw f.txt
'
test_expect_success 'flame --format folded -o - to a pipe: the raw bytes' '
	"$ABSTAT" flame --import folded c1.folded --format folded -o - >pipe.out &&
	LC_ALL=C sort c1.folded | cmp pipe.out - || fail "the folded form changed on a pipe"
'
test_expect_success 'flame --format folded -o - to a terminal: escaped' '
	need_cmd script
	script -qec "\"$ABSTAT\" flame --import folded c1.folded --format folded -o -" /dev/null >tty.out &&
	no_raw tty.out &&
	grep -q "main;a\\\\x1b\\[31mred\\\\x07;x\\\\xc2\\\\x9by 3" tty.out ||
		{ od -c tty.out | head; fail "not escaped"; }
'
test_expect_success 'compare --format json to a terminal: \u009b' '
	need_cmd script
	script -qec "\"$ABSTAT\" compare --format json c1.json c1.json 2>/dev/null" /dev/null >json.out &&
	no_raw json.out && grep -qi "u009b" json.out
'
test_done
