# Issue 44: nothing a hook starts outlives it. A hook whose child calls
# setsid() (a process group and session of its own, out of reach of the
# kill of the hook's group) is reparented to abstat, a child subreaper,
# and killed once the hook has ended: after a hook that exits at once,
# and after one that runs past --timeout; abstat warns that it did so.
# Each session runs in a PID namespace of its own (PID 1 is the script
# below), where the left process is looked for before the namespace
# ends; only PIDs the script started are signalled.
# tags: alone
test_lazy_prereq PIDNS 'unshare --pid --fork --mount-proc true'
test_require PIDNS
cd "$TESTTMP" || fail "no TESTTMP"
cp /bin/sleep nap || fail "cannot copy /bin/sleep"
cat >left.sh <<'SH'
# left.sh DIR ARGS...: abstat run ARGS; then whether the process whose
# pid the hook wrote to DIR/pid still lives ("alive" or "gone")
d=$1
shift
"$ABSTAT" run "$@" >"$d/out" 2>"$d/err"
echo "abstat exit $?"
p=$(cat "$d/pid" 2>/dev/null)
[ -n "$p" ] || { echo "no pid written"; exit 1; }
# a zombie is gone too: its State is Z
if [ -d "/proc/$p" ] && ! grep -q "^State:.Z" "/proc/$p/status" 2>/dev/null; then
	echo alive; kill -9 "$p"
else
	echo gone
fi
SH
# the hook: a child that calls setsid(), waited for until it has (its
# session, field 6 of /proc/PID/stat, is its own pid), then exit
cat >hook.sh <<'SH'
setsid "$1/nap" 300 &
p=$!
echo $p >"$2"
while [ "$(cut -d" " -f6 /proc/$p/stat)" != "$p" ]; do sleep 0.01; done
SH
test_expect_success 'a setup hook that leaves a setsid() child: killed, warned' '
	mkdir -p a &&
	unshare --pid --fork --mount-proc sh left.sh "$TESTTMP/a" -r 2 --warmup 0 -e task-clock \
		--setup "sh $TESTTMP/hook.sh $TESTTMP $TESTTMP/a/pid" -- true >a/log 2>&1 || : # (a/log is the check)
	cat a/log
	grep -q "^abstat exit 0$" a/log || { cat a/err; fail "abstat failed"; }
	grep -q "^gone$" a/log || fail "the setsid() child outlived the session"
	grep -q "warning: --setup .* left 1 process behind (1 after setsid())" a/err ||
		{ cat a/err; fail "no warning"; }
'
test_expect_success 'a hook past --timeout: its setsid() child is killed too' '
	mkdir -p t &&
	unshare --pid --fork --mount-proc sh left.sh "$TESTTMP/t" -r 2 --warmup 0 -e task-clock --timeout 1 \
		--setup "sh $TESTTMP/hook.sh $TESTTMP $TESTTMP/t/pid; $TESTTMP/nap 100" -- true >t/log 2>&1 || : # (t/log is the check)
	cat t/log
	grep -q "^abstat exit [1-9]" t/log || fail "the hook did not fail"
	grep -q "timed out after 1 s (--timeout)" t/err || { cat t/err; fail "no timeout"; }
	grep -q "^gone$" t/log || fail "the setsid() child outlived --timeout"
'
test_done
