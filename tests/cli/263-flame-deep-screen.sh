# The flame graph of a real deep profile opens where the samples are
# (issue 43): tests/progs/deep_chain's 59 named frames (main, recurse
# x21, level01..level36, then hot_checksum_kernel and its sibling
# cold_checksum) make an SVG taller than a 1200x800 window. abstat
# profile samples it for real, abstat flame draws it, and headless
# Chromium's screenshot of the first screen, with a frame searched (?s=
# paints its frames rgb(230,0,230)), must show the hot function and its
# sibling, in the plain graph and in the differential one.
# tags: alone
P=$BUILD/tests/progs
cd "$TESTTMP" || fail "no TESTTMP"
test_lazy_prereq SAMPLING '"$ABSTAT" profile -q -r 1 --warmup 0 --user-only -o "$TESTTMP/.s.json" -- true >/dev/null 2>&1'
. "$TOP/tests/flame_shot.sh" # CHROMIUM, PIL, shot, painted
# seen SVG FRAME: FRAME's frames painted in the first screen, at least
# 100 pixels (a 15-pixel-high box a few pixels wide is more)
seen() {
	shot "$1" "s=%5E$2%24" "$1-$2.png" && [ -s "$1-$2.png" ] ||
		{ tail chromium.log; fail "no screenshot of $1"; }
	n=$(painted "$1-$2.png") && [ "$n" -ge 100 ] ||
		fail "$1: $2 has $n pixels painted in the first screen"
}
# onscreen SVG FRAME: where FRAME's first box lies in the window once the
# page's script ran, "in" or "out Y at SCROLLY of HEIGHT" (a probe script
# added to a copy; Chromium's --screenshot paints the scrolled window
# from the document's top, so the DOM tells where it scrolled)
onscreen() {
	sed "s|</svg>|<script><![CDATA[var r = document.querySelector('g.f[data-n=\"$2\"] rect'), y = +r.getAttribute('y'), s = window.scrollY; document.getElementById('details').textContent = (y >= s \&\& y + 16 <= s + window.innerHeight ? 'in' : 'out ' + y) + ' at ' + s + ' of ' + svg.getAttribute('height');]]></script></svg>|" "$1" >probe.svg &&
	timeout 120 chromium --headless --disable-gpu --no-sandbox \
		--user-data-dir="$TESTTMP/chromium" --virtual-time-budget=2000 \
		--window-size=1200,800 --dump-dom "file://$TESTTMP/probe.svg" >dom 2>chromium.log &&
	sed -n "s/.*id=\"details\"[^>]*>\([^<]*\)<.*/\1/p" dom
}
# svg_height SVG
svg_height() {
	sed -n "s/^<svg [^>]* height=\"\\([0-9]*\\)\".*/\\1/p" "$1"
}

test_expect_success SAMPLING 'a real profile of the deep program: 59 named frames to the hot leaf' '
	expect_exit 0 "$ABSTAT" profile -q --user-only -r 2 --warmup 0 -o deep.json -- "$P/deep_chain" 300 &&
	expect_exit 0 "$ABSTAT" flame deep.json -o deep.folded &&
	hot=$(sort -k2 -n -r deep.folded | head -1) &&
	case "$hot" in *";hot_checksum_kernel "*) ;; *) fail "hottest stack: $hot";; esac &&
	n=$(echo "${hot% *}" | awk -F";" "{ for (i = 1; i <= NF; i++) if (\$i !~ /^\\[/) n++; print n }") &&
	[ "$n" -ge 59 ] || fail "$n named frames"
'
test_expect_success SAMPLING 'its SVG is taller than the window' '
	expect_exit 0 "$ABSTAT" flame deep.json -o deep.svg &&
	h=$(svg_height deep.svg) && [ -n "$h" ] && [ "$h" -gt 800 ] || fail "height $h"
'
test_expect_success SAMPLING,CHROMIUM,PIL 'the first screen shows hot_checksum_kernel and cold_checksum' '
	seen deep.svg hot_checksum_kernel && seen deep.svg cold_checksum
'
test_expect_success SAMPLING,CHROMIUM 'the page did not scroll away from it' '
	at=$(onscreen deep.svg hot_checksum_kernel) &&
	case "$at" in "in at "*) ;; *) fail "hot_checksum_kernel: ${at:-no probe}";; esac
'
test_expect_success CHROMIUM 'a hot frame halfway up a tall graph: the page scrolls to it' '
	{ printf "main;"; for i in $(seq 100); do printf "a;"; done; echo "hot 80"
	  printf "main;"; for i in $(seq 200); do printf "b;"; done; echo "cold 20"; } >mid.folded &&
	"$ABSTAT" flame --import folded mid.folded -o mid.svg &&
	h=$(svg_height mid.svg) && [ "$h" -gt 3000 ] || fail "height $h" &&
	at=$(onscreen mid.svg hot) &&
	case "$at" in "in at "*) ;; *) fail "hot: ${at:-no probe}";; esac &&
	set -- $at && [ "$3" -gt 0 ] || fail "not scrolled: $at"
'
test_expect_success SAMPLING,CHROMIUM,PIL 'the differential graph (50% to 83%) opens at the heat too' '
	expect_exit 0 "$ABSTAT" profile -q --user-only -r 2 --warmup 0 -o base.json -- "$P/deep_chain" 300 50 &&
	expect_exit 0 "$ABSTAT" flame base.json deep.json -o diff.svg &&
	h=$(svg_height diff.svg) && [ "$h" -gt 800 ] || fail "height $h" &&
	seen diff.svg hot_checksum_kernel && seen diff.svg cold_checksum &&
	at=$(onscreen diff.svg hot_checksum_kernel) &&
	case "$at" in "in at "*) ;; *) fail "hot_checksum_kernel: ${at:-no probe}";; esac
'
test_done
