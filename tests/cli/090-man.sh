# Man pages: groff -ww clean; every long option in 'abstat CMD --help' is in
# man/abstat-CMD.1 and every long option of its OPTIONS section is in
# --help; the pages render within 80 columns.
test_lazy_prereq GROFF 'command -v groff'
test_lazy_prereq GROFF_COL 'command -v groff && command -v col'

for m in man/*.[157]; do
	test_expect_success GROFF "${m#man/}: clean under groff -ww" '
		groff -ww -man -Tutf8 "$m" 2>"$TESTTMP/w" >/dev/null || fail "$m: groff failed"
		if [ -s "$TESTTMP/w" ]; then cat "$TESTTMP/w"; fail "$m: groff warnings"; fi
	'
	test_expect_success GROFF_COL "${m#man/}: renders within 80 columns" '
		MANWIDTH=80 groff -man -Tascii -rLL=78n "$m" 2>/dev/null | col -b >"$TESTTMP/r" &&
		[ -s "$TESTTMP/r" ] || fail "$m: renders empty"
		awk -v m="$m" "length > 80 { print m \": \" \$0; bad=1 } END { exit bad }" "$TESTTMP/r" ||
			fail "$m: wider than 80 columns"
	'
done

# The commands are those of abstat --help (abstat_commands, tests/lib.sh),
# so a new command is checked with no line here; its page is the one its
# --help names ("See abstat-CMD(N).").
commands=$(abstat_commands)
test_expect_success 'the commands are read from abstat --help' '
	[ "$(echo "$commands" | wc -w)" -ge 10 ] || fail "commands: $commands" &&
	echo " $commands " | tr "\n" " " | grep -q " boots " || fail "no boots in: $commands"
'
# page CMD: the man page 'abstat CMD --help' names
page() {
	$ABSTAT $1 --help | sed -n "s/^See \(abstat-$1\)(\([0-9]\))\.\$/man\/\1.\2/p"
}
# opts CMD: the long options of 'abstat CMD --help' ($TESTTMP/help) and of
# the OPTIONS section of its man page (roff escapes \- removed,
# $TESTTMP/man), one a line, sorted
opts() {
	page=$(page $1)
	[ -n "$page" ] || fail "abstat $1 --help names no man page"
	[ -f "$page" ] || fail "no man page $page"
	$ABSTAT $1 --help | grep -oE -- '^ +(-[a-zA-Z], )?--[a-z][a-z-]+' |
		grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/help"
	[ -s "$TESTTMP/help" ] || fail "no options parsed from abstat $1 --help"
	sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed 's/\\-/-/g; s/\\f[BIR]//g' |
		grep -E '^\.(TP|B|BR|BI|IP)|^-' -A1 | grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/man"
}
for cmd in $commands; do
	test_expect_success "abstat $cmd has its man page" '
		p=$(page $cmd) && [ -n "$p" ] || fail "abstat $cmd --help names no man page" &&
		[ -f "$p" ] || fail "abstat $cmd: no man page $p"
	'
	# the workloads' page (section 7) is about the workloads, and the
	# command has no option but --help
	[ "$cmd" = workloads ] && continue
	test_expect_success "$cmd: its page documents every option of $cmd --help" '
		opts $cmd &&
		missing=$(comm -23 "$TESTTMP/help" "$TESTTMP/man" | tr "\n" " ") &&
		{ [ -z "$missing" ] || fail "$page lacks options from --help: $missing"; }
	'
	test_expect_success "$cmd: its page documents no option $cmd --help lacks" '
		opts $cmd &&
		extra=$(comm -13 "$TESTTMP/help" "$TESTTMP/man" | tr "\n" " ") &&
		{ [ -z "$extra" ] || fail "$page documents options --help lacks: $extra"; }
	'
done
# abstat(1) describes the commands it names (a command's own page is
# its man page, so a new command needs no line in abstat.1), and names
# no command that abstat --help lacks
test_expect_success 'abstat.1 names only commands of abstat --help' '
	sed -n "/^\.SH COMMANDS/,/^\.SH /p" man/abstat.1 | sed -n "/^\.TP/{n;p}" |
		sed -n "s/^\.B \([a-z]*\)\$/\1/p" >"$TESTTMP/named" &&
	[ "$(wc -l <"$TESTTMP/named")" -ge 10 ] || fail "abstat.1: too few commands read: $(cat "$TESTTMP/named")" &&
	for cmd in $(cat "$TESTTMP/named"); do
		echo " $commands " | tr "\n" " " | grep -q " $cmd " ||
			fail "abstat.1 describes $cmd, which abstat --help lacks"
	done
'
# import's sources (import.h's table, read as the completion reads it:
# abstat_first, tests/lib.sh): a subsection each in abstat-import.1, so a
# new source is checked with no line here
sources=$(abstat_first import)
test_expect_success 'the import sources are read from abstat --complete import' '
	[ "$(echo "$sources" | wc -w)" -ge 2 ] || fail "sources: $sources"
'
for s in $sources; do
	test_expect_success "import $s has its section in abstat-import.1" '
		sed "s/\\\\-/-/g" man/abstat-import.1 | grep -qx "\.SS $s" ||
			fail "no section .SS $s in man/abstat-import.1"
	'
done
test_expect_success 'abstat.1 points at abstat --help for every command' '
	sed -n "/^\.SH COMMANDS/,/^\.TP/p" man/abstat.1 | grep -q "help" ||
		fail "abstat.1: COMMANDS does not point at abstat --help"
'
test_done
