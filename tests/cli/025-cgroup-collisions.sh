# cpuset cgroups are a session's own: named abstat-<pid>-<16 random hex>,
# so two sessions with one pid (two PID namespaces) get two, each run on
# its own CPU (the issue's collision: the first session's runs ran on the
# second's CPU); removed after every catchable signal; left unlocked by
# SIGKILL, then named by doctor and removed by doctor --clean-cgroups,
# which never touches a live session's cgroup nor another name. Every
# cgroup, background process and namespace a case makes is removed by its
# trap, also when it fails; only cgroups the case made are touched.
# tags: alone
. tests/cgroup-lib.sh


# The first session runs until the second has finished (it is then
# stopped with SIGINT: exit 130, its finished runs kept), so they overlap
# however slow the machine (a sanitizer build, a loaded CI).
test_expect_success CPUSET_V1,CPUS2 'two sessions, pid 2 of two PID namespaces, -C 1 and -C 0: each on its own CPU and cgroup' '
	pa= pb=
	trap "kill \$pa \$pb 2>/dev/null; wait; cg_remove \$(named_cgroups $TESTTMP/a.out $TESTTMP/b.out 2>/dev/null)" EXIT
	pidns "$TESTTMP/a" $ABSTAT run -q -r 100000 --warmup 0 --show-output --cpuset -C 1 -e task-clock -- $P/whereami &
	pa=$!
	wait_cgroup "abstat-2-*" >/dev/null || fail "no cgroup abstat-2-* for the first session"
	pidns "$TESTTMP/b" $ABSTAT run -q -r 20 --warmup 0 --show-output --cpuset -C 0 -e task-clock -- $P/whereami &
	pb=$!
	wait $pb
	[ ! -e "$TESTTMP/a.rc" ] || fail "the first session ended before the second: no overlap"
	# $pa -> unshare -> sh (pid 1 there) -> abstat (pid 2 there): walk
	# down the first children to the process that runs $ABSTAT
	ab=$pa
	for _ in 1 2 3 4; do
		[ "$(readlink /proc/$ab/exe)" = "$(readlink -f $ABSTAT)" ] && break
		ab=$(ps -o pid= --ppid $ab | head -n 1 | tr -d " ")
		[ -n "$ab" ] || break
	done
	[ -n "$ab" ] && [ "$(readlink /proc/$ab/exe)" = "$(readlink -f $ABSTAT)" ] ||
		fail "cannot find the first session"
	kill -INT $ab
	wait $pa
	[ "$(cat $TESTTMP/a.rc)" = 130 ] && [ "$(cat $TESTTMP/b.rc)" = 0 ] || { cat $TESTTMP/a.err $TESTTMP/b.err; fail "exit $(cat $TESTTMP/a.rc), $(cat $TESTTMP/b.rc)"; }
	na=$(grep -c "^cpus:" $TESTTMP/a.out)
	[ "$na" -ge 1 ] && [ "$(grep -c "^cpus:1\$" $TESTTMP/a.out)" -eq "$na" ] ||
		fail "first session: $(grep -c "^cpus:0\$" $TESTTMP/a.out) of its $na runs on CPU 0"
	[ "$(grep -c "^cpus:0\$" $TESTTMP/b.out)" -eq 20 ] || fail "second session: not every run on CPU 0"
	ca=$(named_cgroups $TESTTMP/a.out) && cb=$(named_cgroups $TESTTMP/b.out) &&
	[ "$(echo "$ca" | wc -l)" -eq 1 ] && [ "$(echo "$cb" | wc -l)" -eq 1 ] || fail "a session ran in several cgroups: $ca $cb"
	case $ca in $cg/abstat-2-*) ;; *) fail "first session not pid 2: $ca" ;; esac
	case $cb in $cg/abstat-2-*) ;; *) fail "second session not pid 2: $cb" ;; esac
	[ "$ca" != "$cb" ] || fail "one cgroup for both sessions: $ca"
	[ ! -d "$ca" ] && [ ! -d "$cb" ] || fail "cgroup left behind"
'

for sig in INT TERM HUP QUIT USR1 USR2 ALRM; do
	test_expect_success CPUSET_V1 "SIG$sig: exit 130, the cgroup removed" '
		pid= d=
		trap "kill \$pid 2>/dev/null; wait; cg_remove \$d" EXIT
		$ABSTAT run -q -r 20 --warmup 0 --cpuset -e task-clock -- "$NAP" 0.2 >/dev/null 2>"$TESTTMP/err" &
		pid=$!
		d=$(wait_cgroup "abstat-$pid-*") || fail "no cgroup abstat-$pid-* while running"
		kill -$sig $pid
		wait $pid
		rc=$?
		[ $rc -eq 130 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 130"; }
		[ ! -d "$d" ] || fail "$d left behind after SIG$sig"
	'
done

test_expect_success CPUSET_V1 'a second signal: the tasks still inside are killed, the cgroup removed' '
	pid= d= tasks=
	trap "kill -CONT \$pid 2>/dev/null; kill -9 \$pid \$tasks 2>/dev/null; wait; cg_remove \$d" EXIT
	# a setsid child escapes the group kill of the first signal
	$ABSTAT run -q -r 3 --warmup 0 --cpuset -e task-clock -o "$TESTTMP/s.json" -- \
		/bin/sh -c "setsid \"$NAP\" 30 & exec \"$NAP\" 30" >/dev/null 2>"$TESTTMP/err" &
	pid=$!
	d=$(wait_cgroup "abstat-$pid-*") || fail "no cgroup abstat-$pid-* while running"
	for _ in $(seq 50); do [ "$(wc -l <"$d/cgroup.procs")" -ge 2 ] && break; sleep 0.1; done
	tasks=$(cat "$d/cgroup.procs")
	[ "$(echo "$tasks" | wc -l)" -eq 2 ] || fail "want 2 tasks in $d: $tasks"
	# both pending at once: the second finds the first still being handled
	kill -STOP $pid && kill -TERM $pid && kill -USR1 $pid && kill -CONT $pid ||
		fail "abstat $pid ended before its signals"
	wait $pid
	rc=$?
	[ $rc -eq 130 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 130"; }
	# the second-signal exit leaves the journal; if the kernel delivered
	# the two far enough apart, the orderly exit ran instead: either way
	# nothing of the workload survives and the cgroup is gone
	if [ -f "$TESTTMP/s.json.journal" ]; then echo "second-signal exit"; else echo "orderly exit"; fi
	[ ! -d "$d" ] || fail "$d left behind"
	gone $tasks
'

# In a private cpuset (private_cpuset): doctor --clean-cgroups there can
# remove nothing but this case's cgroups.
cat >"$TESTTMP/kill9.sh" <<'SCRIPT'
pid= d= tasks=
trap 'kill -9 $pid $tasks 2>/dev/null; wait' EXIT
$ABSTAT run -q -r 20 --warmup 0 --cpuset -e task-clock -- "$NAP" 0.2 >/dev/null 2>&1 &
pid=$!
d=$(wait_cgroup "abstat-$pid-*") || fail "no cgroup abstat-$pid-* while running"
tasks=$(cat "$d/cgroup.procs")
kill -9 $pid
wait $pid
[ -d "$d" ] || fail "SIGKILL left no cgroup (nothing to test)"
$ABSTAT doctor >"$TESTTMP/out" 2>"$TESTTMP/err"
grep_out "^WARN +cgroups +1 stale abstat cpuset cgroup in /sys/fs/cgroup, whose" &&
grep_out " cpuset/${d#$cg/}" &&
grep_out "fix: +abstat doctor --clean-cgroups" &&
expect_exit 0 $ABSTAT doctor --clean-cgroups &&
grep_out "^removed $d\$" &&
grep_out "^1 stale abstat cgroup removed\$" &&
[ ! -d "$d" ] || fail "$d still there"
$ABSTAT doctor >"$TESTTMP/out" 2>&1
grep_out "^OK +cgroups +no stale abstat cpuset cgroups"
SCRIPT
test_expect_success CPUSET_V1 'SIGKILL leaves a stale cgroup: doctor names it, --clean-cgroups removes it' '
	private_cpuset "$TESTTMP/kill9.sh"
'

cat >"$TESTTMP/live.sh" <<'SCRIPT'
pa= d=
trap 'kill $pa 2>/dev/null; wait' EXIT
pidns "$TESTTMP/l" $ABSTAT run -q -r 1 --warmup 0 --cpuset -C 1 -e task-clock -- "$NAP" 2 &
pa=$!
d=$(wait_cgroup "abstat-2-*") || fail "no cgroup abstat-2-* for the session"
$ABSTAT doctor >"$TESTTMP/out" 2>&1
grep_out "^OK +cgroups +no stale abstat cpuset cgroups"
expect_exit 0 $ABSTAT doctor --clean-cgroups
grep_out "^0 stale abstat cgroups removed\$"
[ -d "$d" ] || fail "--clean-cgroups removed a live session's cgroup"
wait $pa
[ "$(cat $TESTTMP/l.rc)" = 0 ] || { cat $TESTTMP/l.err; fail "the session failed: exit $(cat $TESTTMP/l.rc)"; }
[ ! -d "$d" ] || fail "$d left behind"
SCRIPT
test_expect_success CPUSET_V1,CPUS2 'a live session (pid 2 of another PID namespace) is neither named nor removed' '
	private_cpuset "$TESTTMP/live.sh"
'

# A fake tree: no root needed, and nothing of the machine's is touched.
test_expect_success 'fake tree: only unlocked abstat names are stale; other names and locked ones stay' '
	holder=
	trap "kill \$holder 2>/dev/null; wait" EXIT
	root=$TESTTMP/root c=$TESTTMP/root/sys/fs/cgroup/cpuset
	mkdir -p $c/abstat-1-0123456789abcdef $c/abstat-1-fedcba9876543210 $c/other-1 \
		$c/abstat-1-nothex0123456789 $c/abstat-999999999 &&
	echo 1 >$c/abstat-1-0123456789abcdef/cpuset.cpus || fail "cannot make the tree"
	# the lock a session holds: on an open descriptor of the directory
	sh -c '"'"'exec 9<"$1" && flock 9 && exec "$2" 30'"'"' sh $c/abstat-1-fedcba9876543210 "$NAP" &
	holder=$!
	for _ in $(seq 50); do ! flock -n $c/abstat-1-fedcba9876543210 true && break; sleep 0.1; done
	ABSTAT_SYSROOT=$root $ABSTAT doctor >"$TESTTMP/out" 2>&1 || : # (warnings: what it prints is the check)
	grep_out "^WARN +cgroups +2 stale abstat cpuset cgroups" &&
	grep_out " cpuset/abstat-1-0123456789abcdef" && grep_out " cpuset/abstat-999999999" &&
	if grep -Eq "fedcba|other-1|nothex" "$TESTTMP/out"; then fail "doctor names a live or foreign cgroup"; fi
	ABSTAT_SYSROOT=$root expect_exit 0 $ABSTAT doctor --clean-cgroups &&
	grep_out "^removed $c/abstat-1-0123456789abcdef\$" &&
	grep_out "^2 stale abstat cgroups removed\$" &&
	[ ! -e $c/abstat-1-0123456789abcdef ] && [ ! -e $c/abstat-999999999 ] &&
	[ -d $c/abstat-1-fedcba9876543210 ] && [ -d $c/other-1 ] && [ -d $c/abstat-1-nothex0123456789 ] ||
		fail "wrong cgroups removed: $(ls $c)"
	kill $holder; wait
	ABSTAT_SYSROOT=$root expect_exit 0 $ABSTAT doctor --clean-cgroups &&
	grep_out "^removed $c/abstat-1-fedcba9876543210\$"
'
test_done
