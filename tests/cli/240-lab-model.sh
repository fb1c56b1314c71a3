# The kernel lab's cache model on the host, no QEMU (issue 42): its
# counts (a cache.jsonl as lab/plugin/cache.c writes it) merged
# into a real result by lab/cache-merge.sh, one region a run in
# the order the runs started, between the file's two marks; the events
# marked modelled in the file, and [m] with its legend in show, compare
# (text, mail, json, csv) and the delta chart, never shown as a hardware
# counter; a file that does not fit is refused, the result untouched.
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
R=$TESTTMP/r.json
M=$TOP/lab/cache-merge.sh
EV=lab:l1d-misses:u,lab:l1d-accesses:k,lab:l2-misses

# cache N [MARKS]: a model file of N regions between two marks (region
# k: l1d-misses:u 100k, l1d-accesses:k 7k, l2-misses:u k, :k 2k), with
# a region before the first mark (the doctor's) and after the second
cache() {
	echo '{"model":"abstat-cache 1","line":64,"l1i":"48 KiB 3-way","l1d":"32 KiB 2-way","l2":"2048 KiB 16-way","replacement":"LRU"}'
	echo '{"region":1,"vcpu":0,"l1d-misses:u":5,"l1d-accesses:k":5,"l2-misses:u":5,"l2-misses:k":5}'
	echo '{"mark":1,"regions":1}'
	k=1
	while [ $k -le "$1" ]; do
		echo "{\"region\":$((k + 1)),\"vcpu\":0,\"l1d-misses:u\":$((k * 100000)),\"l1d-accesses:k\":$((k * 7000)),\"l2-misses:u\":$k,\"l2-misses:k\":$((k * 2))}"
		k=$((k + 1))
	done
	[ "${2:-2}" -lt 2 ] || echo "{\"mark\":2,\"regions\":$(($1 + 1))}"
	echo "{\"region\":$(($1 + 2)),\"vcpu\":0,\"l1d-misses:u\":9,\"l1d-accesses:k\":9,\"l2-misses:u\":9,\"l2-misses:k\":9}"
}

test_expect_success JQ 'two workloads, 2 runs and a warm-up each: the regions become their events' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock -w "getppid:-n 1000,getuid:-n 1000" -o "$R" &&
	cache 6 >"$TESTTMP/c.jsonl" &&
	sh "$M" "$R" "$TESTTMP/c.jsonl" "$EV" 2>"$TESTTMP/err" || { cat "$TESTTMP/err"; fail "merge failed"; } &&
	[ "$(jq -c "[.events[] | [.name, .modelled, .pmu, .exclude_user, .exclude_kernel]]" "$R")" = \
		"[[\"task-clock\",null,\"perf\",false,false],[\"lab:l1d-misses:u\",true,\"lab-model\",false,true],[\"lab:l1d-accesses:k\",true,\"lab-model\",true,false],[\"lab:l2-misses\",true,\"lab-model\",false,false]]" ] ||
		fail "events: $(jq -c .events "$R")" &&
	[ "$(jq -r ".events[1].fstr" "$R")" = "abstat-cache 1: l1d 32 KiB 2-way, 64 B lines, LRU" ] ||
		fail "fstr: $(jq -r ".events[1].fstr" "$R")" &&
	got=$(jq -c "[.benchmarks[].runs[] | [.warmup, .counters[1].value, .counters[2].value, .counters[3].value]]" "$R") &&
	[ "$got" = "[[true,100000,7000,3],[false,200000,14000,6],[false,300000,21000,9],[true,400000,28000,12],[false,500000,35000,15],[false,600000,42000,18]]" ] ||
		fail "values: $got"
'
test_expect_success JQ 'abstat show: the model rows marked [m], the legend' '
	expect_exit 0 "$ABSTAT" show "$R" &&
	grep_out "^lab:l1d-misses:u\[m\] +250k " &&
	grep_out "^lab:l1d-misses:u/op\[m\] +250 " &&
	grep_out "^task-clock " && ! grep -q "^task-clock.*\[m\]" "$TESTTMP/out" &&
	grep_out "^\[m\] modelled: a cache model.s count \(the kernel lab\), not a hardware counter.s$" &&
	expect_exit 0 "$ABSTAT" show --format csv "$R" &&
	grep_out "^getppid,lab:l1d-misses:u/op,,2,.*,modelled$" &&
	grep_out "^getppid,task-clock/op,ns,2,.*,ok$"
'
test_expect_success JQ 'compare, mail and json: [m] on the model rows only, "modelled": true' '
	jq ".label = \"b\"" "$R" >"$TESTTMP/b.json" &&
	expect_exit 0 "$ABSTAT" compare -q --format mail --primary lab:l1d-misses:u/op \
		--metric lab:l1d-misses:u/op,task-clock/op "a=$R" "b=$TESTTMP/b.json" &&
	grep_out "^  lab:l1d-misses:u/op\[m\]( |\$)" &&
	grep_out "^  task-clock/op( |\$)" && ! grep -q "^  task-clock/op\[m\]" "$TESTTMP/out" &&
	width_ascii "$TESTTMP/out" 72 &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "\[m\]: modelled, the count of a cache model" ||
		fail "no legend" &&
	expect_exit 0 "$ABSTAT" compare -q --format json --metric lab:l1d-misses:u/op,task-clock/op \
		"a=$R" "b=$TESTTMP/b.json" &&
	[ "$(jq -c "[.rows[] | [.metric, .modelled]]" "$TESTTMP/out")" = \
		"[[\"task-clock/op\",null],[\"lab:l1d-misses:u/op\",true],[\"task-clock/op\",null],[\"lab:l1d-misses:u/op\",true]]" ] ||
		fail "json rows: $(jq -c "[.rows[] | [.metric, .modelled]]" "$TESTTMP/out")"
'
test_expect_success JQ 'the delta chart names the model rows [m]' '
	expect_exit 0 "$ABSTAT" plot -q --metric lab:l1d-misses:u/op,task-clock/op \
		"a=$R" "b=$TESTTMP/b.json" -o "$TESTTMP/d.txt" &&
	grep -q "getppid lab:l1d-misses:u/op\[m\]" "$TESTTMP/d.txt" ||
		{ cat "$TESTTMP/d.txt"; fail "no [m] in the chart"; }
'
test_expect_success JQ 'refused, the result untouched: wrong region count, one mark, twice, a bad name, copies' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock -w "getppid:-n 1000" -o "$TESTTMP/p.json" &&
	cp "$TESTTMP/p.json" "$TESTTMP/p0.json" &&
	cache 4 >"$TESTTMP/c4" && cache 3 1 >"$TESTTMP/c1" && cache 3 >"$TESTTMP/c3" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c4" "$EV" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: 4 measured regions between the marks, 3 runs" "$TESTTMP/err" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c1" "$EV" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: 1 marks, expected 2" "$TESTTMP/err" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c3" lab:l3-misses 2>"$TESTTMP/err" &&
	grep "^lab: error: LAB_EVENTS: unknown model event .lab:l3-misses." "$TESTTMP/err" &&
	cmp "$TESTTMP/p.json" "$TESTTMP/p0.json" &&
	sh "$M" "$TESTTMP/p.json" "$TESTTMP/c3" "$EV" &&
	! sh "$M" "$TESTTMP/p.json" "$TESTTMP/c3" "$EV" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: an event of LAB_EVENTS is in the result already" "$TESTTMP/err" &&
	expect_exit 0 "$ABSTAT" run -q -r 1 --copies 2 -e task-clock -w "getppid:-n 1000" -o "$TESTTMP/x.json" &&
	! sh "$M" "$TESTTMP/x.json" "$TESTTMP/c3" "$EV" 2>"$TESTTMP/err" &&
	grep "^lab: error: .*: copies: the model counts the one vCPU" "$TESTTMP/err"
'
test_done
