# perf's event grammar where perf_event counts it: each former refusal
# (tracepoints, pmu/term/, duration_time, emulation-faults, mem:, {}
# groups, cycles:ppp, a second -e) now counts or says why not. Tracepoints
# need root and tracefs: where tracefs is not mounted, the cases mount one
# in a private mount namespace (unshare --mount), gone when it exits.
# tags: alone sanitize
test_lazy_prereq TRACEFS '[ "$(id -u)" -eq 0 ] && { [ -e /sys/kernel/tracing/events/header_page ] || { grep -qw tracefs /proc/filesystems && unshare --mount true; }; }'
test_lazy_prereq MSR_PMU '[ -e /sys/bus/event_source/devices/msr/events/tsc ]'
test_lazy_prereq CPU_PMU '[ -e /sys/bus/event_source/devices/cpu/format/event ]'

# tracefs CMD...: run CMD where tracefs is mounted (privately if need be)
tracefs() {
	if [ -e /sys/kernel/tracing/events/header_page ]; then
		"$@"
		return
	fi
	mkdir -p "$TESTTMP/tracefs" &&
		unshare --mount sh -c 'mount -t tracefs nodev "$0" && exec "$@"' \
			"$TESTTMP/tracefs" "$@"
}
runs='d["benchmarks"][0]["runs"]'
# ev NAME FIELD: the event named NAME's FIELD in $TESTTMP/r.json
ev() { json "[e for e in d[\"events\"] if e[\"name\"] == \"$1\"][0][\"$2\"]" "$TESTTMP/r.json"; }
# minval INDEX: the smallest count of event INDEX over the runs
minval() { json "min(r[\"counters\"][$1][\"value\"] for r in $runs)" "$TESTTMP/r.json"; }

test_expect_success TRACEFS 'the issue line counts: tracepoints, duration_time, emulation-faults, a group, cycles:ppp, a second -e' '
	expect_exit 0 tracefs $ABSTAT run -r 3 -o "$TESTTMP/r.json" \
		-e "sched:sched_switch,raw_syscalls:sys_enter,duration_time,emulation-faults,{task-clock,page-faults},cycles:ppp" \
		-e context-switches -- true &&
	names=$(json "\",\".join(e[\"name\"] for e in d[\"events\"])" "$TESTTMP/r.json") &&
	[ "$names" = "sched:sched_switch,raw_syscalls:sys_enter,duration_time,emulation-faults,task-clock,page-faults,cycles:ppp,context-switches" ] ||
		fail "events: $names" &&
	[ "$(ev raw_syscalls:sys_enter type)" = 2 ] &&
	[ "$(ev raw_syscalls:sys_enter fstr)" = raw_syscalls:sys_enter ] &&
	[ "$(minval 1)" -gt 0 ] || fail "raw_syscalls:sys_enter: $(minval 1)" &&
	[ "$(minval 2)" -gt 0 ] && [ "$(ev duration_time unit)" = ns ] &&
	[ "$(ev duration_time pmu)" = tool ] &&
	[ "$(ev emulation-faults config)" = 8 ] &&
	[ "$(ev task-clock group)" -ge 3 ] &&
	[ "$(ev task-clock group)" = "$(ev page-faults group)" ] &&
	[ "$(ev context-switches group)" != "$(ev page-faults group)" ] &&
	grep_err "cycles:ppp: precise modifiers \(p, P\) matter for sampling only" &&
	[ "$(grep -c "precise modifiers" "$TESTTMP/err")" = 1 ]
'

test_expect_success TRACEFS 'a tracepoint matches perf stat on the same program (raw_syscalls:sys_enter of true)' '
	command -v perf >/dev/null || skip "no perf" &&
	expect_exit 0 tracefs $ABSTAT run -q -r 3 -o "$TESTTMP/t.json" -e raw_syscalls:sys_enter -- true &&
	a=$(json "min(r[\"counters\"][0][\"value\"] for r in d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/t.json") &&
	p=$(tracefs perf stat -x, -e raw_syscalls:sys_enter true 2>&1 >/dev/null | cut -d, -f1) &&
	echo "abstat $a perf $p" &&
	# perf also counts its own syscalls between exec and exit of true
	# within a handful; abstat opens the counters before exec as perf does
	[ "$a" -gt 0 ] && [ $((a > p ? a - p : p - a)) -le 10 ]
'

test_expect_success TRACEFS 'a tracepoint with --user-only is refused (it would count 0)' '
	expect_exit 2 tracefs $ABSTAT run --user-only -e sched:sched_switch -- true &&
	one_line_err && grep_err "tracepoint.*--user-only"
'

test_expect_success 'an unknown tracepoint (or no tracefs): one line naming it' '
	expect_exit 2 $ABSTAT run -e sched:no_such_tracepoint -- true &&
	one_line_err && grep_err "sched:no_such_tracepoint"
'

test_expect_success TRACEFS 'an unknown tracepoint under tracefs: one line, no such tracepoint' '
	expect_exit 2 tracefs $ABSTAT run -e sched:no_such_tracepoint -- true &&
	one_line_err && grep_err "no tracepoint sched:no_such_tracepoint"
'

test_expect_success 'software events libpfm4 lacks, mem: breakpoint and dummy count' '
	rm -f "$TESTTMP/r.json" &&
	expect_exit 0 $ABSTAT run -q -r 2 -o "$TESTTMP/r.json" \
		-e alignment-faults,emulation-faults,dummy,bpf-output,mem:0x1000,duration_time -- true &&
	[ "$(ev alignment-faults config)" = 7 ] && [ "$(ev dummy config)" = 9 ] &&
	[ "$(ev mem:0x1000 type)" = 5 ] && [ "$(ev mem:0x1000 config1)" = 4096 ] &&
	[ "$(ev mem:0x1000 fstr)" = "mem:0x1000/4:rw" ]
'

test_expect_success MSR_PMU 'msr/tsc/ counts through sysfs format and events' '
	rm -f "$TESTTMP/r.json" &&
	expect_exit 0 $ABSTAT run -q -r 2 -o "$TESTTMP/r.json" -e msr/tsc/,task-clock -- true &&
	[ "$(ev msr/tsc/ pmu)" = msr ] &&
	[ "$(ev msr/tsc/ type)" = "$(cat /sys/bus/event_source/devices/msr/type)" ] &&
	[ "$(minval 0)" -gt 0 ]
'

test_expect_success !CPU_PMU 'cpu/event=0xc0,umask=0/ without a cpu PMU: one line naming it' '
	expect_exit 2 $ABSTAT run -e "cpu/event=0xc0,umask=0/" -- true &&
	one_line_err && grep_err "no PMU named cpu"
'

test_expect_success CPU_PMU 'cpu/event=0xc0,umask=0/ encodes through the cpu PMU format' '
	rm -f "$TESTTMP/r.json" &&
	expect_exit 0 $ABSTAT run -q -r 2 -o "$TESTTMP/r.json" -e "cpu/event=0xc0,umask=0/" -- true &&
	[ "$(ev cpu/event=0xc0,umask=0/ config)" = 192 ]
'

test_expect_success 'grammar errors: one line, exit 2' '
	for e in "{task-clock,page-faults" "task-clock}" "{a,{b}}" "task-clock:zz" "msr/tsc/zz" "mem:0x1000/3" "task-clock:W"; do
		expect_exit 2 $ABSTAT run -e "$e" -- true && one_line_err || exit 1
	done
'

test_expect_success 'a repeated -e appends; the same event twice is refused' '
	rm -f "$TESTTMP/r.json" &&
	expect_exit 0 $ABSTAT run -q -r 1 -o "$TESTTMP/r.json" -e task-clock -e page-faults -- true &&
	[ "$(json "len(d[\"events\"])" "$TESTTMP/r.json")" = 2 ] &&
	expect_exit 2 $ABSTAT run -e task-clock -e task-clock -- true && grep_err "given twice"
'

test_expect_success 'compare: a group member compares with the same event outside a group; a changed tracepoint name is refused' '
	expect_exit 0 $ABSTAT run -q -r 3 -o "$TESTTMP/a.json" -e "{task-clock,page-faults}" -- true &&
	expect_exit 0 $ABSTAT run -q -r 3 -o "$TESTTMP/b.json" -e task-clock,page-faults -- true &&
	expect_exit 0 $ABSTAT compare "$TESTTMP/a.json" "$TESTTMP/b.json" &&
	python3 - "$TESTTMP/b.json" "$TESTTMP/c.json" "$TESTTMP/d.json" <<-\EOF &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	e = d["events"][1]
	# a tracepoint: its id is this boot'"'"'s number, its name the encoding
	e.update(type=2, config=316, fstr="sched:sched_switch", pmu="tracepoint")
	json.dump(d, open(sys.argv[2], "w"))
	e.update(config=999)
	json.dump(d, open(sys.argv[3], "w"))
	EOF
	expect_exit 0 $ABSTAT compare "$TESTTMP/c.json" "$TESTTMP/d.json" &&
	python3 - "$TESTTMP/d.json" <<-\EOF &&
	import json, sys
	d = json.load(open(sys.argv[1]))
	d["events"][1]["fstr"] = "sched:sched_wakeup"
	json.dump(d, open(sys.argv[1], "w"))
	EOF
	expect_exit 2 $ABSTAT compare "$TESTTMP/c.json" "$TESTTMP/d.json" &&
	grep_err "encoded differently.*field tracepoint"
'
# abstat list: kernel PMU aliases, the software events libpfm4 lacks,
# tracepoints (for a pattern only: each probe registers the tracepoint).
test_expect_success 'perf names: the software events libpfm4 lacks and duration_time are listed' '
	expect_exit 0 $ABSTAT list faults &&
	grep_out "^alignment-faults +ok" && grep_out "^emulation-faults +ok" &&
	expect_exit 0 $ABSTAT list duration && grep_out "^duration_time +ok, unit ns" &&
	width_ascii "$TESTTMP/out" 80
'

test_expect_success MSR_PMU 'kernel PMU aliases: msr/tsc/ listed and counted here' '
	expect_exit 0 $ABSTAT list msr &&
	grep_out "^# kernel PMU events" && grep_out "^msr/tsc/ +ok" &&
	expect_exit 0 $ABSTAT list --encode msr/tsc/ && grep_out "pmu msr, type DYNAMIC"
'

test_expect_success !CPU_PMU 'a kernel PMU spelling of a missing PMU says so' '
	expect_exit 0 $ABSTAT list "cpu/event=0xc0,umask=0/" &&
	grep_out "no PMU named cpu"
'

test_expect_success TRACEFS 'tracepoints: counted only without a pattern, listed and probed with one' '
	expect_exit 0 tracefs $ABSTAT list &&
	grep_out "^# tracepoints" && grep_out "^[0-9]+ tracepoints: give a pattern" &&
	nogrep_out "^sched:sched_switch" &&
	expect_exit 0 tracefs $ABSTAT list sched:sched_sw &&
	grep_out "^sched:sched_switch +ok" && width_ascii "$TESTTMP/out" 80
'
test_done
