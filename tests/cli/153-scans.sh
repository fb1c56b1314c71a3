# Scans: -P NAME LO HI [STEP] and -L NAME A,B,... (hyperfine's
# --parameter-scan and --parameter-list) and a --copies list: one
# benchmark per value (per combination), {NAME} replaced in the command
# and the hooks, the values in each benchmark's "params", the name
# "BASE NAME=VALUE ...". --oversubscribe lets copies share CPUs.
R=$TESTTMP/p.json
names() { json "[b[\"name\"] for b in d[\"benchmarks\"]]" "$1"; }

test_expect_success '-P n 1 3: three benchmarks, {n} in the command' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -o "$R" --keep-output \
		-P n 1 3 -- sh -c "echo value {n}" &&
	names "$R" | grep -qx "\[.sh n=1., .sh n=2., .sh n=3.\]" &&
	json "[b[\"params\"] for b in d[\"benchmarks\"]]" "$R" | grep -q "{.n.: .3.}\]" &&
	json "[b[\"runs\"][0][\"output\"] for b in d[\"benchmarks\"]]" "$R" | grep -q "value 1.n., .value 2.n., .value 3"
'
test_expect_success '-P with a step, and decimals' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/s.json" -P t 0 0.5 0.25 -- /bin/true &&
	names "$TESTTMP/s.json" | grep -qx "\[.true t=0.00., .true t=0.25., .true t=0.50.\]"
'
test_expect_success '-L and -P together: every combination, the first slowest' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/c.json" \
		-L mode a,b -P n 1 2 -- /bin/echo {mode}{n} &&
	names "$TESTTMP/c.json" | grep -qx "\[.echo mode=a n=1., .echo mode=a n=2., .echo mode=b n=1., .echo mode=b n=2.\]"
'
test_expect_success 'the hooks see {NAME} too' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -L x p,q \
		--setup "echo setup {x} >>$TESTTMP/log" -- /bin/true &&
	printf "setup p\nsetup q\n" | diff - "$TESTTMP/log"
'
test_expect_success '--copies 1,2: one benchmark per count, params {copies: N}' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -o "$TESTTMP/k.json" \
		--copies 1,2 --oversubscribe -w getppid:"-n 1000" &&
	names "$TESTTMP/k.json" | grep -qx "\[.getppid copies=1., .getppid copies=2.\]" &&
	json "[(b[\"copies\"], len(b[\"runs\"][0].get(\"copies\", [0]))) for b in d[\"benchmarks\"]]" "$TESTTMP/k.json" |
		grep -qx "\[(1, 1), (2, 2)\]"
'
test_expect_success 'more copies than online CPUs: refused, naming --oversubscribe' '
	n=$(($(nproc) + 1)) &&
	expect_exit 2 $ABSTAT run -q -r 1 -e task-clock --copies $n -- /bin/true &&
	one_line_err && grep_err "oversubscribe"
'
test_expect_success '--oversubscribe: copies share the CPUs round-robin, recorded and warned' '
	n=$(($(nproc) + 1)) &&
	expect_exit 0 $ABSTAT run -r 1 --warmup 0 -e task-clock --copies $n --oversubscribe \
		-o "$TESTTMP/o.json" -- /bin/true &&
	grep_err "warning: --oversubscribe: $n copies share $(nproc) CPUs round-robin" &&
	json "d[\"config\"][\"oversubscribe\"], len(d[\"benchmarks\"][0][\"runs\"][0][\"copies\"])" "$TESTTMP/o.json" |
		grep -qx "True $n"
'
test_expect_success '--no-pin --copies 3: unpinned copies' '
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock --no-pin --copies 3 -o "$TESTTMP/n.json" -- /bin/true &&
	json "[c[\"cpu\"] for c in d[\"benchmarks\"][0][\"runs\"][0][\"copies\"]]" "$TESTTMP/n.json" | grep -qx "\[-1, -1, -1\]" &&
	grep_out "not pinned"
'
for bad in "-P n 3 1" "-P n 1 2 0" "-P n a b" "-P n 1" "-P bad/name 1 2" "-L n a,,b" "-L n" \
	"-P n 1 5000" "--copies 1,x" "--copies 1,,2" "-L n a,b -L n c"; do
	test_expect_success "$bad: one-line usage error, exit 2" '
		expect_exit 2 $ABSTAT run $bad -- /bin/true && one_line_err
	'
done
test_expect_success 'versus takes no --copies list' '
	expect_exit 2 $ABSTAT versus --copies 1,2 /bin/true /bin/true && one_line_err
'
test_done
