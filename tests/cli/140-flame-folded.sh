# abstat flame -o OUT.folded: the folded stacks of a profile result's
# measured runs (warm-ups left out), summed per stack and sorted bytewise,
# byte for byte FlameGraph's and inferno's input ("frame;frame COUNT");
# OUT by its extension or --format, '-' for stdout, never over a file
# without --force.
# tags: sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$TOP/tests/fixtures/plot/gen.py" r.json --label base --runs 2 || fail "gen"
printf 'main;warm 1000\n' >w.folded
printf 'main;b 3\nmain;a;x_[k] 2\nmain 1\n' >r1.folded
printf 'main;a;x_[k] 4\nmain;a 5\nz 1\n' >r2.folded
python3 "$F/add-profile.py" r.json p.json w.folded r1.folded r2.folded || fail "add-profile"
# by hand: runs 1 and 2 merged, sorted as sort(1) in the C locale sorts
printf 'main 1\nmain;a 5\nmain;a;x_[k] 6\nmain;b 3\nz 1\n' >expect.folded

test_expect_success 'OUT.folded: the merged, sorted stacks, byte for byte' '
	expect_exit 0 "$ABSTAT" flame p.json -o out.folded &&
	cmp out.folded expect.folded || { cat out.folded; fail "folded output differs"; }
'
test_expect_success 'the order is sort(1)'"'"'s in the C locale' '
	LC_ALL=C sort out.folded | cmp - out.folded || fail "not sorted"
'
test_expect_success '-o - --format folded: the same on stdout, nothing on stderr' '
	expect_exit 0 "$ABSTAT" flame p.json -o - --format folded &&
	cmp "$TESTTMP/out" expect.folded && [ ! -s "$TESTTMP/err" ] || fail "stdout differs"
'
test_expect_success 'it reads back with --import folded unchanged' '
	expect_exit 0 "$ABSTAT" flame --import folded out.folded -o again.folded &&
	cmp again.folded expect.folded || fail "round trip changed it"
'
test_expect_success 'FILE,FILE is one side: the runs of both summed' '
	expect_exit 0 "$ABSTAT" flame p.json,p.json -o - --format folded &&
	awk "{ n = \$NF; \$NF = \"\"; print \$0 2 * n }" expect.folded >twice &&
	cmp "$TESTTMP/out" twice || { cat "$TESTTMP/out"; fail "two boots not summed"; }
'
test_expect_success 'an existing OUT stays without --force, is replaced with it' '
	echo keep >old.folded &&
	expect_exit 2 "$ABSTAT" flame p.json -o old.folded && one_line_err &&
	grep_err "old.folded exists; use --force" &&
	[ "$(cat old.folded)" = keep ] &&
	expect_exit 0 "$ABSTAT" flame p.json -o old.folded --force &&
	cmp old.folded expect.folded || fail "--force did not replace it"
'
test_expect_success 'OUT has the mode of any file written (umask), not 0600' '
	(umask 022 && "$ABSTAT" flame p.json -o mode.folded) &&
	[ "$(stat -c %a mode.folded)" = 644 ] || fail "mode $(stat -c %a mode.folded)"
'
test_expect_success 'no temporary file is left next to OUT' '
	if ls -a | grep -q "abstat-flame"; then ls -a; fail "temporary file left"; fi
'
test_done
