# Sourced by the lab's test scripts (tests/lab/t/*.sh) after tests/lib.sh
# (tests/run.sh runs them: make lab-check). Their prerequisites, decided
# at run time and named when missing: QEMU (qemu-system-aarch64), XBUILD
# (make CROSS=aarch64-linux-gnu- all progs built), KERNELS (the newest
# Debian arm64 6.1 and 6.12, from the mirrors or build/lab's cache). KVM
# is not needed: the guest runs under TCG. Boots write below
# build/lab/tests, kept for a look after a failure; make lab-check runs
# two files at once, so a file's names there are its own (060's panic
# plan is kexec-panic, 030's boot panic), but for what a file tagged
# alone reads of another's run.
LABT=$TOP/build/lab/tests
# the arm64 lab unless a test says otherwise (120-139: LAB_ARCH=x86_64
# after this file), whatever make lab-check LAB_ARCH=... exported
LAB_ARCH=arm64
export LAB_ARCH
LABX=$TOP/build/aarch64-linux-gnu
test_lazy_prereq QEMU 'command -v qemu-system-aarch64'
test_lazy_prereq XBUILD '[ -x "$LABX/abstat" ] && [ -x "$LABX/workloads/getppid" ] && [ -x "$LABX/tests/progs/insn_loop" ]'
test_lazy_prereq KERNELS 'sh "$TOP/lab/kernel.sh" 6.1 && sh "$TOP/lab/kernel.sh" 6.12'
# the x86_64 lab's (LAB_ARCH=x86_64, tests 120-139): QEMU_X86
# (qemu-system-x86_64 and jq), XBUILD_X86 (make CROSS=x86_64-linux-gnu-
# all progs built, and make lab-plugin's instruction counter), KERNELS_X86
# (Debian's amd64 6.1 and 6.12)
LABX86=$TOP/build/x86_64-linux-gnu
test_lazy_prereq QEMU_X86 'command -v qemu-system-x86_64 && command -v jq'
test_lazy_prereq XBUILD_X86 '[ -x "$LABX86/abstat" ] && [ -x "$LABX86/workloads/getppid" ] && [ -x "$LABX86/tests/progs/lab_straight" ] && [ -f "$TOP/build/plugin/abstat-count.so" ]'
test_lazy_prereq KERNELS_X86 'LAB_ARCH=x86_64 sh "$TOP/lab/kernel.sh" 6.1 && LAB_ARCH=x86_64 sh "$TOP/lab/kernel.sh" 6.12'
mkdir -p "$LABT"
# LAB_LOCK: the whole script's boots under the lab's lock (lab_lock of
# lab/lib.sh; lab.sh and src.sh called from here hold it already)
. "$TOP/lab/lib.sh"
lab_lock
# lab_kernel SERIES: the kernel's directory (cached by then)
lab_kernel() { sh "$TOP/lab/kernel.sh" "$1" 2>/dev/null; }
# lab_boot NAME SERIES CMDLINE SCRIPT: one boot into $LABT/NAME; 0 when
# the guest ran the script
lab_boot() {
	rm -rf "$LABT/$1"
	sh "$TOP/lab/boot.sh" "$(lab_kernel "$2")" "$3" "$LABT/$1" -f "$4"
}
# lab_seeds_short STUDY OUT: seeds.sh's short form of STUDY (SEEDS_SHORT=1)
# into OUT, made anew, its output beside it (OUT.out, OUT.err); its
# table shown, and 0 when it ran
lab_seeds_short() {
	rm -rf "$2" &&
	SEEDS_SHORT=1 SEEDS_OUT="$2" sh "$TOP/lab/seeds.sh" "$1" \
		>"$2.out" 2>"$2.err" || { cat "$2.err"; return 1; }
	cat "$2/table.txt"
}
# lab_check_row DIR BENCHMARK BOOTS MIN MAX: BENCHMARK's row of
# DIR/compare.json (make lab's) is primary, instructions/op, BOOTS boots
# a side, significant ("yes"), its delta in [MIN, MAX] percent and at
# least 0.5% away from 0
lab_check_row() {
	python3 - "$1/compare.json" "$2" "$3" "$4" "$5" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
name, boots = sys.argv[2], int(sys.argv[3])
lo, hi = float(sys.argv[4]), float(sys.argv[5])
r = [r for r in d["rows"] if r["benchmark"] == name and r["primary"]]
assert len(r) == 1, "no primary %s row" % name
r = r[0]
a, b = (s["center"] for s in r["sides"])
dl = r["deltas"][0]
print("%s %s: A %.2f, B %.2f, delta %+.2f%%, verdict %s, boots %d/%d"
      % (name, r["metric"], a, b, 100 * dl["delta"], dl["verdict_word"],
         r["sides"][0]["files"], r["sides"][1]["files"]))
assert r["metric"] == "instructions/op", r["metric"]
assert r["sides"][0]["files"] == boots and r["sides"][1]["files"] == boots
assert dl["verdict_word"] == "yes", dl
assert lo <= 100 * dl["delta"] <= hi, "delta %+.2f%% outside [%+g%%, %+g%%]" % (100 * dl["delta"], lo, hi)
assert abs(100 * dl["delta"]) >= 0.5, "delta %+.2f%%: no real change" % (100 * dl["delta"])
PY
}
