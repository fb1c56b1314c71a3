# The smaller import details of issue 43: a pyperf command file keeps its
# command line and its command_max_rss (maxrss, KiB/MiB); a gzip file
# (pyperf's FILE.json.gz) is refused in one line that says to decompress
# it; compare --format benchstat keeps B/op, allocs/op and MB/s without
# --detail (benchstat picks its rows). Expected values are computed from
# the input files. hyperfine's user and sys, not recorded per run, say
# the means the file holds.
# tags: sanitize
FIX=$TOP/tests/fixtures/import
cd "$TESTTMP" || fail "no TESTTMP"

test_expect_success 'pyperf command: the command line is the benchmark argv' '
	expect_exit 0 "$ABSTAT" import pyperf "$FIX/pyperf/command.json" -o c.json &&
	want=$(json "d[\"benchmarks\"][0][\"metadata\"][\"command\"].split()" "$FIX/pyperf/command.json") &&
	[ "$(json "d[\"benchmarks\"][0][\"argv\"]" c.json)" = "$want" ] ||
		fail "argv $(json "d[\"benchmarks\"][0][\"argv\"]" c.json), want $want" &&
	expect_exit 0 "$ABSTAT" show c.json &&
	grep_out "^command: $(json "d[\"benchmarks\"][0][\"metadata\"][\"command\"]" "$FIX/pyperf/command.json")$"
'
test_expect_success 'pyperf command: command_max_rss is each value run maxrss, recorded' '
	is=$(json "[r[\"maxrss_kb\"] for r in d[\"benchmarks\"][0][\"runs\"] if not r[\"warmup\"]] == [m[\"metadata\"][\"command_max_rss\"] // 1024 for m in json.load(open(\"$FIX/pyperf/command.json\"))[\"benchmarks\"][0][\"runs\"] for v in m[\"values\"]]" c.json) &&
	[ "$is" = True ] || fail "maxrss_kb differ" &&
	[ "$(json "\"maxrss\" in d[\"env\"][\"imported\"][\"not_recorded\"]" c.json)" = False ] ||
		fail "maxrss still not recorded" &&
	grep_out "^maxrss +[0-9.]+ .* (KiB|MiB)$"
'
test_expect_success 'a pyperf file without command_max_rss keeps maxrss not recorded' '
	expect_exit 0 "$ABSTAT" import pyperf "$FIX/pyperf.json" -o p.json &&
	[ "$(json "\"maxrss\" in d[\"env\"][\"imported\"][\"not_recorded\"]" p.json)" = True ] || fail "maxrss recorded"
'
test_expect_success 'a .json.gz file: one line, decompress it first' '
	expect_exit 2 "$ABSTAT" import pyperf "$FIX/pyperf/py3.json.gz" -o g.json &&
	one_line_err && grep_err "py3.json.gz: a gzip file; decompress it first \\(gunzip -k FILE.json.gz\\)" &&
	gunzip -c "$FIX/pyperf/py3.json.gz" >py3.json &&
	expect_exit 0 "$ABSTAT" import pyperf py3.json -o g.json
'
test_expect_success 'compare --format benchstat: B/op, allocs/op and MB/s without --detail' '
	expect_exit 0 "$ABSTAT" import gobench "$FIX/gobench.txt" -o go.json &&
	expect_exit 0 "$ABSTAT" compare --format benchstat go.json go.json &&
	for u in B/op allocs/op MB/s; do
		want=$(grep -c " $u" "$FIX/gobench.txt") &&
		got=$(grep -c " $u" "$TESTTMP/out") &&
		[ "$got" -eq $((2 * want)) ] || fail "$u on $got lines, the file has $want (x2 sides)"
	done
'
test_expect_success 'hyperfine user and sys: not per run, their means in the reason' '
	expect_exit 0 "$ABSTAT" import hyperfine "$FIX/hyperfine.json" -o hf.json &&
	u=$(python3 -c "import json, sys
print(\"%.4g\" % (json.load(open(sys.argv[1]))[\"results\"][0][\"user\"] * 1e3))" "$FIX/hyperfine.json") &&
	expect_exit 0 "$ABSTAT" show hf.json &&
	grep_out "^  \(not recorded per run by hyperfine; its mean: $u ms\)$" &&
	grep_out "^  \(not recorded by hyperfine\)$"
'
test_done
