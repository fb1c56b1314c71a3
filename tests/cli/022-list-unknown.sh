# abstat list PATTERN that matches nothing: one error line, exit 2, and
# nothing on stdout; a name refused for a reason says the reason.
expect_exit 2 "$ABSTAT" list no-such-event-xyz
one_line_err
grep_err "no event matches 'no-such-event-xyz'"
[ -s "$TESTTMP/out" ] && { cat "$TESTTMP/out"; fail "stdout not empty"; }
expect_exit 0 "$ABSTAT" list --user-only cycles:k
grep_out "^    event 'cycles:k' asks for kernel counting \(:k\), which --user-only excludes"
expect_exit 2 "$ABSTAT" list a b
one_line_err
