# abstat's own memory per run is bounded (issue 16, issue 21): the result
# file is streamed one run at a time and a run in memory is only numbers,
# so the peak grows by well under 1 KB per run (it once grew 5.2 KB: a
# jansson tree of every run, its whole text and the parse back). Peak RSS
# of abstat under /usr/bin/time -f %M (kB), at 1000 and 5000 runs of
# /bin/true with 3 software events: the slope, never a time. A sanitizer
# build keeps freed memory in quarantine, so it is not measured.
# tags: alone
test_lazy_prereq TIME '[ -x /usr/bin/time ] && /usr/bin/time -f %M true >/dev/null 2>&1'
test_lazy_prereq NOSANITIZE '! grep -qa __asan_init "$ABSTAT" && ! grep -qa __ubsan_handle "$ABSTAT"'

# peak N: abstat's peak RSS in kB over N runs (result saved and checked)
peak() {
	rm -f "$TESTTMP/m$1.json"
	/usr/bin/time -o "$TESTTMP/m$1.kb" -f %M "$ABSTAT" run -q -r "$1" \
		-e task-clock,page-faults,context-switches \
		-o "$TESTTMP/m$1.json" -- /bin/true >/dev/null 2>"$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "run -r $1 failed"; }
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/m$1.json")" -eq $(($1 + 1)) ] ||
		fail "run -r $1: the file lacks runs"
	tail -n 1 "$TESTTMP/m$1.kb"
}

test_expect_success TIME,NOSANITIZE 'run -r 1000 and -r 5000: the peak grows by less than 1 KB per run' '
	p1=$(peak 1000) && p5=$(peak 5000) &&
	per_run=$(( (p5 - p1) * 1024 / 4000 )) &&
	echo "# peak ${p1} kB at 1000 runs, ${p5} kB at 5000: ${per_run} bytes per run" &&
	[ "$per_run" -lt 1024 ] ||
		fail "abstat grew ${per_run} bytes per run (${p1} kB at 1000 runs, ${p5} kB at 5000); the limit is 1024"
'

test_done
