# Issue 49: the lab's initramfs (lab/initramfs.sh) is keyed by the
# content of its inputs, not their mtimes: a LAB_EXTRA file changed but
# older than the archive (touch -d, cp -p) is put in, an unchanged tree
# keeps the archive, and a file added to LAB_EXTRA is put in too. Host
# side only: a fake cross build (shell scripts for abstat, a workload and
# a test program) and a fake busybox stand in; nothing boots.
test_lazy_prereq CPIO 'command -v cpio >/dev/null'
cd "$TESTTMP" || fail "no TESTTMP"
TOP=$(cd "$BUILD/.." && pwd)
mkdir -p x/workloads x/tests/progs lab/busybox/bin extra
for f in x/abstat x/workloads/getppid x/tests/progs/insn_loop lab/busybox/bin/busybox; do
	printf '#!/bin/sh\necho %s\n' "$f" >"$f" && chmod 755 "$f"
done
: >lab/busybox/.unpacked-busybox-static
echo one >extra/prog
# build: lab/initramfs.sh on the fakes (no strip: LAB_CROSS names none)
build() {
	LAB="$TESTTMP/lab" LAB_XBUILD="$TESTTMP/x" LAB_CROSS=none- \
		LAB_EXTRA="$TESTTMP/extra" sh "$TOP/lab/initramfs.sh" >built 2>build.err ||
		{ cat build.err; fail "initramfs.sh failed"; }
}
# member NAME: the archive's file NAME on stdout
member() { gzip -dc lab/initramfs.cpio.gz | cpio -i --quiet --to-stdout "$1"; }
test_expect_success CPIO 'the first build puts LAB_EXTRA in /lab/extra and keeps its key' '
	build && [ "$(member lab/extra/prog)" = one ] &&
	[ -s lab/initramfs.cpio.gz.key ]
'
test_expect_success CPIO 'nothing changed: the archive is kept as it is' '
	touch -d 2001-01-01 lab/initramfs.cpio.gz && build &&
	[ "$(stat -c %Y lab/initramfs.cpio.gz)" = "$(date -d 2001-01-01 +%s)" ]
'
test_expect_success CPIO 'a changed file older than the archive is put in' '
	echo two >extra/prog && touch -d 2000-01-01 extra/prog && build &&
	[ "$(member lab/extra/prog)" = two ]
'
test_expect_success CPIO 'an added file, however old, is put in' '
	echo three >extra/new && touch -d 2000-01-01 extra/new && build &&
	[ "$(member lab/extra/new)" = three ]
'
test_expect_success CPIO 'LAB_EXTRA that is not a directory: one error line naming it' '
	if LAB="$TESTTMP/lab" LAB_XBUILD="$TESTTMP/x" LAB_CROSS=none- \
		LAB_EXTRA="$TESTTMP/nosuch" sh "$TOP/lab/initramfs.sh" >/dev/null 2>err; then
		fail "accepted a missing LAB_EXTRA"
	fi &&
	grep -q "^lab: error: LAB_EXTRA=$TESTTMP/nosuch: not a directory" err
'
test_done
