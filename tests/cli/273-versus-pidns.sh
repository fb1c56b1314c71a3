# versus without -o names its journals with the session id, not the pid
# (issue 27, R6): two versus started in the same second in two PID
# namespaces are both pid 1 there, and both must run. Each runs in its own
# `unshare --pid --fork --mount-proc`, both started just after a second
# begins so that their names' UTC second is the same.
# tags: alone
test_require ROOT
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'
st=$XDG_STATE_HOME/abstat

# pair [full]: two versus at once, each pid 1 of its own PID namespace;
# their exit statuses in $TESTTMP/rc1 and rc2, stdout in out1 and out2
# (with full: both to /dev/full), stderr in err1 and err2
pair() {
	python3 -c 'import time; time.sleep(1.02 - time.time() % 1)'
	for i in 1 2; do
		o=$TESTTMP/out$i
		[ "${1:-}" = full ] && o=/dev/full
		{ unshare --pid --fork --mount-proc "$ABSTAT" versus -q -r 2 \
			--warmup 0 -e task-clock -- /bin/true /bin/true \
			>"$o" 2>"$TESTTMP/err$i"; echo $? >"$TESTTMP/rc$i"; } &
	done
	wait
}

test_expect_success PIDNS 'two versus in two PID namespaces in one second: both run' '
	pair &&
	for i in 1 2; do
		[ "$(cat "$TESTTMP/rc$i")" -eq 0 ] ||
			{ cat "$TESTTMP/err$i"; fail "versus $i: exit $(cat "$TESTTMP/rc$i")"; }
		grep -q task-clock "$TESTTMP/out$i" || fail "versus $i printed no table"
	done
	if ls "$st"/*.journal 2>/dev/null; then fail "journals left"; fi
'
test_lazy_prereq DEVFULL '[ -c /dev/full ] && [ -w /dev/full ]'
test_expect_success PIDNS,DEVFULL 'their journals (kept: stdout is full): four names, both sessions pid 1' '
	pair full &&
	for i in 1 2; do
		[ "$(cat "$TESTTMP/rc$i")" -eq 5 ] ||
			{ cat "$TESTTMP/err$i"; fail "versus $i: exit $(cat "$TESTTMP/rc$i")"; }
	done
	ls "$st" >"$TESTTMP/names" &&
	[ "$(grep -cE "^versus-[0-9]{8}T[0-9]{6}Z-[0-9a-f]{16}-[AB]\.json\.journal\$" "$TESTTMP/names")" -eq 4 ] ||
		{ cat "$TESTTMP/names"; fail "expected four journals named by session"; }
	for j in "$st"/*.journal; do
		[ "$(head -n 1 "$j" | python3 -c "import json,sys; print(json.load(sys.stdin)[\"pid\"])")" = 1 ] ||
			fail "$j: not written by a pid 1"
	done
'
test_done
