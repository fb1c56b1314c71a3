# Golden tests: compare/show output from fixture results (tests/golden/
# *.json, written by tests/golden/gen.py) against tests/golden/expected/,
# one case per line of tests/golden/cases (and a width case for the -text
# and -mail ones). Regenerate after an intended change: UPDATE_GOLDEN=1 sh
# tests/run.sh tests/cli/030-golden.sh, then review the diff before
# committing.
# tags: sanitize
G=tests/golden
E=$G/expected
[ "${UPDATE_GOLDEN:-0}" = 1 ] && mkdir -p "$E"
[ -s "$G/cases" ] || fail "$G/cases is missing or empty"

while read -r name cmd args; do
	case $name in '' | \#*) continue ;; esac
	test_expect_success "golden $name: output as expected" '
		# shellcheck disable=SC2086
		NO_COLOR=1 "$ABSTAT" $cmd $args >"$TESTTMP/$name.stdout" 2>"$TESTTMP/err"
		rc=$?
		{ cat "$TESTTMP/$name.stdout"; echo "--- stderr"; cat "$TESTTMP/err"
		  echo "--- exit $rc"; } >"$TESTTMP/got"
		if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
			cp "$TESTTMP/got" "$E/$name.out" || fail "cannot update $E/$name.out"
		else
			diff -u "$E/$name.out" "$TESTTMP/got" ||
				fail "golden case $name differs (UPDATE_GOLDEN=1 to regenerate)"
		fi
	'
	case $name in
	*-text) cols=80 ;;
	*-mail) cols=72 ;;
	*) continue ;;
	esac
	test_expect_success "golden $name: $cols columns, ASCII" '
		[ -f "$TESTTMP/$name.stdout" ] || fail "no output from the case before" &&
		width_ascii "$TESTTMP/$name.stdout" $cols
	'
done <"$G/cases"
test_done
