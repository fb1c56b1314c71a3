# The guards fooled on purpose (issue 45), each in a scratch copy of the
# tree (the files git has and would add, $TESTTMP/tree), never in it:
# - an upward include in angle brackets (<compare.h> in src/result, found
#   through -Isrc/compare as "compare.h" would be) fails the folder rule
#   (test 095 and tools/graph.py --check on their own);
# - a command without its man page (man/abstat-boots.1 removed) fails the
#   man-page test (090), which reads the commands from abstat --help;
# - the tests' lists are the program's: boots among the commands, every
#   format of the table among compare's --format values.
# tags: slow
S=$TESTTMP/tree

# scratch: a fresh copy of the tree in $S
scratch() {
	rm -rf "$S" && mkdir -p "$S" &&
	git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -C "$S" -xf -
}
# in_scratch SCRIPT: tests/cli/SCRIPT run in the copy as run.sh runs it;
# its output in $TESTTMP/s.out, its exit status returned
in_scratch() {
	mkdir -p "$TESTTMP/s" &&
	(cd "$S" && TOP=$S TESTTMP=$TESTTMP/s sh -c '. tests/lib.sh; . "$0"' "tests/cli/$1") \
		>"$TESTTMP/s.out" 2>&1
}

test_expect_success 'scratch copy: the folder rule holds on it as on the tree' '
	scratch && [ -f "$S/src/result/result.c" ] || fail "no copy" &&
	in_scratch 095-layering.sh || { cat "$TESTTMP/s.out"; fail "095 fails on an unchanged copy"; }
'
test_expect_success 'an upward include in angle brackets fails test 095' '
	scratch &&
	sed -i "0,/^#include \"/s//#include <compare.h>\n&/" "$S/src/result/result.c" &&
	grep -q "^#include <compare.h>" "$S/src/result/result.c" || fail "not planted" &&
	if in_scratch 095-layering.sh; then cat "$TESTTMP/s.out"; fail "095 passed an upward <compare.h>"; fi &&
	grep -q "src/result/result.c includes compare.h (src/compare)" "$TESTTMP/s.out" ||
		{ cat "$TESTTMP/s.out"; fail "095 did not name the include"; }
'
test_expect_success 'tools/graph.py --check sees the angle include as an edge up' '
	awk "/^rules=/{f=1;next} f && /^[a-z]/{print; next} {f=0}" tests/cli/095-layering.sh >"$TESTTMP/rules" &&
	grep -q "^src/result:" "$TESTTMP/rules" || fail "no rules read from 095" &&
	python3 tools/graph.py --top "$S" --check --rules "$TESTTMP/rules" >/dev/null 2>"$TESTTMP/g" &&
	fail "graph.py passed an upward <compare.h>" ||
	grep -q "src/result/result.c includes compare.h (src/compare/compare.h)" "$TESTTMP/g" ||
		{ cat "$TESTTMP/g"; fail "graph.py did not name the include"; }
'
test_expect_success 'a system header in angle brackets is no edge' '
	scratch &&
	python3 tools/graph.py --top "$S" --check --rules "$TESTTMP/rules" >/dev/null 2>"$TESTTMP/g" ||
		{ cat "$TESTTMP/g"; fail "graph.py fails the unchanged copy"; }
'
test_expect_success 'the commands of the tests are those of abstat --help, boots too' '
	abstat_commands >"$TESTTMP/cmds" &&
	grep -qx boots "$TESTTMP/cmds" || { cat "$TESTTMP/cmds"; fail "no boots"; } &&
	grep -qx import "$TESTTMP/cmds" || fail "no import" &&
	[ "$(wc -l <"$TESTTMP/cmds")" -ge 14 ] || fail "too few commands"
'
test_expect_success 'the formats of the tests are those of the format table' '
	abstat_formats compare | tr "\n" " " >"$TESTTMP/fmts" &&
	want=$(sed -n "s/^	X([A-Z]*, \"\([a-z]*\)\".*/\1/p" src/format/format.h | tr "\n" " ") &&
	[ -n "$want" ] || fail "no rows read from format.h" &&
	[ "$(cat "$TESTTMP/fmts")" = "$want" ] || fail "compare --help: $(cat "$TESTTMP/fmts"); format.h: $want"
'
test_lazy_prereq GROFF 'command -v groff && command -v col'
test_expect_success GROFF 'a command without its man page fails test 090' '
	scratch && rm "$S/man/abstat-boots.1" &&
	if in_scratch 090-man.sh; then fail "090 passed without abstat-boots.1"; fi &&
	grep -q "^not ok [0-9]* - abstat boots has its man page" "$TESTTMP/s.out" ||
		{ grep "^not ok" "$TESTTMP/s.out"; fail "090 did not fail for boots"; } &&
	grep -q "no man page man/abstat-boots.1" "$TESTTMP/s.out" || fail "no reason given"
'
test_done
