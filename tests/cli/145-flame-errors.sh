# abstat flame's errors: one line each, naming what is wrong (an import's
# bad line as FILE:LINE) and what to do; exit 2 for a bad command line or
# input, 5 for an output that cannot be written; nothing written then.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$TOP/tests/fixtures/plot/gen.py" r.json --label base --runs 1 || fail "gen"
python3 "$TOP/tests/fixtures/flame/add-profile.py" r.json p.json "$TOP/tests/fixtures/flame/a.folded" || fail "add-profile"
printf '@[\nmemcmp+0x1a\nnamei+0x43\n]: 40\n@[\nspllower+0x3b\n]: many\n' >bad.btrace
printf 'a;b 1\na;b\n' >bad.folded
printf 'spin 1 1.0: 1 cpu-clock:\n\tffff f (dso)\n\tnot-an-address f (dso)\n' >bad.perf

# err EXIT PATTERN ARGS...: abstat flame ARGS exits EXIT with one error
# line matching PATTERN and writes no out.*
err() {
	_want=$1 _pat=$2; shift 2
	expect_exit "$_want" "$ABSTAT" flame "$@" && one_line_err && grep_err "$_pat" &&
		if ls out.* 2>/dev/null | grep -q .; then fail "wrote $(ls out.*)"; fi
}
test_expect_success 'a bad btrace count: FILE:LINE' '
	err 2 "flame: bad\.btrace:7: expected a sample count after .\]:.: .\]: many." --import bpftrace bad.btrace -o out.svg
'
test_expect_success 'a folded line without a count: FILE:LINE' '
	err 2 "flame: bad\.folded:2: expected .frame;frame;\.\.\. COUNT." --import folded bad.folded -o out.folded
'
test_expect_success 'a perf script frame without an address: FILE:LINE' '
	err 2 "flame: bad\.perf:3: expected a frame .ADDR SYMBOL \(DSO\)." --import perf-script bad.perf -o out.txt
'
test_expect_success 'an import with no stack (the thread'"'"'s empty flame graph)' '
	: >empty && err 2 "empty: no stacks in it; --import bpftrace expects" --import bpftrace empty -o out.svg
'
test_expect_success 'a result without a profiled run says how to make one' '
	err 2 "r\.json has no profiled run; make one with abstat profile" r.json -o out.svg
'
test_expect_success 'a damaged result names its line' '
	echo "{" >j.json && err 2 "j\.json: line 2" j.json -o out.svg
'
test_expect_success 'a missing file' '
	err 2 "flame: nosuch\.json: No such file" nosuch.json -o out.svg
'
test_expect_success 'three sides, --diff with one, no FILE' '
	err 2 "needs one profile, or two" p.json p.json p.json -o out.svg &&
	err 2 "--diff needs two sides" --diff p.json -o out.svg &&
	err 2 "needs one profile, or two" -o out.svg
'
test_expect_success 'an unknown output, import kind or format' '
	err 2 "cannot tell the output of .out\.png.; OUT must end in \.svg, \.folded or \.txt" p.json -o out.png &&
	err 2 "--import: .perl. is not bpftrace, perf-script or folded" --import perl p.json -o out.svg &&
	err 2 "--format: .png. is not svg, folded, text or mail" --format png p.json -o out.svg
'
test_expect_success 'a bad --exclude regex' '
	err 2 "--exclude .\(. is not a regex" --exclude "(" p.json -o out.svg
'
test_expect_success 'an output directory that does not exist: exit 5' '
	err 5 "cannot write a file in nodir" p.json -o nodir/out.svg
'
test_expect_success 'stdout on a full disk: exit 5, one line' '
	[ -w /dev/full ] || skip "missing prerequisite DEV_FULL: needs a writable /dev/full"
	"$ABSTAT" flame p.json -o - --format svg >/dev/full 2>"$TESTTMP/err"
	[ $? -eq 5 ] || fail "exit $?, expected 5" &&
	one_line_err && grep_err "cannot write to standard output"
'
test_done
