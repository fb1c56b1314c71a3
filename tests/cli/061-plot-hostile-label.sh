# abstat plot: a label with backquotes, quotes, system() and a newline is
# data, never gnuplot commands: nothing runs, and the chart shows it as is.
# tags: sanitize
test_require GNUPLOT
G="$TOP/tests/fixtures/plot/gen.py"
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp cwd && export TMPDIR="$TESTTMP/tmp"
# Relative payloads would land in gnuplot's cwd (the private directory,
# removed afterwards), so every payload also names an absolute path.
P="$TESTTMP/PWNED"
label="evil \"q\" 'sq' @x \`touch PWNED1\` \`touch ${P}2\` system(\"touch ${P}3\") \$(touch ${P}4)
line2 \" \` system('touch ${P}5')"
python3 "$G" a.json --label base || fail "gen a"
python3 "$G" b.json --label "$label" --ns 90 --seed 2 || fail "gen b"
python3 "$G" c.json --label "$label" --copies 2 --seed 3 || fail "gen c"
# What the chart must show: the label with its newline as a space.
# (Not "want": lib.sh's expect_exit sets $want; the old script checked "0".)
# A chart key holds at most 60 bytes of a label (gnuplot drops a title
# that does not fit): longer ones show their first 57 and "...".
whole=$(printf '%s' "$label" | tr '\n' ' ')
shown=$whole
[ ${#shown} -gt 60 ] && shown="$(printf '%s' "$shown" | cut -c1-57)..."
case $shown in *'"q" '"'sq'"' @x `touch PWNED1`'*) ;; *) fail "the shown part of the label lost its quotes: $shown" ;; esac
cat >"$TESTTMP/svgtext.py" <<'PY'
import sys, xml.etree.ElementTree as E
text = " ".join("".join(t.itertext()) for t in E.parse(sys.argv[1]).iter()
                if t.tag.endswith("text"))
if sys.argv[2] not in text:
    print("label:", repr(sys.argv[2]))
    print("svg text:", repr(text))
    sys.exit(1)
PY

cd cwd || fail "cd cwd"
for kind in delta runs scaling; do
	case $kind in
	delta) files="../a.json ../b.json" ;;
	runs) files="../b.json" ;;
	scaling) files="../a.json ../c.json" ;;
	esac
	test_expect_success "--kind $kind: svg, png, txt and gp written" '
		for ext in svg png txt gp; do
			expect_exit 0 "$ABSTAT" plot -q --kind $kind $files -o "$kind.$ext"
		done
	'
	test_expect_success "--kind $kind: gnuplot runs $kind.gp" '
		(gnuplot "$kind.gp") >/dev/null 2>&1 || fail "gnuplot $kind.gp failed"
	'
	test_expect_success "--kind $kind: the svg shows the label literally" '
		python3 "$TESTTMP/svgtext.py" "$kind.svg" "$shown" ||
			fail "$kind.svg does not show the label literally"
	'
	# The label never reaches script text: only the data file.
	test_expect_success "--kind $kind: the label is in $kind.dat, never in $kind.gp" '
		if grep -q evil "$kind.gp"; then fail "$kind.gp holds the label"; fi
		grep -q evil "$kind.dat" || fail "$kind.dat lacks the label"
	'
done
cd ..
test_expect_success 'no payload ran' '
	found=$(find "$TESTTMP" /tmp "$TOP" "${HOME:-/root}" -maxdepth 3 -name "PWNED*" 2>/dev/null | head -5)
	[ -z "$found" ] || fail "a payload ran: $found"
'
test_expect_success 'no private directory left in TMPDIR' '
	[ -z "$(ls -A tmp)" ] || { ls -lA tmp; fail "private directory left in TMPDIR"; }
'
test_done
