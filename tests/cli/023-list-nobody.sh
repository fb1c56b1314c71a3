# abstat list as an unprivileged user under perf_event_paranoid 2: kernel
# counting is refused with the reason and the fix; --user-only counts.
test_lazy_prereq SETPRIV 'command -v setpriv'
# paranoid 3 (a Debian patch) refuses user-space counting too
test_lazy_prereq PARANOID3 '[ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 3 ]'
test_require ROOT,NOBODY,SETPRIV,PARANOID2
p=$(cat /proc/sys/kernel/perf_event_paranoid)
pub=$(public_copy "$ABSTAT") || fail "cannot copy abstat where nobody can run it"
as_nobody() { setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$@"; }

test_expect_success 'nobody runs the public copy of abstat' '
	expect_exit 0 as_nobody "$pub/abstat" --version
'
test_expect_success 'kernel counting refused: the paranoid value and what it needs' '
	expect_exit 0 as_nobody "$pub/abstat" list task-clock &&
	cp "$TESTTMP/out" "$TESTTMP/refused" &&
	grep_out "^    not permitted: perf_event_paranoid is $p, kernel counting needs 1 or less;"
'
test_expect_success 'kernel counting refused: the fix, --user-only' '
	cp "$TESTTMP/refused" "$TESTTMP/out" &&
	grep_out "^    try --user-only\$"
'
test_expect_success !PARANOID3 'list --user-only as nobody: task-clock ok' '
	expect_exit 0 as_nobody "$pub/abstat" list --user-only task-clock &&
	grep_out "^task-clock +ok, unit ns\$"
'
test_done
