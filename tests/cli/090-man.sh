# Man pages: groff -ww clean; every long option in 'abstat CMD --help' is in
# man/abstat-CMD.1 and every long option of its OPTIONS section is in
# --help; the pages render within 80 columns.
test_lazy_prereq GROFF 'command -v groff'
test_lazy_prereq GROFF_COL 'command -v groff && command -v col'

for m in man/*.[157]; do
	test_expect_success GROFF "${m#man/}: clean under groff -ww" '
		groff -ww -man -Tutf8 "$m" 2>"$TESTTMP/w" >/dev/null
		if [ -s "$TESTTMP/w" ]; then cat "$TESTTMP/w"; fail "$m: groff warnings"; fi
	'
	test_expect_success GROFF_COL "${m#man/}: renders within 80 columns" '
		MANWIDTH=80 groff -man -Tascii -rLL=78n "$m" 2>/dev/null | col -b >"$TESTTMP/r" &&
		[ -s "$TESTTMP/r" ] || fail "$m: renders empty"
		awk -v m="$m" "length > 80 { print m \": \" \$0; bad=1 } END { exit bad }" "$TESTTMP/r" ||
			fail "$m: wider than 80 columns"
	'
done

# opts CMD: the long options of 'abstat CMD --help' ($TESTTMP/help) and of
# the OPTIONS section of man/abstat-CMD.1 (roff escapes \- removed,
# $TESTTMP/man), one a line, sorted
opts() {
	page=man/abstat-$1.1
	[ -f "$page" ] || fail "no man page $page"
	$ABSTAT $1 --help | grep -oE -- '^ +(-[a-zA-Z], )?--[a-z][a-z-]+' |
		grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/help"
	[ -s "$TESTTMP/help" ] || fail "no options parsed from abstat $1 --help"
	sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed 's/\\-/-/g; s/\\f[BIR]//g' |
		grep -E '^\.(TP|B|BR|BI|IP)|^-' -A1 | grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/man"
}
for cmd in run versus compare show plot list doctor recover flame import profile bisect; do
	test_expect_success "abstat-$cmd.1 documents every option of $cmd --help" '
		opts $cmd &&
		missing=$(comm -23 "$TESTTMP/help" "$TESTTMP/man" | tr "\n" " ") &&
		{ [ -z "$missing" ] || fail "$page lacks options from --help: $missing"; }
	'
	test_expect_success "abstat-$cmd.1 documents no option $cmd --help lacks" '
		opts $cmd &&
		extra=$(comm -13 "$TESTTMP/help" "$TESTTMP/man" | tr "\n" " ") &&
		{ [ -z "$extra" ] || fail "$page documents options --help lacks: $extra"; }
	'
done
# the top-level help lists every command, and abstat(1) describes each
for cmd in run versus compare show plot list doctor workloads recover flame import profile bisect; do
	test_expect_success "abstat --help and abstat.1 list $cmd" '
		$ABSTAT --help >"$TESTTMP/top" &&
		{ grep -q "^  $cmd " "$TESTTMP/top" || fail "--help lacks $cmd"; } &&
		{ grep -q "^\.B $cmd\$" man/abstat.1 || fail "abstat.1 lacks $cmd"; }
	'
done
test_done
