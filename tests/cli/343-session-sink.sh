# The session driver (src/engine) prints nothing itself: it says its
# words through the sink of its input, which the command gives it and
# which honours -q (issue 52). A warning is said once a session and
# recorded in the result whether or not it is said; -q silences the
# warnings and the "saved" line, never an error. bisect's sessions say
# the warnings of the set-up once, at the first session, not once a
# step. The warning every session here raises: no spawn helper where
# ABSTAT_WORKLOAD_DIR points (session_launcher_spawn).
# tags: alone
test_lazy_prereq BUILD_TOOLS 'command -v git && command -v make && command -v cc'

mkdir -p "$TESTTMP/none" || fail "no empty workload directory"
nohelper="abstat: warning: abstat-spawn is not built or installed"
run() { ABSTAT_WORKLOAD_DIR=$TESTTMP/none "$ABSTAT" "$@" >"$TESTTMP/out" 2>"$TESTTMP/err"; }

test_expect_success 'run: the warning once, then the saved line' '
	run run -r 2 -e task-clock -o "$TESTTMP/a.json" -- true ||
		{ cat "$TESTTMP/err"; fail "run failed"; }
	[ "$(grep -c "^$nohelper" "$TESTTMP/err")" -eq 1 ] ||
		{ cat "$TESTTMP/err"; fail "the warning is not said once"; }
	grep_err "^abstat: saved $TESTTMP/a.json\$"
'
test_expect_success 'run -q: nothing said, the warning recorded' '
	run run -q -r 2 -e task-clock -o "$TESTTMP/q.json" -- true ||
		{ cat "$TESTTMP/err"; fail "run failed"; }
	[ ! -s "$TESTTMP/err" ] || { cat "$TESTTMP/err"; fail "-q said something"; }
	json "sum(w.startswith(\"abstat-spawn is not built\") for w in d[\"warnings\"])" \
		"$TESTTMP/q.json" >"$TESTTMP/n" &&
	[ "$(cat "$TESTTMP/n")" -eq 1 ] || fail "the result does not record the warning once"
'
test_expect_success 'run -q: an error is still said, in one line' '
	run run -q -r 2 -e no-such-event -- true; rc=$?
	[ $rc -eq 2 ] || { cat "$TESTTMP/err"; fail "exit $rc, not 2"; }
	one_line_err && grep_err "^abstat: error: -e: .*no-such-event"
'
test_expect_success 'run --resume -q: its errors through the sink too' '
	run run -q --resume "$TESTTMP/q.json" -r 2 -e task-clock -- true; rc=$?
	[ $rc -eq 2 ] || { cat "$TESTTMP/err"; fail "exit $rc, not 2"; }
	one_line_err && grep_err "^abstat: error: --resume: .*q.json is complete"
'

repo=$TESTTMP/repo
rev() { git -C "$repo" rev-list --reverse trunk | sed -n "${1}p"; }
bisect() {
	[ -d "$repo" ] || sh "$TOP/tests/fixtures/bisect-repo.sh" "$repo" 1500000 2000 ||
		fail "cannot make the repository"
	(cd "$repo" && ABSTAT_WORKLOAD_DIR=$TESTTMP/none "$ABSTAT" bisect \
		--good "$(rev 9)" --bad "$(rev 11)" --build make -r 10 --max-runs 40 \
		--warmup 1 --primary page-faults --force -o "$TESTTMP/r.json" "$@" -- ./loop) \
		>"$TESTTMP/out" 2>"$TESTTMP/err" || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "bisect failed"; }
	# the ends' session and a step's at least
	json "sum(s[\"measured\"] for s in d[\"steps\"])" "$TESTTMP/r.json" >"$TESTTMP/n" &&
	[ "$(cat "$TESTTMP/n")" -ge 1 ] || { cat "$TESTTMP/out"; fail "no step measured"; }
}
test_expect_success BUILD_TOOLS 'bisect: the set-up warning once over its sessions' '
	bisect &&
	[ "$(grep -c "^$nohelper" "$TESTTMP/err")" -eq 1 ] ||
		{ cat "$TESTTMP/err"; fail "the warning is not said once"; }
'
test_expect_success BUILD_TOOLS 'bisect -q: no warning' '
	bisect -q &&
	! grep -q "^abstat: warning:" "$TESTTMP/err" || { cat "$TESTTMP/err"; fail "-q said a warning"; }
'
test_done
