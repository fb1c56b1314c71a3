# Golden tests: compare/show output from fixture results (tests/golden/
# *.json, written by tests/golden/gen.py) against tests/golden/expected/.
# Regenerate after an intended change: UPDATE_GOLDEN=1 sh tests/run.sh
# tests/cli/030-golden.sh, then review the diff before committing.
G=tests/golden
E=$G/expected
bad=0
[ "${UPDATE_GOLDEN:-0}" = 1 ] && mkdir -p "$E"
while read -r name cmd args; do
	case $name in '' | \#*) continue ;; esac
	# shellcheck disable=SC2086
	NO_COLOR=1 "$ABSTAT" $cmd $args >"$TESTTMP/out" 2>"$TESTTMP/err"
	rc=$?
	{ cat "$TESTTMP/out"; echo "--- stderr"; cat "$TESTTMP/err"
	  echo "--- exit $rc"; } >"$TESTTMP/got"
	if [ "${UPDATE_GOLDEN:-0}" = 1 ]; then
		cp "$TESTTMP/got" "$E/$name.out"
	elif ! diff -u "$E/$name.out" "$TESTTMP/got"; then
		echo "golden case '$name' differs (UPDATE_GOLDEN=1 to regenerate)"
		bad=1
	fi
	case $name in
	*-text) width_ascii "$TESTTMP/out" 80 ;;
	*-mail) width_ascii "$TESTTMP/out" 72 ;;
	esac
done <"$G/cases"
[ $bad -eq 0 ] || fail "golden outputs differ"
