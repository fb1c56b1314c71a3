# Every command's --help, and abstat --help, fits in 80 columns, plain
# ASCII (issue 37: the boots and profile usages, --unit-dir's default ran
# past it): long usages wrap at spaces, a default that does not fit goes
# on a line of its own. The commands are those abstat --complete lists.
cmds=$("$ABSTAT" --complete | grep -v '^-')
test_expect_success 'abstat --complete lists the commands' '
	[ "$(echo "$cmds" | wc -l)" -ge 10 ] || fail "too few commands: $cmds"
'
for c in "" $cmds; do
	test_expect_success "abstat $c --help: 80 columns, ASCII" '
		"$ABSTAT" $c --help >"$TESTTMP/out" 2>&1 || fail "exit $?" &&
		width_ascii "$TESTTMP/out" 80
	'
done
test_expect_success 'a wrapped usage keeps every word' '
	"$ABSTAT" profile --help | head -n 2 | tr -s " \\n" "  " >"$TESTTMP/u" &&
	grep -qF "usage: abstat profile [OPTIONS] (-- COMMAND [ARG...] | -w WORKLOAD[,...] | -s SUITE) -o FILE" "$TESTTMP/u" ||
		{ cat "$TESTTMP/u"; fail "words lost"; }
'
test_expect_success 'boots: a usage line per verb' '
	"$ABSTAT" boots --help | sed -n "1,/^  [a-z]/p" >"$TESTTMP/u" &&
	for v in $(abstat_first boots); do
		grep -qE "^(usage:|      ) abstat boots $v( |\$)" "$TESTTMP/u" ||
			fail "no usage line for boots $v" || exit 1
	done
'
test_done
