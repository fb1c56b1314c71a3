# abstat list: software events count here, hardware events say why not
# (this CI is a VM without a PMU), plain ASCII within 80 columns.
expect_exit 0 "$ABSTAT" list
width_ascii "$TESTTMP/out" 80
grep_out '^task-clock +ok, unit ns$'
grep_out '^page-faults +ok$'
grep_out '^context-switches +ok$'
grep_out '^cpu-migrations +ok$'
grep_out '^# libpfm4 PMU events'
if [ -e /sys/bus/event_source/devices/cpu ]; then
	grep_out '^cycles +(ok|not supported: )'
elif grep -qw hypervisor /proc/cpuinfo; then
	grep_out '^cycles +not supported: no PMU exposed by this kernel \(hypervisor\)$'
else
	grep_out '^cycles +not supported: no PMU exposed by this kernel$'
fi
# a substring pattern, case-insensitive; aliases are not listed twice
expect_exit 0 "$ABSTAT" list TASK-CL
grep_out '^task-clock +ok'
[ "$(grep -ci 'task-clock' "$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "task-clock listed more than once"; }
# a glob
expect_exit 0 "$ABSTAT" list '*-faults'
grep_out '^page-faults +ok'
grep_out '^major-faults +ok'
nogrep_out '^task-clock'
