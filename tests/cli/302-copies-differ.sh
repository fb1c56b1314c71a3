# Issue 49: 1 copy against 2 is said and refused like any environment
# difference (benchmarks.NAME.copies, named in one line with the key that
# allows it); allowed, each side's copies are in the header of every
# format (text, mail, markdown: "copies 1/2"; json: sides[].copies), and
# every counter has a per-copy row beside its sum (task-clock/copy: the
# sum over the run's copies over their number, the same as the sum with
# one copy). Both sides on CPU 1, the 2 copies oversubscribed, so that
# the CPUs pinned do not differ too.
# tags: alone
cd "$TESTTMP" || fail "no TESTTMP"
UB=$BUILD/tests/progs/ub_syscall
test_expect_success 'a run of 1 copy and one of 2' '
	expect_exit 0 $ABSTAT run -q -r 3 -C 1 -e task-clock -o one.json -- "$UB" 0 20000 &&
	nogrep_out "/copy " &&
	expect_exit 0 $ABSTAT run -q -r 3 -C 1 --copies 2 --oversubscribe -e task-clock \
		-o two.json -- "$UB" 0 20000 &&
	grep_out "^task-clock/copy "
'
test_expect_success 'compare refuses them in one line naming the key' '
	expect_exit 2 $ABSTAT compare -q one.json two.json && one_line_err &&
	grep_err "ran 1 copy at once in one.json but 2 in two.json" &&
	grep_err "pass --allow-env-diff benchmarks.ub_syscall.copies "
'
A="--allow-env-diff benchmarks.ub_syscall.copies"
test_expect_success 'allowed: copies 1/2 in text, mail and markdown, said as a difference' '
	for f in text mail markdown; do
		expect_exit 0 $ABSTAT compare -q --format $f $A one.json two.json &&
		tr "\n" " " <"$TESTTMP/out" | grep -q "copies 1/2," ||
			{ cat "$TESTTMP/out"; fail "$f: no copies 1/2 in the header"; }
		# markdown escapes the _ of the name
		grep -Eq "benchmarks\.ub.?_syscall\.copies: 1 -> 2" "$TESTTMP/out" ||
			{ cat "$TESTTMP/out"; fail "$f: the difference is not said"; }
	done
'
test_expect_success 'allowed: json sides[].copies, and task-clock/copy beside task-clock' '
	expect_exit 0 $ABSTAT compare -q --format json $A one.json two.json &&
	json "[s[\"copies\"] for s in d[\"sides\"]]" "$TESTTMP/out" | grep -qx "\[1, 2\]" &&
	json "[r[\"metric\"] for r in d[\"rows\"]]" "$TESTTMP/out" | grep -q "task-clock/copy" &&
	python3 - one.json two.json "$TESTTMP/out" <<-'"'"'EOF'"'"'
	import json, statistics, sys
	c = json.load(open(sys.argv[3]))
	row = [r for r in c["rows"] if r["metric"] == "task-clock/copy"][0]
	ev = lambda d: [e["name"] for e in d["events"]].index("task-clock")
	for i, path in enumerate(sys.argv[1:3]):
	    d = json.load(open(path))
	    vals = [r["counters"][ev(d)]["value"] / max(1, len(r.get("copies") or [0]))
	            for r in d["benchmarks"][0]["runs"] if not r["warmup"]]
	    med = statistics.median(vals)
	    got = row["sides"][i]["median"] if "sides" in row else row["stat"][i]["median"]
	    assert abs(got - med) <= 1e-6 * med, (path, got, med)
	EOF
'
test_done
