# Malformed result files (truncated, bit-flipped, wrong types, huge numbers,
# NaN, deep nesting, wrong version, garbage, empty): `abstat show` exits 2
# with one error line naming the file, never crashes (exit 99 is a
# sanitizer report under SANITIZE=1). The valid seeds show fine.
n=0
for f in tests/fuzz/corpus/result/bad-*; do
	expect_exit 2 "$ABSTAT" show "$f"
	one_line_err
	grep -qF "$f: " "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "$f: error does not name the file"; }
	n=$((n + 1))
done
[ $n -ge 30 ] || fail "only $n malformed files in the corpus"
for f in tests/fuzz/corpus/result/ok-*; do
	expect_exit 0 "$ABSTAT" show "$f"
done
# the messages name the key
expect_exit 2 "$ABSTAT" show tests/fuzz/corpus/result/bad-version.json
grep_err 'schema_version: file format version 2 not supported \(supports 1\)'
expect_exit 2 "$ABSTAT" show tests/fuzz/corpus/result/bad-huge.json
grep_err 'benchmarks\[0\]\.runs\[0\]\.wall_ns: integer too large'
expect_exit 2 "$ABSTAT" show tests/fuzz/corpus/result/bad-float.json
grep_err 'benchmarks\[0\]\.runs\[0\]\.wall_ns: expected an integer'
expect_exit 2 "$ABSTAT" show tests/fuzz/corpus/result/bad-nan.json
grep_err 'after key "wall_ns"'
# a file that is too big is refused before parsing
truncate -s 300M "$TESTTMP/big.json"
expect_exit 2 "$ABSTAT" show "$TESTTMP/big.json"
grep_err 'big.json: file is larger than the 256 MiB limit'
# compare reads through the same reader: the bad side is named
expect_exit 2 "$ABSTAT" compare tests/fuzz/corpus/result/ok-plain.json tests/fuzz/corpus/result/bad-negative.json
one_line_err
grep_err 'bad-negative.json: benchmarks\[0\]\.runs\[0\]\.user_ns: negative value -1'
