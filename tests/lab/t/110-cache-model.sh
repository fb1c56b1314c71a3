# The lab's cache model (lab/plugin/cache.c) against arithmetic, in
# one make lab of 6.1 vs 6.12 with LAB_EVENTS asking for L1D events, two
# boots a side: the stride workload reading one byte a 64-byte line of a
# 1 MiB buffer (32 times L1D) misses L1D once a read (within 5%), of a
# 4 KiB one (an eighth of L1D, written in setup) about never (under 0.05
# a read), each read one access; two boots of one kernel give equal
# user access counts, run by run; the mail table marks the model's rows
# [m] and says what they are. A bad model event is refused before any
# boot.
. "$TOP/tests/lab/t/lib.sh"
test_lazy_prereq JQ 'command -v jq'
test_lazy_prereq PLUGIN '[ -f "$TOP/build/plugin/abstat-cache.so" ] && [ -x "$LABX/workloads/stride" ] && [ -x "$LABX/tests/progs/lab_mark" ]'
D=$LABT/cache

test_expect_success 'LAB_EVENTS=lab:l3-misses: refused, nothing booted' '
	rm -rf "$LABT/cache0" &&
	! LAB_EVENTS=instructions,lab:l3-misses LAB_OUT="$LABT/cache0" \
		sh "$TOP/lab/lab.sh" 2>"$TESTTMP/err" &&
	grep "^lab: error: LAB_EVENTS: unknown model event .lab:l3-misses." "$TESTTMP/err" &&
	[ ! -d "$LABT/cache0" ]
'
test_expect_success QEMU,XBUILD,KERNELS,JQ,PLUGIN '6.1 vs 6.12 with the model: two boots a side' '
	rm -rf "$D" &&
	LAB_BOOTS=2 LAB_RUNS=3 LAB_SCALE=40 \
	LAB_WORKLOADS="stride:-s1024 stride:-s4 getppid" \
	LAB_EVENTS=instructions,lab:l1d-misses:u,lab:l1d-accesses:u,lab:l1d-misses:k \
	LAB_OUT="$D" sh "$TOP/lab/lab.sh" >"$D.out" 2>"$D.err" ||
		{ cat "$D.err"; false; } &&
	grep "^lab: 2 boots per side (0 failed)" "$D.err"
'
# per op, every measured run of every boot: name, event, lo, hi
check_op() {
	for b in A1 A2 B1 B2; do
		jq -r --arg b "$1" --arg e "$2" '
			(.events | map(.name) | index($e)) as $i
			| .benchmarks[] | select(.name == $b) | .runs[]
			| select(.warmup | not)
			| .counters[$i].value / .ops' \
			"$D/boots/$b/result.json" >"$TESTTMP/v" &&
		[ -s "$TESTTMP/v" ] &&
		awk -v lo="$3" -v hi="$4" -v w="$b $1 $2" '
			{ printf "%s: %.4f\n", w, $1 }
			$1 < lo || $1 > hi { bad = 1 }
			END { exit bad }' "$TESTTMP/v" || return 1
	done
}
test_expect_success QEMU,XBUILD,KERNELS,JQ,PLUGIN '1 MiB buffer: 0.95..1.05 L1D misses and accesses a read' '
	check_op stride lab:l1d-misses:u 0.95 1.05 &&
	check_op stride lab:l1d-accesses:u 0.95 1.05
'
test_expect_success QEMU,XBUILD,KERNELS,JQ,PLUGIN '4 KiB buffer: under 0.05 L1D misses a read, 0.95..1.05 accesses' '
	check_op "stride #2" lab:l1d-misses:u 0 0.05 &&
	check_op "stride #2" lab:l1d-accesses:u 0.95 1.05
'
# What the model counts of user space depends on the user instruction
# stream only, the same in every boot: the user accesses are equal to the
# count. Misses, and whatever the kernel does, are not: the guest's
# kernel runs a few more or fewer instructions from boot to boot (about
# 0.1% of getppid'"'"'s instructions, without the model too), interrupts land
# elsewhere in the region and evict other lines (doc/lab.md).
test_expect_success QEMU,XBUILD,KERNELS,JQ,PLUGIN 'two boots of one kernel: equal user accesses, run by run' '
	for s in A B; do
		for b in 1 2; do
			jq -c "(.events | map(.name) | index(\"lab:l1d-accesses:u\")) as \$i
				| [.benchmarks[] | [.name, [.runs[].counters[\$i].value]]]" \
				"$D/boots/$s$b/result.json" >"$TESTTMP/$s$b" || exit 1
		done &&
		cat "$TESTTMP/${s}1" &&
		cmp "$TESTTMP/${s}1" "$TESTTMP/${s}2" ||
			{ diff "$TESTTMP/${s}1" "$TESTTMP/${s}2"; exit 1; }
	done
'
test_expect_success QEMU,XBUILD,KERNELS,JQ,PLUGIN 'the mail table: the model rows marked [m], the legend, modelled in json' '
	cat "$D/compare.txt" &&
	grep -E "^  lab:l1d-misses:u/op\[m\]( |\$)" "$D/compare.txt" &&
	grep -E "^  lab:l1d-misses:k/op\[m\]( |\$)" "$D/compare.txt" &&
	! grep -E "^  instructions/op\[m\]" "$D/compare.txt" &&
	tr "\n" " " <"$D/compare.txt" | grep "\[m\]: modelled, the count of a cache model" &&
	[ "$(jq "[.rows[] | select(.modelled)] | length" "$D/compare.json")" -eq 9 ] &&
	[ "$(jq "[.events[] | select(.modelled)] | length" "$D/boots/A1/result.json")" -eq 3 ]
'
test_done
