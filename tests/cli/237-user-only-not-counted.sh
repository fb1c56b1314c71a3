# --user-only (issue 39): a kernel-only software event (context-switches,
# cpu-migrations) counts nothing by construction, and the result file
# says so itself ("counted": false with the reason, schema 3), so a
# reader of abstat-result(5) other than abstat never takes its zeros
# for measurements; a version 2 file without the key reads the same.
# tags: sanitize
test_lazy_prereq PYTHON3 'command -v python3'
R=$TESTTMP/uo.json

test_expect_success PYTHON3 'run --user-only: the kernel-only events are written not counted, with the reason' '
	expect_exit 0 "$ABSTAT" run -q -r 2 --user-only -e task-clock,context-switches,cpu-migrations \
		-o "$R" -- true &&
	[ "$(json "d[\"schema_version\"]" "$R")" = 3 ] || fail "schema_version" &&
	got=$(json "\";\".join(\"%s %s %s %s\" % (e[\"name\"], e[\"supported\"], e[\"counted\"], e[\"reason\"]) for e in d[\"events\"])" "$R") &&
	[ "$got" = "task-clock True True None;context-switches True False not counted: a kernel-only event under --user-only;cpu-migrations True False not counted: a kernel-only event under --user-only" ] ||
		fail "events: $got"
'
test_expect_success PYTHON3 'without --user-only they are counted' '
	expect_exit 0 "$ABSTAT" run -q -r 2 -e task-clock,context-switches -o "$TESTTMP/all.json" -- true &&
	[ "$(json "[e[\"counted\"] for e in d[\"events\"]]" "$TESTTMP/all.json")" = "[True, True]" ] ||
		fail "$(json "d[\"events\"]" "$TESTTMP/all.json")"
'
test_expect_success PYTHON3 'show and compare: <not counted>, from the file and from a version 2 file alike' '
	python3 -c "import json, sys
d = json.load(open(sys.argv[1])); d[\"schema_version\"] = 2
for e in d[\"events\"]:
    e.pop(\"counted\"); e[\"reason\"] = None
json.dump(d, open(sys.argv[2], \"w\"))" "$R" "$TESTTMP/v2.json" &&
	for f in "$R" "$TESTTMP/v2.json"; do
		expect_exit 0 "$ABSTAT" show "$f" &&
		grep_out "^not counted here: .*context-switches" &&
		grep_out "not counted: a kernel-only event under --user-only" &&
		expect_exit 0 "$ABSTAT" show --all-rows "$f" &&
		grep_out "^context-switches +<not counted>" || exit 1
	done &&
	expect_exit 0 "$ABSTAT" compare "$TESTTMP/v2.json" "$R" &&
	grep_out "^not counted here: .*context-switches" &&
	expect_exit 0 "$ABSTAT" compare --all-rows "$TESTTMP/v2.json" "$R" &&
	grep_out "^context-switches +<not counted>"
'
test_done
