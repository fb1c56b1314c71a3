# abstat boots is documented: abstat --help and abstat(1) list it, every
# long option of abstat boots --help is in abstat-boots(1)'s OPTIONS and
# the other way round, the page gives the exit statuses, and the
# completion offers the command and its options.
test_expect_success 'abstat --help and abstat(1) list boots' '
	$ABSTAT --help | grep -q "^  boots  " &&
	grep -q "^\\.B boots\$" man/abstat.1 && grep -q "abstat\\\\-boots (1)" man/abstat.1
'
test_expect_success 'abstat-boots(1) and abstat boots --help: the same long options' '
	$ABSTAT boots --help | grep -oE -- "^ +(-[a-zA-Z], )?--[a-z][a-z-]+" |
		grep -oE -- "--[a-z][a-z-]+" | sort -u >"$TESTTMP/help" &&
	sed -n "/^\\.SH OPTIONS/,/^\\.SH /p" man/abstat-boots.1 | sed "s/\\\\-/-/g; s/\\\\f[BIR]//g" |
		grep -oE -- "--[a-z][a-z-]+" | sort -u >"$TESTTMP/man" &&
	[ "$(wc -l <"$TESTTMP/help")" -ge 18 ] &&
	diff "$TESTTMP/help" "$TESTTMP/man"
'
test_expect_success 'abstat-boots(1) gives the exit statuses boots uses' '
	sed -n "/^\\.SH EXIT STATUS/,/^\\.SH /p" man/abstat-boots.1 >"$TESTTMP/exit" &&
	for s in 0 1 2 5; do grep -qx "\\.B $s" "$TESTTMP/exit" || fail "no exit status $s"; done
'
test_expect_success 'the completion offers boots and its options' '
	$ABSTAT --complete | grep -qx boots &&
	$ABSTAT --complete boots >"$TESTTMP/c" &&
	grep -q "^--method - M kexec grub cmd\$" "$TESTTMP/c" &&
	grep -q "^--boots -k K\$" "$TESTTMP/c" && grep -q "^--dry-run - -\$" "$TESTTMP/c"
'
# the block of doc/boots.md "What it prints": each "$ abstat ..." line run
# in a directory of its own, stdout and stderr together, must print the
# lines below it
test_expect_success 'doc/boots.md: its printed example is what abstat prints' '
	awk "/^## /{sec = /What it prints/} sec && /^\\\`\\\`\\\`/{inb = !inb; next} sec && inb" "$TOP/doc/boots.md" >"$TESTTMP/doc" &&
	[ "$(grep -c "^\\$ abstat boots" "$TESTTMP/doc")" = 3 ] &&
	mkdir "$TESTTMP/d" && cd "$TESTTMP/d" &&
	abstat() { $ABSTAT "$@"; } &&
	while IFS= read -r l; do
		case $l in
		"\$ "*) echo "$l"; eval "${l#\$ }" 2>&1 | grep -v "is in memory (tmpfs)" ;;
		esac
	done <"$TESTTMP/doc" >"$TESTTMP/got" &&
	diff "$TESTTMP/doc" "$TESTTMP/got"
'
test_done
