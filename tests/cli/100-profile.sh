# abstat profile: the runs of run, sampled (cpu-clock where no PMU
# samples); folded stacks per run in the result; a program whose two
# functions do 70% and 30% of the work shows those self shares.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o "$TESTTMP/.s.json" -- true >/dev/null 2>&1'

# self share of a function over the measured runs, in percent
share() {
	json "round(100.0 * sum(n for r in d['benchmarks'][0]['runs'] if not r['warmup'] for s, n in r['profile']['stacks'] if s.split(';')[-1] == '$1') / sum(r['profile']['samples'] for r in d['benchmarks'][0]['runs'] if not r['warmup']), 1)" "$2"
}

# rounds of 20-step units (split_work.c: rounds near the sampler's
# period make a run's share stray 7 points; in a sanitizer pass the
# five runs of 2000-step units gave 63.7%)
test_expect_success SAMPLING '70/30 split: work_a and work_b within 5 points of 70 and 30' '
	expect_exit 0 $ABSTAT profile -q --user-only -r 5 -o "$TESTTMP/p.json" -- $P/split_work 70 100000 20 &&
	a=$(share work_a "$TESTTMP/p.json") && b=$(share work_b "$TESTTMP/p.json") &&
	echo "work_a $a% work_b $b%" &&
	awk -v a="$a" -v b="$b" "BEGIN { exit !(a >= 65 && a <= 75 && b >= 25 && b <= 35) }" ||
		fail "self shares work_a $a%, work_b $b%; expected 70 and 30 within 5 points"
'

test_expect_success SAMPLING 'the table of self samples names both functions, and the total' '
	$ABSTAT profile -q --user-only -r 2 -o "$TESTTMP/t.json" -- $P/split_work 70 300 >"$TESTTMP/out" &&
	grep_out "^ +[0-9]+ +[0-9.]+%  work_a$" && grep_out "^ +[0-9]+ +[0-9.]+%  work_b$" &&
	grep_out "^ +[0-9]+ +100.0%  total$" && width_ascii "$TESTTMP/out" 80
'

test_expect_success SAMPLING 'each run: profile samples = the sum of its stacks, frames root first' '
	json "all(r[\"profile\"][\"samples\"] == sum(n for s, n in r[\"profile\"][\"stacks\"]) and r[\"profile\"][\"samples\"] > 0 for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/p.json" | grep -qx True ||
		fail "samples and stacks disagree"
	json "any(s.split(\";\")[-2:] == [\"main\", \"work_a\"] for r in d[\"benchmarks\"][0][\"runs\"] for s, n in r[\"profile\"][\"stacks\"])" "$TESTTMP/p.json" | grep -qx True ||
		fail "no stack ...;main;work_a: $(json "d[\"benchmarks\"][0][\"runs\"][1][\"profile\"][\"stacks\"][:3]" "$TESTTMP/p.json")"
'

test_expect_success SAMPLING 'the sampling config is recorded: event, freq, call graph' '
	expect_exit 0 $ABSTAT profile -q --user-only --sample-event cpu-clock --freq 499 -r 1 -o "$TESTTMP/c.json" -- $P/split_work 70 100 &&
	json "d[\"config\"][\"profile\"][\"event\"] == \"cpu-clock\" and d[\"config\"][\"profile\"][\"freq\"] == 499 and d[\"config\"][\"profile\"][\"call_graph\"] == \"fp\"" "$TESTTMP/c.json" | grep -qx True ||
		fail "config.profile: $(json "d[\"config\"].get(\"profile\")" "$TESTTMP/c.json")"
'

test_expect_success SAMPLING 'counting goes on while sampling: task-clock counted' '
	json "all(c[\"value\"] > 0 for r in d[\"benchmarks\"][0][\"runs\"] for e, c in zip(d[\"events\"], r[\"counters\"]) if e[\"name\"] == \"task-clock\")" "$TESTTMP/p.json" | grep -qx True ||
		fail "task-clock not counted"
'

test_expect_success SAMPLING 'a built-in workload: samples from its measured region only' '
	expect_exit 0 $ABSTAT profile -q -r 2 -w getppid -o "$TESTTMP/w.json" &&
	json "min(r[\"profile\"][\"samples\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/w.json" | grep -qv "^0$" ||
		fail "no samples"
'

test_expect_success 'usage: -o is required, --freq and --sample-event checked' '
	expect_exit 2 $ABSTAT profile -- true && one_line_err && grep_err "-o FILE is required" &&
	expect_exit 2 $ABSTAT profile --freq 0 -o "$TESTTMP/x.json" -- true && one_line_err &&
	expect_exit 2 $ABSTAT profile --sample-event a,b -o "$TESTTMP/x.json" -- true && one_line_err
'

test_expect_success SAMPLING 'an unknown --sample-event is a usage error, nothing saved' '
	expect_exit 2 $ABSTAT profile -q --sample-event no-such-event -o "$TESTTMP/u.json" -- true &&
	one_line_err && grep_err "sample-event" &&
	[ ! -e "$TESTTMP/u.json" ] || fail "u.json written"
'
test_done
