# abstat plot: a label with backquotes, quotes, system() and a newline is
# data, never gnuplot commands: nothing runs, and the chart shows it as is.
need_cmd gnuplot
need_cmd python3
G="$TOP/tests/fixtures/plot/gen.py"
cd "$TESTTMP" || fail "no TESTTMP"
mkdir tmp cwd && export TMPDIR="$TESTTMP/tmp"
# Relative payloads would land in gnuplot's cwd (the private directory,
# removed afterwards), so every payload also names an absolute path.
P="$TESTTMP/PWNED"
label="evil \`touch PWNED1\` \`touch ${P}2\` \"q\" 'sq' system(\"touch ${P}3\") \$(touch ${P}4) @x
line2 \" \` system('touch ${P}5')"
python3 "$G" a.json --label base || fail "gen a"
python3 "$G" b.json --label "$label" --ns 90 --seed 2 || fail "gen b"
python3 "$G" c.json --label "$label" --copies 2 --seed 3 || fail "gen c"
# What the chart must show: the label with its newline as a space.
want=$(printf '%s' "$label" | tr '\n' ' ')

cd cwd || fail "cd cwd"
for kind in delta runs scaling; do
	case $kind in
	delta) files="../a.json ../b.json" ;;
	runs) files="../b.json" ;;
	scaling) files="../a.json ../c.json" ;;
	esac
	for ext in svg png txt gp; do
		# shellcheck disable=SC2086
		expect_exit 0 "$ABSTAT" plot -q --kind $kind $files -o "$kind.$ext"
	done
	(gnuplot "$kind.gp") >/dev/null 2>&1 || fail "gnuplot $kind.gp failed"
	python3 - "$kind.svg" "$want" <<'PY' || fail "$kind.svg does not show the label literally"
import sys, xml.etree.ElementTree as E
text = " ".join("".join(t.itertext()) for t in E.parse(sys.argv[1]).iter()
                if t.tag.endswith("text"))
sys.exit(0 if sys.argv[2] in text else 1)
PY
	# The label never reaches script text: only the data file.
	grep -q 'evil' "$kind.gp" && fail "$kind.gp holds the label"
	grep -q 'evil' "$kind.dat" || fail "$kind.dat lacks the label"
done
cd ..
found=$(find "$TESTTMP" /tmp "$TOP" "${HOME:-/root}" -maxdepth 3 -name 'PWNED*' 2>/dev/null | head -5)
[ -z "$found" ] || fail "a payload ran: $found"
[ -z "$(ls -A tmp)" ] || fail "private directory left in TMPDIR"
exit 0
