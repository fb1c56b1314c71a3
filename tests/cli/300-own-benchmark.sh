# Issue 49: a benchmark that reports its own number is first-class in
# every measuring command. Real clients: tests/progs/ub_syscall
# (UnixBench's syscall mix, a timed loop printing COUNT|n|1|lps),
# tests/progs/callrate (seed 001's program on Linux: four calls/s
# lines), stress-ng --null and sysbench cpu (Debian). Each score and
# operation count is checked against the tool's own printed line, run by
# run; --ops-from gives task-clock/op = task-clock / printed count per
# run; versus --score gives a verdict on a score; a --primary list tests
# each of seed 001's four rates (Holm over 4); on the lab's emulated CPU
# the tested row is instructions/op with a count, the score without.
# tags: alone
test_lazy_prereq SYSBENCH 'command -v sysbench >/dev/null'
test_lazy_prereq STRESSNG 'command -v stress-ng >/dev/null'
cd "$TESTTMP" || fail "no TESTTMP"
UB=$BUILD/tests/progs/ub_syscall
CR=$BUILD/tests/progs/callrate
# per_op FILE SCORE: every measured run's ops is the count its output
# printed (the regex of score SCORE applied here, apart from abstat), and
# abstat's task-clock/op (min, median, max of 3 runs) are those runs'
# task-clock / ops
per_op() {
	$ABSTAT show --format json "$1" >show.json &&
	python3 - "$1" "$2" <<-'EOF' || fail "$1: ops or task-clock/op differ from the printed count"
	import json, re, sys
	d = json.load(open(sys.argv[1]))
	s = json.load(open("show.json"))
	rx = [x["regex"] for x in d["scores"] if x["name"] == sys.argv[2]][0]
	ev = [e["name"] for e in d["events"]].index("task-clock")
	ratios = []
	for r in d["benchmarks"][0]["runs"]:
	    if r["warmup"]:
	        continue
	    n = float(re.search(rx, r["output"]).group(1))
	    assert r["ops"] == round(n), (r["ops"], n)
	    ratios.append(r["counters"][ev]["value"] / r["ops"])
	m = [x for x in s["benchmarks"][0]["metrics"] if x["name"] == "task-clock/op"][0]
	got = sorted([m["min"], m["median"], m["max"]])
	assert len(ratios) == 3, ratios
	for a, b in zip(sorted(ratios), got):
	    assert abs(a - b) <= 1e-6 * b, (sorted(ratios), got)
	print("ok", sorted(ratios))
	EOF
}

test_expect_success 'ub_syscall (UnixBench style): --parser unixbench counts its loops, task-clock/op per run' '
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock --parser unixbench \
		-o ub.json -- "$UB" 100 &&
	grep_out "^loops +[0-9]" && grep_out "^task-clock/op +[0-9]" &&
	per_op ub.json loops &&
	[ "$(json "d[\"config\"][\"ops_from\"]" ub.json)" = loops ]
'
test_expect_success 'callrate (seed 001): --ops-from one of its four rates'"'"' counts' '
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock \
		--score "write=.write: ([0-9]+) " --ops-from write \
		-o cr.json -- "$CR" 30 1000 &&
	per_op cr.json write
'
test_expect_success STRESSNG 'stress-ng --null: --parser stress-ng, its bogo ops as the count, bogo-ops/s as printed' '
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock --parser stress-ng \
		-o sng.json -- stress-ng --null 1 --null-ops 20000 --metrics-brief &&
	per_op sng.json bogo-ops &&
	json "all(abs(r[\"scores\"][\"bogo-ops/s\"] - float(__import__(\"re\").search(r\"\\] null +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+ +([0-9.]+)\", r[\"output\"]).group(1))) < 1e-6 for r in d[\"benchmarks\"][0][\"runs\"])" sng.json | grep -q True
'
test_expect_success SYSBENCH 'sysbench cpu: --parser sysbench counts its events, events/s as printed' '
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock --parser sysbench \
		-o sb.json -- sysbench cpu --time=0 --events=400 run &&
	per_op sb.json events &&
	json "all(r[\"ops\"] == 400 for r in d[\"benchmarks\"][0][\"runs\"])" sb.json | grep -q True
'
test_expect_success STRESSNG 'compare of two stress-ng runs: the tested row is task-clock/op, and the footer says why' '
	expect_exit 0 $ABSTAT run -q -r 3 -e task-clock --parser stress-ng \
		-o sng2.json -- stress-ng --null 1 --null-ops 20000 --metrics-brief &&
	expect_exit 0 $ABSTAT compare sng.json sng2.json &&
	grep_out "^task-clock/op " && grep_out "^bogo-ops/s " &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "Why task-clock/op: the cost of one *operation" ||
		{ cat "$TESTTMP/out"; fail "footer: the tested row and why"; }
'
# 8 pairs: the signed-rank test on 5 pairs cannot go below p 2/32
test_expect_success 'versus --score: a verdict on the score (no count: the score is the tested row)' '
	expect_exit 0 $ABSTAT versus -q -r 8 -e task-clock \
		--score "rate:higher=rate ([0-9]+)" \
		"sh -c \"echo rate 100\"" "sh -c \"echo rate 200\"" &&
	grep_out "^rate +100 .* 200 .* yes$" &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "Why rate: the benchmark.s own score, no operation count" ||
		{ cat "$TESTTMP/out"; fail "footer: the score and why"; }
'
test_expect_success 'versus --primary LIST: seed 001'"'"'s four rates each tested, Holm over 4' '
	expect_exit 0 $ABSTAT versus -q -r 4 -e task-clock \
		--score "write/s:higher=.write: [0-9]+ [0-9]+ +([0-9.]+)" \
		--score "socket/s:higher=.socket: [0-9]+ [0-9]+ +([0-9.]+)" \
		--score "select/s:higher=.select: [0-9]+ [0-9]+ +([0-9.]+)" \
		--score "gettimeofday/s:higher=.gettimeofday: [0-9]+ [0-9]+ +([0-9.]+)" \
		--primary write/s,socket/s,select/s,gettimeofday/s \
		-o v "$CR 20 1000" "$CR 20 1000" &&
	for s in write socket select gettimeofday; do
		grep -Eq "^$s/s .* (yes|~)$" "$TESTTMP/out" ||
			{ cat "$TESTTMP/out"; fail "no verdict on $s/s"; }
	done &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "Holm over 4 tests" &&
	json "all(abs(r[\"scores\"][\"socket/s\"] - float(__import__(\"re\").search(r\"socket: [0-9]+ [0-9]+ +([0-9.]+)\", r[\"output\"]).group(1))) < 1e-6 for r in d[\"benchmarks\"][0][\"runs\"])" v-A.json | grep -q True
'
test_expect_success 'a run whose output lacks the count fails, said once' '
	expect_exit 4 $ABSTAT run -q -r 2 -e task-clock --parser unixbench -- sh -c "echo no count" &&
	[ "$(grep -c "ops-from" "$TESTTMP/err")" -eq 1 ] &&
	grep_err "ops-from: score loops: no match"
'
test_expect_success '--ops-from: an unknown score, or with --ops N: usage errors' '
	expect_exit 2 $ABSTAT run -q --ops-from nope -- true && one_line_err &&
	grep_err "no such score" &&
	expect_exit 2 $ABSTAT versus -q --ops 3 --score "x=x(1)" --ops-from x true true &&
	one_line_err
'
test_expect_success 'names: a run through env and taskset is the same benchmark as one without' '
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock -o w1.json \
		-- env X=1 taskset -c 1 nice -n 0 "$UB" 0 2000 &&
	grep_out "^ub_syscall \(" &&
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock -o w2.json -- "$UB" 0 2000 &&
	expect_exit 2 $ABSTAT compare w1.json w2.json &&
	if grep -q "no benchmark in common" "$TESTTMP/err"; then cat "$TESTTMP/err"; fail "not paired"; fi &&
	# the program hashed is the benchmark, not env: only the command
	# line differs, shown with its wrappers
	one_line_err && grep_err "ran as .env X=1 taskset -c 1 .*ub_syscall 0 2000. in w1.json but as .ub_syscall 0 2000. in w2.json" &&
	keys=$(sed -n "s/.*pass --allow-env-diff \([^ ]*\) to compare anyway.*/\1/p" "$TESTTMP/err") &&
	[ -n "$keys" ] &&
	expect_exit 0 $ABSTAT compare --allow-env-diff "$keys" w1.json w2.json &&
	grep_out "^abstat compare: ub_syscall,"
'
test_expect_success 'names: versus through env, --wrapper, --bench' '
	printf "#!/bin/sh\nshift\nexec \"\$@\"\n" >sc && chmod +x sc &&
	expect_exit 0 $ABSTAT versus -q -r 2 -e task-clock --wrapper ./sc \
		"env X=1 $UB 0 1000" "./sc 400 $UB 0 1000" &&
	grep_out "^abstat compare: ub_syscall," &&
	expect_exit 0 $ABSTAT versus -q -r 2 -e task-clock --bench mine true true &&
	grep_out "^abstat compare: mine," &&
	expect_exit 0 $ABSTAT run -q -r 2 -e task-clock --bench mine -- true &&
	grep_out "^mine \(" &&
	expect_exit 2 $ABSTAT run -q --bench mine -w getppid && one_line_err
'
test_expect_success 'the lab'"'"'s emulated CPU: with a count instructions/op is tested, without one the score, never the total' '
	python3 - ub.json <<-\PY &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["env"]["cpu"]["emulated"] = True
	for e in d["events"]:
	    if e["name"] == "task-clock":
	        e["name"] = "instructions"
	json.dump(d, open("emu-ops.json", "w"))
	for r in d["benchmarks"][0]["runs"]:
	    r.pop("ops", None)
	json.dump(d, open("emu-noops.json", "w"))
	PY
	expect_exit 0 $ABSTAT compare -q --format json emu-ops.json emu-ops.json &&
	[ "$(json "[r[\"metric\"] for r in d[\"rows\"] if r[\"primary\"]][0]" "$TESTTMP/out")" = instructions/op ] &&
	expect_exit 0 $ABSTAT compare -q --format json emu-noops.json emu-noops.json &&
	[ "$(json "[r[\"metric\"] for r in d[\"rows\"] if r[\"primary\"]][0]" "$TESTTMP/out")" = loops ] ||
		{ cat "$TESTTMP/out" | head -c 600; fail "tested row"; }
'
test_done
