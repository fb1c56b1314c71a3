# Many machines: a side is a directory (every *.json below it) or a glob;
# results name their host (env.host); a side that pools hosts is refused
# unless --pool-hosts; --by host gives one table per host.
# tags: sanitize
G=$TOP/tests/golden
cd "$TESTTMP" || fail "no TESTTMP"

# host-a and host-b each ran both kernels: results with env.host edited
sethost() { python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["env"]["host"] = sys.argv[2]; json.dump(d, open(sys.argv[3], "w"))' "$@"; }
mkdir -p k47/host-a k47/host-b k52 empty &&
	sethost $G/base.json host-a k47/host-a/r1.json &&
	sethost $G/base-b1.json host-b k47/host-b/r1.json &&
	sethost $G/slow.json host-a k52/host-a-r1.json &&
	sethost $G/slow-b1.json host-b k52/host-b-r1.json &&
	echo "not a result" >k47/README || fail "fixtures"

test_expect_success 'a run records its host in the env' '
	expect_exit 0 "$ABSTAT" run -q -r 1 -e task-clock -o h.json -- /bin/true &&
	json "d[\"env\"][\"host\"]" h.json >got &&
	grep -qxF "$(cat /proc/sys/kernel/hostname)" got || { cat got; fail "env.host is not the hostname"; }
'
test_expect_success 'a side mixing hosts: exit 2, one line naming both hosts' '
	expect_exit 2 "$ABSTAT" compare A=k47 B=k52 &&
	one_line_err && grep_err "side .A. mixes hosts .host-a. and .host-b.; .*--pool-hosts"
'
test_expect_success '--pool-hosts: DIR sides take every result below them (2 boots each)' '
	expect_exit 0 "$ABSTAT" compare --pool-hosts --format json A=k47 B=k52 &&
	json "[s[\"files\"] for s in d[\"sides\"]], d[\"design\"]" "$TESTTMP/out" >got &&
	grep -qxF "[2, 2] boots" got || { cat got; fail "want 2 files per side, boots"; }
'
test_expect_success 'a glob side: the files it matches, sorted' '
	expect_exit 0 "$ABSTAT" compare --format json "A=k47/host-a/*.json" "B=k52/host-a-*.json" &&
	json "[s[\"files\"] for s in d[\"sides\"]]" "$TESTTMP/out" >got &&
	grep -qxF "[1, 1]" got || { cat got; fail "want 1 file per side"; }
'
test_expect_success '--by host: one table per host, each headed by it' '
	expect_exit 0 "$ABSTAT" compare --by host --metric ns/op A=k47 "B=k52/*.json" &&
	[ "$(grep -c "^host: " "$TESTTMP/out")" -eq 2 ] || { cat "$TESTTMP/out"; fail "not two tables"; }
	grep_out "^host: host-a$" && grep_out "^host: host-b$" &&
	[ "$(grep -c "^abstat compare: getppid, 10 runs/side" "$TESTTMP/out")" -eq 1 ] &&
	[ "$(grep -c "^abstat compare: getppid, 8 runs/side" "$TESTTMP/out")" -eq 1 ] ||
		{ cat "$TESTTMP/out"; fail "each host with its own runs"; }
'
test_expect_success '--by host --format json: one document per host' '
	expect_exit 0 "$ABSTAT" compare --by host --format json A=k47 B=k52 &&
	python3 - "$TESTTMP/out" <<-\PY
	import json, sys
	text, docs, dec, i = open(sys.argv[1]).read(), [], json.JSONDecoder(), 0
	while i < len(text):
	    if text[i].isspace():
	        i += 1
	        continue
	    d, i = dec.raw_decode(text, i)
	    docs.append(d)
	assert len(docs) == 2 and all(d["sides"][0]["files"] == 1 for d in docs), docs
	PY
'
test_expect_success '--by host: a host missing on a side is left out, warned' '
	expect_exit 0 "$ABSTAT" compare --by host --metric ns/op A=k47 B=k52/host-a-r1.json &&
	[ "$(grep -c "^host: " "$TESTTMP/out")" -eq 1 ] &&
	grep_err "warning: compare: host host-b: not every side has a result from it"
'
test_expect_success 'an empty directory: exit 2 naming it' '
	expect_exit 2 "$ABSTAT" compare A=empty B=k52/host-a-r1.json &&
	one_line_err && grep_err "empty: no result file"
'
test_expect_success 'a glob that matches nothing: exit 2 naming it' '
	expect_exit 2 "$ABSTAT" compare "A=nope/*.json" B=k52/host-a-r1.json &&
	one_line_err && grep_err "no file matches .nope/[*][.]json."
'
test_expect_success 'files without a host (older results) pool without complaint' '
	expect_exit 0 "$ABSTAT" compare --metric ns/op $G/base-b1.json,$G/base-b2.json $G/slow-b1.json,$G/slow-b2.json
'
test_expect_success 'different hosts on different sides: shown in the header as info' '
	expect_exit 0 "$ABSTAT" compare --metric ns/op k47/host-a/r1.json k52/host-b-r1.json &&
	grep_out "host: host-a -> host-b"
'
test_expect_success '--by host pairing nothing (each host ran one kernel): exit 2, one line' '
	mkdir -p only-a only-b &&
	sethost $G/base.json host-a only-a/r1.json &&
	sethost $G/slow.json host-b only-b/r1.json &&
	expect_exit 2 "$ABSTAT" compare --by host A=only-a B=only-b &&
	one_line_err && grep_err "no host has a result of every side .2 hosts, none on every side.; run every side on each host" &&
	[ ! -s "$TESTTMP/out" ] || fail "printed a table"
'
test_done
