# LAB_LOCK (issue 37): make lab, make lab-src and the lab's tests boot
# under flock on the file LAB_LOCK names, waiting for whoever holds it,
# so that two people sharing a lab machine never boot at once; a process
# that holds it already (lab.sh under a lab test) does not wait for
# itself. lab/lib.sh lab_lock, driven here without booting.
# tags: alone
need_cmd flock
L=$TESTTMP/lab.lock
# locked.sh: lab_lock, then check the holder had finished (its file)
cat >"$TESTTMP/locked.sh" <<'SH'
TOP=$1 LAB=$2/lab
. "$TOP/lab/lib.sh"
lab_lock
# the holder marks its end while it still holds the lock
if [ ! -e "$3" ]; then echo "took the lock while the holder held it"; exit 1; fi
echo "held: $LAB_LOCK_HELD"
# a child (lab.sh under a test) does not wait for the lock its parent holds
sh -c '. "$1/lab/lib.sh"; lab_lock; echo "child: no wait"' sh "$TOP"
SH

test_expect_success 'a second lab waits until the first lets go' '
	rm -f "$TESTTMP/got" "$TESTTMP/released" &&
	flock "$L" sh -c ": >\"\$1/got\"; sleep 2; : >\"\$1/released\"" sh "$TESTTMP" &
	holder=$!
	# the holder has the lock before the second lab starts (a loaded
	# machine may start it late)
	for i in $(seq 300); do [ -e "$TESTTMP/got" ] && break; sleep 0.1; done
	LAB_LOCK=$L sh "$TESTTMP/locked.sh" "$TOP" "$TESTTMP" "$TESTTMP/released" >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	wait $holder
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "lab_lock exit $rc"; }
	grep_err "^lab: waiting for .*lab\\.lock \\(another lab is booting\\)\$" &&
	grep_out "^held: .*lab\\.lock\$" && grep_out "^child: no wait\$"
'
test_expect_success 'without LAB_LOCK nothing waits' '
	flock "$L" sleep 3 &
	holder=$!
	sh -c ". \"$TOP/lab/lib.sh\"; lab_lock; echo free" >"$TESTTMP/out" 2>&1 ||
		{ kill $holder; fail "lab_lock failed"; }
	kill $holder; wait $holder
	grep_out "^free\$"
'
test_expect_success 'make lab, make lab-src and the lab tests take the lock before their first boot' '
	for f in lab/lab.sh lab/src.sh tests/lab/t/lib.sh; do
		grep -q "^[[:space:]]*lab_lock\$" "$TOP/$f" || fail "$f does not call lab_lock"
	done
	# lab.sh: before the loop that boots
	awk "/^[[:space:]]*lab_lock\$/ { l = NR } /^for i in .*boots/ { b = NR } END { exit !(l && b && l < b) }" "$TOP/lab/lab.sh" ||
		fail "lab.sh boots before lab_lock"
'
test_done
