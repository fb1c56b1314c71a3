# --progress and --color. On a terminal (script(1)'s) run redraws one
# progress line (runs done, rate, ETA) that fits the terminal, also a
# narrow one (stty cols 40); never with -q, --progress never or outside a
# terminal, unless --progress always. --color always/never override the
# terminal, NO_COLOR and TERM rules of 065-colour.
# tags: alone
test_lazy_prereq SCRIPT 'command -v script && command -v stty'
G=tests/golden
RUN="$ABSTAT run -r 6 --warmup 1 -e task-clock"
# on_tty FILE COLS CMD: CMD on a pseudo-terminal COLS wide, what it showed
on_tty() {
	env -u NO_COLOR TERM=xterm script -qec "stty cols $2; $3" "$1" >/dev/null 2>&1
}
# segments FILE: the typescript cut at carriage returns and newlines, the
# progress lines only
segments() { tr '\r' '\n' <"$1" | grep -E '[0-9]+/[0-9]+ run'; }
# widest FILE: the longest progress line
widest() { segments "$1" | awk '{ if (length > w) w = length } END { print w + 0 }'; }

test_expect_success SCRIPT 'a terminal: the line has runs done, rate and ETA' '
	on_tty "$TESTTMP/t80" 80 "$RUN -- sleep 0.05" &&
	segments "$TESTTMP/t80" >"$TESTTMP/s80" &&
	grep -Eq "^abstat: sleep 0/7 runs$" "$TESTTMP/s80" &&
	grep -Eq "^abstat: sleep [1-6]/7 runs [0-9.]+(/s|s/run) ETA [0-9]+:[0-9]{2}$" "$TESTTMP/s80" ||
		{ cat "$TESTTMP/s80"; fail "no progress line with rate and ETA"; }
'
test_expect_success SCRIPT 'redrawn in place: carriage returns, no newline between updates' '
	[ "$(tr -cd "\r" <"$TESTTMP/t80" | wc -c)" -ge 7 ] || fail "fewer than 7 redraws" &&
	[ "$(grep -c "/7 runs" "$TESTTMP/t80")" -eq 1 ] || fail "the updates are on several lines"
'
test_expect_success SCRIPT 'the line is blanked at the end: the table starts clean' '
	tr "\r" "\n" <"$TESTTMP/t80" | grep -q "^task-clock" || fail "the table is not at a line start"
'
test_expect_success SCRIPT 'a warning during the runs starts its own line, blanked over the progress' '
	on_tty "$TESTTMP/tw" 80 "$RUN -i -- false" || : # exits non-zero: every run failed
	grep -q "going on (-i)" "$TESTTMP/tw" || fail "no warning of a failed run"
	if tr "\r" "\n" <"$TESTTMP/tw" | grep -E "[0-9]+/[0-9]+ runs.*abstat: "; then
		fail "a message after the progress text on one line"
	fi
'
test_expect_success SCRIPT 'a 40-column terminal: every line fits in 39 columns' '
	on_tty "$TESTTMP/t40" 40 "$RUN -- sleep 0.05" &&
	w=$(widest "$TESTTMP/t40") &&
	{ [ "$w" -gt 0 ] && [ "$w" -le 39 ] || { segments "$TESTTMP/t40"; fail "widest line $w"; }; } &&
	segments "$TESTTMP/t40" | grep -q "ETA" || fail "no ETA at 40 columns"
'
test_expect_success SCRIPT 'a long name on a 40-column terminal: the name is cut, not the count' '
	ln -s /bin/true "$TESTTMP/a-benchmark-with-a-very-long-name-indeed" &&
	on_tty "$TESTTMP/tl" 40 "$RUN -- $TESTTMP/a-benchmark-with-a-very-long-name-indeed" &&
	w=$(widest "$TESTTMP/tl") &&
	{ [ "$w" -le 39 ] || fail "widest line $w"; } &&
	segments "$TESTTMP/tl" | grep -Eq "^abstat: a-bench[a-z-]* [1-6]/7 runs( [0-9.]+(/s|s/run))? ETA" ||
		{ segments "$TESTTMP/tl"; fail "name not cut to fit"; }
'
test_expect_success SCRIPT 'a terminal with -q or --progress never: no progress line' '
	on_tty "$TESTTMP/tq" 80 "$RUN -q -- true" &&
	on_tty "$TESTTMP/tn" 80 "$RUN --progress never -- true" &&
	if segments "$TESTTMP/tq" | grep -q .; then fail "progress with -q"; fi &&
	if segments "$TESTTMP/tn" | grep -q .; then fail "progress with --progress never"; fi
'
test_expect_success 'not a terminal: no progress line; --progress always: there' '
	$RUN -- true >/dev/null 2>"$TESTTMP/e1" &&
	$RUN --progress always -- true >/dev/null 2>"$TESTTMP/e2" &&
	if segments "$TESTTMP/e1" | grep -q .; then fail "progress into a pipe"; fi &&
	segments "$TESTTMP/e2" | grep -q "^abstat: true [1-6]/7 runs" || fail "no progress with always"
'
test_expect_success '--progress always with -q: the line, and no warnings' '
	$RUN -q --progress always -- true >/dev/null 2>"$TESTTMP/e3" &&
	segments "$TESTTMP/e3" | grep -q "runs" &&
	if grep -q "warning" "$TESTTMP/e3"; then fail "warnings with -q"; fi
'
test_expect_success 'versus takes --progress too' '
	$ABSTAT versus -r 4 --warmup 0 -e task-clock --progress always true true \
		>/dev/null 2>"$TESTTMP/e4" &&
	segments "$TESTTMP/e4" | grep -q "/8 runs" || { cat "$TESTTMP/e4"; fail "no versus progress"; }
'
test_expect_success '--color always: colour into a pipe, also with NO_COLOR=1 and TERM=dumb' '
	ESC=$(printf "\033") &&
	NO_COLOR=1 TERM=dumb $ABSTAT compare --color always $G/base.json $G/slow.json >"$TESTTMP/c1" 2>/dev/null &&
	grep -q "$ESC\\[3[12]m" "$TESTTMP/c1" || fail "no colour with --color always"
'
test_expect_success SCRIPT '--color never: no colour on a terminal' '
	ESC=$(printf "\033") &&
	on_tty "$TESTTMP/c2" 80 "$ABSTAT compare --color never $G/base.json $G/slow.json" &&
	grep -q "task-clock/op" "$TESTTMP/c2" &&
	if grep -q "$ESC\\[" "$TESTTMP/c2"; then fail "colour with --color never"; fi
'
test_expect_success 'show and run take --color' '
	expect_exit 0 $ABSTAT show --color never $G/base.json &&
	expect_exit 0 $RUN -q --color never -- true
'
for o in progress color; do
	test_expect_success "--$o sometimes: usage error naming the values" '
		expect_exit 2 $RUN --$o sometimes -- true &&
		one_line_err && grep_err "never, auto or always"
	'
done
test_done
