# make lab-src LAB_ARCH=x86_64 (lab/src.sh), in its reduced form: the
# builds take far longer than a test may (doc/lab-src.md, "x86_64"), so
# only the configs are made here, from Debian's linux-source-6.1 with the
# host's gcc (allnoconfig and lab/src-x86_64.config), and checked:
# - every line of the fragment stays, no modules;
# - each pair is one option apart: B's .config is A's whole .config
#   with only B's option changed, made again by allnoconfig: what the
#   option selects or hides follows (PARAVIRT_XXL by XEN_PV, the
#   MMU_GATHER_* that PARAVIRT selects, TINY_RCU and NR_CPUS=1 without
#   SMP), nothing else differs;
# - xxl has CONFIG_PARAVIRT_XXL=y (XEN_PV selects it: the pv ops of the
#   2009 thread) and pv has not; up has "# CONFIG_SMP is not set" and
#   NR_CPUS=1, the others SMP=y; smp is pv's .config and pv's cache key
#   (src.sh's messages and keys without the source: tests/cli/346);
# - with the images make lab-src LAB_ARCH=x86_64 cached (skipped by name,
#   X86_SRC_IMAGES, when they are not there): the uniprocessor kernel
#   boots in the x86_64 lab, its version without SMP, one CPU possible,
#   and the counter counts its getppid.
. "$TOP/tests/lab/t/lib.sh"
LAB_ARCH=x86_64
export LAB_ARCH
SRCSH=$TOP/lab/src.sh
test_lazy_prereq LINUX_SRC '[ -r "${LAB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}" ]'
test_lazy_prereq GCC_X86 'command -v x86_64-linux-gnu-gcc'
test_require LINUX_SRC,GCC_X86
test_lazy_prereq X86_SRC_IMAGES 'LAB_SRC_NOBUILD=1 sh "$SRCSH" image up'
CFG=$TOP/build/lab/src/configs-x86_64
TREE=$TOP/build/lab/src/$(basename "${LAB_SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}" | sed 's/\.tar\..*//')

# apart A B LINE...: B's .config is A's with only LINEs changed: A's
# whole .config, the LINEs' options set as LINE says, made again by
# allnoconfig (KCONFIG_ALLCONFIG) gives B's, line for line (what the
# options select or hide follows; nothing else the user sets differs)
apart() {
	_a=$1 _b=$2
	shift 2
	cp "$CFG/$_a/.config" "$TESTTMP/all"
	for l in "$@"; do
		o=$(echo "$l" | sed -n -e "s/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p" -e "s/^# \(CONFIG_[A-Z0-9_]*\) is not set\$/\1/p")
		[ -n "$o" ] || fail "apart: $l"
		grep -v -e "^$o=" -e "^# $o is not set\$" "$TESTTMP/all" >"$TESTTMP/all.new"
		{ cat "$TESTTMP/all.new"; echo "$l"; } >"$TESTTMP/all"
	done
	rm -rf "$TESTTMP/o" && mkdir "$TESTTMP/o" &&
	(cd "$TREE" && make -s ARCH=x86_64 CROSS_COMPILE=x86_64-linux-gnu- O="$TESTTMP/o" KCONFIG_ALLCONFIG="$TESTTMP/all" allnoconfig) >"$TESTTMP/kconfig.log" 2>&1 ||
		fail "allnoconfig: $(tail -n 1 "$TESTTMP/kconfig.log")"
	diff "$CFG/$_b/.config" "$TESTTMP/o/.config" || fail "$_b is not $_a with $*"
	echo "$_a -> $_b: $(diff "$CFG/$_a/.config" "$CFG/$_b/.config" | grep -c "^[<>] CONFIG_") lines set apart, all from $*"
}

test_expect_success 'the variants: allnoconfig with src-x86_64.config, every line kept, no modules' '
	{ grep -v -e "^#" -e "^\$" "$TOP/lab/src-x86_64.config"
	  echo "# CONFIG_MODULES is not set"; echo CONFIG_X86_64=y; } | sort >"$TESTTMP/want" &&
	for v in pv nopv xxl smp up; do
		p=$(sh "$SRCSH" config $v) || fail "config $v"
		[ "$p" = "$CFG/$v/.config" ] || fail "config $v: $p"
		sort "$p" | comm -23 "$TESTTMP/want" - >"$TESTTMP/lost"
		[ ! -s "$TESTTMP/lost" ] || fail "$v lost: $(cat "$TESTTMP/lost")"
	done
'
test_expect_success 'PARAVIRT: pv and nopv one option apart' '
	apart pv nopv "# CONFIG_PARAVIRT is not set" &&
	grep -qx CONFIG_PARAVIRT=y "$CFG/pv/.config" &&
	grep -qx "# CONFIG_PARAVIRT is not set" "$CFG/nopv/.config" &&
	! grep -q "^CONFIG_PARAVIRT_XXL=y" "$CFG/pv/.config" "$CFG/nopv/.config"
'
test_expect_success 'PARAVIRT_XXL: xxl has it, selected by XEN_PV, one option (and XEN) from pv' '
	apart pv xxl CONFIG_XEN=y CONFIG_XEN_PV=y &&
	grep -qx CONFIG_PARAVIRT_XXL=y "$CFG/xxl/.config" &&
	grep -qx CONFIG_XEN_PV=y "$CFG/xxl/.config" &&
	grep -qx CONFIG_SMP=y "$CFG/xxl/.config"
'
test_expect_success 'SMP: up is a uniprocessor kernel, smp is pv (the same .config and image)' '
	apart smp up "# CONFIG_SMP is not set" &&
	grep -qx "# CONFIG_SMP is not set" "$CFG/up/.config" &&
	grep -qx CONFIG_NR_CPUS=1 "$CFG/up/.config" &&
	grep -qx CONFIG_PARAVIRT=y "$CFG/up/.config" &&
	for v in pv nopv xxl smp; do
		grep -qx CONFIG_SMP=y "$CFG/$v/.config" || fail "$v: no SMP"
	done &&
	cmp "$CFG/pv/.config" "$CFG/smp/.config" &&
	for v in pv smp; do
		expect_exit 1 env LAB="$TESTTMP/lab" LAB_SRC_NOBUILD=1 sh "$SRCSH" image $v &&
		sed "s/variant $v/variant V/" "$TESTTMP/err" >"$TESTTMP/$v.err" || return 1
	done &&
	cmp "$TESTTMP/pv.err" "$TESTTMP/smp.err"
'
test_expect_success QEMU_X86,XBUILD_X86,X86_SRC_IMAGES 'the cached uniprocessor bzImage boots: no SMP, one CPU, the counter counts' '
	k=$(sh "$TOP/lab/kernel.sh" "$(LAB_SRC_NOBUILD=1 sh "$SRCSH" image up)") &&
	grep -q "^6\.1\.[0-9]* (abstat@lab) #1 Thu Jan  1 " "$k/version" &&
	cat >"$TESTTMP/job" <<-\EOF &&
	cat /sys/devices/system/cpu/possible >possible.txt
	lab_mark
	abstat run -q -r 3 -e task-clock -w getppid:"-n 1000" -o r.json
	rc=$?
	lab_mark
	exit $rc
	EOF
	rm -rf "$LABT/x86src-up" &&
	sh "$TOP/lab/boot.sh" "$k" "" "$LABT/x86src-up" -f "$TESTTMP/job" &&
	[ "$(cat "$LABT/x86src-up/rc")" = 0 ] &&
	[ "$(cat "$LABT/x86src-up/possible.txt")" = 0 ] &&
	sh "$TOP/lab/count-merge.sh" "$LABT/x86src-up/r.json" "$LABT/x86src-up/count.jsonl" &&
	json "min(r[\"counters\"][[e[\"name\"] for e in d[\"events\"]].index(\"instructions\")][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"]) > 1000 * 100" \
		"$LABT/x86src-up/r.json" | grep -qx True
'
test_done
