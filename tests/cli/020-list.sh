# abstat list: software events count here; hardware events count where
# there is a PMU and say why not where there is none; plain ASCII within
# 80 columns.
# tags: sanitize
test_lazy_prereq HYPERVISOR 'grep -qw hypervisor /proc/cpuinfo'
L=$TESTTMP/list.out
use_list() { cp "$L" "$TESTTMP/out"; }

test_expect_success 'list: exit 0, ASCII within 80 columns' '
	expect_exit 0 "$ABSTAT" list &&
	cp "$TESTTMP/out" "$L" &&
	width_ascii "$TESTTMP/out" 80
'
test_expect_success 'list: the software events are ok' '
	use_list &&
	grep_out "^task-clock +ok, unit ns\$" &&
	grep_out "^page-faults +ok\$" &&
	grep_out "^context-switches +ok\$" &&
	grep_out "^cpu-migrations +ok\$"
'
test_expect_success 'list: a section of libpfm4 PMU events' '
	use_list && grep_out "^# libpfm4 PMU events"
'
test_expect_success PMU 'PMU: cycles and instructions are ok' '
	use_list &&
	grep_out "^cycles +ok" &&
	grep_out "^instructions +ok"
'
test_expect_success !PMU,HYPERVISOR 'no PMU in a VM: cycles not supported, the hypervisor named' '
	use_list &&
	grep_out "^cycles +not supported: no PMU exposed by this kernel \(hypervisor\)\$"
'
test_expect_success !PMU,!HYPERVISOR 'no PMU on bare metal: cycles not supported, no PMU exposed' '
	use_list &&
	grep_out "^cycles +not supported: no PMU exposed by this kernel\$"
'

test_expect_success 'a substring pattern, case-insensitive; an alias not listed twice' '
	expect_exit 0 "$ABSTAT" list TASK-CL &&
	grep_out "^task-clock +ok" &&
	[ "$(grep -ci "task-clock" "$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "task-clock listed more than once"; }
'
test_expect_success 'a glob pattern' '
	expect_exit 0 "$ABSTAT" list "*-faults" &&
	grep_out "^page-faults +ok" &&
	grep_out "^major-faults +ok" &&
	nogrep_out "^task-clock"
'
test_done
