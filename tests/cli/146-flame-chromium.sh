# The SVG flame graph in a real browser: headless Chromium (Debian's
# chromium package) loads it, runs its script, and the search given as
# ?s=REGEX paints the matching frames and shows the share they hold, the
# nested matches counted once; the DOM Chromium dumps shows it.
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
test_lazy_prereq CHROMIUM 'command -v chromium'
# dom SVG QUERY: the DOM after the page's script ran with ?QUERY (s=REGEX
# searches, f=FRAME zooms; the timeout is a guard against a hang, not a
# measurement)
dom() {
	timeout 120 chromium --headless --disable-gpu --no-sandbox \
		--user-data-dir="$TESTTMP/chromium" --virtual-time-budget=2000 \
		--dump-dom "file://$TESTTMP/$1?$2" 2>"$TESTTMP/chromium.log"
}
"$ABSTAT" flame --import bpftrace "$F/stat.btrace" -o stat.svg || fail "flame"

test_expect_success CHROMIUM 'the search finds memcmp: 10.0% of the samples' '
	dom stat.svg s=memcmp >dom1 && [ -s dom1 ] || { tail chromium.log; fail "no DOM"; } &&
	grep -q "id=\"matched\"[^>]*>Matched: 10.0% (74 of 739 samples)<" dom1 ||
		{ grep -o "id=\"matched\"[^<]*" dom1; fail "no match shown"; }
'
test_expect_success CHROMIUM 'the matching frame is painted, the others are not' '
	grep -o "data-n=\"memcmp_\[k\]\"><title>[^<]*</title><rect [^>]*>" dom1 | grep -q "fill=\"rgb(230,0,230)\"" &&
	[ "$(grep -o "fill=\"rgb(230,0,230)\"" dom1 | wc -l)" -eq 1 ] || fail "painting"
'
test_expect_success CHROMIUM 'a regex: ^mem is memcmp, memcpy and memset (157 samples)' '
	dom stat.svg "s=%5Emem" >dom2 &&
	grep -q "Matched: 21.2% (157 of 739 samples)" dom2 || { grep -o "id=\"matched\"[^<]*" dom2; fail "^mem"; }
'
test_expect_success CHROMIUM 'nested matches count once: syscall is 708 samples, not more' '
	dom stat.svg s=syscall >dom3 &&
	grep -q "Matched: 95.8% (708 of 739 samples)" dom3 || { grep -o "id=\"matched\"[^<]*" dom3; fail "nested"; }
'
test_expect_success CHROMIUM 'the search box holds the term' '
	grep -q "<input [^>]*id=\"search\"" dom1 || fail "no search box"
'
test_expect_success CHROMIUM 'a differential graph runs its script too' '
	"$ABSTAT" flame --import folded "$F/a.folded" "$F/b.folded" -o diff.svg &&
	dom diff.svg s=other >dom4 &&
	grep -q "Matched: 70.0% (70 of 100 samples)" dom4 || { grep -o "id=\"matched\"[^<]*" dom4; fail "diff search"; }
'
test_expect_success CHROMIUM 'a click zooms: the frame spans the width, its callers faded, the rest hidden' '
	dom stat.svg "f=namei_%5Bk%5D" >dom5 &&
	grep -o "<g class=\"f\" [^>]*data-n=\"namei_\[k\]\"><title>[^<]*</title><rect [^>]*>" dom5 |
		grep -q "width=\"1180.00\"" || fail "namei not zoomed to the width" &&
	grep -q "<g class=\"f parent\" [^>]*data-n=\"dofstatat_\[k\]\"" dom5 || fail "caller not faded" &&
	grep -q "<g class=\"f hide\" [^>]*data-n=\"vn_stat_\[k\]\"" dom5 || fail "vn_stat not hidden" &&
	grep -q "<text id=\"unzoom\" class=\"\"" dom5 || { grep -o "<text id=\"unzoom\"[^>]*>" dom5; fail "no Reset Zoom"; }
'
test_done
