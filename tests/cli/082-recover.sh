# abstat recover: a journal (header line + one line per run) becomes a
# result marked partial; a torn last line is ignored with a warning; the
# output is never overwritten without --force; a write failure exits 5; a
# malformed journal exits 2 naming the file and the line.
# tags: sanitize
j=$TESTTMP/r.json.journal
journal_of tests/fuzz/corpus/result/ok-plain.json "$j" || fail "cannot write the journal"

test_expect_success 'a journal becomes a result marked partial with every run' '
	expect_exit 0 "$ABSTAT" recover "$j" -o "$TESTTMP/rec.json" &&
	grep_err "recovered 3 runs into .*rec.json \(status partial\)" &&
	{ [ "$(json "d[\"status\"]" "$TESTTMP/rec.json")" = partial ] || fail "status not partial"; } &&
	{ [ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/rec.json")" = 3 ] || fail "runs lost"; } &&
	{ [ "$(json "d[\"benchmarks\"][0][\"runs\"][1][\"counters\"][2]" "$TESTTMP/rec.json")" = None ] ||
		fail "unsupported counter not null"; }
'
test_expect_success 'the recovered result shows' '
	expect_exit 0 "$ABSTAT" recover "$j" -o "$TESTTMP/show.json" &&
	expect_exit 0 "$ABSTAT" show "$TESTTMP/show.json"
'

# existing output: refused, untouched; --force replaces it
test_expect_success 'an existing output is refused, untouched' '
	echo keep >"$TESTTMP/keep.json" &&
	expect_exit 2 "$ABSTAT" recover "$j" -o "$TESTTMP/keep.json" &&
	one_line_err &&
	grep_err "keep.json exists; use --force" &&
	{ [ "$(cat "$TESTTMP/keep.json")" = keep ] || fail "existing output changed"; }
'
test_expect_success '--force replaces it, no temporary file left' '
	mkdir "$TESTTMP/f" && echo keep >"$TESTTMP/f/rec.json" &&
	expect_exit 0 "$ABSTAT" recover "$j" -o "$TESTTMP/f/rec.json" --force &&
	{ [ "$(json "d[\"status\"]" "$TESTTMP/f/rec.json")" = partial ] || fail "--force did not write"; } &&
	{ [ "$(ls -A "$TESTTMP/f")" = rec.json ] || fail "temporary file left behind: $(ls -A "$TESTTMP/f")"; }
'

# torn last line (crash in the middle of a write): tolerated, said
cp "$j" "$TESTTMP/torn.journal"
printf '{"bench":0,"run":{"index":3,"warm' >>"$TESTTMP/torn.journal"
test_expect_success 'a torn last line: ignored with a warning naming the line' '
	expect_exit 0 "$ABSTAT" recover "$TESTTMP/torn.journal" -o "$TESTTMP/torn.json" &&
	grep_err "warning: .*torn.journal: line 5 was cut off" &&
	{ [ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/torn.json")" = 3 ] || fail "torn: runs lost"; }
'
test_expect_success 'a torn last line: the warning is in the result' '
	expect_exit 0 "$ABSTAT" recover "$TESTTMP/torn.journal" -o "$TESTTMP/torn2.json" &&
	json "d[\"warnings\"][-1]" "$TESTTMP/torn2.json" | grep -q "journal line 5 was incomplete" ||
		fail "torn: no warning in the result"
'

# a bad line before the end is corruption, not a crash: exit 2
test_expect_success 'a bad line before the end: exit 2 naming file, line and key; no output' '
	sed "3s/.*/{\"bench\":0,\"run\":{\"index\":\"x\"}}/" "$j" >"$TESTTMP/bad.journal" &&
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/bad.journal" -o "$TESTTMP/bad.json" &&
	one_line_err &&
	grep_err "bad.journal: line 3: run.index: expected an integer" &&
	if [ -e "$TESTTMP/bad.json" ]; then fail "output written from a bad journal"; fi
'

# not a journal, missing, empty
test_expect_success 'a result file is not a journal: exit 2' '
	expect_exit 2 "$ABSTAT" recover tests/fuzz/corpus/result/ok-compact.json -o "$TESTTMP/x1.json" &&
	grep_err "a result file, not a journal"
'
test_expect_success 'a missing journal: exit 2 naming it' '
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/none.journal" -o "$TESTTMP/x2.json" &&
	grep_err "none.journal: No such file"
'
test_expect_success 'an empty journal: exit 2, line 1 empty' '
	: >"$TESTTMP/empty.journal" &&
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/empty.journal" -o "$TESTTMP/x3.json" &&
	grep_err "empty.journal: line 1: empty file"
'

# output directory missing: write failure, exit 5
test_expect_success 'an output directory that does not exist: exit 5 naming it' '
	expect_exit 5 "$ABSTAT" recover "$j" -o "$TESTTMP/no/such/dir/x.json" &&
	one_line_err &&
	grep_err "no/such/dir"
'

test_expect_success 'usage: -o FILE is required' '
	expect_exit 2 "$ABSTAT" recover "$j" &&
	grep_err "\-o FILE is required"
'

# the fuzz seed journals: ok-* recover, bad-* are refused naming the file
test_expect_success 'the seed journal corpus has ok and bad seeds' '
	ls tests/fuzz/corpus/journal/ok-* >/dev/null 2>&1 || fail "no ok-* seed journal"
	ls tests/fuzz/corpus/journal/bad-* >/dev/null 2>&1 || fail "no bad-* seed journal"
'
for f in tests/fuzz/corpus/journal/*; do
	[ -e "$f" ] || continue
	case ${f##*/} in
	ok-*) test_expect_success "seed ${f##*/} recovers" '
		expect_exit 0 "$ABSTAT" recover "$f" -o "$TESTTMP/seed.json" --force
	' ;;
	*) test_expect_success "seed ${f##*/}: exit 2, one error line naming it" '
		expect_exit 2 "$ABSTAT" recover "$f" -o "$TESTTMP/seed.json" --force &&
		one_line_err &&
		{ grep -qF "$f: " "$TESTTMP/err" || fail "$f: error does not name it"; }
	' ;;
	esac
done
test_done
