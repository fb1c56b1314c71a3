# Saving never loses or clobbers a result: an unwritable output directory
# is refused before anything runs; an existing file is untouched without
# --force and replaced with it; no temporary file is left next to it.
test_lazy_prereq SETPRIV 'command -v setpriv'
marker=$TESTTMP/ran

test_expect_success 'a missing output directory: exit 5 before the workload runs' '
	expect_exit 5 "$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/missing/r.json" -- touch "$marker" &&
	one_line_err &&
	grep_err "missing" &&
	if [ -e "$marker" ]; then fail "the workload ran although the result could not be saved"; fi
'

# As nobody: abstat copied where nobody reaches it ($TESTTMP and the
# checkout may be 0700), a read-only directory for the result and a
# directory nobody may write for the marker (so a run would show).
test_expect_success ROOT,NOBODY,SETPRIV 'an unwritable output directory (as nobody): exit 5 before the workload runs' '
	pub=$(public_copy "$ABSTAT") &&
	mkdir "$pub/ro" "$pub/w" && chmod 555 "$pub/ro" && chmod 777 "$pub/w" &&
	expect_exit 5 setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups \
		"$pub/abstat" run -r 1 -e task-clock:u -o "$pub/ro/r.json" -- touch "$pub/w/ran" &&
	grep_err "/ro: Permission denied" &&
	if [ -e "$pub/w/ran" ]; then fail "workload ran with an unwritable output directory"; fi
'

test_expect_success 'an existing result: refused (exit 2 or 5), untouched, no journal' '
	echo precious >"$TESTTMP/p.json" || fail "cannot write p.json"
	"$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/p.json" -- true >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	[ $rc -eq 2 ] || [ $rc -eq 5 ] || fail "existing output: exit $rc, expected 2 (usage) or 5"
	one_line_err
	grep_err "p.json exists; (use|give) --force"
	[ "$(cat "$TESTTMP/p.json")" = precious ] || fail "existing result changed"
	[ ! -e "$TESTTMP/p.json.journal" ] || fail "journal left by a refused run"
'

test_expect_success '--force replaces it; journal and temporary file removed' '
	mkdir "$TESTTMP/f" && echo precious >"$TESTTMP/f/r.json" &&
	expect_exit 0 "$ABSTAT" run -r 2 -e task-clock -o "$TESTTMP/f/r.json" --force -- true &&
	{ [ "$(json "d[\"format\"]" "$TESTTMP/f/r.json")" = abstat-result ] || fail "--force did not replace"; } &&
	{ [ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$TESTTMP/f/r.json")" -ge 2 ] || fail "runs missing"; } &&
	{ [ ! -e "$TESTTMP/f/r.json.journal" ] || fail "journal not removed after saving"; } &&
	{ [ "$(ls -A "$TESTTMP/f")" = r.json ] || fail "temporary file left: $(ls -A "$TESTTMP/f")"; }
'
# mode follows the umask like any file the user writes
test_expect_success 'the mode follows the umask (022: 644, 077: 600)' '
	umask 022 &&
	expect_exit 0 "$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/m022.json" -- true &&
	{ [ "$(stat -c %a "$TESTTMP/m022.json")" = 644 ] || fail "umask 022: mode $(stat -c %a "$TESTTMP/m022.json")"; } &&
	umask 077 &&
	expect_exit 0 "$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/m077.json" -- true &&
	{ [ "$(stat -c %a "$TESTTMP/m077.json")" = 600 ] || fail "umask 077: mode $(stat -c %a "$TESTTMP/m077.json")"; }
'
test_done
