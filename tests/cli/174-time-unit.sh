# Human time units in the tables (#20): a time row (unit ns) in ns, us, ms
# or s chosen per row so its numbers read well; --time-unit fixes one (run,
# show, compare, versus); other rows and the csv/json numbers unchanged.
# tags: sanitize
G=$TOP/tests/golden

test_expect_success 'compare, default: each time row in its own unit' '
	expect_exit 0 "$ABSTAT" compare $G/base.json $G/slow.json &&
	grep_out "^task-clock +202[.]1ms " && grep_out "^ns/op +1[.]009us " &&
	grep_out "^page-faults +58 " && nogrep_out "[0-9]M "
'
for u in ns us ms s; do
	test_expect_success "compare --time-unit $u: every time row in $u" '
		expect_exit 0 "$ABSTAT" compare --time-unit '"$u"' --metric wall,ns/op,page-faults $G/base.json $G/slow.json &&
		grep_out "^wall +[0-9.e+-]+[kM]?'"$u"' " && grep_out "^ns/op +[0-9.e+-]+[kM]?'"$u"' " &&
		grep_out "^page-faults +58 "
	'
done
test_expect_success 'show --time-unit us: the unit column says us, values scaled' '
	expect_exit 0 "$ABSTAT" show --time-unit us $G/base.json &&
	grep_out "^wall +202[.]2k +.* 10 us$" && grep_out "^ns/op +1[.]009 .* 10 us$" &&
	grep_out "^maxrss +1[.]398 .* MiB$" # 1432 kB: a size, not a time
'
test_expect_success 'show, default: wall in ms, ns/op in us' '
	expect_exit 0 "$ABSTAT" show $G/base.json &&
	grep_out "^wall +202[.]2 .* 10 ms$" && grep_out "^ns/op +1[.]009 .* 10 us$"
'
test_expect_success 'csv and json keep nanoseconds at full precision' '
	expect_exit 0 "$ABSTAT" compare --time-unit s --format csv --metric wall $G/base.json $G/slow.json &&
	grep_out "^getppid,wall,ns,0,defconfig,10,2[0-9]{8}[.]?[0-9]*," &&
	expect_exit 0 "$ABSTAT" show --time-unit s --format json $G/base.json &&
	nogrep_out "\"unit\": \"s\""
'
test_expect_success '--time-unit min: exit 2, one line with the choices' '
	expect_exit 2 "$ABSTAT" compare --time-unit min $G/base.json $G/slow.json &&
	one_line_err && grep_err "ns, us, ms or s"
'
test_expect_success 'run --time-unit ms: the table in ms' '
	expect_exit 0 "$ABSTAT" run -q -r 2 --time-unit ms -e task-clock -- /bin/true &&
	grep_out "^task-clock +[0-9.]+ .* ms$" && grep_out "^wall +[0-9.]+ .* ms$"
'
test_expect_success 'versus --time-unit us: its table in us' '
	expect_exit 0 "$ABSTAT" versus -q -r 4 --time-unit us -e task-clock /bin/true /bin/true &&
	grep_out "^task-clock +[0-9.]+k?us "
'
test_done
