# The glue of issue 19: one suite file, run under two labels with a
# --copies scan, gives ONE compare table (a column group per side, a
# geomean row) and ONE scaling chart whose data file has a curve per side
# (and benchmark) over the copies 1 and 2, named from the scan's
# "NAME copies=N" benchmarks.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp && export TMPDIR="$TESTTMP/tmp"
cat >t.suite <<-\EOF || fail "suite"
# two built-in workloads
name=syscall workload='syscall:-n 2000'
name=pipe workload='pipe:-n 2000'
EOF

test_expect_success 'the suite under two labels, --copies 1,2: four benchmarks a side' '
	for l in one two; do
		expect_exit 0 "$ABSTAT" run -q -S t.suite -r 3 --copies 1,2 --oversubscribe \
			-e task-clock -n $l -o $l.json || exit 1
	done &&
	json "[b[\"name\"] for b in d[\"benchmarks\"]]" two.json >got && cat got &&
	grep -qx "\[.syscall copies=1., .syscall copies=2., .pipe copies=1., .pipe copies=2.\]" got
'
test_expect_success 'compare: one table with both sides and a geomean row' '
	expect_exit 0 "$ABSTAT" compare -q one.json two.json && cat "$TESTTMP/out" &&
	width_ascii "$TESTTMP/out" 80 &&
	[ "$(grep -c "^ *one  *two *$" "$TESTTMP/out")" -eq 1 ] || fail "want one header naming one and two" &&
	for b in "syscall copies=1" "syscall copies=2" "pipe copies=1" "pipe copies=2"; do
		[ "$(grep -c "^$b " "$TESTTMP/out")" -eq 1 ] || fail "want one row for $b"
	done &&
	[ "$(grep -c "^geomean " "$TESTTMP/out")" -eq 1 ] || fail "want one geomean row"
'
# (with 3 runs a side no delta has an interval, so the geomean says why)
test_expect_success 'compare --format json: two sides, one geomean entry, for side two' '
	expect_exit 0 "$ABSTAT" compare -q --format json one.json two.json &&
	json "[s[\"label\"] for s in d[\"sides\"]], len(d[\"geomean\"]), d[\"geomean\"][0][\"side\"], d[\"geomean\"][0][\"delta\"] is not None or d[\"geomean\"][0][\"why\"] != \"\"" "$TESTTMP/out" >got &&
	grep -qx "\[.one., .two.\] 1 1 True" got || { cat got; fail "sides, geomean"; }
'
test_expect_success 'plot --kind scaling: one data file, a curve per side and benchmark, x 1 and 2' '
	expect_exit 0 "$ABSTAT" plot -q --kind scaling one.json two.json -o c.gp &&
	python3 - c.dat >got <<-\PY &&
	import sys
	blocks = open(sys.argv[1]).read().split("\n\n\n")
	head = [l for l in blocks[0].splitlines() if not l.startswith("#")][0].split("\t")
	names = [l.split("\t")[1] for l in blocks[1].strip().splitlines()]
	print("x", head[3])
	for name, b in zip(names, blocks[2:]):
	    print(name + ":", " ".join(l.split("\t")[0] for l in b.strip().splitlines()))
	PY
	cat got &&
	grep -qx "x copies" got &&
	for c in "one: syscall" "two: syscall" "one: pipe" "two: pipe"; do
		grep -qx "$c: 1 2" got || fail "want curve $c over x 1 2"
	done &&
	[ "$(grep -c ": 1 2$" got)" -eq 4 ] || fail "want exactly four curves"
'
test_done
