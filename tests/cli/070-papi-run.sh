# abstat run --backend papi where PAPI cannot count (no PMU, or PAPI's
# perf_event component disabled): one error line carrying PAPI's own
# reason (or the kernel's, for the event PAPI_attach depends on) and the
# pointer to --backend perf; exit 3; nothing on stdout, no result file.
# Where a PMU counts and the component is up, PAPI counts for real.

# PAPI's disabled reason for perf_event, as papi_component_avail prints it
papi_reason() {
	command -v papi_component_avail >/dev/null 2>&1 || return 0
	papi_component_avail 2>/dev/null | awk '
		/^Name: +perf_event / { pe = 1; next }
		/^Name:/ { pe = 0 }
		pe && /Disabled:/ { sub(/.*Disabled: */, ""); print; exit }'
}

test_expect_success !PAPI 'built without PAPI: one line says so' '
	expect_exit 3 "$ABSTAT" run --backend papi -r 2 -- true &&
	grep_err "^abstat: error: abstat was built without PAPI; install libpapi-dev and rebuild\$"
'

test_expect_success PAPI,!PAPI_PERF 'component disabled: exit 3 with PAPI'"'"'s own reason' '
	expect_exit 3 "$ABSTAT" run --backend papi -r 2 -o "$TESTTMP/r.json" -- true &&
	one_line_err &&
	[ ! -s "$TESTTMP/out" ] && [ ! -e "$TESTTMP/r.json" ] &&
	grep_err "^abstat: error: papi: perf_event component disabled: " &&
	grep_err "the perf backend still counts software events: use --backend perf\$" &&
	reason=$(papi_reason) &&
	if [ -n "$reason" ]; then
		grep -qF "perf_event component disabled: $reason" "$TESTTMP/err" ||
			fail "PAPI reason \"$reason\" missing"
	fi
'

test_expect_success PAPI,PAPI_PERF,!PMU 'component up, no PMU: exit 3 with the kernel'"'"'s reason' '
	expect_exit 3 "$ABSTAT" run --backend papi -r 2 -o "$TESTTMP/r.json" -- true &&
	one_line_err &&
	[ ! -s "$TESTTMP/out" ] && [ ! -e "$TESTTMP/r.json" ] &&
	grep_err "^abstat: error: papi: " &&
	grep_err "PAPI_attach first opens the hardware instructions event and perf_event_open: No such file or directory" &&
	grep_err "the perf backend still counts software events: use --backend perf\$"
'

test_expect_success PAPI,!PMU 'a PAPI preset named with -e: the same one line' '
	expect_exit 3 "$ABSTAT" run --backend papi -e PAPI_TOT_INS -- true &&
	one_line_err &&
	grep_err "^abstat: error: papi: "
'

test_expect_success PAPI,PAPI_PERF,PMU 'a PMU: PAPI counts instructions and task-clock' '
	expect_exit 0 "$ABSTAT" run -q --backend papi -r 2 -e PAPI_TOT_INS,task-clock -o "$TESTTMP/r.json" -- true &&
	json "d[\"benchmarks\"][0][\"runs\"][0][\"counters\"][0][\"value\"] > 0" "$TESTTMP/r.json" | grep -q True ||
		fail "PAPI_TOT_INS not counted"
'
test_done
