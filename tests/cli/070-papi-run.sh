# abstat run --backend papi where PAPI cannot count (no PMU, or PAPI's
# perf_event component disabled): one error line carrying PAPI's own
# reason (or the kernel's, for the event PAPI_attach depends on) and the
# pointer to --backend perf; exit 3; nothing on stdout, no result file.
[ -e /sys/bus/event_source/devices/cpu ] &&
	skip "this machine has a hardware PMU: the error path needs one without"
expect_exit 3 "$ABSTAT" run --backend papi -r 2 -o "$TESTTMP/r.json" -- true
one_line_err
[ -s "$TESTTMP/out" ] && { cat "$TESTTMP/out"; fail "stdout is not empty"; }
[ -e "$TESTTMP/r.json" ] && fail "a result file was written"
if grep -q 'built without PAPI' "$TESTTMP/err"; then
	grep_err '^abstat: error: abstat was built without PAPI; install libpapi-dev and rebuild$'
	exit 0
fi
grep_err '^abstat: error: papi: '
grep_err 'the perf backend still counts software events: use --backend perf$'
# PAPI's own disabled reason when its component is down, as
# papi_component_avail prints it; else the kernel's errno.
reason=
if command -v papi_component_avail >/dev/null 2>&1; then
	reason=$(papi_component_avail 2>/dev/null | awk '
		/^Name: +perf_event / { pe = 1; next }
		/^Name:/ { pe = 0 }
		pe && /Disabled:/ { sub(/.*Disabled: */, ""); print; exit }')
fi
if [ -n "$reason" ]; then
	grep -qF "perf_event component disabled: $reason" "$TESTTMP/err" ||
		{ cat "$TESTTMP/err"; fail "PAPI's reason '$reason' missing"; }
else
	grep_err 'PAPI_attach first opens the hardware instructions event and perf_event_open: No such file or directory'
fi
# the same with -e naming a PAPI preset
expect_exit 3 "$ABSTAT" run --backend papi -e PAPI_TOT_INS -- true
one_line_err
grep_err '^abstat: error: papi: '
