# The default set in the guest's emulated PMU (issue 42): QEMU's Arm PMU
# counts cycles and instructions but has no cache event, so a run without
# -e counts those two and the software events, shows the cache events
# (cache-references, cache-misses, L1-dcache-load-misses,
# LLC-load-misses) <not supported> with ENOENT's reason, said in one
# warning line and once under the table, and records them so.
. "$TOP/tests/lab/t/lib.sh"
test_require QEMU,XBUILD,KERNELS
G=$LABT/default-cache
CACHE="cache-references cache-misses L1-dcache-load-misses LLC-load-misses"
cat >"$TESTTMP/job" <<JOB
abstat run -r 2 --all-rows -o def.json -- insn_loop 100000 >def.out 2>def.err; echo \$? >def.rc
JOB

test_expect_success 'the guest boots kernel 6.1 and runs the default set' '
	lab_boot default-cache 6.1 "" "$TESTTMP/job" &&
	[ "$(cat "$G/rc")" = 0 ] || { cat "$G/status" "$G/stderr"; false; }
'
test_expect_success 'cycles and instructions counted, the cache events <not supported>' '
	[ "$(cat "$G/def.rc")" = 0 ] || { cat "$G/def.out" "$G/def.err"; false; } &&
	cat "$G/def.out" &&
	grep -Eq "^cycles +[0-9]" "$G/def.out" &&
	grep -Eq "^instructions +[0-9]" "$G/def.out" &&
	grep -Eq "^task-clock +[0-9]" "$G/def.out" || fail "cycles, instructions or task-clock not counted" &&
	for e in $CACHE; do
		grep -Eq "^$e +<not supported>\$" "$G/def.out" || fail "$e: not <not supported>"
	done
'
test_expect_success 'the ENOENT reason, in one warning line and once under the table' '
	cat "$G/def.err" &&
	n=$(grep -c "not supported" "$G/def.err") &&
	[ "$n" = 1 ] || fail "$n warning lines say not supported" &&
	line=$(grep "not supported" "$G/def.err") &&
	for e in $CACHE; do
		echo "$line" | grep -q "[ ,]$e[,:]" || fail "$e: not in the warning"
	done &&
	echo "$line" | grep -q ": not supported: the kernel does not know this event (No such file or directory); counting the others only\$" ||
		fail "no ENOENT reason" &&
	n=$(grep -c "^  (not supported: the kernel does not know this event (No such file or directory))\$" "$G/def.out") &&
	[ "$n" = 1 ] || fail "the reason is under the table $n times"
'
test_expect_success 'the result file records the cache events not supported, with the reason' '
	for e in $CACHE; do
		json "[(x[\"supported\"], x[\"reason\"]) for x in d[\"events\"] if x[\"name\"] == \"$e\"]" "$G/def.json" >"$TESTTMP/v" &&
		grep -q "(False, .not supported: the kernel does not know this event (No such file or directory).)" "$TESTTMP/v" ||
			{ cat "$TESTTMP/v"; fail "$e: recorded otherwise"; }
	done
'
test_done
