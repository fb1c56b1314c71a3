# abstat boots runs as root at every boot: a plan is root's alone. init
# and step refuse a DIR, or a file in it, that another user owns or may
# write (the fix said); a file in DIR is never written through (a log
# is made afresh and renamed into place: a planted link or hard link
# keeps its target); plan.json is checked on load with init's limits
# (labels, limit_s, the number of boots, its size), and nothing from it
# reaches a terminal raw. --method cmd and a fake /proc: nothing reboots.
# tags: alone sanitize
boots_setup
plan() {
	$ABSTAT boots init "$1" A=/boot/vmlinuz-6.1.0-a B=/boot/vmlinuz-6.12.0-b \
		-k 2 --method cmd --next "$TESTTMP/next" -- -q -r 2 -e task-clock -- true 2>/dev/null
}
need_root

test_expect_success 'init refuses a DIR writable by others, with the fix' '
	mkdir "$TESTTMP/open" && chmod 1777 "$TESTTMP/open" &&
	expect_exit 2 $ABSTAT boots init "$TESTTMP/open" A=/boot/vmlinuz-1 B=/boot/vmlinuz-2 \
		--method cmd --next true -- -w getppid &&
	grep_err "^abstat: error: boots init: .*/open is writable by others \\(mode 1777\\): anyone could rewrite the plan root runs; chmod go-w" &&
	[ ! -e "$TESTTMP/open/plan.json" ]
'
test_expect_success 'step refuses a plan DIR made writable by others: nothing runs' '
	P=$TESTTMP/p1 && plan "$P" && boots_as 6.1.0-a id0 &&
	chmod o+w "$P" &&
	expect_exit 2 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "p1 is writable by others \\(mode 0757\\)" &&
	[ ! -e "$TESTTMP/next.log" ] &&
	chmod o-w "$P" && expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(cat "$TESTTMP/next.log")" = "1 A" ]
'
test_expect_success 'step refuses a plan under a directory others may write (no sticky bit)' '
	mkdir "$TESTTMP/up" && P=$TESTTMP/up/p && plan "$P" && : >"$TESTTMP/next.log" &&
	chmod 0777 "$TESTTMP/up" &&
	expect_exit 2 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "/up, above .*/up/p, is writable by others \\(mode 0777\\): anyone could put another plan in its place" &&
	[ ! -s "$TESTTMP/next.log" ] &&
	chmod 1777 "$TESTTMP/up" && expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(cat "$TESTTMP/next.log")" = "1 A" ]
'
test_expect_success 'step refuses a plan.json another user owns, or a group-writable one' '
	P=$TESTTMP/p2 && plan "$P" && : >"$TESTTMP/next.log" &&
	chown nobody "$P/plan.json" &&
	expect_exit 2 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "plan.json is owned by uid [0-9]+, not by uid 0 who runs the plan: .*; chown 0 " &&
	chown 0 "$P/plan.json" && chmod g+w "$P/plan.json" &&
	expect_exit 2 $ABSTAT boots step "$P" && grep_err "plan.json is writable by others \\(mode 0664\\)" &&
	[ ! -s "$TESTTMP/next.log" ]
'
test_expect_success 'a planted log symlink is refused, its target untouched' '
	P=$TESTTMP/p3 && plan "$P" && boots_as 6.1.0-a id0 && $ABSTAT boots step "$P" 2>/dev/null &&
	echo secret >"$TESTTMP/victim" && chmod 600 "$TESTTMP/victim" &&
	ln -s "$TESTTMP/victim" "$P/boot-01-A.log" &&
	boots_as 6.1.0-a id1 && expect_exit 2 $ABSTAT boots step "$P" &&
	grep_err "boot-01-A.log is a symbolic link: a plan.s files are its own, never links; remove it" &&
	[ "$(cat "$TESTTMP/victim")" = secret ] &&
	[ "$(json "d[\"boots\"][0][\"state\"]" "$P/plan.json")" = booting ]
'
test_expect_success 'a planted hard link is not written through: the log is made afresh' '
	P=$TESTTMP/p3 && rm "$P/boot-01-A.log" &&
	ln "$TESTTMP/victim" "$P/boot-01-A.log" && ln "$TESTTMP/victim" "$P/boot-01-A.doctor.txt" &&
	expect_exit 0 $ABSTAT boots step "$P" &&
	[ "$(cat "$TESTTMP/victim")" = secret ] && [ "$(stat -c %h "$TESTTMP/victim")" = 1 ] &&
	[ -s "$P/boot-01-A.doctor.txt" ] && [ -f "$P/boot-01-A.json" ] &&
	! ls "$P" | grep -q "XXXXXX\\|\\.log\\.\\|plan\\.json\\."
'
test_expect_success 'plan.json re-checked on load: a label that leaves DIR' '
	P=$TESTTMP/p4 && plan "$P" &&
	boots_edit "$P" "d[\"sides\"][0][\"label\"] = \"x/../../escaped\"; [b.update(side=\"x/../../escaped\") for b in d[\"boots\"][::2]]" &&
	expect_exit 2 $ABSTAT boots step "$P" && one_line_err &&
	grep_err "not a plan of this abstat \\(side 1.s label is not letters, digits and . _ \\+ -\\); write a new one" &&
	[ ! -e "$TESTTMP/escaped" ] && ! ls "$TESTTMP" | grep -q escaped
'
test_expect_success 'plan.json re-checked on load: limit_s 0, a side unknown, 1 boot' '
	P=$TESTTMP/p5 && plan "$P" && cp "$P/plan.json" "$TESTTMP/good" &&
	boots_edit "$P" "d[\"limit_s\"] = 0" &&
	expect_exit 2 $ABSTAT boots step "$P" && grep_err "limit_s 0 is not 1 to 864000" &&
	cp "$TESTTMP/good" "$P/plan.json" && boots_edit "$P" "d[\"boots\"][1][\"side\"] = \"C\"" &&
	expect_exit 2 $ABSTAT boots status "$P" && grep_err "not a plan of this abstat" &&
	cp "$TESTTMP/good" "$P/plan.json" && boots_edit "$P" "d[\"boots\"] = d[\"boots\"][:1]" &&
	expect_exit 2 $ABSTAT boots status "$P" && grep_err "1 boots, 1 of side A: not K of each side"
'
test_expect_success 'a plan.json of 2,000,000 boots is refused by its size, at once' '
	P=$TESTTMP/p6 && plan "$P" &&
	boots_edit "$P" "d[\"boots\"] = [dict(d[\"boots\"][i % 2], boot=i + 1) for i in range(2000000)]" &&
	start=$(date +%s) &&
	expect_exit 2 $ABSTAT boots status "$P" && one_line_err &&
	grep_err "not a plan \\(not a regular file of at most 1048576 bytes\\)" &&
	[ $(($(date +%s) - start)) -le 2 ]
'
test_expect_success 'no terminal control from plan.json reaches the terminal' '
	P=$TESTTMP/p7 && plan "$P" &&
	boots_edit "$P" "d[\"boots\"][0][\"note\"] = \"\\x1b]0;owned\\x07 \\u009b2J\"; d[\"stopped\"] = \"\\x1b[31mred\"" &&
	expect_exit 1 $ABSTAT boots step "$P" && expect_exit 0 $ABSTAT boots status "$P" &&
	! LC_ALL=C grep -q "$(printf "[\\001-\\010\\016-\\037\\177]")" "$TESTTMP/out" "$TESTTMP/err" &&
	! grep -q "$(printf "\\302\\233")" "$TESTTMP/out" &&
	grep_out "\\\\x1b\\]0;owned\\\\x07" &&
	boots_edit "$P" "d[\"sides\"][1][\"kernel\"] = \"/boot/\\x1b[2Jk\"" &&
	expect_exit 2 $ABSTAT boots status "$P" && grep_err "side B: an empty name or a control character"
'
test_expect_success 'step --dry-run quotes each ABSTAT_BOOTS_ word as sh reads it' '
	P=$TESTTMP/p8 &&
	$ABSTAT boots init "$P" off=/boot/vmlinuz-6.1.0-a on=/boot/vmlinuz-6.1.0-a -k 1 \
		--cmdline-a "ro quiet" --cmdline-b "ro quiet kpti=1" --method cmd \
		--next "echo \"\$ABSTAT_BOOTS_CMDLINE\"" -- -w getppid 2>/dev/null &&
	expect_exit 0 $ABSTAT boots step --dry-run "$P" &&
	grep_out "^ABSTAT_BOOTS_KERNEL=/boot/vmlinuz-6.1.0-a ABSTAT_BOOTS_INITRD=${Q:-}.. ABSTAT_BOOTS_CMDLINE=.ro quiet. ABSTAT_BOOTS_SIDE=off " &&
	[ "$(sh -c "$(cat "$TESTTMP/out")")" = "ro quiet" ]
'
test_done
