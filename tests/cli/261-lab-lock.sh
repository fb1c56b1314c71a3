# LAB_LOCK (issue 37): make lab, make lab-src and the lab's tests boot
# under flock on the file LAB_LOCK names, waiting for whoever holds it,
# so that two people sharing a lab machine never boot at once; a process
# that holds it already (lab.sh under a lab test) does not wait for
# itself. lab/lib.sh lab_lock, driven here without booting. The lab's
# caches fill under lab_prep_lock (flock on LAB_CACHE/.prep.lock), so
# that make lab-check's two files at once fetch and build each thing
# once; and those two files never write the same directory under
# build/lab/tests (before: 030 and 060 both wrote panic).
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
# prepped.sh: lab_prep_lock, then check the holder had finished
cat >"$TESTTMP/prepped.sh" <<'SH'
TOP=$1 LAB=$2/lab LAB_CACHE=$2/cache
. "$TOP/lab/lib.sh"
lab_prep_lock
if [ ! -e "$3" ]; then echo "filled the cache while the holder held it"; exit 1; fi
echo "held: $LAB_PREP_HELD"
sh -c '. "$1/lab/lib.sh"; lab_prep_lock; echo "child: no wait"' sh "$TOP"
SH
test_expect_success 'the caches: a second lab waits while the first fills them, its children do not' '
	rm -f "$TESTTMP/got" "$TESTTMP/released" && mkdir -p "$TESTTMP/cache" &&
	flock "$TESTTMP/cache/.prep.lock" sh -c ": >\"\$1/got\"; sleep 2; : >\"\$1/released\"" sh "$TESTTMP" &
	holder=$!
	for i in $(seq 300); do [ -e "$TESTTMP/got" ] && break; sleep 0.1; done
	sh "$TESTTMP/prepped.sh" "$TOP" "$TESTTMP" "$TESTTMP/released" >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	wait $holder
	[ $rc -eq 0 ] || { cat "$TESTTMP/out" "$TESTTMP/err"; fail "lab_prep_lock exit $rc"; }
	grep_out "^held: $TESTTMP/cache\$" && grep_out "^child: no wait\$"
'
test_expect_success 'kernel.sh, initramfs.sh, sysroot.sh and kexec.sh take the caches lock first' '
	for f in kernel initramfs sysroot kexec; do
		awk "/^\\. .*lib\\.sh\"\$/ { l = NR } /^lab_prep_lock\$/ { p = NR } END { exit !(l && p == l + 1) }" \
			"$TOP/lab/$f.sh" || fail "lab/$f.sh does not call lab_prep_lock after lib.sh"
	done
'
# the directories a lab test file writes below build/lab/tests: $LABT/NAME,
# lab_boot NAME, kexec_plan NAME (NAME up to its first $)
test_expect_success 'the lab tests that run side by side write directories of their own' '
	python3 - "$TOP"/tests/lab/t/[0-9]*.sh <<-PY
	import re, sys
	seen = {}
	for f in sys.argv[1:]:
	    text = open(f).read()
	    if re.search(r"^# tags:.*\\balone\\b", text, re.M):
	        continue
	    names = set(re.findall(r"\\\$LABT/([A-Za-z0-9_-]+)", text))
	    names |= set(re.findall(r"\\b(?:lab_boot|kexec_plan) ([A-Za-z0-9_-]+)", text))
	    for n in names:
	        seen.setdefault(n, []).append(f.rsplit("/", 1)[1])
	both = {n: fs for n, fs in seen.items() if len(fs) > 1}
	print(len(seen), "names;", "shared:", both)
	assert len(seen) > 20 and not both
	PY
'
test_done
