# abstat profile of a syscall-heavy program (getppid in a loop): the
# kernel's frames are in the stacks, named from kallsyms and marked _[k]:
# the syscall's own function (a frame matching sys_getppid) under the
# kernel's syscall entry. Kernel call chains need perf_event_paranoid <= 1
# or root.
# tags: alone
P=$BUILD/tests/progs
test_lazy_prereq KSAMPLING '{ [ "$(id -u)" -eq 0 ] || [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -le 1 ]; } &&
	"$ABSTAT" profile -q -r 1 --warmup 0 -o "$TESTTMP/.k.json" -- true >/dev/null 2>&1'

test_expect_success KSAMPLING 'getppid loop: a kernel frame matching sys_getppid' '
	n=$(spin_n 300) &&
	expect_exit 0 $ABSTAT profile -q -r 3 -o "$TESTTMP/k.json" -- $P/spin $n &&
	json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$TESTTMP/k.json" |
		tr ";" "\n" | sort -u >"$TESTTMP/frames" &&
	grep -E "sys_getppid.*_\[k\]$" "$TESTTMP/frames" ||
		{ cat "$TESTTMP/frames"; fail "no kernel frame matching sys_getppid"; }
'

test_expect_success KSAMPLING 'the syscall function sits under a kernel entry frame' '
	json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$TESTTMP/k.json" >"$TESTTMP/stacks" &&
	grep -E "_\[k\];([^;]*;)*[^;]*sys_getppid[^;]*_\[k\]" "$TESTTMP/stacks" | head -1 | grep . ||
		{ head "$TESTTMP/stacks"; fail "no kernel frame above the syscall function"; }
'

test_expect_success KSAMPLING 'kernel frames come after the user frames (root first)' '
	awk -F";" "{ k = 0; for (i = 1; i <= NF; i++) { if (\$i ~ /_\\[k\\]\$/) k = 1; else if (k) { print; exit 1 } } }" "$TESTTMP/stacks" ||
		fail "a user frame below a kernel frame"
'

test_expect_success KSAMPLING '--user-only: no kernel frames' '
	expect_exit 0 $ABSTAT profile -q --user-only -r 2 -o "$TESTTMP/u.json" -- $P/spin 20000 &&
	if json "\"\\n\".join(s for r in d[\"benchmarks\"][0][\"runs\"] for s, c in r[\"profile\"][\"stacks\"])" "$TESTTMP/u.json" | grep "_\[k\]"; then
		fail "kernel frames with --user-only"
	fi
'
test_done
