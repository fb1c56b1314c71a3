# abstat flame A B: the differential flame graph. Widths are B's; each
# frame is red where its share of the samples grew from A to B, blue
# where it shrank, the deepest colour for the largest change; the tooltip
# shows both shares. A B moves work from "work" (70% -> 30%) to "other"
# (30% -> 70%).
# tags: sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
python3 "$TOP/tests/fixtures/plot/gen.py" ra.json --label A --runs 2 || fail "gen"
python3 "$TOP/tests/fixtures/plot/gen.py" rb.json --label B --runs 2 --seed 2 || fail "gen"
python3 "$F/add-profile.py" ra.json a.json "$F/a.folded" || fail "add-profile"
python3 "$F/add-profile.py" rb.json b.json "$F/b.folded" || fail "add-profile"
# fill NAME FILE: the fill of frame NAME's rectangle
fill() {
	sed -n "s/.*data-n=\"$1\">.*<rect [^>]*fill=\"\([^\"]*\)\".*/\1/p" "$2"
}

test_expect_success 'two results: red for the frame that grew, blue for the one that shrank' '
	expect_exit 0 "$ABSTAT" flame a.json b.json -o diff.svg &&
	[ "$(fill other diff.svg)" = "rgb(255,45,45)" ] || fail "other: $(fill other diff.svg)" &&
	[ "$(fill work diff.svg)" = "rgb(45,45,255)" ] || fail "work: $(fill work diff.svg)"
'
test_expect_success 'an unchanged frame is neither' '
	[ "$(fill main diff.svg)" = "rgb(250,250,250)" ] || fail "main: $(fill main diff.svg)"
'
test_expect_success 'the tooltip shows both shares and the change' '
	grep -q "<title>other (B: 140 samples, 70.00%; A: 60 samples, 30.00%; +40.00 points)</title>" diff.svg &&
	grep -q "<title>work (B: 60 samples, 30.00%; A: 140 samples, 70.00%; -40.00 points)</title>" diff.svg ||
		{ grep "<title>" diff.svg; fail "tooltips"; }
'
test_expect_success 'the widths are B'"'"'s' '
	grep -q "data-n=\"other\"" diff.svg &&
	grep -q "data-w=\"140\" data-l=\"2\" data-n=\"other\"" diff.svg || fail "width"
'
test_expect_success 'the colour deepens with the change: a smaller change is paler' '
	printf "main;work 60\nmain;other 40\n" >c.folded &&
	expect_exit 0 "$ABSTAT" flame --import folded --diff c.folded "$F/b.folded" -o mild.svg &&
	[ "$(fill other mild.svg)" = "rgb(255,45,45)" ] &&
	printf "main;work 70\nmain;other 30\nmain;third 0\n" >d.folded &&
	printf "main;work 50\nmain;other 40\nmain;third 10\n" >e.folded &&
	expect_exit 0 "$ABSTAT" flame --import folded d.folded e.folded -o two.svg &&
	[ "$(fill other two.svg)" = "rgb(255,150,150)" ] &&
	[ "$(fill third two.svg)" = "rgb(255,150,150)" ] &&
	[ "$(fill work two.svg)" = "rgb(45,45,255)" ] || { grep "<rect" two.svg; fail "intensity"; }
'
test_expect_success 'the text table: both self shares, the change in points, largest first' '
	expect_exit 0 "$ABSTAT" flame a.json b.json -o - --format mail &&
	width_ascii "$TESTTMP/out" 72 &&
	sed -n 2p "$TESTTMP/out" | grep -Eq "^[a-z_]+: 200 samples on " &&
	sed -n 5p "$TESTTMP/out" | grep -Eq "^ 30.00%  70.00%  \+40.00 .*  other$" &&
	sed -n 6p "$TESTTMP/out" | grep -Eq "^ 70.00%  30.00%  -40.00 .*  work$" ||
		{ cat "$TESTTMP/out"; fail "diff table"; }
'
test_expect_success 'folded: difffolded.pl'"'"'s "stack A B" lines' '
	expect_exit 0 "$ABSTAT" flame a.json b.json -o diff.folded &&
	printf "main;other 60 140\nmain;work 140 60\n" | cmp - diff.folded || { cat diff.folded; fail "difffolded"; }
'
test_expect_success 'a stack only A has: count 0 for B, not drawn' '
	printf "main;gone 5\nmain;work 5\n" >g.folded &&
	expect_exit 0 "$ABSTAT" flame --import folded g.folded "$F/b.folded" -o g.folded.out --format folded &&
	grep -qx "main;gone 5 0" g.folded.out &&
	expect_exit 0 "$ABSTAT" flame --import folded g.folded "$F/b.folded" -o g.svg &&
	if grep -q "data-n=\"gone\"" g.svg; then fail "gone drawn"; fi
'
test_done
