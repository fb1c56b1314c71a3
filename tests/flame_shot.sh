# flame_shot.sh: what the flame graph's screenshot tests share (tests/cli/
# 147, 263), sourced after cd "$TESTTMP": the prerequisites CHROMIUM and
# PIL, shot SVG QUERY PNG and painted PNG.
test_lazy_prereq CHROMIUM 'command -v chromium'
# Pillow reads the screenshot: Debian's python3-pil, for Debian's python3
test_lazy_prereq PIL '/usr/bin/python3 -c "import PIL.Image"'
# shot SVG QUERY PNG: a screenshot of the first screen (the timeout is a
# guard against a hang, not a measurement)
shot() {
	timeout 120 chromium --headless --disable-gpu --no-sandbox \
		--user-data-dir="$TESTTMP/chromium" --virtual-time-budget=2000 \
		--window-size=1200,800 --hide-scrollbars --screenshot="$TESTTMP/$3" \
		"file://$TESTTMP/$1?$2" 2>"$TESTTMP/chromium.log"
}
# painted PNG: the pixels of the search's colour
painted() {
	/usr/bin/python3 -c "import sys, PIL.Image
im = PIL.Image.open(sys.argv[1]).convert('RGB')
print(sum(1 for p in im.getdata() if p == (230, 0, 230)))" "$1"
}
