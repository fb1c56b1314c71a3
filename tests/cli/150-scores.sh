# --score: a metric read from the workload's own output (stdout and
# stderr), kept per run in the result with the output it came from; a
# run without a match fails with the reason; show --score reads the kept
# output again; bad definitions are one-line usage errors.
# tags: sanitize
R=$TESTTMP/s.json
T=$TESTTMP/t.json

test_expect_success 'a score from stdout and one from stderr become rows' '
	expect_exit 0 $ABSTAT run -r 3 -e task-clock -o "$R" \
		--score "rate:ops/s=rate ([0-9.]+k)" --score "lat:us:lower=lat=([0-9]+)us" \
		-- sh -c "echo rate 12.5k; echo lat=40us >&2" &&
	grep_out "^rate +12500 +12500 .* 3 ops/s\$" &&
	grep_out "^lat +40 +40 .* 3 us\$"
'
test_expect_success 'the result holds the definitions, each run its scores and output' '
	json "d[\"scores\"]" "$R" | grep -q "'"'"'name'"'"': '"'"'rate'"'"', '"'"'unit'"'"': '"'"'ops/s'"'"', '"'"'better'"'"': '"'"'higher'"'"'" &&
	json "[r[\"scores\"][\"rate\"] for r in d[\"benchmarks\"][0][\"runs\"]]" "$R" | grep -q "^\[12500.0, 12500.0, 12500.0, 12500.0\]\$" &&
	json "d[\"benchmarks\"][0][\"runs\"][1][\"output\"]" "$R" | grep -q "rate 12.5k" &&
	json "d[\"benchmarks\"][0][\"runs\"][1][\"scores\"][\"lat\"]" "$R" | grep -q "^40.0\$"
'
test_expect_success 'the score is the primary row of compare' '
	cp "$R" "$T" &&
	expect_exit 0 $ABSTAT compare -q "$R" "$T" &&
	grep_out "^rate " &&
	awk "/^metric/{getline; print; exit}" "$TESTTMP/out" | grep -q "^rate " ||
		{ cat "$TESTTMP/out"; fail "rate is not the first row"; }
'
test_expect_success 'a run without a match fails with the reason, exit 4' '
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock --score "x=value ([0-9]+)" -- echo nothing &&
	one_line_err &&
	grep_err "score x: no match for /value \\(\\[0-9\\]\\+\\)/ in the output; stopping"
'
test_expect_success 'a match that is not a number fails the run too' '
	expect_exit 4 $ABSTAT run -q -r 1 -e task-clock --score "x=value (.*)" -- echo value many &&
	grep_err "score x: .many. is not a number"
'
test_expect_success 'show --score reads a new score from the kept output' '
	expect_exit 0 $ABSTAT show --score "rate2=rate ([0-9.]+)" "$R" &&
	grep_out "^rate2 +12\\.5 "
'
test_expect_success 'show --score on a file without kept output: one-line error, exit 2' '
	expect_exit 0 $ABSTAT run -q -r 1 -e task-clock -o "$TESTTMP/plain.json" -- /bin/true &&
	expect_exit 2 $ABSTAT show --score "x=(y)" "$TESTTMP/plain.json" &&
	one_line_err && grep_err "kept no output"
'
test_expect_success '--keep-output keeps the output without a score' '
	expect_exit 0 $ABSTAT run -q -r 1 -e task-clock --keep-output -o "$TESTTMP/k.json" -- echo hello &&
	json "d[\"benchmarks\"][0][\"runs\"][1][\"output\"]" "$TESTTMP/k.json" | grep -q "^hello\$"
'
test_expect_success 'the kept output is the last 64 KiB, from a whole line on' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock --score "last=line ([0-9]+)" \
		-o "$TESTTMP/big.json" -- sh -c "seq -f \"line %g\" 1 20000" &&
	json "len(d[\"benchmarks\"][0][\"runs\"][0][\"output\"]) <= 65536" "$TESTTMP/big.json" | grep -q True &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"output\"].startswith(\"line \")" "$TESTTMP/big.json" | grep -q True
'
test_expect_success CPUS2 'copies: a higher-is-better score sums over the copies' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 --copies 2 -C 0,1 -e task-clock \
		--score "n=n ([0-9]+)" -o "$TESTTMP/c.json" -- echo n 21 &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"scores\"][\"n\"]" "$TESTTMP/c.json" | grep -q "^42.0\$"
'
for bad in "noequals" "x=" "=(a)" "x=[0-9]+" "x=(" "x:ms:up=(a)" "wall=(a)"; do
	test_expect_success "--score '$bad': one-line usage error, exit 2" '
		expect_exit 2 $ABSTAT run --score "$bad" -- /bin/true &&
		one_line_err
	'
done
test_expect_success '--parser with an unknown tool: one-line usage error naming the tools' '
	expect_exit 2 $ABSTAT run --parser nosuch -- /bin/true &&
	one_line_err && grep_err "sysbench, bonnie, fio, unixbench, lmbench or stress-ng"
'
test_expect_success '--score with --show-output: one-line usage error' '
	expect_exit 2 $ABSTAT run --show-output --score "x=(a)" -- /bin/true &&
	one_line_err && grep_err "drop --show-output"
'
test_done
