# The import and flame fuzz targets (issue 27): one per import reader and
# one for flame, each with a committed corpus; make-big-seeds.py makes
# seeds past libFuzzer's default 64 KiB (deep and broad, up to the 1 MiB
# these targets take), and the replay runs them beside the corpus (080
# replays every target; here: that these are among them, and big).
# tags: slow
test_require PLAIN_BUILD
cd "$TOP" || fail "no TOP"
new="fuzz_flame fuzz_import_hyperfine fuzz_import_gobench fuzz_import_perfstat fuzz_import_pyperf"
test_expect_success 'each target has a committed corpus' '
	for t in $new; do
		[ -f tests/fuzz/$t.c ] || fail "no tests/fuzz/$t.c"
		n=$(git ls-files "tests/fuzz/corpus/${t#fuzz_}" | wc -l)
		[ "$n" -gt 0 ] || fail "tests/fuzz/corpus/${t#fuzz_}: no committed input"
	done
'
test_expect_success 'the seeds: deep and broad, over 64 KiB, at most 1 MiB' '
	python3 tests/fuzz/make-big-seeds.py "$TESTTMP/seeds" || fail "make-big-seeds.py failed"
	for t in $new; do
		d=$TESTTMP/seeds/${t#fuzz_}
		big=$(find "$d" -type f -size +64k | wc -l)
		[ "$big" -gt 0 ] || fail "$d: no seed over 64 KiB"
		[ -z "$(find "$d" -type f -size +1024k)" ] || fail "$d: a seed over 1 MiB"
	done
	grep -q "f39999" "$TESTTMP/seeds/flame/deep-folded" || fail "no 40,000-frame stack"
'
test_expect_success CLANG 'the targets replay their corpus and seeds with no crash' '
	FUZZ_TARGETS="$new" sh tests/fuzz/run.sh --replay >"$TESTTMP/out" 2>&1
	rc=$?
	cat "$TESTTMP/out"
	[ $rc -eq 77 ] && skip "missing prerequisite LIBFUZZER: $(tail -n 1 "$TESTTMP/out")"
	[ $rc -eq 0 ] || fail "replay failed"
	for t in $new; do
		grep -q "$t: replayed [1-9][0-9]* inputs, no crash" "$TESTTMP/out" ||
			fail "$t did not replay"
	done
	grep -q "deep-folded" build/fuzz/fuzz_flame.replay.log || fail "the seeds were not replayed"
'
test_done
