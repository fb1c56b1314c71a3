# compare tests its rows in as many threads as it has CPUs (its
# affinity): every row is seeded alike and holds its own values, so the
# output is the same byte for byte on one CPU (taskset -c 0) as on all.
# tags: alone sanitize
G="$TOP/bench/gen_result.py"

test_expect_success "two results of 20 benchmarks x 4 events (rows enough for a second thread)" '
	python3 "$G" -b 20 -e 4 -r 30 --seed 1 -o "$TESTTMP/a.json" &&
	python3 "$G" -b 20 -e 4 -r 30 --seed 2 --shift 0.05 -o "$TESTTMP/b.json"
'
for f in text json csv mail; do
	test_expect_success CPUS2 "--format $f: the same on one CPU as on every CPU" '
		expect_exit 0 $ABSTAT compare --format '"$f"' "$TESTTMP/a.json" "$TESTTMP/b.json" &&
		cp "$TESTTMP/out" "$TESTTMP/all.'"$f"'" &&
		expect_exit 0 taskset -c 0 $ABSTAT compare --format '"$f"' "$TESTTMP/a.json" "$TESTTMP/b.json" &&
		cmp "$TESTTMP/out" "$TESTTMP/all.'"$f"'" || fail "output differs with one CPU"
	'
done
test_lazy_prereq STRACE 'strace -f -qq -e trace=none true'
# LeakSanitizer cannot run under ptrace: a sanitized build is traced
# without its leak check (the other cases keep it)
nolsan="ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
test_expect_success CPUS2,STRACE 'on two CPUs a second thread tests rows; on one, none' '
	env "$nolsan" strace -f -qq -e trace=clone,clone3 -o "$TESTTMP/st" $ABSTAT compare "$TESTTMP/a.json" "$TESTTMP/b.json" >/dev/null &&
	grep -q CLONE_THREAD "$TESTTMP/st" || { cat "$TESTTMP/st"; fail "no thread started"; }
	env "$nolsan" strace -f -qq -e trace=clone,clone3 -o "$TESTTMP/st1" taskset -c 0 $ABSTAT compare "$TESTTMP/a.json" "$TESTTMP/b.json" >/dev/null &&
	! grep -q CLONE_THREAD "$TESTTMP/st1" || { cat "$TESTTMP/st1"; fail "a thread on one CPU"; }
'
test_done
