# --format benchstat from compare, versus, run and show, checked against
# the Go benchmark format's written rules (golang.org/design/14313-
# benchmark-format, as golang.org/x/perf/benchfmt reads it): configuration
# lines "key: value" (key: lower-case first, no blanks or upper case;
# the value anything, blanks included), result lines
# "BenchmarkName ITERS VALUE UNIT..." (an even number of fields, at least
# four, a non-lower-case character after "Benchmark", no blank in a unit);
# units as benchstat tidies them (sec, not ns); labels kept as values;
# -N for copies; a boot key per result file; run/show without a side key
# so `benchstat old.txt new.txt` compares two results by file.
# tags: sanitize
test_lazy_prereq BENCHSTAT 'command -v benchstat'
G=$TOP/tests/golden
T=$TESTTMP

# check FILE: every line is a configuration or result line by the rules;
# prints the configuration as key=value lines (in order), then "units:"
# and the sorted units
cat >"$T/check.py" <<-\PY
import re, sys
conf = re.compile(r"^([^\s:]+):[ \t]+(.*)$")
out, units = [], set()
for n, line in enumerate(open(sys.argv[1]), 1):
    line = line.rstrip("\n")
    m = conf.match(line)
    if m and not line.startswith("Benchmark"):
        key = m.group(1)
        assert key[0].islower() and not any(c.isupper() for c in key), (n, line)
        out.append("%s=%s" % (key, m.group(2).strip()))
        continue
    f = line.split()
    assert f and f[0].startswith("Benchmark"), (n, "neither config nor result", line)
    assert len(f) >= 4 and len(f) % 2 == 0, (n, "odd or short", line)
    rest = f[0][len("Benchmark"):]
    assert not rest or not rest[0].islower(), (n, "lower case after Benchmark", line)
    assert int(f[1]) > 0, (n, line)
    seen = set()
    for v, u in zip(f[2::2], f[3::2]):
        float(v)
        assert u not in seen, (n, "unit twice", u)
        assert "ns" not in re.split(r"[-*/]", u), (n, "untidied unit", u)
        seen.add(u)
        units.add(u)
for o in out:
    print(o)
print("units: " + " ".join(sorted(units)))
PY
check() { python3 "$T/check.py" "$1" >"$T/conf" || fail "$1 breaks the format rules"; }

test_expect_success 'compare: one side line per side, labels with blanks kept' '
	expect_exit 0 "$ABSTAT" compare --format benchstat \
		"my kernel, v2=$G/base.json" "$G/slow.json" &&
	cp "$T/out" "$T/c.txt" && check "$T/c.txt" &&
	grep -qx "side=my kernel, v2" "$T/conf" &&
	grep -qx "side=paravirt" "$T/conf" &&
	if grep -q "^boot=" "$T/conf"; then fail "boot key with one file per side"; fi
'

test_expect_success 'units tidied: ns/op is sec/op, ns rows METRIC-sec' '
	grep -q "^units: .*sec/op" "$T/conf" && grep -q " wall-sec" "$T/conf" &&
	if grep -Eq -- "(-ns| ns/op)( |$)" "$T/c.txt"; then fail "ns units left"; fi &&
	python3 - "$G/base.json" "$T/c.txt" <<-\PY || fail "sec/op is not ns/op * 1e-9"
	import json, sys
	d = json.load(open(sys.argv[1]))
	b = d["benchmarks"][0]
	want = sorted((r["region_ns"] or r["wall_ns"]) / r["ops"] * 1e-9
	              for r in b["runs"] if not r["warmup"] and r["status"] == "ok")
	got, side = [], None
	for line in open(sys.argv[2]):
	    if line.startswith("side: "):
	        side = line[6:].strip()
	    f = line.split()
	    if side == "my kernel, v2" and f and f[0].startswith("Benchmark"):
	        got += [float(v) for v, u in zip(f[2::2], f[3::2]) if u == "sec/op"]
	got.sort()
	assert len(got) == len(want) and all(abs(a - b) <= 1e-9 * b for a, b in zip(got, want)), (got[:3], want[:3])
	PY
'

test_expect_success 'several files per side: a boot key per file, not pooled' '
	expect_exit 0 "$ABSTAT" compare --format benchstat --metric ns/op \
		"$G/base-b1.json,$G/base-b2.json,$G/base-b3.json" \
		"$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json" &&
	cp "$T/out" "$T/b.txt" && check "$T/b.txt" &&
	[ "$(grep -c "^boot=" "$T/conf")" -eq 6 ] &&
	[ "$(grep "^side=\|^boot=" "$T/conf" | tr "\n" " ")" = "side=defconfig boot=1 boot=2 boot=3 side=paravirt boot=1 boot=2 boot=3 " ] ||
		{ cat "$T/conf"; fail "boot keys"; }
'

test_expect_success 'run and show: the same lines, -N for copies, no side key' '
	expect_exit 0 "$ABSTAT" run -q -r 3 --copies 2 -e task-clock \
		--format benchstat -o "$T/r.json" -w getppid &&
	cp "$T/out" "$T/run.txt" && check "$T/run.txt" &&
	[ "$(grep -c "^BenchmarkGetppid-2 1 " "$T/run.txt")" -eq 3 ] &&
	if grep -q "^side" "$T/conf"; then fail "run wrote a side key"; fi &&
	expect_exit 0 "$ABSTAT" show --format benchstat "$T/r.json" &&
	cmp "$T/out" "$T/run.txt"
'

test_expect_success 'two shows: equal configuration, so benchstat default compares by file' '
	expect_exit 0 "$ABSTAT" show --format benchstat "$G/base.json" && cp "$T/out" "$T/old.txt" &&
	expect_exit 0 "$ABSTAT" show --format benchstat "$G/slow.json" && cp "$T/out" "$T/new.txt" &&
	check "$T/old.txt" && cp "$T/conf" "$T/conf.old" &&
	check "$T/new.txt" && cmp "$T/conf.old" "$T/conf" >/dev/null ||
		fail "configuration differs (benchstat -table .config would split them)"
'

test_expect_success 'show --metric and -e choose the units' '
	expect_exit 0 "$ABSTAT" show --format benchstat --metric ns/op,wall "$G/base.json" &&
	cp "$T/out" "$T/m.txt" && check "$T/m.txt" &&
	grep -qx "units: sec/op wall-sec" "$T/conf" &&
	expect_exit 0 "$ABSTAT" show --format benchstat -e task-clock "$G/base.json" &&
	cp "$T/out" "$T/e.txt" && check "$T/e.txt" &&
	grep -qx "units: task-clock-sec" "$T/conf"
'

test_expect_success 'show of an imported go result keeps the Go name and -N' '
	"$ABSTAT" import gobench "$TOP/tests/fixtures/import/gobench.txt" -q \
		-o "$T/go.json" || fail "import failed"
	expect_exit 0 "$ABSTAT" show --format benchstat "$T/go.json" &&
	cp "$T/out" "$T/go.txt" && check "$T/go.txt" &&
	grep -q "^BenchmarkJoin-2 1 .* sec/op" "$T/go.txt" &&
	grep -Eq "^BenchmarkJoin-2 1( .*)? 8 B/op 1 allocs/op" "$T/go.txt" &&
	grep -q "^BenchmarkRepeat/n=64 1 .* 32 halves/op" "$T/go.txt" &&
	grep -q "^BenchmarkRepeat/n=64 1 .* [0-9.]* MB/s" "$T/go.txt"
'

test_expect_success BENCHSTAT 'real benchstat reads them' '
	benchstat "$T/old.txt" "$T/new.txt" >"$T/bs" 2>&1 || { cat "$T/bs"; fail "benchstat old new"; }
	grep -q "sec/op" "$T/bs" &&
	benchstat -col side "$T/c.txt" >"$T/bs" 2>&1 || { cat "$T/bs"; fail "benchstat -col side"; }
	grep -q "my kernel, v2" "$T/bs"
'
test_done
