# plot --kind scaling: any scanned parameter on x (a benchmark's params
# value, else its copies), one curve per side label with CI whiskers and
# the ideal scaling per curve. The data file (.gp output) is checked
# everywhere; rendering needs gnuplot.
# tags: sanitize
GEN=$TOP/tests/fixtures/plot/gen.py
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp && export TMPDIR="$TESTTMP/tmp"

# two kernels x 1, 2, 4 copies (the OpenBSD thread's UnixBench scaling)
for c in 1 2 4; do
	python3 "$GEN" k47-$c.json --label k47 --copies $c --seed $c &&
		python3 "$GEN" k52-$c.json --label k52 --copies $c --ns 120 --seed 1$c ||
		fail "gen copies $c"
done
# a params scan: threads 1, 2, 4 as params of one-copy results, and a
# suite of one file whose benchmarks are the scan's values
setp() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); [b.__setitem__("params", {sys.argv[2]: v}) for b, v in zip(d["benchmarks"], sys.argv[4].split(","))]; json.dump(d, open(sys.argv[3], "w"))' "$@"; }
for t in 1 2 4; do
	python3 "$GEN" t.json --label x --seed 2$t && setp t.json threads thr-$t.json $t ||
		fail "gen threads $t"
	rm -f t.json
done
python3 "$GEN" s.json --label base --bench "mmap threads=1,mmap threads=2" --seed 5 &&
	setp s.json threads scan-a.json 1,2 &&
	python3 "$GEN" s.json --label new --bench "mmap threads=1,mmap threads=2" --ns 90 --seed 6 &&
	setp s.json threads scan-b.json 1,2 &&
	python3 "$GEN" s.json --label up --bench "syscall copies=1,syscall copies=2,pipe copies=1,pipe copies=2" --seed 9 &&
	setp s.json copies suite.json 1,2,1,2 &&
	python3 "$GEN" m1.json --label base --seed 7 && setp m1.json mode mode-a.json fast &&
	python3 "$GEN" m2.json --label base --seed 8 && setp m2.json mode mode-b.json slow ||
	fail "gen scan"

# dat FILE.dat: the blocks of the data file as lines "curve: x y lo hi ideal"
dat() {
	python3 - "$1" <<-\PY
	import sys
	blocks = open(sys.argv[1]).read().split("\n\n\n")
	head = [l for l in blocks[0].splitlines() if not l.startswith("#")][0].split("\t")
	names = [l.split("\t")[1] for l in blocks[1].strip().splitlines()]
	print("head", head[3], head[4], head[5], head[6])
	for name, b in zip(names, blocks[2:]):
	    for l in b.strip().splitlines():
	        f = l.split("\t")
	        print(name + ":", f[0], "%.4g" % float(f[1]), "%.4g" % float(f[4]) if f[4] != "NaN" else "NaN", f[5])
	PY
}

test_expect_success '2 sides x 3 copies: two curves of three points, copies on x' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json k52-1.json k52-2.json k52-4.json -o c.gp &&
	dat c.dat >got && cat got &&
	grep -qx "head copies ops/s 2 0" got &&
	[ "$(grep -c "^k47: " got)" -eq 3 ] && [ "$(grep -c "^k52: " got)" -eq 3 ] &&
	awk "/^k47: / { print \$2 }" got | tr "\n" " " | grep -qx "1 2 4 " ||
		fail "want curves k47 and k52 with copies 1 2 4 in order"
'
test_expect_success 'each curve has its own linear ideal from its fewest copies' '
	python3 - c.dat <<-\PY
	import sys
	blocks = open(sys.argv[1]).read().split("\n\n\n")[2:]
	assert len(blocks) == 2, len(blocks)
	for b in blocks:
	    pts = [list(map(float, l.split("\t")[:5])) for l in b.strip().splitlines()]
	    x0, y0 = pts[0][0], pts[0][1]
	    for x, y, lo, hi, ideal in pts:
	        assert abs(ideal - y0 * x / x0) <= 1e-5 * ideal, (x, ideal, y0)
	        assert lo <= y <= hi, (lo, y, hi)
	PY
'
test_expect_success 'the order of the files does not matter (no zigzag)' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k52-4.json k47-2.json k52-1.json k47-4.json k47-1.json k52-2.json -o z.gp &&
	dat z.dat | sort >got1 && dat c.dat | sort >got2 &&
	cmp got1 got2 || { diff got1 got2; fail "order changed the data"; }
'
test_expect_success 'a scanned param (threads) on x, the side label as its curve' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling thr-1.json thr-2.json thr-4.json -o t.gp &&
	dat t.dat >got && cat got &&
	grep -qx "head threads ops/s 1 0" got && [ "$(grep -c "^x: " got)" -eq 3 ]
'
test_expect_success 'a scan in one file per side: the benchmarks are the points' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling scan-a.json scan-b.json -o s.gp &&
	dat s.dat >got && cat got &&
	grep -qx "head threads ops/s 2 0" got &&
	[ "$(grep -c "^base: " got)" -eq 2 ] && [ "$(grep -c "^new: " got)" -eq 2 ]
'
test_expect_success 'the default kind for a scan (params) is scaling, one side too' '
	expect_exit 0 "$ABSTAT" plot -q scan-a.json -o auto.gp &&
	head -1 auto.gp | grep -q "kind scaling" || { head -3 auto.gp; fail "not the scaling chart"; }
'
test_expect_success 'values that are not numbers: categories, no ideal line' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling mode-a.json mode-b.json -o m.gp &&
	dat m.dat >got && cat got &&
	grep -qx "head mode ops/s 1 1" got && grep -q "^base: 1 .* NaN fast$" got &&
	grep -q "^base: 2 .* NaN slow$" got
'
test_expect_success '--metric ns/op: the ideal of a time per op is flat' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling --metric ns/op k47-1.json k47-2.json k47-4.json -o n.gp &&
	dat n.dat >got && cat got &&
	grep -qx "head copies ns 1 0" got &&
	[ "$(awk "/^k47: / { print \$4 }" got | sort -u | wc -l)" -eq 1 ] || fail "ideal not flat"
'
test_expect_success 'two metrics: exit 2, one line' '
	expect_exit 2 "$ABSTAT" plot -q --kind scaling --metric ns/op,ops/s k47-1.json k47-2.json -o two.gp &&
	one_line_err && grep_err "one metric"
'
test_expect_success 'nothing scanned: exit 2 saying so' '
	expect_exit 2 "$ABSTAT" plot -q --kind scaling k47-1.json k52-1.json -o none.gp &&
	one_line_err && grep_err "scanned parameter.*different --copies"
'
test_expect_success GNUPLOT 'rendered: the chart names both curves and the linear ideal' '
	expect_exit 0 "$ABSTAT" plot -q k47-1.json k47-2.json k47-4.json k52-1.json k52-2.json k52-4.json -o c.txt &&
	width_ascii c.txt 72 &&
	grep -q "k47" c.txt && grep -q "k52" c.txt && grep -q "linear" c.txt &&
	grep -q "throughput vs copies, higher is better" c.txt || { cat c.txt; fail "chart text"; }
'
test_expect_success GNUPLOT 'rendered png and the categorical chart' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json k52-1.json k52-2.json k52-4.json -o c.png &&
	[ "$(wc -c <c.png)" -gt 8000 ] &&
	expect_exit 0 "$ABSTAT" plot -q --kind scaling mode-a.json mode-b.json -o m.txt &&
	grep -q fast m.txt && grep -q slow m.txt
'
# The title names the benchmarks, every ideal line has its own key entry
# (issue 31). head0 FILE.dat: the title (field 2) and the ideal (field 10)
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
		k52-1.json k52-2.json k52-4.json -o ck.gp &&
	grep -q "title curve\[c\] . \": \" . ideal . \" (ideal)\"" ck.gp &&
	if grep -q "c == 1 ?" ck.gp; then fail "one entry for all ideal lines"; fi
'
test_expect_success GNUPLOT 'scaling rendered: each curve'\''s ideal named in the key' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json \
		k52-1.json k52-2.json k52-4.json -o ck.svg &&
	grep -q ">k47: linear (ideal)<" ck.svg && grep -q ">k52: linear (ideal)<" ck.svg ||
		fail "svg key"
	expect_exit 0 "$ABSTAT" plot -q --kind scaling k47-1.json k47-2.json k47-4.json \
		k52-1.json k52-2.json k52-4.json -o ck.txt &&
	grep -q "k47 linear" ck.txt && grep -q "k52 linear" ck.txt &&
	width_ascii ck.txt 72 || { cat ck.txt; fail "txt key"; }
'
test_done
