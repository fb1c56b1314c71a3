# No finished boot lost: a step cut off after its run wrote a complete
# result (killed, a power loss before the plan was saved) leaves the boot
# done with that result at the next step; a result and a journal both
# there (cut off between the two) is the result. A stop signal to a step
# reaches the run it waits for, the boot is recorded (its finished runs
# kept) and nothing is booted: exit 130. A step killed with SIGKILL takes
# its run with it (SIGTERM on the parent's death). --method cmd and a
# fake /proc: nothing reboots. Every process started here is waited for.
# tags: alone
boots_setup
plan() {
	_d=$1; shift
	$ABSTAT boots init "$_d" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		-k 2 --method cmd --next "$TESTTMP/next" -- "$@" 2>/dev/null
}
state() { json "d[\"boots\"][$2][\"$3\"]" "$1/plan.json"; }
# until FILE: wait (10 s at most) for FILE to exist
until_there() {
	for _i in $(seq 100); do [ -e "$1" ] && return 0; sleep 0.1; done
	return 1
}

test_expect_success 'a step cut off after its run finished: the boot is done, with its result' '
	P=$TESTTMP/d && plan "$P" -q -r 5 -e task-clock -- true &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	cp "$P/plan.json" "$TESTTMP/before" &&
	boots_as 6.1.0-a id1 && $ABSTAT boots step "$P" 2>/dev/null &&
	[ -f "$P/boot-01-A.json" ] &&
	cp "$TESTTMP/before" "$P/plan.json" && boots_edit "$P" "d[\"boots\"][0][\"state\"] = \"running\"" &&
	: >"$TESTTMP/next.log" &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	grep_err "boot 1: interrupted \\(power loss, reset or a hang\\); its result holds 5 runs \\(complete\\)" &&
	[ "$(state "$P" 0 state)" = done ] && [ -f "$P/boot-01-A.json" ] &&
	[ "$(cat "$TESTTMP/next.log")" = "2 B" ] &&
	boots_as 6.12.0-b id2 && $ABSTAT boots step "$P" 2>/dev/null &&
	expect_exit 0 $ABSTAT boots report "$P" && grep_out "5 runs/side, 1 session/side"
'
test_expect_success 'a result and its journal both left: the result counts, the journal goes' '
	P=$TESTTMP/d && cp "$P/boot-01-A.json" "$TESTTMP/r.json" &&
	boots_edit "$P" "d[\"boots\"][1][\"state\"] = \"running\"" &&
	{ $ABSTAT run -q -r 2 -e task-clock -o "$TESTTMP/j.json" -- sh -c "kill -9 \$PPID" 2>/dev/null || :; } &&
	mv "$TESTTMP/j.json.journal" "$P/boot-02-B.json.journal" &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(state "$P" 1 state)" = done ] && [ ! -e "$P/boot-02-B.json.journal" ] &&
	state "$P" 1 note | grep -q "its result holds 5 runs (complete)"
'
test_expect_success 'SIGTERM to a measuring step: its run stops, the boot is kept, nothing boots' '
	P=$TESTTMP/t && plan "$P" -q -r 50 -e task-clock -- sleep 0.2 &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null && : >"$TESTTMP/next.log" &&
	boots_as 6.1.0-a id1 &&
	{ $ABSTAT boots step "$P" >/dev/null 2>"$TESTTMP/err" & pid=$!; } &&
	{ until_there "$P/boot-01-A.json.journal" && sleep 1.5; kill -TERM $pid; start=$(date +%s); wait $pid; rc=$?; } &&
	[ $rc = 130 ] && [ $(($(date +%s) - start)) -le 5 ] &&
	grep_err "^abstat: error: boots step: stopped by Terminated: the plan in .* is saved and nothing is booted" &&
	[ ! -s "$TESTTMP/next.log" ] &&
	[ "$(state "$P" 0 state)" = partial ] &&
	json "d[\"status\"]" "$P/boot-01-A.json" | grep -qv complete &&
	! pgrep -f "sleep 0.2" -P $pid >/dev/null &&
	boots_as 6.1.0-a id1 && expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(cat "$TESTTMP/next.log")" = "2 B" ]
'
test_expect_success 'SIGINT (Ctrl-C) to a step is not swallowed: nothing boots, exit 130' '
	P=$TESTTMP/i && plan "$P" -q -r 50 -e task-clock -- sleep 0.2 &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null && : >"$TESTTMP/next.log" &&
	boots_as 6.1.0-a id1 &&
	{ $ABSTAT boots step "$P" >/dev/null 2>"$TESTTMP/err" & pid=$!; } &&
	{ until_there "$P/boot-01-A.json.journal" && sleep 1; kill -INT $pid; wait $pid; rc=$?; } &&
	[ $rc = 130 ] && grep_err "stopped by Interrupt: the plan in .* is saved and nothing is booted" &&
	[ ! -s "$TESTTMP/next.log" ] && [ "$(state "$P" 0 state)" = partial ]
'
test_expect_success 'SIGKILL to a measuring step: its run gets SIGTERM; the next step keeps what it wrote' '
	P=$TESTTMP/k && plan "$P" -q -r 50 -e task-clock -- sleep 0.2 &&
	boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null && : >"$TESTTMP/next.log" &&
	boots_as 6.1.0-a id1 &&
	{ $ABSTAT boots step "$P" >/dev/null 2>&1 & pid=$!; } &&
	{ until_there "$P/boot-01-A.json.journal" && sleep 1.5; kill -KILL $pid; wait $pid || :; } &&
	for _i in $(seq 50); do [ ! -e "$P/boot-01-A.json.journal" ] && break; sleep 0.1; done &&
	[ ! -e "$P/boot-01-A.json.journal" ] && [ -f "$P/boot-01-A.json" ] &&
	[ "$(state "$P" 0 state)" = running ] && [ ! -s "$TESTTMP/next.log" ] &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(state "$P" 0 state)" = partial ] &&
	state "$P" 0 note | grep -q "^interrupted (power loss, reset or a hang); its result holds [0-9]* runs\$" &&
	[ "$(cat "$TESTTMP/next.log")" = "2 B" ]
'
test_done
