# Kernel counting refused by perf_event_paranoid: an error naming the event,
# the paranoid value and both fixes; exit 3; never a silent user-only run.
test_require ROOT,PARANOID2,NOBODY
par=$(cat /proc/sys/kernel/perf_event_paranoid)
# abstat where nobody can run it, and a directory nobody may write
pub=$(public_copy "$ABSTAT") && mkdir "$pub/w" && chmod 777 "$pub/w" ||
	fail "cannot make a copy of abstat for nobody"
as_nobody() { (cd "$pub" && su nobody -s /bin/sh -c "$1"); }

test_expect_success 'user+kernel as nobody: exit 3, one error line naming the event' '
	expect_exit 3 as_nobody "./abstat run -r 1 -e task-clock -- /bin/true" &&
	one_line_err &&
	grep_err "task-clock"
'
test_expect_success 'the error gives the paranoid value and both fixes' '
	grep_err "perf_event_paranoid.*$par|paranoid.*$par" &&
	grep_err "sysctl kernel.perf_event_paranoid" &&
	grep_err "[-]-user-only"
'
test_expect_success 'with --user-only nobody counts, recorded in the result' '
	expect_exit 0 as_nobody "./abstat run -q -r 1 --user-only -e task-clock -o w/u.json -- /bin/true" &&
	got=$(json "d[\"config\"][\"user_only\"], d[\"events\"][0][\"exclude_kernel\"]" "$pub/w/u.json") &&
	[ "$got" = "True True" ] || fail "user-only not recorded: $got"
'
test_done
