# compare --by host --format json (issue 39): one document per host, each
# naming its host ("host"), so a reader can tell them apart.
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
test_done
