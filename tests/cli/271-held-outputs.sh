# No output names a file another session holds (issue 27, D1): a live
# session's journal, or its output (where it publishes at its end), is
# refused as the -o of run, import, recover, flame, plot and versus, also
# with --force (exit 2, one line naming the session's pid), and the
# session goes on as if nothing happened: its journal keeps its inode and
# lock, and after SIGKILL recover has its runs. A journal nobody holds
# (a session cut off) is no output either: recover it or remove it.
#
# Two live sessions, started here; a trap kills them (by pid) and waits,
# also when a case fails.
cd "$TESTTMP" || fail "no TESTTMP"
out=$TESTTMP/live.txt
jr=$out.journal
vs=$TESTTMP/v-A.json
"$ABSTAT" run -q -r 100000 --warmup 0 -e task-clock -o "$out" -- sleep 0.02 \
	>live.out 2>live.err &
live=$!
"$ABSTAT" run -q -r 100000 --warmup 0 -e task-clock -o "$vs" -- sleep 0.02 \
	>v.out 2>v.err &
live2=$!
trap 'kill -9 $live $live2 2>/dev/null; wait $live $live2 2>/dev/null' EXIT
i=0
while { [ "$(cat "$jr" 2>/dev/null | wc -l)" -lt 2 ] ||
	[ "$(cat "$vs.journal" 2>/dev/null | wc -l)" -lt 2 ]; } && [ $i -lt 600 ]; do
	kill -0 $live 2>/dev/null && kill -0 $live2 2>/dev/null || break
	i=$((i + 1))
	sleep 0.05
done
ino=$(stat -c %i "$jr" 2>/dev/null)
head1=$(head -n 1 "$jr" 2>/dev/null | cksum)
cp "$TOP/tests/fuzz/corpus/journal/ok-plain.journal" old.journal
cp "$TOP/tests/fuzz/corpus/result/ok-plain.json" ok.json
printf 'main;a 3\nmain 1\n' >x.folded
gob=$TOP/tests/fixtures/import/gobench.txt

# untouched: the same inode, header and lock, and the session goes on
untouched() {
	kill -0 $live || { cat live.err; fail "the live session ended"; }
	[ "$(stat -c %i "$jr")" = "$ino" ] || fail "the journal was replaced"
	[ "$(head -n 1 "$jr" | cksum)" = "$head1" ] || fail "the header changed"
	if flock -n -s "$jr" true; then fail "the journal lost its lock"; fi
	[ ! -e "$out" ] || fail "a file was published at the live session's output"
}
# refused: exit 2, one line naming the held file and the live pid
refused() {
	one_line_err &&
	grep_err "${1##*/} is in use: a live session \\(pid $2\\) is writing the same output" &&
	untouched
}

test_expect_success 'the live sessions journal their runs' '
	kill -0 $live && kill -0 $live2 || { cat live.err v.err; fail "a live session ended"; }
	[ -n "$ino" ] && [ "$(wc -l <"$jr")" -ge 2 ] || fail "no run journaled"
'
# each command, its output naming the live journal (the issue's run first)
# and then the file the live session publishes at its end
for target in JOURNAL OUTPUT; do
	for cmd in "run -q -r 2 -e task-clock" "import gobench $gob" \
		"recover old.journal" "flame --import folded x.folded --format folded"; do
		[ $target = OUTPUT ] && [ "${cmd%% *}" = run ] && continue # 087
		test_expect_success "${cmd%% *} -o $target --force: exit 2, the journal untouched" '
			o=$jr; [ '$target' = OUTPUT ] && o=$out
			set -- '"$cmd"' -o "$o" --force
			[ "$1" = run ] && set -- "$@" -- /bin/true
			expect_exit 2 "$ABSTAT" "$@" &&
			refused "$jr" $live
		'
	done
done
test_expect_success GNUPLOT 'plot -o OUTPUT --force: exit 2' '
	expect_exit 2 "$ABSTAT" plot -q ok.json -o "$out" --force &&
	refused "$jr" $live
'
test_expect_success 'versus -o PREFIX --force, PREFIX-A.json a live output: exit 2' '
	expect_exit 2 "$ABSTAT" versus -q -r 1 -e task-clock -o "$TESTTMP/v" --force \
		-- /bin/true /bin/true &&
	one_line_err &&
	grep_err "v-A.json.journal is in use: a live session \\(pid $live2\\)" &&
	{ [ ! -e "$TESTTMP/v-B.json" ] || fail "versus wrote a side"; } &&
	untouched
'
test_expect_success 'without --force the reason is the same (not "use --force")' '
	expect_exit 2 "$ABSTAT" import gobench "$gob" -o "$jr" &&
	refused "$jr" $live &&
	if grep -q "use --force" err; then fail "advises --force"; fi
'
# the sessions end out here: a case body is a subshell, which cannot wait
kill -INT $live2; wait $live2; echo $? >v.rc
test_expect_success 'interrupted, the second session publishes its runs (exit 130)' '
	[ "$(cat v.rc)" -eq 130 ] || { cat v.err; fail "exit $(cat v.rc), expected 130"; }
	[ "$(json "d[\"status\"]" "$vs")" = interrupted ] || fail "status"
	[ "$(json "len(d[\"benchmarks\"][0][\"runs\"])" "$vs")" -ge 1 ] || fail "no runs"
	[ ! -e "$vs.journal" ] || fail "journal left"
'
kill -9 $live; wait $live 2>/dev/null
test_expect_success 'killed (SIGKILL), the first session is recovered: every run journaled' '
	n=$(($(wc -l <"$jr") - 1)) &&
	expect_exit 0 "$ABSTAT" recover "$jr" -o rec.json &&
	[ "$(json "d[\"status\"]" rec.json)" = partial ] || fail "not partial"
	got=$(json "len(d[\"benchmarks\"][0][\"runs\"])" rec.json)
	# the last line may have been cut by the kill
	[ "$got" -ge $((n - 1)) ] && [ "$got" -ge 1 ] || fail "$got runs of $n lines"
'
test_expect_success 'a cut-off journal is no output either, even with --force: exit 2' '
	for cmd in "import gobench $gob" "recover old.journal" \
		"flame --import folded x.folded --format folded"; do
		expect_exit 2 "$ABSTAT" $cmd -o "$jr" --force &&
		one_line_err &&
		grep_err "is the journal of a session that was cut off, never an output.*abstat recover" ||
			exit 1
	done
	[ "$(stat -c %i "$jr")" = "$ino" ] || fail "the journal was replaced"
	expect_exit 0 "$ABSTAT" recover "$jr" -o rec2.json
'
test_done
