# Chart polish: one unit per value axis (no "1.00k" beside "990.00", no
# "500.0m" migrations, no "212M" on an ns axis), panel and delta titles
# that name the metric and its better direction, and plot --kind dist
# (box and dots per side per metric). The data and scripts abstat emits
# are checked as text; gnuplot (GNUPLOT) renders them.
# tags: sanitize
test_lazy_prereq GNUPLOT 'command -v gnuplot'
test_lazy_prereq SYSBENCH 'command -v sysbench >/dev/null'
G=$TOP/tests/golden
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp && export TMPDIR="$TESTTMP/tmp"

# panels FILE.dat: index 2 of a runs/dist data file: title, unit, lo, hi,
# divisor, decimals, axis label (tab-separated)
panels() {
	awk 'BEGIN { FS = "\t" } /^#/ { next } /^$/ { blank++; next }
		blank && prev_blank != blank { idx++; prev_blank = blank }
		idx == 2 { print $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 "\t" $7 "\t" $8 }' "$1"
}
# ticks FILE.txt: the y tick labels of a dumb-terminal chart, one a line
ticks() { grep -oE '^ *[a-zA-Z]* *-?[0-9][0-9.]*[a-zA-Z]? [|+]' "$1" | grep -oE -- '-?[0-9][0-9.]*[a-zA-Z]?' ; }

test_expect_success 'runs data: each axis has one unit, named in its label' '
	expect_exit 0 $ABSTAT plot --kind runs $G/base.json $G/slow.json -o r.gp &&
	panels r.dat >p &&
	grep -q "^ns/op (lower is better)	ns	.*	1000	[0-9]	us$" p &&
	grep -q "^task-clock (lower is better)	ns	.*	1000000	[0-9]	ms$" p &&
	grep -q "^cpu-migrations (lower is better)	-	.*	1	[0-9]	-$" p ||
		{ cat p; fail "axis units"; }
'
test_expect_success 'runs.gp draws value / divisor with fixed decimals, never %s%c' '
	grep -q "pdiv\[p\]" r.gp && grep -q "%%.%df" r.gp &&
	if grep -q "%c" r.gp; then fail "runs.gp still uses SI suffix ticks"; fi
'
test_expect_success 'every panel title names its better direction' '
	n=$(wc -l <p) && [ "$n" -ge 4 ] &&
	[ "$(grep -c "(lower is better)	\|(higher is better)	" p)" -eq "$n" ] || { cat p; fail "titles"; }
'
test_expect_success 'ops/s and IPC panels say higher is better' '
	expect_exit 0 $ABSTAT plot --kind runs --metric ops/s,ns/op $G/base.json -o o.gp &&
	panels o.dat | grep -q "^ops/s (higher is better)	ops/s	" ||
		{ panels o.dat; fail "ops/s direction"; }
'
test_expect_success GNUPLOT 'runs .txt: no tick has an SI suffix, each panel one decimal count' '
	expect_exit 0 $ABSTAT plot --kind runs $G/base.json $G/slow.json -o r.txt &&
	ticks r.txt >t && [ "$(wc -l <t)" -ge 20 ] || { cat r.txt; fail "no ticks read"; }
	if grep -E "[0-9][a-zA-Z]$" t; then fail "SI-suffixed ticks"; fi
	# a panel starts at its title (its better direction): one decimal
	# count per panel
	awk "/is better\)\$/ { p++ }
	/[|+]/ && match(\$0, /^ *[a-z]* *-?[0-9][0-9.]* [|+]/) {
		s = substr(\$0, RSTART, RLENGTH); gsub(/[^0-9.]/, \"\", s)
		d = index(s, \".\") ? length(s) - index(s, \".\") : 0
		if ((p in dec) && dec[p] != d) bad = 1; dec[p] = d
	} END { exit bad }" r.txt || { cat r.txt; fail "a panel mixes decimal counts"; }
'
test_expect_success GNUPLOT 'runs .txt: the axis labels say us and ms' '
	grep -qE "^ us " r.txt && grep -qE "^ ms " r.txt || { cat r.txt; fail "unit labels"; }
'
test_expect_success 'delta, suite: the title names the primary metric, the subtitle its direction' '
	expect_exit 0 $ABSTAT plot $G/suite-a.json $G/suite-b.json -o d.gp &&
	sed -n 3p d.dat | grep -q "task-clock/op change vs defconfig	lower is better; " ||
		{ sed -n 3p d.dat; fail "delta title"; }
'
test_expect_success 'delta, metrics: the odd direction and the primary row are marked' '
	expect_exit 0 $ABSTAT plot --metric ops/s,ns/op $G/base.json $G/slow.json -o m.gp &&
	grep -q "lower is better unless marked" m.dat &&
	grep -q "	ops/s (higher is better)	" m.dat &&
	grep -q "	task-clock/op \[primary\]	" m.dat &&
	grep -q "	ns/op	" m.dat || { cat m.dat; fail "delta row names"; }
'
test_expect_success 'dist: the runs data with the distribution title; dist.gp draws boxplots' '
	expect_exit 0 $ABSTAT plot --kind dist $G/base.json $G/slow.json -o di.gp &&
	grep -q "^# abstat plot --kind dist data" di.dat &&
	sed -n 3p di.dat | grep -q "getppid: distribution of the measured runs	box: quartiles" &&
	grep -q "with boxplot" di.gp && grep -q "with points" di.gp || fail "dist script or data"
'
test_expect_success 'plot --kind dist is in --help and --complete' '
	$ABSTAT plot --help | grep -q -- "--kind K .*dist" &&
	$ABSTAT --complete plot | grep -q "^--kind - K .*dist"
'
for ext in png svg txt; do
	test_expect_success GNUPLOT "dist renders .$ext (two sides, boots, three sides)" '
		expect_exit 0 $ABSTAT plot --kind dist $G/base.json $G/slow.json -o a.$ext &&
		expect_exit 0 $ABSTAT plot --kind dist "b=$G/base-b1.json,$G/base-b2.json" \
			$G/slow.json $G/few.json -o b.$ext &&
		[ -s a.$ext ] && [ -s b.$ext ] || fail "empty chart"
		if [ -s "$TESTTMP/err" ]; then cat "$TESTTMP/err"; fail "gnuplot said something"; fi
	'
done
test_expect_success GNUPLOT 'dist .txt: the side labels under the boxes, the direction in titles, 72 columns' '
	grep -q "defconfig.*paravirt" a.txt && grep -q "ns/op (lower is better)" a.txt &&
	width_ascii a.txt 72
'
test_expect_success GNUPLOT 'dist of one result, one metric' '
	expect_exit 0 $ABSTAT plot --kind dist --metric wall $G/base.json -o one.txt &&
	grep -q "wall (lower is better)" one.txt && grep -qE "^ ms " one.txt || { cat one.txt; fail "one side"; }
'
test_expect_success GNUPLOT 'a .gp of the dist chart renders by hand' '
	(cd "$TESTTMP" && gnuplot di.gp) 2>g.err && [ -s di.png ] || { cat g.err; fail "gnuplot di.gp"; }
'
# The compared metric (issue 31): the runs and dist charts' first panel is
# each benchmark's primary metric as compare chooses it (a real sysbench
# score run shows its events/s, not wall time), --metric and --primary
# choose; the delta chart's key says what a hatched bar is (the scaling
# chart's title and key: test 173).
# primary A.json B.json...: compare's primary row of the first benchmark
primary() {
	"$ABSTAT" compare -q --format json "$@" >p.json 2>/dev/null ||
		fail "compare $*"
	json '[r["metric"] for r in d["rows"] if r["primary"]][0]' p.json
}

test_expect_success 'runs: the first panel is the primary row compare tests' '
	want=$(primary $G/base.json $G/slow.json) && [ -n "$want" ] &&
	expect_exit 0 "$ABSTAT" plot --kind runs $G/base.json $G/slow.json -o pr.gp &&
	panels pr.dat | cut -f 1 >p && cat p &&
	[ "$(head -n 1 p)" = "$want (lower is better)" ] ||
		fail "first panel is not compare'\''s $want"
'
test_expect_success 'runs: the time per op follows it, then the counters that changed' '
	sed -n 2p p | grep -qx "ns/op (lower is better)" &&
	grep -qx "page-faults (lower is better)" p || fail "default panels"
'
test_expect_success 'dist: the same first panel' '
	want=$(primary $G/base.json $G/slow.json) &&
	expect_exit 0 "$ABSTAT" plot --kind dist $G/base.json $G/slow.json -o pdi.gp &&
	[ "$(panels pdi.dat | cut -f 1 | head -n 1)" = "$want (lower is better)" ] ||
		{ panels pdi.dat; fail "dist first panel"; }
'
test_expect_success '--primary wall: the first panel is wall, as compare tests it' '
	[ "$(primary --primary wall $G/base.json $G/slow.json)" = wall ] &&
	expect_exit 0 "$ABSTAT" plot --kind runs --primary wall $G/base.json -o w.gp &&
	[ "$(panels w.dat | cut -f 1 | head -n 1)" = "wall (lower is better)" ] ||
		{ panels w.dat; fail "--primary wall"; }
'
test_expect_success '--primary nosuch: exit 2 naming it, no chart' '
	expect_exit 2 "$ABSTAT" plot --kind runs --primary nosuch $G/base.json -o n.png &&
	one_line_err && grep_err "--primary: no metric named '\''nosuch'\''" &&
	[ ! -e n.png ]
'
test_expect_success 'a suite: one panel a benchmark, its primary' '
	expect_exit 0 "$ABSTAT" plot --kind runs $G/suite-a.json -o s.gp &&
	panels s.dat | cut -f 1 >p && cat p &&
	[ "$(wc -l <p)" -eq 3 ] &&
	[ "$(grep -c ": task-clock/op (lower is better)$" p)" -eq 3 ] ||
		fail "suite panels"
'

# A real score run: sysbench cpu, events/s its first score; its events
# are its operation count (--parser sysbench), so compare tests CPU time
# per event (issue 49), and --primary events/s charts the score first.
test_expect_success SYSBENCH 'sysbench cpu under abstat: a result with events/s' '
	expect_exit 0 "$ABSTAT" run -q -r 3 -e task-clock --parser sysbench \
		-o sc.json -- sysbench cpu --time=1 run &&
	[ "$(primary sc.json sc.json)" = task-clock/op ] || fail "compare primary" &&
	[ "$(primary --primary events/s sc.json sc.json)" = events/s ] || fail "--primary events/s"
'
test_expect_success SYSBENCH 'runs and dist of it: events/s first, higher is better' '
	expect_exit 0 "$ABSTAT" plot --primary events/s sc.json -o sr.gp &&
	expect_exit 0 "$ABSTAT" plot --primary events/s --kind dist sc.json -o sd.gp &&
	[ "$(panels sr.dat | cut -f 1 | head -n 1)" = "events/s (higher is better)" ] &&
	[ "$(panels sd.dat | cut -f 1 | head -n 1)" = "events/s (higher is better)" ] ||
		{ panels sr.dat; fail "not events/s"; }
'
test_expect_success SYSBENCH 'the events/s panel holds the runs'\'' events/s' '
	python3 - sc.json sr.dat <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	want = [r["scores"]["events/s"] for r in d["benchmarks"][0]["runs"]
	        if not r.get("warmup")]
	blocks = open(sys.argv[2]).read().split("\n\n\n")
	got = [float(l.split("\t")[1]) for l in blocks[3].strip().splitlines()]
	assert got == want, (got, want)
	PY
'
test_expect_success SYSBENCH '--metric latency-avg: that panel only' '
	expect_exit 0 "$ABSTAT" plot --metric latency-avg sc.json -o sl.gp &&
	[ "$(panels sl.dat | cut -f 1)" = "latency-avg (lower is better)" ] ||
		{ panels sl.dat; fail "--metric latency-avg"; }
'
test_expect_success SYSBENCH,GNUPLOT 'the runs chart of it renders, events/s in its title' '
	expect_exit 0 "$ABSTAT" plot --primary events/s sc.json -o sr.svg &&
	grep -q "events/s (higher is better)" sr.svg || fail "svg lacks events/s"
'

test_expect_success 'delta.gp: a key entry for the hatched bars' '
	expect_exit 0 "$ABSTAT" plot -q $G/suite-a.json $G/suite-b.json -o pd.gp &&
	grep -q "keyentry .*fs pattern 4" pd.gp &&
	grep -q "hatched: not significant or not tested" pd.gp || fail "delta key"
'
test_expect_success GNUPLOT 'delta rendered: hatched explained in the key' '
	expect_exit 0 "$ABSTAT" plot -q $G/suite-a.json $G/suite-b.json -o pd.svg &&
	grep -q ">hatched: not significant or not tested<" pd.svg || fail "svg key"
'
# A delta chart from -60% to +100% (issue 39): A's runs all alike, B
# each of them scaled (wall x2, user x0.4, sys x1.5, task-clock x1.8), so
# every interval is its center and any '+' in the plot is a tick mark.
test_lazy_prereq PYTHON3 'command -v python3'
cat >wide.py <<-\PY
import copy, json, sys
d = json.load(open(sys.argv[1]))
runs = d["benchmarks"][0]["runs"]
ref = next(r for r in runs if not r["warmup"])
for r in runs:
    for k in ("wall_ns", "region_ns", "user_ns", "sys_ns", "ops"):
        r[k] = ref[k]
    r["counters"] = copy.deepcopy(ref["counters"])
json.dump(d, open("wide-a.json", "w"))
for r in runs:
    for k, f in (("wall_ns", 2), ("region_ns", 2), ("user_ns", 0.4),
                 ("sys_ns", 1.5)):
        r[k] = int(r[k] * f)
    r["counters"][2]["value"] = int(r["counters"][2]["value"] * 1.8)
json.dump(d, open("wide-b.json", "w"))
PY
# xlabels FILE.txt: the line under the plot's bottom border
xlabels() { awk '/^ *[+]-+[+] *$/ { getline l; last = l } END { print last }' "$1"; }
# plotrows FILE.txt: inside the plot (between its left border and its
# right end, as the bottom border spans it), every row that has a border
plotrows() {
	awk 'NR == FNR { if (match($0, /^ *[+]-+[+] *$/)) { match($0, /[+]-+[+]/); a = RSTART; b = RLENGTH } next }
		substr($0, a, 1) == "|" { print substr($0, a + 1, b - 2) }' "$1" "$1"
}
test_expect_success GNUPLOT,PYTHON3 'delta .txt from -60% to +100%: the x labels a blank apart' '
	python3 wide.py $G/base.json &&
	expect_exit 0 "$ABSTAT" plot -q --kind delta wide-a.json wide-b.json -o wide.txt &&
	xlabels wide.txt >xl && cat wide.txt &&
	[ "$(wc -w <xl)" -ge 3 ] || fail "fewer than 3 x labels (or run together): $(cat xl)" &&
	for w in $(cat xl); do
		echo "$w" | grep -Eqx "[+-][0-9]+([.][0-9]+)?" ||
			fail "x label $w: two labels run together"
	done &&
	grep -q -- "-60" wide.txt || fail "no -60% row" &&
	width_ascii wide.txt 72
'
test_expect_success GNUPLOT,PYTHON3 'delta .txt: no tick mark in the plot, where a + reads as an interval end' '
	plotrows wide.txt >rows &&
	[ "$(wc -l <rows)" -ge 7 ] || fail "the plot rows not found" &&
	if grep -n "[+]" rows; then fail "a + inside the plot of exact intervals"; fi
'
test_expect_success 'no private directory is left behind' '
	[ -z "$(ls tmp)" ] || { ls tmp; fail "left in TMPDIR"; }
'
test_done
