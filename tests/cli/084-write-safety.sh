# Saving never loses or clobbers a result: an unwritable output directory
# is refused before anything runs; an existing file is untouched without
# --force and replaced with it; no temporary file is left next to it.
marker=$TESTTMP/ran
expect_exit 5 "$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/missing/r.json" -- touch "$marker"
one_line_err
grep_err 'missing'
[ -e "$marker" ] && fail "the workload ran although the result could not be saved"

if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null 2>&1; then
	mkdir "$TESTTMP/ro" && chmod 555 "$TESTTMP/ro" && chmod 755 "$TESTTMP"
	expect_exit 5 setpriv --reuid=nobody --regid=nogroup --clear-groups \
		"$ABSTAT" run -r 1 -e task-clock:u -o "$TESTTMP/ro/r.json" -- touch "$marker"
	grep_err '/ro: Permission denied'
	[ -e "$marker" ] && fail "workload ran with an unwritable output directory"
fi

echo precious >"$TESTTMP/r.json"
"$ABSTAT" run -r 1 -e task-clock -o "$TESTTMP/r.json" -- true >"$TESTTMP/out" 2>"$TESTTMP/err"
rc=$?
[ $rc -eq 2 ] || [ $rc -eq 5 ] || fail "existing output: exit $rc, expected 2 (usage) or 5"
one_line_err
grep_err 'r.json exists; (use|give) --force'
[ "$(cat "$TESTTMP/r.json")" = precious ] || fail "existing result changed"
[ ! -e "$TESTTMP/r.json.journal" ] || fail "journal left by a refused run"

expect_exit 0 "$ABSTAT" run -r 2 -e task-clock -o "$TESTTMP/r.json" --force -- true
[ "$(json 'd["format"]' "$TESTTMP/r.json")" = abstat-result ] || fail "--force did not replace"
[ "$(json 'len(d["benchmarks"][0]["runs"])' "$TESTTMP/r.json")" -ge 2 ] || fail "runs missing"
[ ! -e "$TESTTMP/r.json.journal" ] || fail "journal not removed after saving"
ls -a "$TESTTMP" | grep -q '^\.r\.json\.' && fail "temporary file left: $(ls -a "$TESTTMP")"
# mode follows the umask like any file the user writes
[ "$(stat -c %a "$TESTTMP/r.json")" = 644 ] || [ "$(umask)" != 0022 ] || fail "mode $(stat -c %a "$TESTTMP/r.json")"
exit 0
