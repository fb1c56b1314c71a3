# Man pages: groff -ww clean; every long option in 'abstat CMD --help' is in
# man/abstat-CMD.1 and every long option of its OPTIONS section is in
# --help; the pages render within 80 columns.
need_cmd groff
for m in man/*.[157]; do
	groff -ww -man -Tutf8 "$m" 2>"$TESTTMP/w" >/dev/null
	[ -s "$TESTTMP/w" ] && { cat "$TESTTMP/w"; fail "$m: groff warnings"; }
	MANWIDTH=80 groff -man -Tascii -rLL=78n "$m" 2>/dev/null | col -b |
		awk -v m="$m" 'length > 80 { print m ": " $0; bad=1 } END { exit bad }' ||
		fail "$m: wider than 80 columns"
done
for cmd in run versus compare show plot list doctor recover; do
	page=man/abstat-$cmd.1
	[ -f "$page" ] || fail "no man page $page"
	$ABSTAT $cmd --help | grep -oE -- '^ +(-[a-zA-Z], )?--[a-z][a-z-]+' |
		grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/help"
	# long options named in the OPTIONS section (roff escapes \- removed)
	sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$page" | sed 's/\\-/-/g; s/\\f[BIR]//g' |
		grep -E '^\.(TP|B|BR|BI|IP)|^-' -A1 | grep -oE -- '--[a-z][a-z-]+' | sort -u >"$TESTTMP/man"
	missing=$(comm -23 "$TESTTMP/help" "$TESTTMP/man" | tr '\n' ' ')
	[ -z "$missing" ] || fail "$page lacks options from --help: $missing"
	extra=$(comm -13 "$TESTTMP/help" "$TESTTMP/man" | tr '\n' ' ')
	[ -z "$extra" ] || fail "$page documents options --help lacks: $extra"
done
# the top-level help lists every command, and abstat(1) describes each
$ABSTAT --help >"$TESTTMP/top"
for cmd in run versus compare show plot list doctor workloads recover; do
	grep -q "^  $cmd " "$TESTTMP/top" || fail "--help lacks $cmd"
	grep -q "^\.B $cmd\$" man/abstat.1 || fail "abstat.1 lacks $cmd"
done
