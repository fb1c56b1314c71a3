# The low holes of issue 50: a boot's "N runs recovered" counts measured
# runs, not the warm-up; a gobench line with a unit twice (two B/op) is
# refused, naming both fields, never the second kept silently; show and
# compare refuse a result whose runs repeat an index (all index 1), as
# recover refuses such a journal. --method cmd and a fake /proc: nothing
# reboots.
# tags: sanitize
boots_setup
cd "$TESTTMP" || fail "no TESTTMP"

test_expect_success 'boots: a run killed after 2 warm-ups and 2 runs: 2 runs recovered' '
	P=$TESTTMP/w && echo 0 >count &&
	$ABSTAT boots init "$P" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b --method cmd \
		--next "$TESTTMP/next" -- -q -r 5 --warmup 2 -e task-clock -- sh -c \
		"n=\$(cat $TESTTMP/count); echo \$((n + 1)) >$TESTTMP/count; [ \$n -lt 4 ] || kill -9 \$PPID" 2>/dev/null &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	boots_as 6.1.0-a id1 && expect_exit 0 $ABSTAT boots step "$P" &&
	json "d[\"boots\"][0][\"note\"]" "$P/plan.json" >note &&
	grep -q "^abstat run exited 137 (see .*); 2 runs recovered from its journal\$" note ||
		fail "$(cat note)"
	[ "$(json "sum(not r[\"warmup\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$P/boot-01-A.json")" = 2 ]
'
test_expect_success 'gobench: a unit twice on one line is refused, both fields named' '
	printf "BenchmarkX-2 100 12.5 ns/op 64 B/op 128 B/op\n" >two.txt &&
	expect_exit 2 "$ABSTAT" import gobench two.txt -o two.json && one_line_err &&
	grep_err "two.txt:1: B/op twice on one line \\(fields 6 and 8\\): one value a unit a run; fix the line" &&
	[ ! -e two.json ]
'
test_expect_success 'show and compare refuse runs that repeat an index' '
	"$ABSTAT" run -q -r 3 -e task-clock -o ok.json -- true 2>/dev/null &&
	python3 -c "import json; d = json.load(open(\"ok.json\")); [r.update(index=1) for r in d[\"benchmarks\"][0][\"runs\"]]; json.dump(d, open(\"dup.json\", \"w\"))" &&
	expect_exit 2 "$ABSTAT" show dup.json && one_line_err &&
	grep_err "dup.json: benchmarks\\[0\\]: two runs have index 1: runs repeated" &&
	expect_exit 2 "$ABSTAT" compare dup.json ok.json && grep_err "two runs have index 1" &&
	expect_exit 0 "$ABSTAT" show ok.json
'
test_done
