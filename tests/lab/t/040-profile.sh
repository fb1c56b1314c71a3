# abstat profile in the lab: getppid sampled on kernel 6.1 and on 6.12
# (cycles: QEMU's emulated ARMv8 PMU samples; kernel frames named from
# the guest's kallsyms, root), 3 boots per side in turn, then compare's
# where table with the boots as the unit names the kernel functions whose
# self share changed: at least one significant row is a kernel frame
# (_[k]), and the syscall's own function is in the stacks of both.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
# 200000 calls: 0.1 s of the guest's clock (icount: 1 instruction a ns),
# at 10 kHz about 1000 samples a run
cat >"$LABT/profile.job" <<JOB
abstat profile -q -r 5 --freq 10000 -e instructions -w 'getppid:-n 200000' -o profile.json
JOB

test_expect_success '6.1 and 6.12: getppid profiled, 3 boots per side in turn' '
	for i in 1 2 3; do
		for s in 6.1 6.12; do
			lab_boot prof-$s-$i $s "" "$LABT/profile.job" &&
			[ "$(cat "$LABT/prof-$s-$i/rc")" = 0 ] && [ -f "$LABT/prof-$s-$i/profile.json" ] ||
				{ cat "$LABT/prof-$s-$i/stderr" "$LABT/prof-$s-$i/status" 2>/dev/null; fail "boot $s #$i"; }
		done
	done
'

test_expect_success 'both kernels: cycles sampled, a frame matching sys_getppid _[k]' '
	for s in 6.1 6.12; do
		f=$LABT/prof-$s-1/profile.json
		json "d[\"config\"][\"profile\"][\"event\"]" "$f" | grep -qx cycles || fail "$s: not cycles"
		json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$f" |
			tr ";" "\n" | grep -qE "sys_getppid.*_\[k\]$" || fail "$s: no sys_getppid frame"
	done
'

test_expect_success 'compare: the where table names a kernel function, significant across boots' '
	A=$LABT/prof-6.1-1/profile.json,$LABT/prof-6.1-2/profile.json,$LABT/prof-6.1-3/profile.json
	B=$LABT/prof-6.12-1/profile.json,$LABT/prof-6.12-2/profile.json,$LABT/prof-6.12-3/profile.json
	$ABSTAT compare -q --format mail --primary instructions/op "6.1=$A" "6.12=$B" >"$LABT/profile.txt" &&
	sed -n "/^where:/,\$p" "$LABT/profile.txt" && width_ascii "$LABT/profile.txt" 72 &&
	grep -q "boots are the unit" "$LABT/profile.txt" &&
	sed -n "/^where:/,\$p" "$LABT/profile.txt" | grep -E "_\[k\] .* yes$" ||
		fail "no significant kernel function in the where table"
'
test_done
