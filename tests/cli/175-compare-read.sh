# compare reads a regular result file through a mapping and gives back
# the pages behind the reader a window (256 KiB) at a time
# (src/result/result_map.c); a pipe or a FIFO is read into memory. Either
# way the output is the same, for files bigger than the window (2.6 MB each).
# tags: sanitize
test_expect_success 'two results bigger than the window' '
	python3 "$TOP/bench/gen_result.py" -b 30 -o "$TESTTMP/A.json" &&
	python3 "$TOP/bench/gen_result.py" -b 30 --shift 0.05 --seed 2 \
		-o "$TESTTMP/B.json" &&
	[ "$(wc -c <"$TESTTMP/A.json")" -gt 2097152 ]
'
for fmt in text json csv; do
	test_expect_success "$fmt: a file read through a pipe, the same output as mapped" '
		expect_exit 0 "$ABSTAT" compare --format $fmt A=$TESTTMP/A.json B=$TESTTMP/B.json &&
		mv "$TESTTMP/out" "$TESTTMP/mapped" &&
		expect_exit 0 sh -c "cat \"\$1\" | \"\$2\" compare --format $fmt A=/dev/stdin B=\"\$3\"" \
			sh "$TESTTMP/A.json" "$ABSTAT" "$TESTTMP/B.json" &&
		cmp "$TESTTMP/mapped" "$TESTTMP/out"
	'
done
test_expect_success 'a FIFO: read, the same output as mapped' '
	expect_exit 0 "$ABSTAT" compare A=$TESTTMP/A.json B=$TESTTMP/B.json &&
	mv "$TESTTMP/out" "$TESTTMP/mapped" &&
	mkfifo "$TESTTMP/fifo" &&
	{ timeout 60 cat "$TESTTMP/B.json" >"$TESTTMP/fifo" & } &&
	expect_exit 0 "$ABSTAT" compare A=$TESTTMP/A.json B=$TESTTMP/fifo;
	rc=$?; wait; rm -f "$TESTTMP/fifo"; [ $rc -eq 0 ] &&
	cmp "$TESTTMP/mapped" "$TESTTMP/out"
'
test_expect_success 'show: a mapped file, the same as read from a pipe' '
	expect_exit 0 "$ABSTAT" show "$TESTTMP/A.json" &&
	sed "1s|^$TESTTMP/A.json:|/dev/stdin:|" "$TESTTMP/out" >"$TESTTMP/mapped" &&
	expect_exit 0 sh -c "cat \"\$1\" | \"\$2\" show /dev/stdin" sh "$TESTTMP/A.json" "$ABSTAT" &&
	cmp "$TESTTMP/mapped" "$TESTTMP/out"
'
test_done
