# A boot that panics or hangs is killed and reported by name, and make
# lab keeps the other boots' results: boot.sh exits 1 with the reason in
# OUTDIR/status ("panicked: ...", "hung: killed after N s").
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS

test_expect_success 'a boot whose init is missing panics, is reported, ends' '
	echo true >"$TESTTMP/job" &&
	if lab_boot panic 6.1 "rdinit=/no-such-init" "$TESTTMP/job" 2>"$TESTTMP/err"; then
		fail "a panicking boot succeeded"
	fi &&
	grep -q "^boot .*: panicked: .*Kernel panic" "$LABT/panic/status" &&
	grep -q "lab: error: boot .*panicked" "$TESTTMP/err"
'
test_expect_success 'a boot that hangs is killed after LAB_TIMEOUT and reported' '
	echo "while :; do :; done" >"$TESTTMP/job" &&
	if LAB_TIMEOUT=15 lab_boot hang 6.1 "" "$TESTTMP/job" 2>"$TESTTMP/err"; then
		fail "a hanging boot succeeded"
	fi &&
	grep -q "^boot .*: hung: killed after 15 s" "$LABT/hang/status"
'
test_done
