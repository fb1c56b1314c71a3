# The multi-boot verdict on real boots (abstat-compare(1) "The model"):
# getppid on kernel 6.1 and kernel 6.12, 3 boots per side in turn (A B A
# B A B, make lab's driver in a short configuration), compared with the
# boots as files per side on instructions/op. The change must be
# significant (verdict_word "yes") with its delta in LAB_DELTA (percent,
# "MIN MAX"; "8 16", issue 17's band). The same for a command-line A/B:
# 6.1 against 6.1 with kpti=1.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
set -- ${LAB_DELTA:-8 16}
DMIN=$1 DMAX=$2

# check_getppid DIR: the getppid row of DIR/compare.json is primary,
# significant ("yes") and its delta is in [DMIN, DMAX] percent
check_getppid() {
	python3 - "$1/compare.json" "$DMIN" "$DMAX" <<PY
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
test_expect_success "6.1 vs 6.12: getppid instructions/op significant, delta in [+$DMIN%, +$DMAX%]" '
	check_getppid "$LABT/kernels"
'
test_expect_success '6.1 vs 6.1 kpti=1: 3 boots per side in turn' '
	LAB_A=6.1 LAB_B_CMDLINE=kpti=1 lab kpti &&
	grep -q "boots 3/3" "$LABT/kpti.out"
'
test_expect_success "6.1 vs 6.1 kpti=1: getppid instructions/op significant, delta in [+$DMIN%, +$DMAX%]" '
	check_getppid "$LABT/kpti"
'
test_done
