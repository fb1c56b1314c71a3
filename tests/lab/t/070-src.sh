# make lab-src (lab/src.sh), in its reduced form: building the
# three kernels takes far longer than a test may (doc/lab-src.md: the
# build time on two CPUs), so the build itself is not run here.
# - the variants' .configs (allnoconfig and lab/src.config, from
#   Debian's linux-source-6.1): each pair differs in exactly its one
#   option, every line of src.config is kept, no modules;
# - with the Images make lab-src cached (build/lab/src/images; skipped
#   by name, SRC_IMAGES, when they are not there): the PARAVIRT=y one
#   boots in the lab (6.1, no modules, the PMU counts), and a reduced A/B
#   on them, one boot a side: stat costs more with
#   CONFIG_INIT_ON_FREE_DEFAULT_ON (LAB_SRC_STAT_DELTA, percent: "10 17";
#   make lab-src measured +13.5%, 2457 -> 2790 instructions: each stat
#   frees its 4 KiB names_cache buffer, zeroed on free), and getppid the
#   same with PARAVIRT y and n (LAB_SRC_PV_DELTA, "-0.2 0.2"; measured
#   +0.000%: on arm64 6.1 PARAVIRT only adds the stolen-time hooks, a
#   static key off where no hypervisor gives stolen time).
. "$TOP/tests/lab/t/lib.sh"
SRCSH=$TOP/lab/src.sh
test_lazy_prereq LINUX_SRC '[ -r "${LAB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}" ]'
test_lazy_prereq XGCC 'command -v aarch64-linux-gnu-gcc'
test_require LINUX_SRC,XGCC
test_lazy_prereq SRC_IMAGES 'for v in pv nopv initfree; do LAB_SRC_NOBUILD=1 sh "$SRCSH" image $v || exit 1; done'
set -- ${LAB_SRC_STAT_DELTA:-10 17}
SMIN=$1 SMAX=$2
set -- ${LAB_SRC_PV_DELTA:--0.2 0.2}
PMIN=$1 PMAX=$2
CFG=$TOP/build/lab/src/configs

# differs A B OPTION: the two variants' .configs differ in OPTION only
differs() {
	diff "$CFG/$1/.config" "$CFG/$2/.config" >"$TESTTMP/diff" && fail "$1 and $2: the same .config"
	grep '^[<>]' "$TESTTMP/diff" | sed 's/^[<>] //' >"$TESTTMP/lines"
	grep -v -e "^$3=" -e "^# $3 is not set\$" "$TESTTMP/lines" && fail "$1 and $2 differ in more than $3"
	[ "$(wc -l <"$TESTTMP/lines")" -eq 2 ] || fail "$1 and $2: $(cat "$TESTTMP/lines")"
}

test_expect_success 'the variants: allnoconfig with src.config, one option apart' '
	for v in pv nopv initfree; do
		sh "$SRCSH" config $v >"$TESTTMP/$v.path" || fail "config $v"
		[ "$(cat "$TESTTMP/$v.path")" = "$CFG/$v/.config" ] || fail "config $v: $(cat "$TESTTMP/$v.path")"
		grep -v -e "^#" -e "^\$" "$TOP/lab/src.config" | while read -r l; do
			grep -qxF "$l" "$CFG/$v/.config" || fail "$v: no $l"
		done || return 1
		grep -qx "# CONFIG_MODULES is not set" "$CFG/$v/.config" || fail "$v: modules"
	done &&
	differs pv nopv CONFIG_PARAVIRT &&
	differs pv initfree CONFIG_INIT_ON_FREE_DEFAULT_ON &&
	grep -qx CONFIG_PARAVIRT=y "$CFG/pv/.config" &&
	grep -qx CONFIG_INIT_ON_FREE_DEFAULT_ON=y "$CFG/initfree/.config"
'
test_expect_success 'an unknown variant, or an Image not cached with LAB_SRC_NOBUILD: one error line' '
	expect_exit 1 sh "$SRCSH" image paravirt &&
	[ "$(cat "$TESTTMP/err")" = "lab: error: variant '\''paravirt'\'': one of pv, nopv, initfree" ] &&
	expect_exit 1 env LAB="$TESTTMP/lab" LAB_SRC_NOBUILD=1 sh "$SRCSH" image pv &&
	[ "$(wc -l <"$TESTTMP/err")" -eq 1 ] &&
	grep_err "^lab: error: variant pv: no cached Image \($TESTTMP/lab/src/images/[0-9a-f]{16}\); run make lab-src\$"
'
test_expect_success QEMU,XBUILD,SRC_IMAGES 'the cached PARAVIRT=y Image boots: 6.1, no modules, the PMU counts' '
	k=$(sh "$TOP/lab/kernel.sh" "$(LAB_SRC_NOBUILD=1 sh "$SRCSH" image pv)") &&
	grep -q "^6\.1\.[0-9]* #1 SMP " "$k/version" &&
	cat >"$TESTTMP/job" <<-\EOF &&
	uname -r >release.txt
	[ ! -e /proc/modules ] || echo modules >>release.txt
	abstat run -q -r 3 -e instructions -w getppid:"-n 1000" -o r.json
	EOF
	rm -rf "$LABT/src-boot" &&
	sh "$TOP/lab/boot.sh" "$k" "" "$LABT/src-boot" -f "$TESTTMP/job" &&
	[ "$(cat "$LABT/src-boot/rc")" = 0 ] &&
	grep -qx "6\.1\.[0-9]*" "$LABT/src-boot/release.txt" &&
	json "min(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]) > 1000" \
		"$LABT/src-boot/r.json" | grep -qx True
'
test_expect_success QEMU,XBUILD,SRC_IMAGES "reduced A/Bs: INIT_ON_FREE stat in [+$SMIN%, +$SMAX%], PARAVIRT getppid in [$PMIN%, $PMAX%]" '
	rm -rf "$LABT/src-ab" &&
	env LAB_SRC_NOBUILD=1 LAB_SRC_RUNS="$LABT/src-ab" \
		LAB_SRC_PAIRS="pv:initfree pv:nopv" LAB_BOOTS=1 LAB_RUNS=5 \
		LAB_WORKLOADS="stat getppid" sh "$SRCSH" >"$TESTTMP/ab.out" 2>"$TESTTMP/ab.err" ||
		{ cat "$TESTTMP/ab.err"; false; } &&
	python3 - "$LABT"/src-ab/6.1-pv-vs-6.1-initfree-*/compare.json \
		"$LABT"/src-ab/6.1-pv-vs-6.1-nopv-*/compare.json \
		"$SMIN" "$SMAX" "$PMIN" "$PMAX" <<-\EOF
	import json, sys
	def delta(f, name):
	    d = json.load(open(f))
	    r = [r for r in d["rows"] if r["benchmark"] == name and r["primary"]]
	    assert len(r) == 1, "%s: no primary %s row" % (f, name)
	    assert r[0]["metric"] == "instructions/op", r[0]["metric"]
	    return 100 * r[0]["deltas"][0]["delta"]
	s = delta(sys.argv[1], "stat")
	p = delta(sys.argv[2], "getppid")
	print("stat %+.2f%%, getppid %+.2f%%" % (s, p))
	assert float(sys.argv[3]) <= s <= float(sys.argv[4]), s
	assert float(sys.argv[5]) <= p <= float(sys.argv[6]), p
	EOF
'
test_done
