# One session owns its journal: a live session holds a lock on it, so a
# second session on the same output is refused with the first one's pid
# (exit 2), also with --force, and recover calls it live, not cut off.
# Journals written twice or by two sessions are refused, never merged.
#
# The live session is a background abstat this script starts; a trap
# kills it (by its pid) and waits, also when a case fails.
# tags: sanitize
out=$TESTTMP/live.json
"$ABSTAT" run -q -r 100000 --warmup 0 -e task-clock -o "$out" -- sleep 0.02 \
	>"$TESTTMP/live.out" 2>"$TESTTMP/live.err" &
live=$!
trap 'kill -9 $live 2>/dev/null; wait $live 2>/dev/null' EXIT
i=0
while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 2 ] && [ $i -lt 600 ]; do
	kill -0 $live 2>/dev/null || break
	i=$((i + 1))
	sleep 0.05
done

test_expect_success 'the live session journals its runs' '
	kill -0 $live || { cat "$TESTTMP/live.err"; fail "the live session ended"; }
	[ "$(wc -l <"$out.journal")" -ge 2 ] || fail "no run journaled"
'
test_expect_success 'a second session on the same -o: exit 2, one line with the pid' '
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$out" -- true &&
	one_line_err &&
	grep_err "live.json.journal is in use: a live session \\(pid $live\\) is writing the same output"
'
test_expect_success 'with --force too: refused, the live journal untouched' '
	before=$(stat -c %i "$out.journal") &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$out" --force -- true &&
	one_line_err &&
	grep_err "pid $live" &&
	{ [ "$(stat -c %i "$out.journal")" = "$before" ] || fail "the journal was replaced"; } &&
	{ [ ! -e "$out" ] || fail "a result was published over the live session"; }
'
test_expect_success 'recover of a live journal: exit 2, live (not "cut off"), with the pid' '
	expect_exit 2 "$ABSTAT" recover "$out.journal" -o "$TESTTMP/rec-live.json" &&
	one_line_err &&
	grep_err "being written by a live session \\(pid $live holds its lock\\)" &&
	if grep -q "cut off" "$TESTTMP/err"; then fail "a live session called cut off"; fi &&
	{ [ ! -e "$TESTTMP/rec-live.json" ] || fail "recovered a live journal"; }
'
test_expect_success 'every journal line carries the session id of the header' '
	python3 - "$out.journal" <<-\PY
	import json, sys
	lines = open(sys.argv[1]).read().splitlines()
	head = json.loads(lines[0])
	sid = head["config"]["session"]
	assert head["pid"] > 0, head.get("pid")
	for no, l in enumerate(lines[1:], 2):
	    try:
	        o = json.loads(l)
	    except ValueError:
	        continue  # the last line may be in the middle of its write
	    assert o["session"] == sid, (no, o.get("session"), sid)
	PY
'
# killed out here: a case body is a subshell, whose wait cannot reap the
# live session (the next case would race its exit and find it live)
kill -9 $live; wait $live 2>/dev/null
test_expect_success 'killed, the journal is cut off: named so, and recovers' '
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$out" -- true &&
	grep_err "an earlier session was cut off \\(no live session holds it\\)" &&
	expect_exit 0 "$ABSTAT" recover "$out.journal" -o "$TESTTMP/rec.json" &&
	{ [ "$(json "d[\"status\"]" "$TESTTMP/rec.json")" = partial ] || fail "not partial"; }
'
test_expect_success 'two sessions started at once on one -o: one publishes, the other is refused' '
	o2=$TESTTMP/race.json
	"$ABSTAT" run -q -r 20 --warmup 0 -e task-clock -o "$o2" --force -- sleep 0.01 >/dev/null 2>"$TESTTMP/r1.err" & p1=$!
	"$ABSTAT" run -q -r 20 --warmup 0 -e task-clock -o "$o2" --force -- sleep 0.01 >/dev/null 2>"$TESTTMP/r2.err" & p2=$!
	wait $p1; r1=$?; wait $p2; r2=$?
	cat "$TESTTMP/r1.err" "$TESTTMP/r2.err"
	# both may succeed one after the other; never both at once
	if [ $r1 -ne 0 ] && [ $r2 -ne 0 ]; then fail "both failed: $r1 $r2"; fi
	for r in $r1 $r2; do [ $r -eq 0 ] || [ $r -eq 2 ] || fail "exit $r"; done
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$o2")" = 20 ] || fail "runs mixed or lost"
	[ ! -e "$o2.journal" ] || fail "journal left"
'

# journals a careless or hostile hand made: built from the seed journal
seed=tests/fuzz/corpus/journal/ok-plain.journal
python3 - "$seed" "$TESTTMP" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
head = json.loads(lines[0])
head["config"]["session"] = "a" * 16
runs = [json.loads(l) for l in lines[1:]]
def put(name, hd, rs):
    with open(sys.argv[2] + "/" + name, "w") as f:
        f.write(json.dumps(hd) + "\n")
        for r in rs:
            f.write(json.dumps(r) + "\n")
mine = [dict(r, session="a" * 16) for r in runs]
put("one.journal", head, mine)
other = [dict(r, session="b" * 16) for r in runs]
put("mixed.journal", head, [mine[0], other[0]] + mine[1:])
put("tripled.journal", head, mine * 3)
put("back.journal", head, [mine[1], mine[0]])
put("nosid.journal", head, [dict(mine[0], session=7)])
PY
test_expect_success 'one session'"'"'s journal with its id on every line recovers' '
	expect_exit 0 "$ABSTAT" recover "$TESTTMP/one.journal" -o "$TESTTMP/one.json" &&
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/one.json")" = 3 ]
'
test_expect_success 'a journal with two sessions'"'"' lines: exit 2 naming the line and both ids' '
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/mixed.journal" -o "$TESTTMP/mixed.json" &&
	one_line_err &&
	grep_err "mixed.journal: line 3: session: \"b{16}\" is not the header.s session \"a{16}\": two sessions wrote this journal" &&
	{ [ ! -e "$TESTTMP/mixed.json" ] || fail "merged anyway"; }
'
test_expect_success 'a journal with its lines repeated: exit 2, the repeated index named' '
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/tripled.journal" -o "$TESTTMP/tripled.json" &&
	one_line_err &&
	grep_err "tripled.journal: line 5: run.index: 0 of benchmark 0 comes after index 2 before it: duplicated runs" &&
	{ [ ! -e "$TESTTMP/tripled.json" ] || fail "recovered every index three times"; }
'
test_expect_success 'indices going back: exit 2' '
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/back.journal" -o "$TESTTMP/back.json" &&
	grep_err "line 3: run.index"
'
test_expect_success 'a session id that is not a string: exit 2' '
	expect_exit 2 "$ABSTAT" recover "$TESTTMP/nosid.journal" -o "$TESTTMP/nosid.json" &&
	grep_err "line 2: session: \(not a string\)"
'
test_done
