# Malformed result files (truncated, bit-flipped, wrong types, huge numbers,
# NaN, deep nesting, wrong version, garbage, empty): `abstat show` exits 2
# with one error line naming the file, never crashes (exit 99 is a
# sanitizer report under SANITIZE=1). The valid seeds show fine.
# tags: sanitize
C=tests/fuzz/corpus/result

test_expect_success 'the corpus has at least 30 malformed files and a valid one' '
	n=$(ls "$C"/bad-* 2>/dev/null | wc -l) &&
	{ [ "$n" -ge 30 ] || fail "only $n malformed files in the corpus"; } &&
	{ ls "$C"/ok-* >/dev/null 2>&1 || fail "no valid seed in $C"; }
'
for f in "$C"/bad-*; do
	[ -e "$f" ] || continue
	test_expect_success "show ${f##*/}: exit 2, one error line naming the file" '
		expect_exit 2 "$ABSTAT" show "$f" &&
		one_line_err &&
		{ grep -qF "$f: " "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "$f: error does not name the file"; }; }
	'
done
for f in "$C"/ok-*; do
	[ -e "$f" ] || continue
	test_expect_success "show ${f##*/}: exit 0" '
		expect_exit 0 "$ABSTAT" show "$f"
	'
done

# the messages name the key
# the reader's gaps of issue 16: each refused, its key named
for gap in "repeat-zero:config.repeat: 0 is out of range" \
	"created-word:created: expected a UTC time" \
	"signal-99:runs\[0\].signal: 99 is out of range \(0 to 64\)" \
	"start-after-end:runs\[0\].end_ns: [0-9]+ is before start_ns"; do
	test_expect_success "bad-${gap%%:*}: exit 2 naming the key" '
		expect_exit 2 "$ABSTAT" show "$C/bad-${gap%%:*}.json" &&
		one_line_err &&
		grep_err "${gap#*:}"
	'
done
test_expect_success 'wrong version: schema_version named, the supported one said' '
	expect_exit 2 "$ABSTAT" show "$C/bad-version.json" &&
	grep_err "schema_version: file format version 4 not supported \(supports 1 to 3\)"
'
test_expect_success 'huge integer: its key path named' '
	expect_exit 2 "$ABSTAT" show "$C/bad-huge.json" &&
	grep_err "benchmarks\[0\]\.runs\[0\]\.wall_ns: integer too large"
'
test_expect_success 'a float where an integer goes: its key path named' '
	expect_exit 2 "$ABSTAT" show "$C/bad-float.json" &&
	grep_err "benchmarks\[0\]\.runs\[0\]\.wall_ns: expected an integer"
'
test_expect_success 'NaN: the key before it named' '
	expect_exit 2 "$ABSTAT" show "$C/bad-nan.json" &&
	grep_err "after key \"wall_ns\""
'
# a file that is too big is refused before parsing
test_expect_success 'a 300 MiB file is refused by size' '
	truncate -s 300M "$TESTTMP/big.json" &&
	expect_exit 2 "$ABSTAT" show "$TESTTMP/big.json" &&
	grep_err "big.json: file is larger than the 256 MiB limit"
'
# compare reads through the same reader: the bad side is named
test_expect_success 'compare names the bad side and its key' '
	expect_exit 2 "$ABSTAT" compare "$C/ok-plain.json" "$C/bad-negative.json" &&
	one_line_err &&
	grep_err "bad-negative.json: benchmarks\[0\]\.runs\[0\]\.user_ns: negative value -1"
'
test_done
