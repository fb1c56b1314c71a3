# init checks a plan as far as it can before anything reboots, and step
# --dry-run again: each side's kernel and initrd exist, the kernel is of
# this machine's architecture, the method's tool is on PATH, each command
# line has root= (when the running kernel has one) and a panic= timeout,
# and an initrd on both sides or neither. kexec: refused (exit 2, no
# plan), one line each with its fix; --method cmd: warned. The kernels
# are stand-ins (boots_kernel); a fake /proc: nothing reboots.
# tags: sanitize
ROOT=$TESTTMP/root
export ABSTAT_SYSROOT=$ROOT
mkdir -p "$ROOT/proc/sys/kernel/random" "$TESTTMP/bin" "$TESTTMP/boot"
echo "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro" >"$ROOT/proc/cmdline"
printf '#!/bin/sh\necho "kexec $*" >>"%s/called"\n' "$TESTTMP" >"$TESTTMP/bin/kexec"
chmod +x "$TESTTMP/bin/kexec"
K=$TESTTMP/boot
boots_kernel "$K/vmlinuz-1" && boots_kernel "$K/vmlinuz-2" && : >"$K/initrd-1" && : >"$K/initrd-2" ||
	fail "no stand-in kernels"
case $(uname -m) in aarch64) other=x86_64 ;; *) other=aarch64 ;; esac
boots_kernel "$K/vmlinuz-foreign" $other

test_expect_success 'kexec: the issue plan (no kernels, no kexec, an initrd on A) is refused, each line a fix' '
	P=$TESTTMP/bad &&
	PATH=/nonexistent:$PATH expect_exit 2 $ABSTAT boots init "$P" A=/nonexistent/vmlinuz-a \
		B=/nonexistent/vmlinuz-b --initrd-a /nonexistent/initrd-a -- -r 2 -w getppid &&
	grep_err "^abstat: error: boots init: kexec is not on PATH: --method kexec boots with it; install kexec-tools\$" &&
	grep_err "^abstat: error: boots init: side A: kernel /nonexistent/vmlinuz-a: No such file or directory; give the path of a kernel image" &&
	grep_err "^abstat: error: boots init: side B: kernel /nonexistent/vmlinuz-b: No such file" &&
	grep_err "^abstat: error: boots init: side A: initrd /nonexistent/initrd-a: No such file or directory; give an initrd that exists, or none" &&
	grep_err "^abstat: error: boots init: side A has an initrd and side B none: the sides differ in more than their kernels; give --initrd-b too, or neither" &&
	grep_err "^abstat: error: boots init: side A: its command line has no root= \\(the running kernel has root=/dev/sda1\\): .*; add it to --cmdline-a" &&
	grep_err "^abstat: warning: boots init: side B: no panic= timeout on its command line: .*; add panic=10 to --cmdline-b" &&
	grep_err "^abstat: error: boots init: no plan written: fix what is said above" &&
	[ ! -e "$P/plan.json" ] && width_ascii "$TESTTMP/err" 400
'
test_expect_success '--method cmd: the same plan is warned, and written' '
	P=$TESTTMP/cmd &&
	expect_exit 0 $ABSTAT boots init "$P" A=/nonexistent/vmlinuz-a B=/nonexistent/vmlinuz-b \
		--initrd-a /nonexistent/initrd-a --method cmd --next true --release-a 1 --release-b 2 -- -r 2 -w getppid &&
	grep_err "^abstat: warning: boots init: side A: kernel /nonexistent/vmlinuz-a: No such file" &&
	grep_err "^abstat: warning: boots init: side A has an initrd and side B none" &&
	grep_err "^abstat: boots init: --method cmd: --next decides what boots" &&
	! grep -q "error:" "$TESTTMP/err" && [ -f "$P/plan.json" ]
'
test_expect_success 'step --dry-run says the same again' '
	expect_exit 0 $ABSTAT boots step --dry-run "$TESTTMP/cmd" &&
	grep_err "^abstat: warning: boots step: side A: kernel /nonexistent/vmlinuz-a: No such file" &&
	grep_err "^abstat: warning: boots step: side A has an initrd and side B none" &&
	grep_out "/bin/sh -c true\$"
'
test_expect_success 'init --no-check: a plan for another machine, written unchecked, said so' '
	P=$TESTTMP/elsewhere &&
	PATH=/nonexistent:$PATH expect_exit 0 $ABSTAT boots init "$P" A=/mnt/boot/vmlinuz-1 \
		B=/mnt/boot/vmlinuz-2 --initrd-a /mnt/boot/initrd --no-check -- -w getppid &&
	grep_err "^abstat: boots init: --no-check: nothing is checked before a reboot; abstat boots step --dry-run .* checks the plan on its machine" &&
	! grep -q "error:\\|warning:" "$TESTTMP/err" && [ -f "$P/plan.json" ] &&
	PATH=/nonexistent:$PATH expect_exit 2 $ABSTAT boots step --dry-run "$P" &&
	grep_err "^abstat: error: boots step: side A: kernel /mnt/boot/vmlinuz-1: No such file"
'
test_expect_success 'a kernel of another architecture is refused' '
	PATH="$TESTTMP/bin:$PATH" expect_exit 2 $ABSTAT boots init "$TESTTMP/arch" A=$K/vmlinuz-1 \
		B=$K/vmlinuz-foreign --cmdline-a "root=/dev/sda1 panic=10" --cmdline-b "root=/dev/sda1 panic=10" -- -w getppid &&
	grep_err "^abstat: error: boots init: side B: kernel .*/vmlinuz-foreign is built for $other, not for this machine; give a kernel built for this architecture" &&
	! grep -q "side A: kernel" "$TESTTMP/err"
'
test_expect_success 'a sound kexec plan passes: no error, no warning; the dry run repeats the checks' '
	P=$TESTTMP/good &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots init "$P" A=$K/vmlinuz-1 B=$K/vmlinuz-2 \
		--initrd-a $K/initrd-1 --initrd-b $K/initrd-2 --cmdline-a "root=/dev/sda1 panic=10" --cmdline-b "root=/dev/sda1 panic=10" -- -w getppid &&
	! grep -q "error:\\|warning:" "$TESTTMP/err" &&
	rm "$K/initrd-2" &&
	PATH="$TESTTMP/bin:$PATH" expect_exit 2 $ABSTAT boots step --dry-run "$P" &&
	grep_err "^abstat: error: boots step: side B: initrd .*/initrd-2: No such file or directory" &&
	grep_out "^kexec -l .*/vmlinuz-1 " && [ ! -e "$TESTTMP/called" ] && : >"$K/initrd-2"
'
test_expect_success 'panic=0 is no timeout: warned' '
	PATH="$TESTTMP/bin:$PATH" expect_exit 0 $ABSTAT boots init "$TESTTMP/p0" A=$K/vmlinuz-1 B=$K/vmlinuz-2 \
		--cmdline-a "root=/dev/sda1 panic=0" --cmdline-b "root=/dev/sda1 panic=10" -- -w getppid &&
	grep_err "^abstat: warning: boots init: side A: no panic= timeout" &&
	! grep -q "side B: no panic" "$TESTTMP/err"
'
test_expect_success 'grub: grub-reboot must be on PATH; its entries are said to be unchecked' '
	PATH=/nonexistent:$PATH expect_exit 2 $ABSTAT boots init "$TESTTMP/g" A=e1 B=e2 --method grub \
		--release-a 1 --release-b 2 -- -w getppid &&
	grep_err "^abstat: error: boots init: grub-reboot is not on PATH" &&
	grep_err "^abstat: boots init: the grub entries .e1. and .e2. are not checked"
'
test_expect_success '--method cmd, sides it cannot tell apart: refused with an example' '
	expect_exit 2 $ABSTAT boots init "$TESTTMP/same" A=/boot/ka B=/boot/kb --method cmd \
		--next true -- -w getppid &&
	one_line_err &&
	grep_err "cannot tell side A from side B \\(release unknown\\); give --release-a and --release-b \\(what uname -r says on each, e.g. --release-a [^ ]+ --release-b [^ ]+\\)"
'
test_done
