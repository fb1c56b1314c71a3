# A real profile's flame graph must show its samples in the first screen
# (issue 31 item 2). tests/fixtures/flame/python-fib.folded is a real
# profile of python3 (python-fib.README): one sample has 126 [unknown]
# frames of a broken frame-pointer walk. abstat flame folds each run of
# one unnamed frame into one, so the graph is short; headless Chromium
# takes a 1200x800 screenshot of it with the hottest function searched
# (?s= paints its frames rgb(230,0,230)) and the screenshot must show
# them. A graph still taller than the window (deep named recursion,
# kept) opens scrolled to its hottest frame, here at its bottom (test
# 263: one at its top and one halfway up).
# tags: sanitize
F="$TOP/tests/fixtures/flame"
cd "$TESTTMP" || fail "no TESTTMP"
. "$TOP/tests/flame_shot.sh" # CHROMIUM, PIL, shot, painted
# the named leaf frame with the most samples, from the file itself
HOT=$(awk '{ n = split($1, f, ";"); if (f[n] !~ /^\[/) s[f[n]] += $2 }
	END { for (k in s) if (s[k] > m) { m = s[k]; h = k }; print h }' \
	"$F/python-fib.folded")

test_expect_success 'the profile has the deep [unknown] chain' '
	[ -n "$HOT" ] &&
	awk "{ if (gsub(/\\[unknown\\];/, \"&\") >= 100) n++ } END { exit !n }" "$F/python-fib.folded" ||
		fail "no sample with 100 [unknown] frames"
'
test_expect_success 'runs of one unnamed frame fold into one frame' '
	"$ABSTAT" flame --import folded "$F/python-fib.folded" -o py.folded &&
	if grep -Eq "(^|;)(\\[[^];]*\\]);\\2(;| )" py.folded; then fail "a repeated unnamed frame is left"; fi &&
	[ "$(awk "{ s += \\$2 } END { print s }" py.folded)" = \
	  "$(awk "{ s += \\$2 } END { print s }" "$F/python-fib.folded")" ] ||
		fail "samples lost in folding"
'
test_expect_success 'the SVG fits in a 1200x800 window' '
	"$ABSTAT" flame --import folded "$F/python-fib.folded" -o py.svg &&
	h=$(sed -n "s/^<svg [^>]* height=\"\\([0-9]*\\)\".*/\\1/p" py.svg) &&
	[ -n "$h" ] && [ "$h" -le 800 ] || fail "height $h"
'
test_expect_success CHROMIUM,PIL "the first screen shows the hot function ($HOT)" '
	shot py.svg "s=%5E$HOT%24" py.png && [ -s py.png ] ||
		{ tail chromium.log; fail "no screenshot"; } &&
	n=$(painted py.png) && [ "$n" -ge 100 ] || fail "$HOT: $n pixels painted in the first screen"
'
test_expect_success CHROMIUM 'a graph taller than the window opens at its bottom' '
	{ printf "main;"; for i in $(seq 150); do printf "recurse;"; done
	  echo "leaf 10"; echo "main;hot 90"; } >deep.folded &&
	"$ABSTAT" flame --import folded deep.folded -o deep.svg &&
	h=$(sed -n "s/^<svg [^>]* height=\"\\([0-9]*\\)\".*/\\1/p" deep.svg) &&
	[ "$h" -gt 2000 ] || fail "recursion folded: height $h" &&
	sed "s|</svg>|<script>document.getElementById(\"details\").textContent = \"at \" + window.scrollY + \" of \" + (svg.getAttribute(\"height\") - window.innerHeight);</script></svg>|" deep.svg >probe.svg &&
	timeout 120 chromium --headless --disable-gpu --no-sandbox \
		--user-data-dir="$TESTTMP/chromium" --virtual-time-budget=2000 \
		--window-size=1200,800 --dump-dom "file://$TESTTMP/probe.svg" >dom 2>chromium.log &&
	at=$(sed -n "s/.*id=\"details\"[^>]*>at \\([0-9]*\\) of \\([0-9]*\\)<.*/\\1 \\2/p" dom) &&
	set -- $at && [ "$#" -eq 2 ] && [ "$1" -gt 0 ] && [ "$1" = "$2" ] ||
		fail "scrolled to ${1:-?} of ${2:-?}"
'
test_done
