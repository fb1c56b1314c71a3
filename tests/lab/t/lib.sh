# Sourced by the lab's test scripts (tests/lab/t/*.sh) after tests/lib.sh
# (tests/run.sh runs them: make lab-check). Their prerequisites, decided
# at run time and named when missing: QEMU (qemu-system-aarch64), XBUILD
# (make CROSS=aarch64-linux-gnu- all progs built), KERNELS (the newest
# Debian arm64 6.1 and 6.12, from the mirrors or build/lab's cache). KVM
# is not needed: the guest runs under TCG. Boots write below
# build/lab/tests, kept for a look after a failure.
LABT=$TOP/build/lab/tests
LABX=$TOP/build/aarch64-linux-gnu
test_lazy_prereq QEMU 'command -v qemu-system-aarch64'
test_lazy_prereq XBUILD '[ -x "$LABX/abstat" ] && [ -x "$LABX/workloads/getppid" ] && [ -x "$LABX/tests/progs/insn_loop" ]'
test_lazy_prereq KERNELS 'sh "$TOP/tests/lab/kernel.sh" 6.1 && sh "$TOP/tests/lab/kernel.sh" 6.12'
mkdir -p "$LABT"
# lab_kernel SERIES: the kernel's directory (cached by then)
lab_kernel() { sh "$TOP/tests/lab/kernel.sh" "$1" 2>/dev/null; }
# lab_boot NAME SERIES CMDLINE SCRIPT: one boot into $LABT/NAME; 0 when
# the guest ran the script
lab_boot() {
	rm -rf "$LABT/$1"
	sh "$TOP/tests/lab/boot.sh" "$(lab_kernel "$2")" "$3" "$LABT/$1" -f "$4"
}
