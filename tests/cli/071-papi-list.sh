# abstat list --backend papi: a header with PAPI's version and component
# state (and why run cannot count here), every preset with yes/no and a
# reason, the perf_event component's natives; PATTERN filters; no match
# is exit 2; 80 columns, ASCII.
"$ABSTAT" list --backend papi >/dev/null 2>"$TESTTMP/err0"
grep -q 'built without PAPI' "$TESTTMP/err0" && skip "abstat was built without PAPI"
expect_exit 0 "$ABSTAT" list --backend papi
cp "$TESTTMP/out" "$TESTTMP/all"
grep_out '^# PAPI [0-9]+\.[0-9]+\.[0-9]+, component perf_event: (enabled|disabled)$'
grep_out '^PAPI preset events$'
grep_out '^PAPI_TOT_INS +(yes|no) '
grep_out '^PAPI_L1_DCM +(yes|no) '
width_ascii "$TESTTMP/out" 80
if [ ! -e /sys/bus/event_source/devices/cpu ]; then
	# no PMU: no preset counts, each says why; the header says run cannot
	grep_out '^# abstat run --backend papi cannot count here:$'
	grep_out 'use --backend perf$'
	grep -E '^PAPI_[A-Z0-9_]+ +yes ' "$TESTTMP/out" && fail "a preset is available without a PMU"
	grep_out '^PAPI_TOT_INS +no +.*\((no native event on this CPU|component down|perf_event_open: .*)\)$'
fi
expect_exit 0 "$ABSTAT" list --backend papi TOT_INS
[ "$(grep -c '^PAPI_' "$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "TOT_INS should match one preset"; }
if grep -q 'component perf_event: enabled' "$TESTTMP/all"; then
	# software natives count on abstat itself even without a PMU
	expect_exit 0 "$ABSTAT" list --backend papi task-clock
	grep_out '^perf::TASK-CLOCK +yes '
	expect_exit 0 "$ABSTAT" list --backend papi --encode task-clock
	grep_out '^perf::TASK-CLOCK +yes type=1 config=0x1 '
fi
expect_exit 2 "$ABSTAT" list --backend papi no-such-event-xyz
one_line_err
grep_err "no event matches 'no-such-event-xyz'"
