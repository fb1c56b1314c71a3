# abstat list --backend papi: a header with PAPI's version and component
# state (and why run cannot count here), every preset with yes/no and a
# reason, the perf_event component's natives; PATTERN filters; no match
# is exit 2; 80 columns, ASCII. It lists whether or not the component is up.
test_require PAPI

test_expect_success 'the header, the presets, 80 columns' '
	expect_exit 0 "$ABSTAT" list --backend papi &&
	cp "$TESTTMP/out" "$TESTTMP/all" &&
	grep_out "^# PAPI [0-9]+\.[0-9]+\.[0-9]+, component perf_event: (enabled|disabled)\$" &&
	grep_out "^PAPI preset events\$" &&
	grep_out "^PAPI_TOT_INS +(yes|no) " &&
	grep_out "^PAPI_L1_DCM +(yes|no) " &&
	width_ascii "$TESTTMP/out" 80
'

test_expect_success !PAPI_PERF 'component down: the header says so and why, no preset counts' '
	grep -q "^# PAPI .*, component perf_event: disabled\$" "$TESTTMP/all" &&
	grep -q "^# abstat run --backend papi cannot count here:\$" "$TESTTMP/all" &&
	grep -q "papi: perf_event component disabled: " "$TESTTMP/all" &&
	if grep -E "^PAPI_[A-Z0-9_]+ +yes " "$TESTTMP/all"; then fail "a preset is available with the component down"; fi &&
	grep -Eq "^PAPI_TOT_INS +no +.*\(component down\)\$" "$TESTTMP/all"
'

test_expect_success !PMU 'no PMU: no preset counts, each says why, run cannot' '
	grep -q "^# abstat run --backend papi cannot count here:\$" "$TESTTMP/all" &&
	grep -q "use --backend perf\$" "$TESTTMP/all" &&
	if grep -E "^PAPI_[A-Z0-9_]+ +yes " "$TESTTMP/all"; then fail "a preset is available without a PMU"; fi &&
	grep -Eq "^PAPI_TOT_INS +no +.*\((no native event on this CPU\)|component down\)|perf_event_open: .*(\)|\.\.\.))\$" "$TESTTMP/all"
'

test_expect_success PAPI_PERF,PMU 'a PMU and the component: PAPI_TOT_INS is available' '
	grep -Eq "^PAPI_TOT_INS +yes " "$TESTTMP/all"
'

test_expect_success 'a pattern matches one preset' '
	expect_exit 0 "$ABSTAT" list --backend papi TOT_INS &&
	[ "$(grep -c "^PAPI_" "$TESTTMP/out")" -eq 1 ] || { cat "$TESTTMP/out"; fail "TOT_INS should match one preset"; }
'

test_expect_success PAPI_PERF 'software natives count on abstat itself, with their encoding' '
	expect_exit 0 "$ABSTAT" list --backend papi task-clock &&
	grep_out "^perf::TASK-CLOCK +yes " &&
	expect_exit 0 "$ABSTAT" list --backend papi --encode task-clock &&
	grep_out "^perf::TASK-CLOCK +yes type=1 config=0x1 "
'

test_expect_success 'no match: exit 2, one line' '
	expect_exit 2 "$ABSTAT" list --backend papi no-such-event-xyz &&
	one_line_err &&
	grep_err "no event matches '"'"'no-such-event-xyz'"'"'"
'
test_done
