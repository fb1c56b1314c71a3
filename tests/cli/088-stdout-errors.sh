# Every write to stdout is checked: a table, list or help that does not
# reach its reader (/dev/full, the kernel's always-full device, only
# written to here; or a full private file system where one can be made)
# is exit 5 with one error line, never a silent success.
# tags: sanitize
ok=tests/fuzz/corpus/result/ok-plain.json
test_lazy_prereq DEVFULL '[ -c /dev/full ] && [ -w /dev/full ]'
test_lazy_prereq TMPFS '[ "$(id -u)" -eq 0 ] && command -v unshare && unshare --mount true'

for cmd in "show $ok" "compare $ok $ok" "compare --format json $ok $ok" \
	"compare --format csv $ok $ok" "compare --format mail $ok $ok" \
	"list" "workloads" "--help" "show --help"; do
	test_expect_success DEVFULL "abstat $cmd >/dev/full: exit 5, one line" '
		"$ABSTAT" $cmd >/dev/full 2>"$TESTTMP/err"; rc=$?
		[ $rc -eq 5 ] || { cat "$TESTTMP/err"; fail "exit $rc, expected 5"; }
		{ grep -v "warning" "$TESTTMP/err" || :; } >"$TESTTMP/err1" &&
			mv "$TESTTMP/err1" "$TESTTMP/err" || fail "cannot filter stderr"
		one_line_err
		grep_err "cannot write"
	'
done
test_expect_success DEVFULL 'run -o FILE >/dev/full: exit 5, the result is saved all the same' '
	"$ABSTAT" run -q -r 1 -e task-clock -o "$TESTTMP/r.json" -- true >/dev/full 2>"$TESTTMP/err"; rc=$?
	[ $rc -eq 5 ] || { cat "$TESTTMP/err"; fail "exit $rc"; }
	one_line_err
	grep_err "cannot write to standard output"
	[ "$(json "d[\"status\"]" "$TESTTMP/r.json")" = complete ] || fail "result not saved"
'
# the issue's reproducer: compare > full/cmp.json on a full file system
# (a 64 KiB tmpfs in a private mount namespace, filled first)
test_expect_success TMPFS 'compare --format json a b > full/cmp.json: exit 5, not an empty success' '
	mkdir "$TESTTMP/full" &&
	unshare --mount sh -c "
		mount -t tmpfs -o size=64k tmpfs \"$TESTTMP/full\" &&
		{ dd if=/dev/zero of=\"$TESTTMP/full/fill\" bs=4k 2>/dev/null; true; } &&
		\"$ABSTAT\" compare --format json $ok $ok >\"$TESTTMP/full/cmp.json\" 2>\"$TESTTMP/err\"
		echo \$? >\"$TESTTMP/rc\"
	" &&
	{ [ "$(cat "$TESTTMP/rc")" = 5 ] || { cat "$TESTTMP/err"; fail "exit $(cat "$TESTTMP/rc"), expected 5"; }; } &&
	grep_err "cannot write to standard output: No space left on device"
'
test_expect_success 'a good stdout is still exit 0' '
	expect_exit 0 "$ABSTAT" show "$ok" &&
	grep_out task-clock
'
test_done
