# abstat plot: every kind renders to PNG, SVG and an ASCII .txt chart; .gp
# writes a script and its data that gnuplot renders; OUT rules.
# tags: sanitize
test_require GNUPLOT
G="$TOP/tests/fixtures/plot/gen.py"
cd "$TESTTMP" || fail "no TESTTMP"
# gnuplot's private directories go here: none may be left behind.
mkdir tmp && export TMPDIR="$TESTTMP/tmp"
python3 "$G" a.json --label base || fail "gen a"
python3 "$G" b.json --label new --ns 110 --seed 2 || fail "gen b"
python3 "$G" c2.json --label two --copies 2 --seed 3 || fail "gen c2"
python3 "$G" s1.json --label base --bench getppid,stat --seed 4 || fail "gen s1"
python3 "$G" s2.json --label new --bench getppid,stat --ns 95 --seed 5 ||
	fail "gen s2"

check_png() {
	head -c 8 "$1" | od -An -tx1 | tr -d ' \n' | grep -q '^89504e470d0a1a0a$' ||
		fail "$1: not a PNG"
	[ "$(wc -c <"$1")" -gt 8000 ] || fail "$1: only $(wc -c <"$1") bytes"
}
check_svg() {
	if command -v xmllint >/dev/null 2>&1; then
		xmllint --noout "$1" || fail "$1: not well-formed XML"
	else
		python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1" ||
			fail "$1: not well-formed XML"
	fi
	grep -q '<svg' "$1" || fail "$1: no <svg>"
}
check_txt() {
	width_ascii "$1" 72
	[ "$(wc -l <"$1")" -gt 10 ] || fail "$1: too short"
}

# name, kind, files, a word the chart must show
for spec in "delta:delta:a.json b.json:new vs base" "runs:runs:a.json:ns/op" \
	"scaling:scaling:a.json c2.json:linear" "delta-suite:delta:s1.json s2.json:stat"; do
	chart=${spec%%:*} rest=${spec#*:}
	kind=${rest%%:*} rest=${rest#*:}
	files=${rest%%:*} word=${rest#*:}
	for ext in png svg txt; do
		shows=" showing $word"
		[ "$ext" != png ] || shows=
		test_expect_success "--kind $kind $files -o $chart.$ext: a valid .$ext$shows" '
			out=$chart.$ext &&
			expect_exit 0 "$ABSTAT" plot -q --kind "$kind" $files -o "$out" &&
			"check_$ext" "$out" &&
			if [ "$ext" != png ] && ! grep -qF "$word" "$out"; then
				cat "$out"; fail "$out lacks $word"
			fi
		'
	done
done

# Defaults: one side is runs, two the delta, different --copies scaling.
test_expect_success 'default kind: one side is the runs chart' '
	expect_exit 0 "$ABSTAT" plot -q a.json -o auto1.txt &&
	grep -q "every measured run" auto1.txt || fail "1 side is not the runs chart"
'
test_expect_success 'default kind: two sides are the delta chart, significance marked' '
	expect_exit 0 "$ABSTAT" plot -q a.json b.json -o auto2.txt &&
	{ grep -q "change vs base" auto2.txt || fail "2 sides are not the delta chart"; } &&
	{ grep -Eq "[+][0-9.]+% ([*]|session)" auto2.txt || { cat auto2.txt; fail "no significance mark (* a verdict, session a difference of two sessions)"; }; }
'
test_expect_success 'default kind: --copies 1 and 2 are the scaling chart' '
	expect_exit 0 "$ABSTAT" plot -q a.json c2.json -o auto3.txt &&
	grep -q "throughput vs copies" auto3.txt || fail "copies 1,2 not scaling"
'

# --fail-on-regression: the chart is written, then exit 1 (b is 10% slower).
# One session per side: only with --within-session; without it, said.
test_expect_success '--fail-on-regression 5 --within-session: chart written, exit 1 naming it' '
	expect_exit 1 "$ABSTAT" plot --fail-on-regression 5 --within-session a.json b.json -o reg.png &&
	check_png reg.png &&
	grep_err "regression beyond 5%: getppid (ns|task-clock)/op on new"
'
test_expect_success '--fail-on-regression 5, one session per side: exit 0, not acted on, said' '
	expect_exit 0 "$ABSTAT" plot --fail-on-regression 5 a.json b.json -o reg1.png &&
	check_png reg1.png &&
	grep_err "regression within these two sessions only .*: not acted on; measure 3 or more per side, or add --within-session"
'
test_expect_success '--fail-on-regression 50: exit 0' '
	expect_exit 0 "$ABSTAT" plot -q --fail-on-regression 50 a.json b.json -o reg2.png &&
	check_png reg2.png
'

# .gp: script + data; gnuplot renders them from anywhere.
test_expect_success '-o edit.gp: writes edit.gp and edit.dat, says how to render' '
	expect_exit 0 "$ABSTAT" plot a.json b.json -o edit.gp &&
	{ [ -s edit.gp ] && [ -s edit.dat ] || fail "edit.gp/edit.dat missing"; } &&
	grep_err "gnuplot .*edit\.gp"
'
test_expect_success 'gnuplot renders edit.gp to edit.png from another directory' '
	(cd / && gnuplot "$TESTTMP/edit.gp") || fail "gnuplot edit.gp failed"
	check_png edit.png
'
test_expect_success 'gnuplot -e fmt=svg renders edit.svg' '
	gnuplot -e "fmt='\''svg'\''" edit.gp || fail "gnuplot fmt=svg failed"
	check_svg edit.svg
'

# What a chart was measured on: compare's machine: line under the
# subtitle, wrapped within the .txt chart's 72 columns.
LAB="$TOP/examples/lab"
test_expect_success 'compare names the lab machine (the charts say the same)' '
	expect_exit 0 "$ABSTAT" compare -q "$LAB/6.1" "$LAB/6.12" &&
	cp "$TESTTMP/out" lab-cmp.txt &&
	awk "/^machine: /{ s = \$0; while ((getline l) > 0 && l ~ /^    /) {
		sub(/^ +/, \"\", l); s = s \" \" l }; print s; exit }" \
		lab-cmp.txt >machine.want &&
	grep -q "emulated PMU" machine.want || { cat lab-cmp.txt; fail "no machine line"; }
'
for kind in delta runs dist; do
	test_expect_success "--kind $kind .txt of the lab: compare's machine line" '
		expect_exit 0 "$ABSTAT" plot -q --kind $kind "$LAB/6.1" "$LAB/6.12" \
			-o lab-$kind.txt &&
		width_ascii lab-$kind.txt 72 &&
		awk "/^ *machine: /{ s = \$0; getline l; s = s \" \" l
			gsub(/^ +| +\$/, \"\", s); gsub(/  +/, \" \", s); print s; exit }" \
			lab-$kind.txt >machine.got &&
		diff -u machine.want machine.got || { cat lab-$kind.txt; fail "machine lines"; }
	'
done
test_expect_success 'scaling .txt and the .gp data name the machine too' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling a.json c2.json -o m-scaling.txt &&
	grep -q "^ *machine: unknown CPU\$" m-scaling.txt || { cat m-scaling.txt; fail "scaling"; } &&
	head -n 3 edit.dat | grep -q "	machine: unknown CPU	-\$" || { cat edit.dat; fail "edit.dat"; }
'

# OUT rules: unknown extension, existing file, --force; errors leave no file.
test_expect_success 'unknown extension: exit 2 listing the extensions' '
	expect_exit 2 "$ABSTAT" plot a.json -o chart.jpg &&
	one_line_err && grep_err "\.png, \.svg, \.txt .*\.gp" &&
	if [ -e chart.jpg ]; then fail "chart.jpg written"; fi
'
test_expect_success 'an existing OUT is refused, unchanged' '
	echo keep >exists.txt &&
	expect_exit 2 "$ABSTAT" plot a.json -o exists.txt &&
	one_line_err && grep_err "exists" &&
	{ [ "$(cat exists.txt)" = keep ] || fail "exists.txt changed"; }
'
test_expect_success '--force replaces an existing OUT' '
	echo keep >forced.txt &&
	expect_exit 0 "$ABSTAT" plot -q --force a.json -o forced.txt &&
	grep -q "every measured run" forced.txt || fail "forced.txt not replaced"
'
test_expect_success '--kind delta of one file: exit 2, needs a baseline' '
	expect_exit 2 "$ABSTAT" plot a.json --kind delta -o one.png &&
	one_line_err && grep_err "baseline" &&
	if [ -e one.png ]; then fail "a failed plot left one.png"; fi
'
test_expect_success '--kind scaling with equal copies: exit 2' '
	expect_exit 2 "$ABSTAT" plot a.json b.json --kind scaling -o same.png &&
	one_line_err && grep_err "different --copies" &&
	if [ -e same.png ]; then fail "a failed plot left same.png"; fi
'
test_expect_success '--metric nosuch: exit 2 naming it' '
	expect_exit 2 "$ABSTAT" plot a.json --metric nosuch -o m.png &&
	grep_err "no metric named '\''nosuch'\''" &&
	if [ -e m.png ]; then fail "a failed plot left m.png"; fi
'
# --metric picks the runs panels.
test_expect_success '--metric page-faults: that panel only' '
	expect_exit 0 "$ABSTAT" plot -q a.json --metric page-faults -o pf.txt &&
	{ grep -q page-faults pf.txt && ! grep -q ns/op pf.txt ||
		{ cat pf.txt; fail "--metric page-faults not honoured"; }; }
'
test_expect_success 'no private directory left in TMPDIR' '
	[ -z "$(ls -A tmp)" ] || { ls -lR tmp; fail "private directory left in TMPDIR"; }
'
test_expect_success 'a delta chart of more bars than fit: refused in one line, nothing written' '
	python3 - "$TOP/tests/golden/suite-a.json" "$TESTTMP/many.json" <<PY &&
import copy, json, sys
d = json.load(open(sys.argv[1]))
b = d["benchmarks"][0]
d["benchmarks"] = []
for i in range(450):
    c = copy.deepcopy(b)
    c["name"] = "bench%03d" % i
    d["benchmarks"].append(c)
json.dump(d, open(sys.argv[2], "w"))
PY
	expect_exit 2 "$ABSTAT" plot -q "$TESTTMP/many.json" "$TESTTMP/many.json" -o "$TESTTMP/many.png" &&
	one_line_err &&
	grep_err "would have 450 bars, more than the 400 that fit; choose rows with --metric" &&
	[ ! -e "$TESTTMP/many.png" ]
'
test_done
