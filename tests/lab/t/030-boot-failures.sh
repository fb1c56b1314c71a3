# A boot that panics or hangs is killed and reported by name, and make
# lab keeps the other boots' results: boot.sh exits 1 with the reason in
# OUTDIR/status ("panicked: ...", "hung: killed after N s"). What make
# lab cannot do fails before anything boots (a stand-in QEMU first on
# PATH records a boot): a kernel that cannot be resolved, on either side,
# named; a LAB_OUT holding a previous run's results, left as it was; a
# modules directory without the kernel's release.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
mkdir -p "$TESTTMP/bin"
printf '#!/bin/sh\n: >"%s/booted"\nexit 1\n' "$TESTTMP" >"$TESTTMP/bin/qemu-system-aarch64"
chmod +x "$TESTTMP/bin/qemu-system-aarch64"
# nobooted SETTINGS...: make lab's driver with the settings fails, nothing
# booted, no boot directory made; its stderr in $TESTTMP/err
nobooted() {
	rm -rf "$LABT/noboot" "$TESTTMP/booted"
	if env PATH="$TESTTMP/bin:$PATH" LAB_OUT="$LABT/noboot" LAB_WORKLOADS=getppid \
		"$@" sh "$TOP/lab/lab.sh" >"$TESTTMP/out" 2>"$TESTTMP/err"; then
		fail "make lab with $* succeeded"
	fi
	cat "$TESTTMP/err"
	[ ! -e "$TESTTMP/booted" ] || fail "QEMU was started"
	[ ! -e "$LABT/noboot/boots" ] || fail "boots were made"
}

for side in A B; do
	test_expect_success "LAB_$side=6.99: fails before any boot, naming the series" '
		nobooted LAB_$side=6.99 &&
		grep -q "^lab: error: no arm64 kernel package of series 6.99 " "$TESTTMP/err" &&
		grep -q "^lab: error: kernel $side (LAB_$side=6.99) cannot be resolved; nothing was booted\$" "$TESTTMP/err"
	'
done
test_expect_success 'LAB_A=a file that is no arm64 Image: fails before any boot, naming it' '
	echo "not a kernel" >"$TESTTMP/Image" &&
	nobooted LAB_A="$TESTTMP/Image" &&
	grep -q "^lab: error: kernel $TESTTMP/Image: not an arm64 Image" "$TESTTMP/err"
'
test_expect_success 'LAB_A_MODULES without lib/modules/RELEASE: fails before any boot' '
	mkdir -p "$TESTTMP/mods/lib/modules/0.0.0" &&
	nobooted LAB_A_MODULES="$TESTTMP/mods" &&
	grep -q "^lab: error: LAB_A_MODULES=$TESTTMP/mods: no lib/modules/6\.1\..* in it" "$TESTTMP/err"
'
test_expect_success 'a LAB_OUT holding a previous run is refused and left as it was' '
	rm -rf "$LABT/previous" && mkdir -p "$LABT/previous" &&
	echo kept >"$LABT/previous/compare.txt" &&
	rm -f "$TESTTMP/booted" &&
	if env PATH="$TESTTMP/bin:$PATH" LAB_OUT="$LABT/previous" \
		sh "$TOP/lab/lab.sh" >"$TESTTMP/out" 2>"$TESTTMP/err"; then
		fail "a second run into LAB_OUT succeeded"
	fi &&
	grep -q "^lab: error: LAB_OUT=$LABT/previous holds a previous run.s results" "$TESTTMP/err" &&
	[ "$(cat "$LABT/previous/compare.txt")" = kept ] &&
	[ "$(ls "$LABT/previous")" = compare.txt ] &&
	[ ! -e "$TESTTMP/booted" ]
'

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
