# The fuzz targets (clang, libFuzzer, ASan+UBSan) replay the seed corpus
# once: no crash, no sanitizer report, no leak.
sh tests/fuzz/run.sh --replay >"$TESTTMP/out" 2>&1
rc=$?
cat "$TESTTMP/out"
[ $rc -eq 77 ] && skip "$(tail -n 1 "$TESTTMP/out")"
[ $rc -eq 0 ] || fail "fuzz corpus replay failed"
grep -q 'fuzz_result: replayed [1-9][0-9]* inputs, no crash' "$TESTTMP/out" || fail "fuzz_result did not replay"
grep -q 'fuzz_parse: replayed [1-9][0-9]* inputs, no crash' "$TESTTMP/out" || fail "fuzz_parse did not replay"
