# No silent wrong value (issue 27, R4): each is refused in one line that
# names it, or kept as what it is: a score a prefix takes past a double
# (1.7e308T: the run fails, the score is not inf), scores of 1e308 (a
# mean of 1e+308, not infE), a perf stat file of only "# started on"
# lines, hyperfine memory_usage_byte -1, gobench 0x10 ns/op, pyperf
# loops 0, negative or a string, a result with a benchmark twice.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
test_expect_success 'a score of 1.7e308T fails the run in one line naming it' '
	expect_exit 4 "$ABSTAT" run -q -r 2 -e task-clock --score "s=s=([0-9.eT]+)" \
		-o sc.json -- sh -c "echo s=1.7e308T" &&
	grep_err "score s: .1\\.7e308T. is beyond the largest number a score holds" &&
	! grep -q "inf" sc.json || fail "inf in the result"
'
test_expect_success 'scores of 1e308: mean and SD finite, printed plainly' '
	expect_exit 0 "$ABSTAT" run -q -r 3 -e task-clock --score "s=s=([0-9.e]+)" \
		-o big.json -- sh -c "echo s=1e308" &&
	expect_exit 0 "$ABSTAT" show big.json &&
	grep -Eq "^s +1e308 +1e308 +0 +1e308 +1e308 +3" "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "the row of s is not 1e308"; }
	nogrep_out "inf|[0-9]E "
	expect_exit 0 "$ABSTAT" compare --format csv big.json big.json &&
	nogrep_out "inf"
'
test_expect_success 'scores of 1.7e308 and -1.7e308: both whole in compare' '
	expect_exit 0 "$ABSTAT" run -q -r 3 -e task-clock --score "s=s=(\\S+)" \
		-o neg.json -- sh -c "echo s=-1.7e308" &&
	expect_exit 0 "$ABSTAT" compare --allow-env-diff benchmarks.sh.argv big.json neg.json &&
	grep -Eq "^s +1e308 .* -1.7e308 " "$TESTTMP/out" ||
		{ cat "$TESTTMP/out"; fail "a value cut to its cell"; }
'
test_expect_success 'perf stat: a file of only "# started on" lines' '
	printf "# started on Tue Dec  1 11:40:23 2026\n\n# started on Tue Dec  1 11:40:24 2026\n" >empty.csv &&
	expect_exit 2 "$ABSTAT" import perf-stat empty.csv -o o.json && one_line_err &&
	grep_err "empty.csv:1: the run opened by this .# started on. line has no counter line"
'
test_expect_success 'perf stat: one empty block among counted ones' '
	{ cat "$TOP/tests/fixtures/import/perf-stat.csv"; printf "# started on x\n\n"; } >one.csv &&
	n=$(grep -c "^# started on" one.csv) &&
	expect_exit 2 "$ABSTAT" import perf-stat one.csv -o o.json && one_line_err &&
	grep_err "one.csv:[0-9]+: the run opened by this"
'
test_expect_success 'hyperfine: memory_usage_byte -1' '
	printf "{\"results\":[{\"command\":\"a\",\"times\":[0.1,0.2],\"memory_usage_byte\":[100,-1]}]}" >mem.json &&
	expect_exit 2 "$ABSTAT" import hyperfine mem.json -o o.json && one_line_err &&
	grep_err "memory_usage_byte\\[1\\]: -1 is not a size in bytes"
'
test_expect_success 'gobench: 0x10 ns/op (strtod reads hex, Go never prints it)' '
	printf "BenchmarkX 100 0x10 ns/op\n" >hex.txt &&
	expect_exit 2 "$ABSTAT" import gobench hex.txt -o o.json && one_line_err &&
	grep_err "hex.txt:1: value .0x10. of ns/op is not a number"
'
for loops in 0 -3 '"8"' 1.5; do
	pat=$(printf '%s' "$loops" | sed 's/[."]/./g')
	test_expect_success "pyperf: loops $loops" '
		printf "{\"version\":\"1.0\",\"benchmarks\":[{\"metadata\":{\"name\":\"x\",\"loops\":%s,\"unit\":\"second\"},\"runs\":[{\"values\":[0.1]}]}]}" '"'$loops'"' >pp.json &&
		expect_exit 2 "$ABSTAT" import pyperf pp.json -o o.json && one_line_err &&
		grep_err "runs\\[0\\]: metadata loops '"$pat"' is not a count of 1 or more"
	'
done
test_expect_success 'pyperf: loops times inner_loops beyond 2^64' '
	printf "{\"version\":\"1.0\",\"benchmarks\":[{\"metadata\":{\"name\":\"x\",\"loops\":9223372036854775807,\"inner_loops\":4,\"unit\":\"second\"},\"runs\":[{\"values\":[0.1]}]}]}" >pp.json &&
	expect_exit 2 "$ABSTAT" import pyperf pp.json -o o.json && one_line_err &&
	grep_err "is beyond 2\\^64"
'
test_expect_success 'a result with one benchmark twice: show, compare, plot refuse it' '
	python3 -c "
import json
d = json.load(open(\"$TOP/tests/fuzz/corpus/result/ok-plain.json\"))
d[\"benchmarks\"].append(d[\"benchmarks\"][0])
json.dump(d, open(\"dup.json\", \"w\"))
" &&
	name=$(json "d[\"benchmarks\"][0][\"name\"]" dup.json) &&
	last=$(json "len(d[\"benchmarks\"]) - 1" dup.json) &&
	for cmd in show compare plot; do
		set -- dup.json; [ $cmd = plot ] && set -- dup.json -o dup.svg
		[ $cmd = compare ] && set -- dup.json dup.json
		[ $cmd = plot ] && ! command -v gnuplot >/dev/null && continue
		expect_exit 2 "$ABSTAT" $cmd "$@" && one_line_err &&
		grep_err "benchmarks\\[$last\\]: benchmark .$name. again \\(benchmarks\\[0\\] has that name\\)" ||
			return 1
	done
'
test_expect_success 'a scan that repeats a value: each benchmark its own name' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -C 0-1 \
		--copies 1,2,1 -o rep.json -- /bin/true &&
	names=$(json "\"|\".join(b[\"name\"] for b in d[\"benchmarks\"])" rep.json) &&
	[ "$names" = "true copies=1|true copies=2|true copies=1 #2" ] ||
		fail "names: $names"
'
test_done
