# Score matching is bounded (issue 27, D4): a regex that backtracks
# exponentially on 30 KB of output (the issue's, which spun 603 s) fails
# its score in one line naming the score and the step limit, for --score,
# a suite line's score= and show --score alike; signals still stop the
# session at once.
# tags: sanitize
cd "$TESTTMP" || fail "no TESTTMP"
python3 - <<'PY' || fail "cannot write the output"
import random
random.seed(27)
# 30 KB with '=' and 'x' but never "x=": nothing matches, every split of
# the four groups is tried
text = "".join(random.choice("abcdefgh x=\n") for _ in range(30000))
open("out30k.txt", "w").write(text.replace("x=", "x-") + "ops 123\n")
PY
bad='s=(.*)(.*)(.*)(.*)\4x=([0-9]+)'
limit="score s: matching /\\(\\.\\*\\)\\(\\.\\*\\)\\(\\.\\*\\)\\(\\.\\*\\)\\\\4x=\\(\\[0-9\\]\\+\\)/ took more than [0-9]+ steps \\(the limit\\)"

test_expect_success 'the issue'"'"'s --score on 30 KB: exit 4, one line naming the score and the limit' '
	expect_exit 4 timeout -k 5 300 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock \
		--score "$bad" -- cat out30k.txt &&
	one_line_err &&
	grep_err "cat, run 0: $limit"
'
test_expect_success 'with -i the run fails with that reason, a cheap score still reads' '
	expect_exit 1 timeout -k 5 300 "$ABSTAT" run -q -r 2 --warmup 0 -e task-clock -i \
		--score "$bad" --score "ops=ops ([0-9]+)" -o s.json -- cat out30k.txt &&
	[ "$(json "d[\"benchmarks\"][0][\"runs\"][1][\"scores\"][\"ops\"]" s.json)" = 123.0 ] ||
		fail "the cheap score was not read"
	json "d[\"benchmarks\"][0][\"runs\"][0][\"reason\"]" s.json | grep -Eq "^$limit" ||
		fail "reason: $(json "d[\"benchmarks\"][0][\"runs\"][0][\"reason\"]" s.json)"
'
cat >bad.suite <<EOF
name=big cmd='cat $TESTTMP/out30k.txt' score='$bad'
EOF
test_expect_success 'a suite line'"'"'s score= key: the same line' '
	expect_exit 4 timeout -k 5 300 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock -S bad.suite &&
	one_line_err &&
	grep_err "big, run 0: $limit"
'
test_expect_success 'show --score on the kept output: exit 2, one line' '
	expect_exit 0 "$ABSTAT" run -q -r 1 --warmup 0 -e task-clock --keep-output \
		-o k.json -- cat out30k.txt &&
	expect_exit 2 timeout -k 5 300 "$ABSTAT" show --score "$bad" k.json &&
	one_line_err &&
	grep_err "^abstat: error: show: $limit"
'
# SIGINT while runs fail on the limit one after another: abstat in the
# background, signalled from out here (a case body cannot wait for it)
timeout -k 5 300 "$ABSTAT" run -q -r 1000 --warmup 0 -e task-clock -i --score "$bad" \
	-o int.json -- cat out30k.txt >/dev/null 2>int.err &
pid=$!
for _ in $(seq 600); do [ "$(cat int.json.journal 2>/dev/null | wc -l)" -ge 3 ] && break; sleep 0.1; done
kill -INT $pid; wait $pid; echo $? >int.rc
test_expect_success 'SIGINT between bounded matches: exit 130, the runs saved' '
	[ "$(cat int.rc)" -eq 130 ] || { cat int.err; fail "exit $(cat int.rc), expected 130"; }
	[ "$(json "d[\"status\"]" int.json)" = interrupted ] || fail "not saved as interrupted"
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" int.json)" -ge 2 ] || fail "runs lost"
'
test_done
