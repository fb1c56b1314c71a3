# abstat run -o saves a result with every run; show prints it; no PMU:
# hardware events are <not supported> with the reason, never a 0.
P=$BUILD/tests/progs
expect_exit 0 $ABSTAT run -r 3 -o "$TESTTMP/r.json" -- $P/touch_pages 2000
grep_err 'cycles.*not supported'
grep_out 'page-faults'
grep_out 'task-clock'
grep_out '<not supported>'
json 'd["format"], d["schema_version"], d["status"]' "$TESTTMP/r.json" >"$TESTTMP/h"
grep -q "abstat-result 1 complete" "$TESTTMP/h" || fail "header: $(cat "$TESTTMP/h")"
# 1 warm-up + 3 measured runs, each with page-faults >= 2000
json 'len(d["benchmarks"][0]["runs"]), sum(r["warmup"] for r in d["benchmarks"][0]["runs"])' "$TESTTMP/r.json" | grep -q '^4 1$' || fail "runs"
json '[e["name"] for e in d["events"]].index("page-faults")' "$TESTTMP/r.json" >"$TESTTMP/i"
i=$(cat "$TESTTMP/i")
json "min(r['counters'][$i]['value'] for r in d['benchmarks'][0]['runs'])" "$TESTTMP/r.json" >"$TESTTMP/min"
[ "$(cat "$TESTTMP/min")" -ge 2000 ] || fail "page-faults $(cat "$TESTTMP/min") < 2000"
# cycles: unsupported -> null counters and a reason, never a value
json '[e for e in d["events"] if e["name"]=="cycles"][0]["supported"]' "$TESTTMP/r.json" | grep -q False || fail "cycles supported?"
json '[e for e in d["events"] if e["name"]=="cycles"][0]["reason"]' "$TESTTMP/r.json" | grep -q 'not supported' || fail "cycles reason"
c=$(json '[e["name"] for e in d["events"]].index("cycles")' "$TESTTMP/r.json")
json "set(str(r['counters'][$c]) for r in d['benchmarks'][0]['runs'])" "$TESTTMP/r.json" | grep -q "{'None'}" || fail "cycles has values"
# default user+kernel: no exclude_kernel
json 'any(e["exclude_kernel"] for e in d["events"])' "$TESTTMP/r.json" | grep -q False || fail "exclude_kernel set by default"
json 'd["benchmarks"][0]["runs"][1]["cpu"]' "$TESTTMP/r.json" | grep -q '^1$' || fail "default CPU is not 1"
# show prints the same table from the file
expect_exit 0 $ABSTAT show "$TESTTMP/r.json"
grep_out 'page-faults'
grep_out '<not supported>'
width_ascii "$TESTTMP/out" 80
# an existing output is not overwritten without --force
cp "$TESTTMP/r.json" "$TESTTMP/keep.json"
expect_exit 2 $ABSTAT run -r 1 -o "$TESTTMP/r.json" -- /bin/true
one_line_err
grep_err 'force'
cmp -s "$TESTTMP/r.json" "$TESTTMP/keep.json" || fail "existing file changed"
expect_exit 0 $ABSTAT run -q -r 1 --force -o "$TESTTMP/r.json" -- /bin/true
json 'd["benchmarks"][0]["name"]' "$TESTTMP/r.json" | grep -q '^true$' || fail "not overwritten with --force"
# the table as json or csv; other formats are for compare/versus
expect_exit 0 $ABSTAT run -q -r 2 --format json -e task-clock,page-faults -- $P/touch_pages 100
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['format'])" "$TESTTMP/out" | grep -q abstat-show || fail "run --format json"
grep_out '"page-faults"'
expect_exit 0 $ABSTAT run -q -r 2 --format csv -e task-clock -- /bin/true
grep_out '^benchmark,metric,unit,n,median'
grep_out '^true,task-clock,ns,2,'
expect_exit 2 $ABSTAT run -q -r 2 --format mail -- /bin/true
one_line_err
# --ops gives an external command per-op rows; doctor warnings are stored
expect_exit 0 $ABSTAT run -r 3 --ops 1000 -e task-clock -o "$TESTTMP/o.json" -- $P/spin 1000
grep_out '^ns/op '
grep_out '^task-clock/op '
json 'all(r["ops"] == 1000 for r in d["benchmarks"][0]["runs"])' "$TESTTMP/o.json" | grep -q True || fail "--ops not recorded"
# doctor's warnings are stored in the result (the stable ones: load and
# SMT business change from one second to the next)
$ABSTAT doctor >"$TESTTMP/doc" 2>&1
for check in governor boost cpu0 nmi_watchdog hypervisor isolation thp aslr; do
	grep -q "^WARN  $check " "$TESTTMP/doc" || continue
	json "any(w.startswith('$check:') for w in d['warnings'])" "$TESTTMP/o.json" |
		grep -q True || fail "doctor warns about $check; the result does not say so"
done
