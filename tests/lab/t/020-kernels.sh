# The multi-boot verdict on real boots (abstat-compare(1) "The model"):
# getppid on kernel 6.1 and kernel 6.12, 3 boots per side in turn (A B A
# B A B, make lab's driver in a short configuration), compared with the
# boots as files per side on instructions/op. The change must be
# significant (verdict_word "yes") with its delta in a band (percent):
# LAB_KPTI_DELTA ("8 16", issue 17's band, reproduced: 6.1 kpti=1 costs
# +8.5% a getppid) for the command-line A/B, 6.1 against 6.1 with kpti=1;
# LAB_KERNEL_DELTA for 6.1 vs 6.12. Issue 17 measured 6.12 at +12.2%, but
# the 6.12 kernels Debian ships for bookworm now (6.12.100 to 6.12.117)
# measure 451.8-452.1 instructions/op against 6.1's 461.9 (-2.1%), so the
# band asserts a real, significant change of a few percent either way
# ("-16 16", |delta| >= 0.5%), not a direction that depends on the point
# release apt resolves today.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
set -- ${LAB_KERNEL_DELTA:--16 16}
KMIN=$1 KMAX=$2
set -- ${LAB_KPTI_DELTA:-8 16}
PMIN=$1 PMAX=$2

# check_getppid DIR MIN MAX: the getppid row of DIR/compare.json is
# primary, significant ("yes"), its delta in [MIN, MAX] percent and at
# least 0.5% away from 0
check_getppid() {
	python3 - "$1/compare.json" "$2" "$3" <<PY
import json, sys
d = json.load(open(sys.argv[1])); lo, hi = float(sys.argv[2]), float(sys.argv[3])
r = [r for r in d["rows"] if r["benchmark"] == "getppid" and r["primary"]]
assert len(r) == 1, "no primary getppid row"
r = r[0]
a, b = (s["center"] for s in r["sides"])
dl = r["deltas"][0]
print("%s: A %.1f, B %.1f instructions/op, delta %+.2f%%, verdict %s, boots %d/%d"
      % (r["metric"], a, b, 100 * dl["delta"], dl["verdict_word"],
         r["sides"][0]["files"], r["sides"][1]["files"]))
assert r["metric"] == "instructions/op", r["metric"]
assert r["sides"][0]["files"] == 3 and r["sides"][1]["files"] == 3
assert dl["verdict_word"] == "yes", dl
assert lo <= 100 * dl["delta"] <= hi, "delta %+.2f%% outside [%+g%%, %+g%%]" % (100 * dl["delta"], lo, hi)
assert abs(100 * dl["delta"]) >= 0.5, "delta %+.2f%%: no real change" % (100 * dl["delta"])
PY
}
lab() {
	LAB_WORKLOADS=getppid LAB_BOOTS=3 LAB_RUNS=5 LAB_SCALE=40 \
		LAB_OUT="$LABT/$1" sh "$TOP/tests/lab/lab.sh" >"$LABT/$1.out" 2>"$LABT/$1.err" ||
		{ cat "$LABT/$1.err"; false; }
}

test_expect_success '6.1 vs 6.12: 3 boots per side in turn, the mail table' '
	LAB_A=6.1 LAB_B=6.12 lab kernels &&
	grep -q "^abstat compare: getppid, .*boots 3/3" "$LABT/kernels.out" &&
	grep "boots per side" "$LABT/kernels.err"
'
test_expect_success "6.1 vs 6.12: getppid instructions/op significant, delta in [$KMIN%, +$KMAX%], at least 0.5%" '
	check_getppid "$LABT/kernels" $KMIN $KMAX
'
test_expect_success '6.1 vs 6.1 kpti=1: 3 boots per side in turn' '
	LAB_A=6.1 LAB_B_CMDLINE=kpti=1 lab kpti &&
	grep -q "boots 3/3" "$LABT/kpti.out"
'
test_expect_success "6.1 vs 6.1 kpti=1: getppid instructions/op significant, delta in [+$PMIN%, +$PMAX%]" '
	check_getppid "$LABT/kpti" $PMIN $PMAX
'
test_done
