# Publishing never replaces anything but a regular file: --force on a
# device node, FIFO, directory or symbolic link is refused with one line
# naming what is there, and the thing is left as it was; the journal is
# never opened through a planted symlink. Everything here is private to
# $TESTTMP (the device node is a private copy of /dev/null's numbers).
test_lazy_prereq MKNOD '[ "$(id -u)" -eq 0 ] && mknod "$TESTTMP/.probe" c 1 3 && rm -f "$TESTTMP/.probe"'
ok=tests/fuzz/corpus/result/ok-plain.json
j=tests/fuzz/corpus/journal/ok-plain.journal
d=$TESTTMP/things
mkdir "$d"
mkfifo "$d/fifo"
mkdir "$d/dir"
echo secret >"$d/target"
ln -s target "$d/link"
# kind FILE: what stat says it is, to check it was left as it was
kind() { stat -c %F "$1"; }

for what in fifo dir link; do
	test_expect_success "run -o $what --force: exit 2, one line naming it, left as it was" '
		before=$(kind "$d/$what") &&
		expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/$what" --force -- true &&
		one_line_err &&
		grep_err "$what is a (FIFO|directory|symbolic link); abstat replaces only a regular file" &&
		{ [ "$(kind "$d/$what")" = "$before" ] || fail "$what became $(kind "$d/$what")"; } &&
		{ [ "$(cat "$d/target")" = secret ] || fail "the link target changed"; }
	'
	test_expect_success "recover -o $what --force: exit 2, one line, left as it was" '
		before=$(kind "$d/$what") &&
		expect_exit 2 "$ABSTAT" recover "$j" -o "$d/$what" --force &&
		one_line_err &&
		grep_err "$what is a" &&
		{ [ "$(kind "$d/$what")" = "$before" ] || fail "$what became $(kind "$d/$what")"; }
	'
done
test_expect_success MKNOD 'run -o DEVICE --force (a private c 1 3 node): refused, still a device' '
	mknod "$d/null" c 1 3 &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/null" --force -- true &&
	one_line_err &&
	grep_err "null is a character device" &&
	{ [ -c "$d/null" ] || fail "the device node was replaced"; }
'
test_expect_success MKNOD 'recover and plot -o DEVICE --force: refused, still a device' '
	[ -c "$d/null" ] || mknod "$d/null" c 1 3 || fail "cannot make $d/null"
	expect_exit 2 "$ABSTAT" recover "$j" -o "$d/null" --force &&
	grep_err "character device" &&
	mknod "$d/null.gp" c 1 3 &&
	expect_exit 2 "$ABSTAT" plot "$ok" -o "$d/null.gp" --force &&
	one_line_err &&
	grep_err "null.gp is a character device" &&
	{ [ -c "$d/null" ] && [ -c "$d/null.gp" ] || fail "a device node was replaced"; }
'
test_expect_success 'plot -o X.gp --force over a symlinked X.dat: refused, target untouched' '
	ln -s target "$d/p.dat" &&
	expect_exit 2 "$ABSTAT" plot "$ok" -o "$d/p.gp" --force &&
	one_line_err &&
	grep_err "p.dat is a symbolic link" &&
	{ [ -L "$d/p.dat" ] && [ "$(cat "$d/target")" = secret ] || fail "link or target changed"; }
'
test_expect_success 'plot -o DIR.txt --force: refused naming the directory' '
	mkdir "$d/c.txt" &&
	expect_exit 2 "$ABSTAT" plot "$ok" -o "$d/c.txt" --force &&
	one_line_err &&
	grep_err "c.txt is a directory"
'
test_expect_success 'versus -o PREFIX --force over a FIFO side file: refused' '
	mkfifo "$d/v-A.json" &&
	expect_exit 2 "$ABSTAT" versus -q -r 1 -e task-clock -o "$d/v" --force true true &&
	grep_err "v-A.json is a FIFO" &&
	{ [ -p "$d/v-A.json" ] || fail "the FIFO was replaced"; }
'
# the issue's reproducer: a journal symlinked to a file only root may write
test_expect_success 'a planted FILE.journal symlink is refused, never written through (even --force)' '
	echo precious >"$d/root-only" && chmod 600 "$d/root-only" &&
	ln -s root-only "$d/res.json.journal" &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/res.json" --force -- true &&
	one_line_err &&
	grep_err "res.json.journal is a symbolic link, not a journal; abstat never writes through it" &&
	{ [ "$(cat "$d/root-only")" = precious ] || fail "the link target was written"; } &&
	{ [ ! -e "$d/res.json" ] || fail "a result appeared"; }
'
test_expect_success 'a FILE.journal directory or FIFO is refused too' '
	mkdir "$d/r2.json.journal" && mkfifo "$d/r3.json.journal" &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/r2.json" --force -- true &&
	grep_err "r2.json.journal is a directory" &&
	expect_exit 2 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/r3.json" --force -- true &&
	grep_err "r3.json.journal is a FIFO"
'
test_expect_success '--force still replaces a regular file and an earlier session'"'"'s journal' '
	echo old >"$d/reg.json" && cp "$j" "$d/reg.json.journal" &&
	expect_exit 0 "$ABSTAT" run -q -r 1 -e task-clock -o "$d/reg.json" --force -- true &&
	{ [ "$(json "d[\"format\"]" "$d/reg.json")" = abstat-result ] || fail "not replaced"; } &&
	{ [ ! -e "$d/reg.json.journal" ] || fail "journal left"; }
'
test_expect_success 'no temporary file is left next to a refused output' '
	leftovers=$(ls -A "$d" | grep "XXXXXX\|^\.") || true
	[ -z "$leftovers" ] || fail "left behind: $leftovers"
'
test_done
