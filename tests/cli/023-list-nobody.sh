# abstat list as an unprivileged user under perf_event_paranoid 2: kernel
# counting is refused with the reason and the fix; --user-only counts.
need_root
need_cmd setpriv
[ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ] ||
	skip "perf_event_paranoid is below 2: nobody may count the kernel"
id nobody >/dev/null 2>&1 || skip "needs user nobody"
[ -x "$ABSTAT" ] && setpriv --reuid=nobody --regid=nogroup --clear-groups \
	"$ABSTAT" --version >/dev/null 2>&1 || skip "nobody cannot run $ABSTAT"
as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
p=$(cat /proc/sys/kernel/perf_event_paranoid)
expect_exit 0 as_nobody "$ABSTAT" list task-clock
grep_out "^    not permitted: perf_event_paranoid is $p, kernel counting needs 1 or less;"
grep_out '^    try --user-only$'
if [ "$p" -le 2 ]; then
	expect_exit 0 as_nobody "$ABSTAT" list --user-only task-clock
	grep_out '^task-clock +ok, unit ns$'
fi
