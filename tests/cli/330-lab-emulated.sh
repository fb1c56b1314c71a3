# The x86_64 lab's instruction counts on the host, no QEMU (issue 54):
# a count.jsonl as lab/plugin/count.c writes it, merged into a real
# result by lab/count-merge.sh, one region a run in the order the runs
# started, between the file's two marks, as instructions,
# instructions:u and instructions:k; the events marked emulated in the
# file, [e] with its legend in show, compare (text, mail, json, csv) and
# the delta chart, and the machine line saying that the emulator counted
# them; a file that does not fit is refused, the result untouched.
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
R=$TESTTMP/r.json
M=$TOP/lab/count-merge.sh

# count N [MARKS]: a counter file of N regions between two marks (region
# k: u 10k, kernel 300k), a region before the first mark and one after
count() {
	echo '{"counter":"abstat-count 1","vcpus":1}'
	awk -v n="$1" -v marks="${2:-2}" 'BEGIN {
		r = "{\"region\":%d,\"vcpu\":0,\"per\":\"task\",\"instructions:u\":%d,\"instructions:k\":%d}\n"
		printf r, 1, 5, 5
		print "{\"mark\":1,\"regions\":1}"
		for (k = 1; k <= n; k++)
			printf r, k + 1, k * 10, k * 300
		if (marks >= 2)
			printf "{\"mark\":2,\"regions\":%d}\n", n + 1
		printf r, n + 2, 9, 9
	}'
}

test_expect_success JQ 'two workloads, 2 runs and a warm-up each: the regions become instructions, :u and :k' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock -w "getppid:-n 1000,getuid:-n 1000" -o "$R" &&
	count 6 >"$TESTTMP/c.jsonl" &&
	sh "$M" "$R" "$TESTTMP/c.jsonl" 2>"$TESTTMP/err" || { cat "$TESTTMP/err"; fail "merge failed"; } &&
	[ "$(jq -c "[.events[] | [.name, .emulated, .pmu, .exclude_user, .exclude_kernel]]" "$R")" = \
		"[[\"task-clock\",null,\"perf\",false,false],[\"instructions\",true,\"lab-emulator\",false,false],[\"instructions:u\",true,\"lab-emulator\",false,true],[\"instructions:k\",true,\"lab-emulator\",true,false]]" ] ||
		fail "events: $(jq -c .events "$R")" &&
	jq -r ".events[1].fstr, .env.lab_counter" "$R" | grep -c "counted by the emulator (QEMU TCG, lab/plugin/count.c), the region.s task" | grep -qx 2 ||
		fail "fstr: $(jq -r ".events[1].fstr" "$R")" &&
	got=$(jq -c "[.benchmarks[].runs[] | [.warmup, .counters[1].value, .counters[2].value, .counters[3].value]]" "$R") &&
	[ "$got" = "[[true,310,10,300],[false,620,20,600],[false,930,30,900],[true,1240,40,1200],[false,1550,50,1500],[false,1860,60,1800]]" ] ||
		fail "values: $got"
'
test_expect_success JQ 'abstat show: the rows marked [e], the legend, the machine line, csv status emulated' '
	expect_exit 0 "$ABSTAT" show "$R" &&
	grep_out "^instructions:u\[e\] " &&
	grep_out "^instructions/op\[e\] " &&
	grep_out "^task-clock " && ! grep -q "^task-clock.*\[e\]" "$TESTTMP/out" &&
	grep_out "^\[e\] emulated: counted by the emulator" &&
	tr -s "\n " "  " <"$TESTTMP/out" | grep -q "machine: .*instructions counted by the emulator)" ||
		fail "no machine line" &&
	expect_exit 0 "$ABSTAT" show --format csv "$R" &&
	grep_out "^getppid,instructions/op,,2,.*,emulated$"
'
test_expect_success JQ 'compare, mail and json: [e] on the counter rows only, "emulated": true, the machine line' '
	jq ".label = \"b\"" "$R" >"$TESTTMP/b.json" &&
	expect_exit 0 "$ABSTAT" compare -q --format mail --primary instructions/op \
		--metric instructions/op,task-clock/op "a=$R" "b=$TESTTMP/b.json" &&
	grep_out "^  instructions/op\[e\]( |\$)" &&
	grep_out "^  task-clock/op( |\$)" && ! grep -q "^  task-clock/op\[e\]" "$TESTTMP/out" &&
	width_ascii "$TESTTMP/out" 72 &&
	tr -s "\n " "  " <"$TESTTMP/out" | grep -q "\[e\]: emulated, counted by the emulator" ||
		fail "no legend" &&
	tr -s "\n " "  " <"$TESTTMP/out" | grep -q "instructions counted by the emulator)" ||
		fail "no machine line" &&
	expect_exit 0 "$ABSTAT" compare -q --format json --metric instructions/op,task-clock/op \
		"a=$R" "b=$TESTTMP/b.json" &&
	[ "$(jq -c "[.rows[] | [.metric, .emulated]]" "$TESTTMP/out")" = \
		"[[\"task-clock/op\",null],[\"instructions/op\",true],[\"task-clock/op\",null],[\"instructions/op\",true]]" ] ||
		fail "json rows: $(jq -c "[.rows[] | [.metric, .emulated]]" "$TESTTMP/out")" &&
	[ "$(jq -r ".machine.counter" "$TESTTMP/out")" != null ] || fail "no machine.counter in json"
'
test_expect_success JQ 'the delta chart names the counter rows [e]' '
	expect_exit 0 "$ABSTAT" plot -q --metric instructions/op,task-clock/op \
		"a=$R" "b=$TESTTMP/b.json" -o "$TESTTMP/d.txt" &&
	grep -q "getppid instructions/op\[e\]" "$TESTTMP/d.txt" ||
		{ cat "$TESTTMP/d.txt"; fail "no [e] in the chart"; }
'
test_expect_success JQ 'refused, the result untouched: wrong region count, one mark, twice' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock -w "getppid:-n 1000" -o "$TESTTMP/p.json" &&
	cp "$TESTTMP/p.json" "$TESTTMP/p0.json" &&
	count 4 >"$TESTTMP/c4" && count 3 1 >"$TESTTMP/c1" && count 3 >"$TESTTMP/c3" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c4" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: 4 measured regions between the marks, 3 runs" "$TESTTMP/err" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c1" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: 1 marks, expected 2" "$TESTTMP/err" &&
	cmp "$TESTTMP/p.json" "$TESTTMP/p0.json" &&
	sh "$M" "$TESTTMP/p.json" "$TESTTMP/c3" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c3" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: the result has an instructions event already" "$TESTTMP/err"
'
test_done
