# A stop request is one stop however many copies arrive together (issue
# 37): GNU timeout sends SIGINT to abstat and then to its process group,
# so abstat gets it twice within microseconds; that is one request, and
# abstat stops as after one Ctrl-C (the table or the saved line). A
# second signal a while after the first still leaves at once, saying in
# one line where the finished runs are and the command that recovers
# them. Every signalled session runs in a PID namespace of its own.
# tags: alone
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'
test_require PIDNS
need_cmd timeout
ns() { unshare --pid --fork --mount-proc sh -c "$1"; }

test_expect_success 'ten timeout -s INT runs: each prints the table or the saved line' '
	for i in 0 1 2 3 4 5 6 7 8 9; do
		o=$TESTTMP/t$i.json t=$((5 + i % 5))
		ns "timeout --preserve-status -s INT 0.$t \"$ABSTAT\" run -q -r 300 -e task-clock -o $o -- sleep 0.02 >$o.out 2>$o.err"
		rc=$?
		[ $rc -eq 130 ] || { cat "$o.err"; fail "run $i: exit $rc, not 130"; }
		grep -q "^abstat: saved $o (interrupted: [0-9]* measured runs* finished); the rest: abstat run --resume $o " "$o.err" ||
			{ cat "$o.err"; fail "run $i: no saved line"; }
		[ "$(wc -l <"$o.err")" -eq 1 ] || { cat "$o.err"; fail "run $i: more than one line"; }
		[ -f "$o" ] && [ ! -e "$o.journal" ] || fail "run $i: no result, or a journal left"
	done
'
test_expect_success 'without -o: the table, and a line that nothing was saved' '
	o=$TESTTMP/n
	ns "timeout --preserve-status -s INT 0.8 \"$ABSTAT\" run -q -r 300 -e task-clock -- sleep 0.02 >$o.out 2>$o.err"
	rc=$?
	[ $rc -eq 130 ] || { cat "$o.err"; fail "exit $rc, not 130"; }
	grep -q "^metric " "$o.out" || { cat "$o.out"; fail "no table"; }
	grep -q "^abstat: interrupted: [0-9]* measured runs* finished, in the table only (no -o FILE to keep them)\$" "$o.err" ||
		{ cat "$o.err"; fail "no line"; }
'
# 2.sh: SIGINT in a run (its --cleanup, sleep 10, then runs on the way
# out), then another 1.5 s later
cat >"$TESTTMP/2.sh" <<'SH'
"$ABSTAT" run -q -r 2 --warmup 0 -e task-clock --cleanup 'sleep 10' -o "$1" -- sleep 5 >"$1.out" 2>"$1.err" &
pid=$!
sleep 1; kill -INT $pid; sleep 1.5; kill -INT $pid
wait $pid
SH
test_expect_success 'a second signal later: left at once, the journal named in one line' '
	o=$TESTTMP/s.json
	ns "ABSTAT=\"$ABSTAT\" sh $TESTTMP/2.sh $o"
	rc=$?
	[ $rc -eq 130 ] || { cat "$o.err"; fail "exit $rc, not 130"; }
	grep -qx "abstat: stopped at once by a second signal; the runs that finished are in $o.journal ($(printf "\047")abstat recover $o.journal$(printf "\047") makes a result of them)" "$o.err" ||
		{ cat "$o.err"; fail "no line naming the journal"; }
	[ -s "$o.journal" ] && [ ! -e "$o" ] || fail "the journal is not there"
'
test_done
