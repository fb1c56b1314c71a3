# LAB_LOCK (issue 37): make lab, make lab-src and the lab's tests boot
# under flock on the file LAB_LOCK names, waiting for whoever holds it,
# so that two people sharing a lab machine never boot at once; a process
# that holds it already (lab.sh under a lab test) does not wait for
# itself. tests/lab/lib.sh lab_lock, driven here without booting.
need_cmd flock
L=$TESTTMP/lab.lock
# locked.sh: lab_lock, then note the time the holder was seen gone
cat >"$TESTTMP/locked.sh" <<'SH'
TOP=$1 LAB=$2/lab
. "$TOP/tests/lab/lib.sh"
lab_lock
if kill -0 "$3" 2>/dev/null; then echo "took the lock while $3 held it"; exit 1; fi
echo "held: $LAB_LOCK_HELD"
# a child (lab.sh under a test) does not wait for the lock its parent holds
sh -c '. "$1/tests/lab/lib.sh"; lab_lock; echo "child: no wait"' sh "$TOP"
SH

test_expect_success 'a second lab waits until the first lets go' '
	flock "$L" sleep 3 &
	holder=$!
	sleep 0.3
	LAB_LOCK=$L sh "$TESTTMP/locked.sh" "$TOP" "$TESTTMP" $holder >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	wait $holder
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "lab_lock exit $rc"; }
	grep_err "^lab: waiting for .*lab\\.lock \\(another lab is booting\\)\$" &&
	grep_out "^held: .*lab\\.lock\$" && grep_out "^child: no wait\$"
'
test_expect_success 'without LAB_LOCK nothing waits' '
	flock "$L" sleep 3 &
	holder=$!
	sh -c ". \"$TOP/tests/lab/lib.sh\"; lab_lock; echo free" >"$TESTTMP/out" 2>&1 ||
		{ kill $holder; fail "lab_lock failed"; }
	kill $holder; wait $holder
	grep_out "^free\$"
'
test_expect_success 'make lab, make lab-src and the lab tests take the lock before their first boot' '
	for f in tests/lab/lab.sh tests/lab/src.sh tests/lab/t/lib.sh; do
		grep -q "^[[:space:]]*lab_lock\$" "$TOP/$f" || fail "$f does not call lab_lock"
	done
	# lab.sh: before the loop that boots
	awk "/^[[:space:]]*lab_lock\$/ { l = NR } /^for i in .*boots/ { b = NR } END { exit !(l && b && l < b) }" "$TOP/tests/lab/lab.sh" ||
		fail "lab.sh boots before lab_lock"
'
test_done
