# compare --by host --format json, csv and benchstat (issue 39): one
# document per host, each naming its host (json's "host", csv's host
# column, benchstat's "host:" configuration line), so a reader can tell
# them apart.
# tags: sanitize
test_lazy_prereq PYTHON3 'command -v python3'
G=tests/golden

test_expect_success PYTHON3 'two hosts: two documents, each with its host; one host of none: null' '
	for h in h1 h2; do
		for s in base slow; do
			python3 -c "import json, sys
d = json.load(open(sys.argv[1])); d[\"env\"][\"host\"] = sys.argv[2]
json.dump(d, open(sys.argv[3], \"w\"))" $G/$s.json $h "$TESTTMP/$s-$h.json" || exit 1
		done
	done &&
	"$ABSTAT" compare -q --by host --format json a="$TESTTMP/base-h*.json" b="$TESTTMP/slow-h*.json" >"$TESTTMP/j" &&
	got=$(python3 -c "import json, sys
t = open(sys.argv[1]).read(); dec = json.JSONDecoder(); i = 0; hosts = []
while i < len(t):
    if t[i].isspace():
        i += 1
        continue
    d, i = dec.raw_decode(t, i)
    hosts.append(d[\"host\"])
print(\" \".join(hosts))" "$TESTTMP/j") &&
	[ "$got" = "h1 h2" ] || fail "hosts: $got" &&
	"$ABSTAT" compare --format json $G/base.json $G/slow.json >"$TESTTMP/n.json" 2>/dev/null &&
	[ "$(json "d[\"host\"]" "$TESTTMP/n.json")" = None ] || fail "files without env.host"
'
test_expect_success PYTHON3 'csv: every line of a host document names its host in the host column' '
	"$ABSTAT" compare -q --by host --format csv a="$TESTTMP/base-h*.json" b="$TESTTMP/slow-h*.json" >"$TESTTMP/c" &&
	got=$(python3 -c "import csv, sys
hosts = []
for row in csv.reader(open(sys.argv[1])):
    if row[0] == \"benchmark\":
        assert row[-1] == \"host\", row
        hosts.append(set())
        continue
    hosts[-1].add(row[-1])
print(\" \".join(\",\".join(sorted(h)) for h in hosts))" "$TESTTMP/c") &&
	[ "$got" = "h1 h2" ] || fail "csv hosts: $got" &&
	"$ABSTAT" compare --format csv $G/base.json $G/slow.json 2>/dev/null >"$TESTTMP/n.csv" &&
	sed 1d "$TESTTMP/n.csv" | grep -q ",$" || fail "files without env.host: not an empty host"
'

test_expect_success 'benchstat: a host: configuration line heads each host document' '
	"$ABSTAT" compare -q --by host --format benchstat a="$TESTTMP/base-h*.json" b="$TESTTMP/slow-h*.json" >"$TESTTMP/b" &&
	[ "$(grep "^host: " "$TESTTMP/b" | tr "\n" " ")" = "host: h1 host: h2 " ] ||
		fail "benchstat hosts: $(grep "^host: " "$TESTTMP/b")" &&
	awk "/^host: / { h = \$2 } /^Benchmark/ && !h { exit 1 }" "$TESTTMP/b" ||
		fail "a benchmark line before any host line" &&
	"$ABSTAT" compare --format benchstat $G/base.json $G/slow.json 2>/dev/null >"$TESTTMP/n.txt" &&
	if grep "^host:" "$TESTTMP/n.txt"; then fail "a host line for files without env.host"; fi
'
test_done
