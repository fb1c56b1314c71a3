# Ctrl-C in the middle of a suite, and run --resume (issue 32): the
# benchmark the signal cut says "(interrupted)", those never reached are
# one line each (no table of <not counted> rows); --resume with the same
# arguments measures only the runs the session lacks, into the same
# result, its old runs kept; other arguments or another environment are
# refused, naming what differs; a kill -9's journal resumes too.
#
# Every session that is signalled runs in a PID namespace of its own
# (PID 1 is the script below): only the PID it started is signalled, and
# whatever is left ends with the namespace. The workload is a private
# copy of sleep.
# tags: alone
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'
test_require PIDNS
cp /bin/sleep "$TESTTMP/nap" || fail "cannot copy /bin/sleep"
cat >"$TESTTMP/s.suite" <<SUITE
name=one cmd='$TESTTMP/nap 0.01'
name=two cmd='$TESTTMP/nap 0.2'
name=three cmd='$TESTTMP/nap 0.01'
SUITE
ARGS="-q -r 6 --warmup 1 -e task-clock -S $TESTTMP/s.suite"
# stop.sh SIGNAL OUT: run -o OUT, SIGNAL once benchmark two has 3 runs in
# the journal (its header, one's 7 runs, two's 3: 11 lines)
cat >"$TESTTMP/stop.sh" <<'SH'
sig=$1 out=$2
shift 2
"$ABSTAT" run "$@" -o "$out" >"$out.out" 2>"$out.err" &
pid=$! i=0
# a guard against a hang, not a timing check: 2400 polls of 50 ms
while [ "$(cat "$out.journal" 2>/dev/null | wc -l)" -lt 11 ]; do
	i=$((i + 1))
	if [ $i -ge 2400 ] || ! kill -0 $pid 2>/dev/null; then
		kill -9 $pid 2>/dev/null; cat "$out.err"; echo "no runs journaled"
		exit 1
	fi
	sleep 0.05
done
kill -"$sig" $pid
wait $pid
echo "abstat exit $?"
SH
out=$TESTTMP/s.json
# shellcheck disable=SC2086
stop() { unshare --pid --fork --mount-proc sh "$TESTTMP/stop.sh" "$@" $ARGS; }
runs() { json "[len(b[\"runs\"]) for b in d[\"benchmarks\"]]" "$1"; }

test_expect_success 'SIGINT in the second benchmark: exit 130, saved interrupted' '
	stop INT "$out" >"$TESTTMP/stop.log" 2>&1 &&
	grep -q "^abstat exit 130\$" "$TESTTMP/stop.log" ||
		{ cat "$TESTTMP/stop.log"; fail "not stopped by SIGINT"; }
	[ "$(json "d[\"status\"]" "$out")" = interrupted ] || fail "status"
'
test_expect_success 'the table: two (interrupted), three one line, no empty rows' '
	cp "$out.out" "$TESTTMP/out" &&
	grep_out "^one \(.*\): 6 runs \+ 1 warm-up, CPU" &&
	grep_out "^two \(.*\): [0-9] runs \+ 1 warm-up \(interrupted\), CPU" &&
	grep_out "^three\$" &&
	grep_out "^not reached: the session was interrupted before it" &&
	[ "$(grep -c "^metric " "$TESTTMP/out")" -eq 2 ] || fail "a table for three" &&
	nogrep_out "not counted" && nogrep_out "^one .*interrupted"
'
test_expect_success 'stderr says in one line what was kept and the command for the rest' '
	cp "$out.err" "$TESTTMP/err" &&
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] || { cat "$TESTTMP/err"; fail "not one line"; }
	grep_err "^abstat: saved .*s\.json \(interrupted: [0-9]+ measured runs finished\); the rest: abstat run --resume .*s\.json -q -r 6 --warmup 1 -e task-clock -S .*s\.suite -o .*s\.json\$"
'
test_expect_success 'show: the same header and line' '
	expect_exit 0 $ABSTAT show "$out" &&
	grep_out "^two .*\(interrupted\)" && grep_out "^not reached"
'
cp "$out" "$TESTTMP/before.json"
test_expect_success 'compare of the interrupted result: its title says so' '
	cp "$out" "$TESTTMP/again.json" &&
	expect_exit 0 $ABSTAT compare "$out" "$TESTTMP/again.json" &&
	grep_out "^abstat compare: .*runs.* \(interrupted\)" &&
	grep_err "s\.json is an interrupted result; only its finished runs are compared"
'

test_expect_success '--resume with another -r: refused, the option named, file untouched' '
	# shellcheck disable=SC2086
	expect_exit 2 $ABSTAT run -q -r 5 --warmup 1 -e task-clock -S "$TESTTMP/s.suite" --resume "$out" &&
	grep_err "^abstat: error: --resume: these arguments are not those .*s\.json was measured with: repeat \(6 there, 5 here\)" &&
	cmp -s "$out" "$TESTTMP/before.json" || fail "the result changed"
'
test_expect_success '--resume with another event list: refused, events named' '
	expect_exit 2 $ABSTAT run -q -r 6 --warmup 1 -e page-faults -S "$TESTTMP/s.suite" --resume "$out" &&
	grep_err "--resume: .*events \(-e\)"
'
test_expect_success '--resume into another -o: refused' '
	# shellcheck disable=SC2086
	expect_exit 2 $ABSTAT run $ARGS --resume "$out" -o "$TESTTMP/x.json" &&
	grep_err "--resume: -o .*x\.json is not .*s\.json"
'
test_expect_success '--resume in another environment: refused, every key and the --allow-env-diff list' '
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
d[\"env\"][\"cpu\"][\"model_name\"] = \"Other CPU\"
d[\"env\"][\"kernel\"][\"release\"] = \"0.0-other\"
json.dump(d, open(sys.argv[2], \"w\"))" "$out" "$TESTTMP/moved.json" &&
	# shellcheck disable=SC2086
	expect_exit 2 $ABSTAT run $ARGS --resume "$TESTTMP/moved.json" &&
	grep_err "--resume: the environment is not the one .*moved\.json was measured in: .*kernel\.release .*cpu\.model_name \(.Other CPU. there" &&
	grep_err "pass --allow-env-diff kernel\.release,cpu\.model_name to go on anyway"
'
test_expect_success '--resume with that --allow-env-diff: it goes on' '
	# shellcheck disable=SC2086
	expect_exit 0 $ABSTAT run $ARGS --allow-env-diff kernel.release,cpu.model_name \
		--resume "$TESTTMP/moved.json" &&
	[ "$(json "d[\"status\"]" "$TESTTMP/moved.json")" = complete ] || fail "status"
'
test_expect_success '--resume, same arguments: the runs it lacked, into the same result' '
	first=$(json "d[\"benchmarks\"][0][\"runs\"][0][\"start_ns\"]" "$out") &&
	# shellcheck disable=SC2086
	expect_exit 0 $ABSTAT run $ARGS --resume "$out" &&
	[ "$(json "d[\"status\"]" "$out")" = complete ] || fail "status" &&
	[ "$(runs "$out")" = "[7, 7, 7]" ] || fail "runs $(runs "$out")" &&
	[ "$(json "d[\"benchmarks\"][0][\"runs\"][0][\"start_ns\"]" "$out")" = "$first" ] ||
		fail "the old runs were not kept" &&
	json "all([r[\"index\"] for r in b[\"runs\"]] == list(range(7)) for b in d[\"benchmarks\"])" "$out" |
		grep -q True || fail "run indices" &&
	[ ! -e "$out.journal" ] || fail "journal left"
'
test_expect_success '--resume of a complete result: nothing to resume' '
	# shellcheck disable=SC2086
	expect_exit 2 $ABSTAT run $ARGS --resume "$out" &&
	one_line_err && grep_err "is complete .*nothing to resume"
'

k=$TESTTMP/k.json
test_expect_success 'kill -9 in the second benchmark: the journal stays' '
	stop 9 "$k" >"$TESTTMP/stop.log" 2>&1 &&
	grep -q "^abstat exit 137\$" "$TESTTMP/stop.log" ||
		{ cat "$TESTTMP/stop.log"; fail "not killed"; }
	[ -s "$k.journal" ] && [ ! -e "$k" ] || fail "no journal, or a result"
'
test_expect_success '--resume of the journal (named by its result): complete, no journal left' '
	# shellcheck disable=SC2086
	expect_exit 0 $ABSTAT run $ARGS --resume "$k" &&
	[ "$(json "d[\"status\"]" "$k")" = complete ] || fail "status" &&
	[ "$(runs "$k")" = "[7, 7, 7]" ] || fail "runs $(runs "$k")" &&
	[ ! -e "$k.journal" ] && [ ! -e "$k.journal.resumed" ] || fail "a journal left"
'
test_expect_success 'a refused --resume of a journal leaves it as it was' '
	stop 9 "$TESTTMP/j.json" >/dev/null 2>&1 &&
	cp "$TESTTMP/j.json.journal" "$TESTTMP/j.keep" &&
	expect_exit 2 $ABSTAT run -q -r 3 --warmup 1 -e task-clock -S "$TESTTMP/s.suite" \
		--resume "$TESTTMP/j.json.journal" &&
	cmp -s "$TESTTMP/j.json.journal" "$TESTTMP/j.keep" || fail "journal changed" &&
	[ ! -e "$TESTTMP/j.json.journal.resumed" ] || fail "its second name left"
'
test_done
