# run -S FILE: a suite file, one benchmark a line (name, cmd or workload,
# score/parser, hooks); each line's hooks and scores are its own; errors
# are one line "FILE:LINE: what", exit 2; the shipped example suites
# parse (their commands resolve where the tools are installed).
# tags: sanitize
S=$TESTTMP/t.suite
R=$TESTTMP/r.json
test_lazy_prereq SYSBENCH 'command -v sysbench >/dev/null && command -v bonnie++ >/dev/null'

test_expect_success 'two lines: two benchmarks, each with its scores and hooks' '
	cat >"$S" <<-EOF &&
	# a comment, then a blank line

	name=echo-rate cmd="sh -c \"echo rate 7\"" score="rate=rate ([0-9]+)" prepare="echo p1 >>$TESTTMP/log"
	name=spin workload="getppid:-n 1000" setup="echo s2 >>$TESTTMP/log" cleanup="echo c2 >>$TESTTMP/log"
	EOF
	expect_exit 0 $ABSTAT run -q -r 2 --warmup 0 -e task-clock -S "$S" -o "$R" &&
	json "[b[\"name\"] for b in d[\"benchmarks\"]]" "$R" | grep -qx "\[.echo-rate., .spin.\]" &&
	printf "p1\np1\ns2\nc2\n" | diff - "$TESTTMP/log" &&
	grep_out "^rate +7 " &&
	json "d[\"benchmarks\"][1][\"workload\"], d[\"config\"][\"suite_file\"] == \"$S\"" "$R" | grep -qx "getppid True"
'
test_expect_success 'the score row is only in the benchmark that has it' '
	awk "/^spin/,0" "$TESTTMP/out" | grep -q "^rate " && fail "rate in spin" ;
	true
'
test_expect_success 'a suite line with a missing score fails its run, exit 4' '
	echo "name=x cmd=true score=\"v=v ([0-9]+)\"" >"$S" &&
	expect_exit 4 $ABSTAT run -q -r 1 -e task-clock -S "$S" &&
	grep_err "score v: no match"
'
test_expect_success 'a suite with -P: every line scanned' '
	echo "name=e cmd=\"echo {n}\"" >"$S" &&
	expect_exit 0 $ABSTAT run -q -r 1 --warmup 0 -e task-clock -S "$S" -P n 1 2 -o "$TESTTMP/p.json" &&
	json "[b[\"name\"] for b in d[\"benchmarks\"]]" "$TESTTMP/p.json" | grep -qx "\[.e n=1., .e n=2.\]"
'
bad_suite() {
	printf "%s\n" "$1" >"$S"
	expect_exit 2 $ABSTAT run -S "$S" && one_line_err && grep_err "$2"
}
test_expect_success 'errors: FILE:LINE: what, one line, exit 2' '
	bad_suite "name=a" "t.suite:1: needs name= and cmd=" &&
	bad_suite "name=a cmd=true color=red" "t.suite:1: unknown key .color." &&
	bad_suite "name=a cmd=nosuchcommand-xyz" "t.suite:1: nosuchcommand-xyz: command not found" &&
	bad_suite "name=a workload=nosuch" "t.suite:1: workload .nosuch. is unknown" &&
	bad_suite "#" "no benchmark in it" &&
	printf "name=a cmd=true\n\nname=a cmd=true\n" >"$S" &&
	expect_exit 2 $ABSTAT run -S "$S" && grep_err "t.suite:3: name .a. is already on line 1"
'
test_expect_success '-S with a command or -w: usage error' '
	echo "name=a cmd=true" >"$S" &&
	expect_exit 2 $ABSTAT run -S "$S" -- /bin/true && one_line_err &&
	expect_exit 2 $ABSTAT run -S "$S" -w getppid && one_line_err
'
test_expect_success 'a missing suite file: one-line error, exit 2' '
	expect_exit 2 $ABSTAT run -S "$TESTTMP/none.suite" && one_line_err
'
# The suite is read and its commands resolved before the output check,
# so an existing -o file is the first thing refused: the suite was good.
test_expect_success SYSBENCH 'the shipped example suites parse and resolve' '
	: >"$TESTTMP/exists.json" &&
	for f in examples/netbsd-tls.suite examples/openbsd-unixbench.suite; do
		expect_exit 2 $ABSTAT run -S "$f" -o "$TESTTMP/exists.json" &&
		grep_err "exists; use --force" || fail "$f"
	done
'
test_done
