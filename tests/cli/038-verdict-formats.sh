# One verdict per row in every format (issue 29): the word the text table
# prints is the word of mail, markdown, csv, json and benchstat; a
# difference between two sessions is "session" everywhere, never
# "significant" and never the many-sides table's '*'; fewer than 4 runs
# is "<4 runs" in all six; secondary rows are "secondary"; abstat-json(5)'s jq
# examples are run here as the page prints them. The formats are those of
# compare --help (the format table), not a list of this file's.
# tags: sanitize
test_lazy_prereq JQ 'command -v jq'
G=tests/golden
PAGE=man/abstat-json.5
A=$G/base.json
B=$G/slow.json
BA=$G/base-b1.json,$G/base-b2.json,$G/base-b3.json
BB=$G/slow-b1.json,$G/slow-b2.json,$G/slow-b3.json

# word FORMAT FILES...: the primary row's verdict as FORMAT prints it,
# its blanks and markdown's escapes left out ("<4 runs" is "<4runs")
word() {
	f=$1
	shift
	NO_COLOR=1 "$ABSTAT" compare --format "$f" "$@" 2>/dev/null >"$TESTTMP/w.$f"
	case $f in
	text | mail) awk '/^task-clock\/op /{ print ($(NF-1) ~ /^<[0-9]$/ ? $(NF-1) : "") $NF; exit }' "$TESTTMP/w.$f" ;;
	markdown) awk -F'|' '/^\| task-clock\/op /{ gsub(/[ \\]/, "", $10); print $10; exit }' "$TESTTMP/w.$f" ;;
	csv) awk -F, '$2 == "task-clock/op" && $4 == 1 { print $24 }' "$TESTTMP/w.$f" ;;
	json) jq -r '.rows[] | select(.primary) | .deltas[0].verdict_word' "$TESTTMP/w.$f" ;;
	benchstat) awk '/^abstat-verdict: /{ print ($(NF-1) ~ /^<[0-9]$/ ? $(NF-1) : "") $NF }' "$TESTTMP/w.$f" ;;
	*) echo "no-reader-for-$f" ;;
	esac | tr -d ' '
}

test_expect_success 'the formats are read from compare --help' '
	n=$(abstat_formats compare | wc -l) &&
	[ "$n" -ge 6 ] || fail "$n formats parsed from compare --help"
'
# fewer than 4 runs (few.json: 3) is one word in every format too, and
# never spread over the interval and p columns (issue 39)
for design in session boots few; do
	case $design in
	session) SA=$A SB=$B want=session ;;
	boots) SA=$BA SB=$BB want=yes ;;
	few) SA=$A SB=$G/few.json want="<4runs" ;;
	esac
	# every format of the table (compare --help's --format, abstat_formats):
	# a new format has no reader in word() and fails here until it has one
	for f in $(abstat_formats compare); do
		test_expect_success JQ "$design: $f says $want on the primary row" '
			got=$(word $f "$SA" "$SB") &&
			[ "$got" = "$want" ] || { cat "$TESTTMP/w.$f"; fail "$f: \"$got\", not $want"; }
		'
	done
done
test_expect_success 'fewer than 4 runs: text and mail say it in the verdict column only' '
	for f in text mail; do
		expect_exit 0 "$ABSTAT" compare --format $f "$A" $G/few.json &&
		grep_out "^task-clock/op .* [+-][0-9.]+% +- +- <4 runs$" &&
		nogrep_out "need >= 4 runs" || exit 1
	done &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "<4 runs: fewer than 4 runs on a side" ||
		fail "the footer does not say what <4 runs means"
'
test_expect_success JQ 'secondary rows are "secondary" in json and csv, also with too few runs or boots' '
	for sides in "$A $G/few.json" "$G/base-b1.json,$G/base-b2.json $G/slow-b1.json,$G/slow-b2.json"; do
		"$ABSTAT" compare --format json $sides >"$TESTTMP/sec.json" 2>/dev/null &&
		got=$(jq -r "[.rows[] | select(.primary | not) | .deltas[].verdict_word | select(. != null)] | unique | join(\",\")" "$TESTTMP/sec.json") &&
		[ "$got" = secondary ] || fail "json secondary words ($sides): $got" &&
		"$ABSTAT" compare --format csv $sides 2>/dev/null |
			awk -F, "\$4 == 1 && \$22 == 0 && \$21 != \"not-supported\" { print \$21, \$24 }" | sort -u >"$TESTTMP/sec.csv" &&
		[ "$(cat "$TESTTMP/sec.csv")" = "secondary secondary" ] || { cat "$TESTTMP/sec.csv"; fail "csv ($sides)"; }
	done
'

test_expect_success JQ 'json: a session row is not significant; a secondary row never is' '
	"$ABSTAT" compare --format json "$A" "$B" >"$TESTTMP/s.json" 2>/dev/null &&
	got=$(jq -r "[.rows[].deltas[] | select(.significant)] | length" "$TESTTMP/s.json") &&
	[ "$got" = 0 ] || fail "$got deltas significant between two sessions" &&
	got=$(jq -r "[.rows[] | select(.primary | not) | .deltas[].verdict] | unique | join(\",\")" "$TESTTMP/s.json") &&
	[ "$got" = "not-supported,secondary" ] || fail "secondary rows: $got"
'
test_expect_success 'three sides between sessions: s marks the deltas, never *' '
	"$ABSTAT" compare a=$A b=$B c=$G/fast.json >"$TESTTMP/three" 2>/dev/null &&
	grep -q "^task-clock/op .*+3.7%s .*-7.8%s$" "$TESTTMP/three" || { cat "$TESTTMP/three"; fail "no s marks"; } &&
	if grep "^task-clock/op" "$TESTTMP/three" | grep -q "%\*"; then fail "a * on a session row"; fi
'
test_expect_success 'exact never overrides the boot rule: two boots of a constant counter' '
	expect_exit 0 "$ABSTAT" compare --primary page-faults --fail-on-regression 1 \
		$G/base-b1.json,$G/base-b2.json $G/pf60-b1.json,$G/pf60-b2.json &&
	grep_out "^page-faults .* 58 .* 60 .* [+]3[.]4% .* - <3 boots$" &&
	tr "\n" " " <"$TESTTMP/out" | grep -q "a verdict needs 3 boots per side (here 2/2)" ||
		fail "the footer does not say what a verdict needs"
'

# the .EX blocks of the EXAMPLES section that run jq, as shell text
examples() {
	sed -n '/^\.SH EXAMPLES/,/^\.SH SEE ALSO/p' "$PAGE" |
		awk '/^\.EX/{ on = 1; b = ""; next } /^\.EE/{ on = 0; if (b ~ /jq/) { print b; print "@@" } next } on { b = b $0 "\n" }' |
		sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\\\/\\/g'
}
test_expect_success JQ 'abstat-json(5) EXAMPLES: every jq example runs as printed' '
	examples >"$TESTTMP/ex" &&
	[ "$(grep -c "^@@" "$TESTTMP/ex")" -ge 2 ] || fail "fewer than 2 jq examples in $PAGE" &&
	mkdir -p "$TESTTMP/ex.d" && cp "$A" "$TESTTMP/ex.d/a.json" && cp "$B" "$TESTTMP/ex.d/b.json" &&
	awk -v d="$TESTTMP/ex.d" "/^@@/{ n++; next } { print > (d \"/\" (n + 0) \".sh\") }" "$TESTTMP/ex" &&
	(cd "$TESTTMP/ex.d" && PATH=$(dirname "$ABSTAT"):$PATH sh 0.sh >out0 && sh -c "PATH=$(dirname "$ABSTAT"):\$PATH; . ./1.sh" >out1) &&
	grep -qx "getppid session 3.66[0-9]*" "$TESTTMP/ex.d/out0" || { cat "$TESTTMP/ex.d/out0"; fail "example 1"; } &&
	[ ! -s "$TESTTMP/ex.d/out1" ] || { cat "$TESTTMP/ex.d/out1"; fail "example 2 names a session difference"; }
'
test_expect_success JQ 'abstat-json(5) EXAMPLES: a regression with a verdict (3 boots a side) is named' '
	(cd "$TESTTMP/ex.d" && for i in 1 2 3; do cp "$OLDPWD/$G/base-b$i.json" a$i.json; cp "$OLDPWD/$G/slow-b$i.json" b$i.json; done &&
	 sed "s/a.json b.json/a1.json,a2.json,a3.json b1.json,b2.json,b3.json/" 1.sh >1b.sh &&
	 PATH=$(dirname "$ABSTAT"):$PATH sh 1b.sh >out1b) &&
	grep -qx getppid "$TESTTMP/ex.d/out1b" || { cat "$TESTTMP/ex.d/out1b"; fail "example 2 on boots"; }
'
test_done
