# The fuzz targets (clang, libFuzzer, ASan+UBSan) replay the seed corpus
# once: no crash, no sanitizer report, no leak. Every target has a
# committed, non-empty corpus, and an empty one fails the replay.
# tags: slow
test_require PLAIN_BUILD
test_expect_success 'every fuzz target has a committed corpus' '
	for f in tests/fuzz/fuzz_*.c; do
		t=$(basename "$f" .c); d=tests/fuzz/corpus/${t#fuzz_}
		n=$(git ls-files "$d" | wc -l)
		[ "$n" -gt 0 ] || fail "$d: no committed input (is it ignored?)"
	done
'

test_expect_success CLANG 'the corpus replays with no crash' '
	sh tests/fuzz/run.sh --replay >"$TESTTMP/out" 2>&1
	rc=$?
	cat "$TESTTMP/out"
	[ $rc -eq 77 ] && skip "missing prerequisite LIBFUZZER: $(tail -n 1 "$TESTTMP/out")"
	[ $rc -eq 0 ] || fail "fuzz corpus replay failed"
	for t in result parse journal; do
		grep -q "fuzz_$t: replayed [1-9][0-9]* inputs, no crash" "$TESTTMP/out" ||
			fail "fuzz_$t did not replay"
	done
'

test_expect_success CLANG 'an empty corpus fails the replay' '
	mkdir -p "$TESTTMP/corpus/journal" &&
	FUZZ_CORPUS="$TESTTMP/corpus" FUZZ_TARGETS=fuzz_journal sh tests/fuzz/run.sh --replay >"$TESTTMP/out" 2>&1
	rc=$?
	cat "$TESTTMP/out"
	[ $rc -eq 77 ] && skip "missing prerequisite LIBFUZZER: $(tail -n 1 "$TESTTMP/out")"
	[ $rc -eq 1 ] && grep -q "fuzz_journal: FAILED: no input in" "$TESTTMP/out"
'
test_done
