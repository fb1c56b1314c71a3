# Charts of the compared metric (issue 31): the runs and dist charts'
# first panel is each benchmark's primary metric as compare chooses it (a
# real sysbench score run shows its events/s, not wall time), --metric
# and --primary choose; the scaling chart's title names the benchmarks
# and every ideal line has its own key entry; the delta chart's key says
# what a hatched bar is. Data files and scripts are read as text, the
# rendered svg/txt for what the reader sees (GNUPLOT).
test_lazy_prereq GNUPLOT 'command -v gnuplot'
test_lazy_prereq SYSBENCH 'command -v sysbench >/dev/null'
G=$TOP/tests/golden
GEN=$TOP/tests/fixtures/plot/gen.py
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp && export TMPDIR="$TESTTMP/tmp"

# panels FILE.dat: the panel titles of a runs/dist data file (index 2)
panels() {
	awk 'BEGIN { FS = "\t" } /^#/ { next } /^$/ { blank++; next }
		blank && prev_blank != blank { idx++; prev_blank = blank }
		idx == 2 { print $2 }' "$1"
}
# primary A.json B.json...: compare's primary row of the first benchmark
primary() {
	"$ABSTAT" compare -q --format json "$@" >p.json 2>/dev/null ||
		fail "compare $*"
	json '[r["metric"] for r in d["rows"] if r["primary"]][0]' p.json
}

test_expect_success 'runs: the first panel is the primary row compare tests' '
	want=$(primary $G/base.json $G/slow.json) && [ -n "$want" ] &&
	expect_exit 0 "$ABSTAT" plot --kind runs $G/base.json $G/slow.json -o r.gp &&
	panels r.dat >p && cat p &&
	[ "$(head -n 1 p)" = "$want (lower is better)" ] ||
		fail "first panel is not compare'\''s $want"
'
test_expect_success 'runs: the time per op follows it, then the counters that changed' '
	sed -n 2p p | grep -qx "ns/op (lower is better)" &&
	grep -qx "page-faults (lower is better)" p || fail "default panels"
'
test_expect_success 'dist: the same first panel' '
	want=$(primary $G/base.json $G/slow.json) &&
	expect_exit 0 "$ABSTAT" plot --kind dist $G/base.json $G/slow.json -o di.gp &&
	[ "$(panels di.dat | head -n 1)" = "$want (lower is better)" ] ||
		{ panels di.dat; fail "dist first panel"; }
'
test_expect_success '--primary wall: the first panel is wall, as compare tests it' '
	[ "$(primary --primary wall $G/base.json $G/slow.json)" = wall ] &&
	expect_exit 0 "$ABSTAT" plot --kind runs --primary wall $G/base.json -o w.gp &&
	[ "$(panels w.dat | head -n 1)" = "wall (lower is better)" ] ||
		{ panels w.dat; fail "--primary wall"; }
'
test_expect_success '--primary nosuch: exit 2 naming it, no chart' '
	expect_exit 2 "$ABSTAT" plot --kind runs --primary nosuch $G/base.json -o n.png &&
	one_line_err && grep_err "--primary: no metric named '\''nosuch'\''" &&
	[ ! -e n.png ]
'
test_expect_success 'a suite: one panel a benchmark, its primary' '
	expect_exit 0 "$ABSTAT" plot --kind runs $G/suite-a.json -o s.gp &&
	panels s.dat >p && cat p &&
	[ "$(wc -l <p)" -eq 3 ] &&
	[ "$(grep -c ": task-clock/op (lower is better)$" p)" -eq 3 ] ||
		fail "suite panels"
'

# A real score run: sysbench cpu, events/s its first score.
test_expect_success SYSBENCH 'sysbench cpu under abstat: a result with events/s' '
	expect_exit 0 "$ABSTAT" run -q -r 3 -e task-clock --parser sysbench \
		-o sc.json -- sysbench cpu --time=1 run &&
	[ "$(primary sc.json sc.json)" = events/s ] || fail "compare primary"
'
test_expect_success SYSBENCH 'runs and dist of it: events/s first, higher is better' '
	expect_exit 0 "$ABSTAT" plot sc.json -o sr.gp &&
	expect_exit 0 "$ABSTAT" plot --kind dist sc.json -o sd.gp &&
	[ "$(panels sr.dat | head -n 1)" = "events/s (higher is better)" ] &&
	[ "$(panels sd.dat | head -n 1)" = "events/s (higher is better)" ] ||
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
	[ "$(panels sl.dat)" = "latency-avg (lower is better)" ] ||
		{ panels sl.dat; fail "--metric latency-avg"; }
'
test_expect_success SYSBENCH,GNUPLOT 'the runs chart of it renders, events/s in its title' '
	expect_exit 0 "$ABSTAT" plot sc.json -o sr.svg &&
	grep -q "events/s (higher is better)" sr.svg || fail "svg lacks events/s"
'

# Scaling: 1, 2, 4 copies of two kernels; a scan of one benchmark;
# a suite of two.
for c in 1 2 4; do
	python3 "$GEN" k47-$c.json --label k47 --copies $c --seed $c &&
		python3 "$GEN" k52-$c.json --label k52 --copies $c --ns 120 --seed 1$c ||
		fail "gen copies $c"
done
setp() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); [b.__setitem__("params", {sys.argv[2]: v}) for b, v in zip(d["benchmarks"], sys.argv[4].split(","))]; json.dump(d, open(sys.argv[3], "w"))' "$@"; }
python3 "$GEN" s.json --label base --bench "mmap threads=1,mmap threads=2" --seed 5 &&
	setp s.json threads scan-a.json 1,2 &&
	python3 "$GEN" s.json --label up --bench "syscall copies=1,syscall copies=2,pipe copies=1,pipe copies=2" --seed 6 &&
	setp s.json copies suite.json 1,2,1,2 || fail "gen scan"
# head FILE.dat: the title (field 2) and the ideal (field 10)
head0() { grep -v "^#" "$1" | head -n 1 | cut -f 2,10; }

test_expect_success 'scaling: the title names the benchmark, not "benchmarks"' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling scan-a.json -o sa.gp &&
	head0 sa.dat | grep -q "^mmap: aggregate throughput vs threads, higher is better	linear$" ||
		{ head0 sa.dat; fail "scan title"; }
'
test_expect_success 'scaling, a suite: the title names its benchmarks' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling suite.json -o su.gp &&
	head0 su.dat | grep -q "^syscall, pipe: aggregate throughput vs copies" ||
		{ head0 su.dat; fail "suite title"; }
'
test_expect_success 'scaling, lower is better: the ideal is flat and said so' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling --metric ns/op k47-1.json k47-2.json -o fl.gp &&
	head0 fl.dat | grep -q "	flat$" &&
	grep -v "^#" fl.dat | head -n 1 | grep -q "dashed: flat, the value at the fewest copies" ||
		{ head -n 3 fl.dat; fail "flat ideal"; }
'
test_expect_success 'scaling.gp: one key entry per ideal line' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json \
		k52-1.json k52-2.json k52-4.json -o c.gp &&
	grep -q "title curve\[c\] . \": \" . ideal . \" (ideal)\"" c.gp &&
	if grep -q "c == 1 ?" c.gp; then fail "one entry for all ideal lines"; fi
'
test_expect_success GNUPLOT 'scaling rendered: each curve'\''s ideal named in the key' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json \
		k52-1.json k52-2.json k52-4.json -o c.svg &&
	grep -q ">k47: linear (ideal)<" c.svg && grep -q ">k52: linear (ideal)<" c.svg ||
		fail "svg key"
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json \
		k52-1.json k52-2.json k52-4.json -o c.txt &&
	grep -q "k47 linear" c.txt && grep -q "k52 linear" c.txt &&
	width_ascii c.txt 72 || { cat c.txt; fail "txt key"; }
'
test_expect_success 'delta.gp: a key entry for the hatched bars' '
	expect_exit 0 "$ABSTAT" plot -q $G/suite-a.json $G/suite-b.json -o d.gp &&
	grep -q "keyentry .*fs pattern 4" d.gp &&
	grep -q "hatched: not significant or not tested" d.gp || fail "delta key"
'
test_expect_success GNUPLOT 'delta rendered: hatched explained in the key' '
	expect_exit 0 "$ABSTAT" plot -q $G/suite-a.json $G/suite-b.json -o d.svg &&
	grep -q ">hatched: not significant or not tested<" d.svg || fail "svg key"
'
test_expect_success 'no private directory is left behind' '
	[ -z "$(ls tmp)" ] || { ls tmp; fail "left in TMPDIR"; }
'
test_done
