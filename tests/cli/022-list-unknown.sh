# abstat list PATTERN that matches nothing: one error line, exit 2, and
# nothing on stdout; a name refused for a reason says the reason.
# tags: sanitize
test_expect_success 'a pattern that matches nothing: exit 2, one error line naming it' '
	expect_exit 2 "$ABSTAT" list no-such-event-xyz &&
	one_line_err &&
	grep_err "no event matches '"'no-such-event-xyz'"'"
'
test_expect_success 'a pattern that matches nothing: stdout empty' '
	"$ABSTAT" list no-such-event-xyz >"$TESTTMP/o2" 2>/dev/null || : # (it fails: stdout is the check)
	if [ -s "$TESTTMP/o2" ]; then cat "$TESTTMP/o2"; fail "stdout not empty"; fi
'
test_expect_success 'list --user-only cycles:k: the reason, kernel counting excluded' '
	expect_exit 0 "$ABSTAT" list --user-only cycles:k &&
	grep_out "^    event '"'cycles:k'"' asks for kernel counting \(:k\), which --user-only excludes"
'
test_expect_success 'two patterns: exit 2, one error line' '
	expect_exit 2 "$ABSTAT" list a b &&
	one_line_err
'
test_done
