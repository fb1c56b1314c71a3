# versus without -o keeps its journals unless the table was printed, and
# printed means written, flushed and closed without error (issue 27, D2):
# with stdout on /dev/full (the kernel's always-full device, only written
# to here) or on a pipe whose reader has gone, versus exits 5 and every
# measured run stays in the state directory, named with the command that
# recovers it; a table that reached its reader removes them.
test_lazy_prereq DEVFULL '[ -c /dev/full ] && [ -w /dev/full ]'
st=$XDG_STATE_HOME/abstat

# kept N: two journals in the state directory, each recovers N runs
kept() {
	set -- $(ls "$st"/*.journal 2>/dev/null) "$1"
	[ $# -eq 3 ] || { ls -la "$st"; fail "expected two journals"; }
	for j in "$1" "$2"; do
		grep_err "its runs are kept in $j; 'abstat recover $j -o [AB].json'" &&
		"$ABSTAT" recover "$j" -o "$TESTTMP/rec.json" 2>/dev/null &&
		[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/rec.json")" -eq "$3" ] &&
		rm -f "$TESTTMP/rec.json" "$j" || fail "$j: not recovered with $3 runs"
	done
}

test_expect_success DEVFULL 'versus >/dev/full (the issue): exit 5, every run kept' '
	"$ABSTAT" versus -q -r 3 --warmup 1 -e task-clock -- /bin/true /bin/true \
		>/dev/full 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 5 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 5"; }
	kept 4 &&
	grep_err "^abstat: error: cannot write to standard output: No space left on device"
'
test_expect_success 'versus into a pipe whose reader has gone: exit 5, every run kept' '
	{ "$ABSTAT" versus -q -r 2 --warmup 0 -e task-clock -- "sleep 0.05" "sleep 0.05" \
		2>"$TESTTMP/err"; echo $? >"$TESTTMP/rc"; } | true
	[ "$(cat "$TESTTMP/rc")" -eq 5 ] || { cat "$TESTTMP/err"; fail "exit $(cat "$TESTTMP/rc"), expected 5"; }
	kept 2 &&
	grep_err "cannot write to standard output: Broken pipe"
'
test_expect_success 'a table that reached its reader: exit 0, the journals removed' '
	expect_exit 0 "$ABSTAT" versus -q -r 2 --warmup 0 -e task-clock -- /bin/true /bin/true &&
	grep_out "task-clock" &&
	if ls "$st"/*.journal 2>/dev/null; then fail "journals left"; fi
'
test_done
