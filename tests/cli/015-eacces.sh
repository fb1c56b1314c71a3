# Kernel counting refused by perf_event_paranoid: an error naming the event,
# the paranoid value and both fixes; exit 3; never a silent user-only run.
need_root
par=$(cat /proc/sys/kernel/perf_event_paranoid)
[ "$par" -ge 2 ] || skip "perf_event_paranoid is $par (< 2): kernel counting allowed"
id nobody >/dev/null 2>&1 || skip "no user nobody"
cp "$ABSTAT" "$TESTTMP/abstat"; chmod 755 "$TESTTMP" "$TESTTMP/abstat"
cd "$TESTTMP"
mkdir w && chmod 777 w
expect_exit 3 su nobody -s /bin/sh -c "./abstat run -r 1 -e task-clock -- /bin/true"
one_line_err
grep_err 'task-clock'
grep_err "perf_event_paranoid.*$par|paranoid.*$par"
grep_err 'sysctl kernel.perf_event_paranoid'
grep_err '[-]-user-only'
# with --user-only it counts (recorded)
expect_exit 0 su nobody -s /bin/sh -c "./abstat run -q -r 1 --user-only -e task-clock -o w/u.json -- /bin/true"
json 'd["config"]["user_only"], d["events"][0]["exclude_kernel"]' w/u.json | grep -q 'True True' || fail "user-only not recorded"
